//! The references of `suite-bench screenshot bench` and `suite-bench docgen bench`: hand-written CDP
//! clients of the same Chromium, with none of the API's work. [`ReusedTab`] keeps one tab
//! for every capture, as a script would; [`FreshContexts`] opens a fresh context for each
//! capture or print, as the pool must (no cookie or storage passes between keys), to show
//! what that isolation costs on its own; each times one capture per call, so that a bench
//! can interleave them with the API's calls. `raw_cdp_batch` captures 10 URLs at once in as
//! many reused tabs as the pool has workers, to show what the machine's cores allow a batch
//! at best.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use base64::Engine as _;
use headless_chrome::protocol::cdp::types::Method;
use headless_chrome::protocol::cdp::{Page, Target};

use super::bench::{PAUSE, RUNS, WARMUP};
use crate::support::{Stats, stats};
use suite_engines::browser::launch::Browser;
use suite_engines::browser::{PageSession, blank_page_in, device_metrics};

/// How long any one step of a reference may take.
const STEP: Duration = Duration::from_secs(30);

/// A page at 1280×800 with its `Page` events on.
struct RawTab {
    page: PageSession,
}

impl RawTab {
    /// Opens the page `create` describes.
    fn new(browser: &Browser, create: Target::CreateTarget) -> Result<RawTab> {
        let deadline = Instant::now() + STEP;
        let page = browser.open_page(create, deadline)?;
        page.call(device_metrics(1280, 800, 1.0, false), deadline)?;
        page.call(
            Page::Enable {
                enable_file_chooser_opened_event: None,
            },
            deadline,
        )?;
        Ok(RawTab { page })
    }

    /// Navigates to `url` and waits for its `load` event.
    fn load(&self, url: String) -> Result<()> {
        self.until_loaded(Page::Navigate {
            url,
            referrer: None,
            transition_Type: None,
            frame_id: None,
            referrer_policy: None,
        })
    }

    /// Puts the page in the tab as `loading` says (`tag` keeps a URL's loads apart) and
    /// waits for its `load` event.
    fn load_as(&self, loading: &Loading, tag: &str) -> Result<()> {
        match loading {
            Loading::Navigate(url) => self.load(format!("{url}?{tag}")),
            Loading::SetContent(html) => self.until_loaded(Page::SetDocumentContent {
                frame_id: self.page.target_id.clone(),
                html: html.to_string(),
            }),
        }
    }

    /// Calls `method`, which loads a document, and waits for that document's `load` event.
    fn until_loaded<C: Method + serde::Serialize>(&self, method: C) -> Result<()> {
        let deadline = Instant::now() + STEP;
        let events = self.page.events();
        self.page.call(method, deadline)?;
        while events.next_before(deadline)?.method != "Page.loadEventFired" {}
        Ok(())
    }

    /// Loads as `loading` says and captures: the milliseconds both took.
    fn time(&self, loading: &Loading, tag: &str, capture: Capture) -> Result<f64> {
        let started = Instant::now();
        self.load_as(loading, tag)?;
        self.capture(capture)?;
        Ok(started.elapsed().as_secs_f64() * 1e3)
    }

    fn capture(&self, capture: Capture) -> Result<Vec<u8>> {
        match capture {
            Capture::Png => self.png(),
            Capture::Pdf => self.pdf(),
        }
    }

    /// A PNG of the viewport.
    fn png(&self) -> Result<Vec<u8>> {
        let data = self
            .page
            .call(
                Page::CaptureScreenshot {
                    format: Some(Page::CaptureScreenshotFormatOption::Png),
                    quality: None,
                    clip: None,
                    from_surface: Some(true),
                    capture_beyond_viewport: None,
                    optimize_for_speed: None,
                },
                Instant::now() + STEP,
            )?
            .data;
        Ok(base64::engine::general_purpose::STANDARD.decode(data)?)
    }

    fn pdf(&self) -> Result<Vec<u8>> {
        let data = self
            .page
            .call(
                Page::PrintToPDF {
                    landscape: None,
                    display_header_footer: None,
                    print_background: Some(true),
                    scale: None,
                    paper_width: Some(210.0 / 25.4),
                    paper_height: Some(297.0 / 25.4),
                    margin_top: Some(10.0 / 25.4),
                    margin_bottom: Some(10.0 / 25.4),
                    margin_left: Some(10.0 / 25.4),
                    margin_right: Some(10.0 / 25.4),
                    page_ranges: None,
                    header_template: None,
                    footer_template: None,
                    prefer_css_page_size: None,
                    transfer_mode: None,
                    generate_tagged_pdf: None,
                    generate_document_outline: None,
                },
                Instant::now() + STEP,
            )?
            .data;
        Ok(base64::engine::general_purpose::STANDARD.decode(data)?)
    }
}

/// How a reference puts a page in its tab.
#[derive(Debug, Clone)]
pub enum Loading {
    /// `Page.navigate` to the URL (with a query tag of its own each time, so no load is
    /// served from the cache).
    Navigate(String),
    /// `Page.setDocumentContent` of the HTML, as a script printing HTML it holds would.
    SetContent(Arc<str>),
}

/// One browser and one tab kept for every capture, as a script would.
pub struct ReusedTab {
    tab: RawTab,
    _browser: Browser,
}

impl ReusedTab {
    pub fn launch(binary: &Path) -> Result<ReusedTab> {
        let browser = Browser::launch_direct(binary)?;
        let tab = RawTab::new(&browser, front_tab())?;
        Ok(ReusedTab {
            tab,
            _browser: browser,
        })
    }

    /// After the pause, loads and captures: the milliseconds that took.
    pub fn time(&self, loading: &Loading, tag: &str, capture: Capture) -> Result<f64> {
        std::thread::sleep(PAUSE);
        self.tab.time(loading, tag, capture)
    }
}

/// One browser that takes each capture in a fresh context, as the pool must.
pub struct FreshContexts {
    browser: Browser,
}

impl FreshContexts {
    pub fn launch(binary: &Path) -> Result<FreshContexts> {
        Ok(FreshContexts {
            browser: Browser::launch_direct(binary)?,
        })
    }

    /// Opens a context with a page at the SPEC's viewport and draws one frame in it (as the
    /// pool prepares its spare pages), then, after the pause, loads and captures in it:
    /// the milliseconds the load and the capture took. The context is disposed after.
    pub fn time(&self, loading: &Loading, tag: &str, capture: Capture) -> Result<f64> {
        let context = self.browser.new_context()?;
        let tab = RawTab::new(&self.browser, blank_page_in(&context))?;
        tab.png()?;
        std::thread::sleep(PAUSE);
        let taken = tab.time(loading, tag, capture);
        self.browser.dispose_context(&context)?;
        taken
    }
}

/// The figures of `one` over the warm-up and timed runs, the warm-up's left out.
fn timed(mut one: impl FnMut(usize) -> Result<f64>) -> Result<Stats> {
    let mut times = Vec::new();
    for i in 0..WARMUP + RUNS {
        let ms = one(i)?;
        if i >= WARMUP {
            times.push(ms);
        }
    }
    Ok(stats(times))
}

/// The reference in one reused tab: the screenshots' and the PDFs' times.
pub fn raw_cdp(binary: &Path, url: &str) -> Result<(Stats, Stats)> {
    let reused = ReusedTab::launch(binary)?;
    let url = Loading::Navigate(url.to_owned());
    let shots = timed(|i| reused.time(&url, &format!("raw-shot{i}"), Capture::Png))?;
    let pdfs = timed(|i| reused.time(&url, &format!("raw-pdf{i}"), Capture::Pdf))?;
    Ok((shots, pdfs))
}

/// What a reference makes of a loaded page.
#[derive(Debug, Clone, Copy)]
pub enum Capture {
    /// A PNG of the viewport.
    Png,
    /// An A4 PDF, printed as the API prints by default.
    Pdf,
}

/// Captures as `raw_cdp` takes them, each in a fresh browser context.
pub fn raw_cdp_fresh_contexts(binary: &Path, url: &str, capture: Capture) -> Result<Stats> {
    let fresh = FreshContexts::launch(binary)?;
    let url = Loading::Navigate(url.to_owned());
    timed(|i| fresh.time(&url, &format!("fresh{i}"), capture))
}

/// Batches of `urls` screenshots taken at once by `tabs` threads, each with a tab of its own
/// kept for every batch (no context made or disposed between batches), each batch after the
/// pause.
pub fn raw_cdp_batch(binary: &Path, url: &str, urls: usize, tabs: usize) -> Result<Stats> {
    let browser = Browser::launch_direct(binary)?;
    // A context each, so that each tab is the front tab of a window of its own: Chromium
    // draws no frame for a tab behind another, and a capture of it never returns.
    let mut tabs: Vec<RawTab> = (0..tabs.max(1))
        .map(|_| {
            let context = browser.new_context()?;
            RawTab::new(&browser, blank_page_in(&context))
        })
        .collect::<Result<_>>()?;
    let stride = tabs.len();
    let mut batches = Vec::new();
    for run in 0..WARMUP + RUNS / 4 {
        std::thread::sleep(PAUSE);
        let started = Instant::now();
        std::thread::scope(|scope| -> Result<()> {
            let threads: Vec<_> = tabs
                .iter_mut()
                .enumerate()
                .map(|(t, tab)| {
                    scope.spawn(move || -> Result<()> {
                        for item in (t..urls).step_by(stride) {
                            tab.load(format!("{url}?batch{run}-{item}"))?;
                            tab.png()?;
                        }
                        Ok(())
                    })
                })
                .collect();
            for thread in threads {
                thread
                    .join()
                    .map_err(|_| anyhow::anyhow!("a capture thread panicked"))??;
            }
            Ok(())
        })?;
        if run >= WARMUP {
            batches.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    Ok(stats(batches))
}

/// A new tab in the browser's default context, in front of its window.
fn front_tab() -> Target::CreateTarget {
    Target::CreateTarget {
        browser_context_id: None,
        background: None,
        ..blank_page_in("")
    }
}
