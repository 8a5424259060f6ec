//! One job's page: a fresh browser context (no cookie or storage passes between jobs),
//! downloads denied, the viewport and media emulated, the URL loaded (or the server's own
//! document set) and waited for through CDP lifecycle events (never by polling), and the
//! context disposed
//! whatever happens. Every CDP call that a hostile page could stall runs under a deadline.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use headless_chrome::protocol::cdp::types::Method;
use headless_chrome::protocol::cdp::{Emulation, Network, Page, Runtime, Target};

use super::cdp::{CdpError, Connection, Events};
use super::filters::{ADS, COOKIE_BANNERS, Filters};
use super::job::{BrowserError, Cookie, Load, SameSite, Source};
use super::launch::Browser;

/// How long opening a page (its context, its target, its session) may take.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

/// A page's session on the browser's connection.
pub struct PageSession {
    pub connection: Arc<Connection>,
    pub target_id: String,
    pub session_id: String,
}

impl PageSession {
    /// Calls `method` on the page, waiting until `deadline`.
    pub fn call<C>(&self, method: C, deadline: Instant) -> Result<C::ReturnObject, CdpError>
    where
        C: Method + serde::Serialize,
    {
        self.connection
            .call(Some(&self.session_id), method, deadline)
    }

    /// The page's events from now until the answer is dropped.
    pub fn events(&self) -> Events {
        self.connection.events(&self.session_id)
    }
}

/// A page in its own browser context, disposed on drop.
pub struct Session {
    context_id: String,
    browser: Arc<Browser>,
    pub page: PageSession,
    /// The viewport (width, height, scale factor) already set on the page, if any.
    viewport: std::cell::Cell<Option<(u32, u32, f64)>>,
}

impl Drop for Session {
    /// Disposes the context, which closes every page it opened (popups included) and frees
    /// its network context, cache and cookies; should the browser refuse, the page is
    /// closed at least.
    fn drop(&mut self) {
        if self.browser.dispose_context(&self.context_id).is_err() {
            let _ = self.page.connection.call(
                None,
                Target::CloseTarget {
                    target_id: self.page.target_id.clone(),
                },
                Instant::now() + OPEN_TIMEOUT,
            );
        }
    }
}

/// `Emulation.setDeviceMetricsOverride` for a viewport of `width`×`height` CSS pixels of
/// `scale` device pixels each, laid out as on a phone when `mobile`.
pub fn device_metrics(
    width: u32,
    height: u32,
    scale: f64,
    mobile: bool,
) -> Emulation::SetDeviceMetricsOverride {
    Emulation::SetDeviceMetricsOverride {
        width,
        height,
        device_scale_factor: scale,
        mobile,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    }
}

/// `Target.createTarget` for a blank page in the background in browser context
/// `context_id` (a new context's first page is the front tab of a window of its own).
pub fn blank_page_in(context_id: &str) -> Target::CreateTarget {
    Target::CreateTarget {
        url: "about:blank".into(),
        left: None,
        top: None,
        width: None,
        height: None,
        window_state: None,
        browser_context_id: Some(context_id.to_owned()),
        enable_begin_frame_control: None,
        new_window: None,
        background: Some(true),
        for_tab: None,
        hidden: None,
    }
}

/// Runs `method` on `page`, giving up at `deadline`; `what` names the step in errors.
pub fn call<C>(
    page: &PageSession,
    method: C,
    deadline: Instant,
    what: &str,
) -> Result<C::ReturnObject, BrowserError>
where
    C: Method + serde::Serialize,
{
    page.call(method, deadline).map_err(|e| match e {
        CdpError::TimedOut => BrowserError::Unprocessable(format!("{what} did not finish in time")),
        // Only what the caller gave can be this large (a document to set).
        CdpError::TooLarge(_) => BrowserError::TooLarge(format!("{what}: {e}")),
        other => failed(other, what),
    })
}

/// A step of ours the browser did not carry out (`what` names it): never the caller's fault.
fn failed(error: CdpError, what: &str) -> BrowserError {
    BrowserError::Failed(anyhow!(error).context(what.to_owned()))
}

impl Session {
    /// Opens a page in a fresh context of `browser`, with its lifecycle events on and
    /// downloads denied.
    pub fn open(browser: &Arc<Browser>) -> Result<Session, BrowserError> {
        let deadline = Instant::now() + OPEN_TIMEOUT;
        let context_id = browser
            .new_context()
            .map_err(|e| failed(e, "creating a browser context"))?;
        let page = match browser.open_page(blank_page_in(&context_id), deadline) {
            Ok(page) => page,
            Err(e) => {
                let _ = browser.dispose_context(&context_id);
                return Err(failed(e, "opening a page"));
            }
        };
        let session = Session {
            context_id,
            browser: browser.clone(),
            page,
            viewport: std::cell::Cell::new(None),
        };
        let page = &session.page;
        page.call(
            Page::Enable {
                enable_file_chooser_opened_event: None,
            },
            deadline,
        )
        .map_err(|e| failed(e, "watching the page"))?;
        page.call(Page::SetLifecycleEventsEnabled { enabled: true }, deadline)
            .map_err(|e| failed(e, "watching the page's lifecycle"))?;
        page.call(
            Page::SetDownloadBehavior {
                behavior: Page::SetDownloadBehaviorBehaviorOption::Deny,
                download_path: None,
            },
            deadline,
        )
        .map_err(|e| failed(e, "denying downloads"))?;
        Ok(session)
    }

    /// The process of the browser the page lives in (a page of a replaced browser is stale).
    pub fn browser_pid(&self) -> u32 {
        self.browser.pid()
    }

    /// Opens a page as [`Session::open`] does, sets the SPEC's default viewport on it, so
    /// that a job asking for that viewport finds it set (a new page's first layout is slow),
    /// and warms its renderer up.
    pub fn open_prepared(browser: &Arc<Browser>) -> Result<Session, BrowserError> {
        let session = Session::open(browser)?;
        let deadline = Instant::now() + Duration::from_secs(10);
        session.set_viewport(&Load::new(""), deadline)?;
        session.warm_up(deadline)?;
        Ok(session)
    }

    /// Lays out a little text and captures one frame on the blank page. A new context's page
    /// has a renderer process of its own, whose first text layout (each face it loads) and
    /// first frame are slow; done while the page waits as a spare, the job does not pay them.
    /// The faces are the ones documents use most: sans-serif and serif upright, bold and
    /// italic, monospace, in a bordered table with a background (measured against a reused
    /// tab in a raw loop: a print in a fresh page 7–12 ms behind it, with these faces 3–5 ms).
    fn warm_up(&self, deadline: Instant) -> Result<(), BrowserError> {
        self.evaluate(
            "document.body.innerHTML = '<p style=\"font: 16px sans-serif\">Ag 09 €</p>\
             <p style=\"font: bold 16px sans-serif\">Ag 09</p>\
             <p style=\"font: italic 16px sans-serif\">Ag</p>\
             <p style=\"font: 16px serif\">Ag</p><p style=\"font: bold 16px serif\">Ag</p>\
             <pre>Ag 09</pre><table style=\"border-collapse: collapse\">\
             <tr style=\"background: #eee\"><th style=\"border: 1px solid #ccc\">1</th>\
             <td>2</td></tr></table>'; document.body.offsetHeight",
            deadline,
        )?;
        call(
            &self.page,
            Page::CaptureScreenshot {
                format: Some(Page::CaptureScreenshotFormatOption::Png),
                quality: None,
                clip: None,
                from_surface: Some(true),
                capture_beyond_viewport: Some(false),
                optimize_for_speed: None,
            },
            deadline,
            "warming the page up",
        )?;
        Ok(())
    }

    /// Sets the viewport `load` asks for, unless the page has it already.
    fn set_viewport(&self, load: &Load, deadline: Instant) -> Result<(), BrowserError> {
        let wanted = (load.width, load.height, load.device_scale_factor);
        if self.viewport.get() == Some(wanted) {
            return Ok(());
        }
        call(
            &self.page,
            device_metrics(load.width, load.height, load.device_scale_factor, false),
            deadline,
            "setting the viewport",
        )?;
        self.viewport.set(Some(wanted));
        Ok(())
    }

    /// Emulates the viewport and media, loads the page's source and waits as `load` says;
    /// then the selector, the delay and the hidden elements.
    pub fn load(&self, load: &Load, started: Instant) -> Result<(), BrowserError> {
        let deadline = started + load.timeout;
        self.emulate(load, deadline)?;
        // Listening before the load starts, so that no event of it is missed.
        let events = self.page.events();
        match &load.source {
            Source::Url(url) => self.navigate(url, load, deadline, &events)?,
            Source::Html(html) => self.set_document(html, load, deadline, &events)?,
        }
        drop(events);
        if let Some(selector) = &load.wait_for_selector {
            self.wait_for_selector(selector, deadline)?;
        }
        if !load.delay.is_zero() {
            std::thread::sleep(load.delay);
        }
        let hidden_by_filters = filters(load).into_iter().flat_map(|f| {
            f.hidden
                .iter()
                .map(|s| format!("{s} {{ display: none !important; }}\n"))
        });
        let css: String = load
            .hide_selectors
            .iter()
            .map(|s| format!("{} {{ visibility: hidden !important; }}\n", s))
            .chain(hidden_by_filters)
            .collect();
        if !css.is_empty() {
            self.evaluate(
                &format!(
                    "(() => {{ const s = document.createElement('style'); s.textContent = {}; (document.head || document.documentElement).appendChild(s); return true; }})()",
                    serde_json::to_string(&css).unwrap_or_default()
                ),
                Instant::now() + Duration::from_secs(5),
            )?;
        }
        Ok(())
    }

    fn emulate(&self, load: &Load, deadline: Instant) -> Result<(), BrowserError> {
        let tab = &self.page;
        self.set_viewport(load, deadline)?;
        let mut features = Vec::new();
        if load.dark_mode {
            features.push(Emulation::MediaFeature {
                name: "prefers-color-scheme".into(),
                value: "dark".into(),
            });
        }
        if load.reduced_motion {
            features.push(Emulation::MediaFeature {
                name: "prefers-reduced-motion".into(),
                value: "reduce".into(),
            });
        }
        if !features.is_empty() {
            call(
                tab,
                Emulation::SetEmulatedMedia {
                    media: None,
                    features: Some(features),
                },
                deadline,
                "emulating media features",
            )?;
        }
        if let Some(agent) = &load.user_agent {
            call(
                tab,
                Emulation::SetUserAgentOverride {
                    user_agent: agent.clone(),
                    accept_language: None,
                    platform: None,
                    user_agent_metadata: None,
                },
                deadline,
                "setting the user agent",
            )?;
        }
        if load.transparent_background {
            call(
                tab,
                Emulation::SetDefaultBackgroundColorOverride {
                    color: Some(headless_chrome::protocol::cdp::DOM::RGBA {
                        r: 0,
                        g: 0,
                        b: 0,
                        a: Some(0.0),
                    }),
                },
                deadline,
                "making the background transparent",
            )?;
        }
        let filters = filters(load);
        let network = load.fail_on_http_error
            || !load.headers.is_empty()
            || !load.cookies.is_empty()
            || !filters.is_empty();
        if network {
            call(
                tab,
                Network::Enable {
                    max_total_buffer_size: None,
                    max_resource_buffer_size: None,
                    max_post_data_size: None,
                    report_direct_socket_traffic: None,
                    enable_durable_messages: None,
                },
                deadline,
                "watching the page's network",
            )?;
        }
        if !filters.is_empty() {
            call(
                tab,
                Network::SetBlockedURLs {
                    urls: filters
                        .iter()
                        .flat_map(|f| f.urls.iter().map(|u| u.to_string()))
                        .collect(),
                },
                deadline,
                "blocking the filter lists' requests",
            )?;
        }
        if !load.headers.is_empty() {
            let headers: serde_json::Map<String, serde_json::Value> = load
                .headers
                .iter()
                .map(|(name, value)| (name.clone(), value.clone().into()))
                .collect();
            call(
                tab,
                Network::SetExtraHTTPHeaders {
                    headers: Network::Headers(Some(headers.into())),
                },
                deadline,
                "setting the extra headers",
            )
            .map_err(|e| refused_by_the_browser(e, "an extra header"))?;
        }
        if !load.cookies.is_empty() {
            call(
                tab,
                Network::SetCookies {
                    cookies: load
                        .cookies
                        .iter()
                        .map(|cookie| cookie_param(cookie, &load.source))
                        .collect(),
                },
                deadline,
                "setting the cookies",
            )
            .map_err(|e| refused_by_the_browser(e, "a cookie"))?;
        }
        Ok(())
    }

    fn navigate(
        &self,
        url: &str,
        load: &Load,
        deadline: Instant,
        events: &Events,
    ) -> Result<(), BrowserError> {
        let navigated = call(
            &self.page,
            Page::Navigate {
                url: url.to_owned(),
                referrer: None,
                transition_Type: None,
                frame_id: None,
                referrer_policy: None,
            },
            deadline,
            "loading the page",
        )
        .map_err(|e| match e {
            BrowserError::Unprocessable(_) => not_loaded_in_time(load),
            other => other,
        })?;
        if let Some(error) = navigated.error_text.filter(|e| !e.is_empty()) {
            return Err(BrowserError::Unprocessable(format!(
                "the page could not be loaded: {error}{}",
                if error.contains("TUNNEL") || error.contains("EMPTY_RESPONSE") {
                    " (its address is refused, or it did not answer)"
                } else {
                    ""
                }
            )));
        }
        if navigated.is_download == Some(true) {
            return Err(BrowserError::Unprocessable(
                "the URL starts a download; downloads are refused".into(),
            ));
        }
        self.wait_for_lifecycle(
            &navigated.frame_id,
            navigated.loader_id,
            load,
            deadline,
            events,
        )
    }

    /// Sets `html` as the main frame's document (a page target's main frame has the
    /// target's id) and waits as `load` says: Chromium reports its lifecycle as for a
    /// navigation, under the loader its `init` event names.
    fn set_document(
        &self,
        html: &str,
        load: &Load,
        deadline: Instant,
        events: &Events,
    ) -> Result<(), BrowserError> {
        let frame = self.page.target_id.clone();
        call(
            &self.page,
            Page::SetDocumentContent {
                frame_id: frame.clone(),
                html: html.to_owned(),
            },
            deadline,
            "setting the document",
        )
        .map_err(|e| match e {
            BrowserError::Unprocessable(_) => not_loaded_in_time(load),
            other => other,
        })?;
        self.wait_for_lifecycle(&frame, None, load, deadline, events)
    }

    /// Waits for the lifecycle event `load` asks for in `frame`, of `loader` (or, when the
    /// loader is not known yet, of the one the frame's next `init` names).
    fn wait_for_lifecycle(
        &self,
        frame: &str,
        mut loader: Option<String>,
        load: &Load,
        deadline: Instant,
        events: &Events,
    ) -> Result<(), BrowserError> {
        let wanted = load.wait_until.event();
        loop {
            let event = events.next_before(deadline).map_err(|e| match e {
                CdpError::TimedOut => not_loaded_in_time(load),
                other => failed(other, "loading the page"),
            })?;
            let p = &event.params;
            match event.method.as_str() {
                "Page.lifecycleEvent" if p["frameId"] == frame => {
                    if loader.is_none() && p["name"] == "init" {
                        loader = p["loaderId"].as_str().map(str::to_owned);
                    }
                    let ours = loader.as_ref().is_none_or(|l| p["loaderId"] == l.as_str());
                    if ours && p["name"] == wanted {
                        return Ok(());
                    }
                }
                "Network.responseReceived" if load.fail_on_http_error => {
                    let status = p["response"]["status"].as_u64().unwrap_or_default();
                    if loader
                        .as_ref()
                        .is_some_and(|l| p["requestId"] == l.as_str())
                        && status >= 400
                    {
                        return Err(BrowserError::Unprocessable(format!(
                            "the page answered HTTP {status} (fail_on_http_error)"
                        )));
                    }
                }
                _ => {}
            }
        }
    }

    fn wait_for_selector(&self, selector: &str, deadline: Instant) -> Result<(), BrowserError> {
        let left = deadline
            .saturating_duration_since(Instant::now())
            .as_millis();
        let quoted = serde_json::to_string(selector).unwrap_or_default();
        let script = format!(
            "new Promise((resolve) => {{
                const sel = {quoted};
                if (document.querySelector(sel)) return resolve(true);
                const observer = new MutationObserver(() => {{
                    if (document.querySelector(sel)) {{ observer.disconnect(); resolve(true); }}
                }});
                observer.observe(document.documentElement, {{ childList: true, subtree: true, attributes: true }});
                setTimeout(() => {{ observer.disconnect(); resolve(false); }}, {left});
            }})"
        );
        let found = self.evaluate(&script, deadline + Duration::from_secs(1))?;
        if found != serde_json::Value::Bool(true) {
            return Err(BrowserError::Unprocessable(format!(
                "wait_for_selector `{selector}` did not appear in time"
            )));
        }
        Ok(())
    }

    /// Evaluates `expression` in the page (awaiting a promise) and answers its JSON value.
    pub fn evaluate(
        &self,
        expression: &str,
        deadline: Instant,
    ) -> Result<serde_json::Value, BrowserError> {
        let result = call(
            &self.page,
            Runtime::Evaluate {
                expression: expression.to_owned(),
                object_group: None,
                include_command_line_api: None,
                silent: Some(true),
                context_id: None,
                return_by_value: Some(true),
                generate_preview: None,
                user_gesture: None,
                await_promise: Some(true),
                throw_on_side_effect: None,
                timeout: None,
                disable_breaks: None,
                repl_mode: None,
                allow_unsafe_eval_blocked_by_csp: Some(true),
                unique_context_id: None,
                serialization_options: None,
            },
            deadline,
            "running a script in the page",
        )?;
        if let Some(details) = result.exception_details {
            return Err(BrowserError::Unprocessable(format!(
                "a script in the page failed: {}",
                details.text
            )));
        }
        Ok(result.result.value.unwrap_or(serde_json::Value::Null))
    }
}

/// The shipped filter lists `load` asks for.
fn filters(load: &Load) -> Vec<&'static Filters> {
    let mut lists: Vec<&'static Filters> = Vec::new();
    if load.block_ads {
        lists.push(&ADS);
    }
    if load.block_cookie_banners {
        lists.push(&COOKIE_BANNERS);
    }
    lists
}

/// `cookie` as CDP sets it: with its domain, or for the page's URL (host-only) without one.
fn cookie_param(cookie: &Cookie, source: &Source) -> Network::CookieParam {
    let page_url = match source {
        Source::Url(url) => Some(url.clone()),
        Source::Html(_) => None,
    };
    Network::CookieParam {
        name: cookie.name.clone(),
        value: cookie.value.clone(),
        url: cookie.domain.is_none().then_some(page_url).flatten(),
        domain: cookie.domain.clone(),
        path: Some(cookie.path.clone().unwrap_or_else(|| "/".into())),
        secure: Some(cookie.secure),
        http_only: Some(cookie.http_only),
        same_site: cookie.same_site.map(|s| match s {
            SameSite::Strict => Network::CookieSameSite::Strict,
            SameSite::Lax => Network::CookieSameSite::Lax,
            SameSite::None => Network::CookieSameSite::None,
        }),
        expires: None,
        priority: None,
        same_party: None,
        source_scheme: None,
        source_port: None,
        partition_key: None,
    }
}

/// A call's failure as the caller's fault: Chromium's own rules (a public suffix as a
/// cookie's domain, a header it will not send) refused `what` the request gave.
fn refused_by_the_browser(error: BrowserError, what: &str) -> BrowserError {
    match error {
        BrowserError::Failed(e) => {
            BrowserError::Unprocessable(format!("the browser refused {what}: {e:#}"))
        }
        other => other,
    }
}

fn not_loaded_in_time(load: &Load) -> BrowserError {
    let (event, within) = (load.wait_until.event(), load.timeout.as_millis());
    BrowserError::Unprocessable(match load.source {
        Source::Url(_) => {
            format!("the page did not reach `{event}` within timeout_ms ({within} ms)")
        }
        Source::Html(_) => format!(
            "the document did not reach `{event}` within {within} ms (a script that does not \
             end, or a resource that does not arrive)"
        ),
    })
}
