//! What a caller asks of the browser, in the engine's own terms, and what can go wrong.

use std::sync::Arc;
use std::time::Duration;

/// When a page counts as loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitUntil {
    Load,
    DomContentLoaded,
    /// No network request for 500 ms (Chromium's `networkIdle` lifecycle event).
    NetworkIdle,
}

impl WaitUntil {
    /// The name of the CDP lifecycle event.
    pub fn event(self) -> &'static str {
        match self {
            WaitUntil::Load => "load",
            WaitUntil::DomContentLoaded => "DOMContentLoaded",
            WaitUntil::NetworkIdle => "networkIdle",
        }
    }
}

/// What a page shows.
#[derive(Debug, Clone)]
pub enum Source {
    /// An http(s) URL already checked by `target::check_url`, loaded through the egress proxy.
    Url(String),
    /// An HTML document of the server's own (a rendered template, a converted file), set as
    /// the page's content without a request or a navigation. Its address stays
    /// `about:blank` and its origin is opaque: a relative link resolves to nothing, and
    /// whatever it links to absolutely comes through the egress proxy like any request.
    Html(Arc<str>),
}

/// How to load a page before capturing or printing it.
#[derive(Debug, Clone)]
pub struct Load {
    pub source: Source,
    /// Viewport in CSS pixels.
    pub width: u32,
    pub height: u32,
    pub device_scale_factor: f64,
    pub wait_until: WaitUntil,
    /// For loading (and `wait_for_selector`), not counting `delay`.
    pub timeout: Duration,
    pub wait_for_selector: Option<String>,
    pub delay: Duration,
    pub dark_mode: bool,
    pub reduced_motion: bool,
    pub user_agent: Option<String>,
    pub fail_on_http_error: bool,
    pub hide_selectors: Vec<String>,
    pub transparent_background: bool,
    /// Extra request headers (name, value), already checked.
    pub headers: Vec<(String, String)>,
    /// Cookies set in the page's context before it loads, already checked.
    pub cookies: Vec<Cookie>,
    /// Refuse the requests and hide the elements of the shipped ad list.
    pub block_ads: bool,
    /// Refuse the consent platforms' scripts and hide the banners of the shipped list.
    pub block_cookie_banners: bool,
}

/// A cookie set before a page loads. Without `domain` it is the page host's own.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cookie {
    pub name: String,
    pub value: String,
    pub domain: Option<String>,
    pub path: Option<String>,
    pub secure: bool,
    pub http_only: bool,
    pub same_site: Option<SameSite>,
}

/// A cookie's SameSite attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SameSite {
    Strict,
    Lax,
    None,
}

impl Load {
    /// A page at `url` with the SPEC's defaults.
    pub fn new(url: impl Into<String>) -> Load {
        Load::of(Source::Url(url.into()))
    }

    /// The HTML document `html` with the SPEC's defaults.
    pub fn html(html: &str) -> Load {
        Load::of(Source::Html(html.into()))
    }

    fn of(source: Source) -> Load {
        Load {
            source,
            width: 1280,
            height: 800,
            device_scale_factor: 1.0,
            wait_until: WaitUntil::Load,
            timeout: Duration::from_secs(30),
            wait_for_selector: None,
            delay: Duration::ZERO,
            dark_mode: false,
            reduced_motion: false,
            user_agent: None,
            fail_on_http_error: false,
            hide_selectors: Vec::new(),
            transparent_background: false,
            headers: Vec::new(),
            cookies: Vec::new(),
            block_ads: false,
            block_cookie_banners: false,
        }
    }
}

/// Image encoding of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Png,
    Jpeg { quality: u8 },
}

/// What part of the page to capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Area {
    Viewport,
    /// The whole page, cut at `max_height` CSS pixels.
    FullPage {
        max_height: u32,
    },
    /// The first element matching a CSS selector.
    Element(String),
}

/// A screenshot job.
#[derive(Debug, Clone)]
pub struct Shot {
    pub load: Load,
    pub encoding: Encoding,
    pub area: Area,
    /// The most pixels the image may have (the platform's limit).
    pub max_pixels: u64,
}

/// A captured image; its size is read from the encoded bytes.
#[derive(Debug, Clone)]
pub struct Image {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// A print-to-PDF job. Lengths in inches, as CDP takes them.
#[derive(Debug, Clone)]
pub struct Print {
    pub load: Load,
    pub paper_width: f64,
    pub paper_height: f64,
    pub landscape: bool,
    pub print_background: bool,
    /// top, right, bottom, left.
    pub margins: [f64; 4],
    pub scale: f64,
    pub page_ranges: Option<String>,
    pub header_template: Option<String>,
    pub footer_template: Option<String>,
    /// The most pages the PDF may have (the platform's limit).
    pub max_pages: usize,
    /// Whether the page's CSS `@page` size wins over `paper_width`/`paper_height`.
    pub prefer_css_page_size: bool,
}

/// A printed PDF.
#[derive(Debug, Clone)]
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub pages: usize,
}

/// Why a job did not produce its file.
#[derive(Debug)]
pub enum BrowserError {
    /// The page could not be used: did not load in time, failed to load, an HTTP error with
    /// `fail_on_http_error`, a selector that never matched (422).
    Unprocessable(String),
    /// The result would exceed a limit known only after loading (413).
    TooLarge(String),
    /// No browser can be started here (503).
    Unavailable(String),
    /// A fault of the browser or the driver (500).
    Failed(anyhow::Error),
}

impl std::fmt::Display for BrowserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BrowserError::Unprocessable(m)
            | BrowserError::TooLarge(m)
            | BrowserError::Unavailable(m) => f.write_str(m),
            BrowserError::Failed(e) => write!(f, "{e:#}"),
        }
    }
}

impl From<anyhow::Error> for BrowserError {
    fn from(error: anyhow::Error) -> Self {
        BrowserError::Failed(error)
    }
}
