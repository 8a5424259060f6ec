//! The HTTP glue of the screenshot API, its implementation of the generated
//! `ScreenshotBackend`: the checks made before admission (the URL's destination, a viewport
//! over the pixel limit), the contract's requests in the browser engine's terms (defaults,
//! paper sizes in inches, margins from millimetres), the engine's errors as the contract's
//! statuses, and the files published for download.

use futures::future::join_all;

use std::time::Duration;

use super::Screenshot;
use super::wire;
use suite_engines::browser::job::BrowserError;
use suite_engines::browser::job::{Area, Encoding, Image, Load, Print, Shot, Source, WaitUntil};
use suite_engines::browser::target;
use suite_platform::generated::api::ScreenshotBackend;
use suite_platform::generated::types;
use suite_platform::{ApiError, Caller, FileBody, Platform};

/// Id prefixes of the files this API publishes.
const SHOT_PREFIX: &str = "shot";
const PDF_PREFIX: &str = "pdf";

fn url_not_allowed(field: &str, refusal: target::UrlRefusal) -> ApiError {
    ApiError::Refused {
        code: "url_not_allowed",
        message: format!("{field}: {refusal}"),
    }
}

/// The headers and cookies, checked before the URL is resolved (a URL that does not parse
/// is refused by the URL check that follows).
fn check_page_setup(
    url: &str,
    headers: &[types::RequestHeader],
    cookies: &[types::PageCookie],
    field: &str,
) -> Result<(), ApiError> {
    match url::Url::parse(url) {
        Ok(url) => wire::check(headers, cookies, &url, field),
        Err(_) => Ok(()),
    }
}

/// The engine's failure as the contract's answer.
fn api_error(error: BrowserError) -> ApiError {
    match error {
        BrowserError::Unprocessable(m) => ApiError::Unprocessable(m),
        BrowserError::TooLarge(m) => ApiError::PayloadTooLarge(m),
        BrowserError::Unavailable(m) => ApiError::Unavailable {
            code: "browser_unavailable",
            message: m,
        },
        BrowserError::Failed(e) => ApiError::internal(e),
    }
}

fn megapixels(platform: &Platform) -> u64 {
    platform.limits().image_megapixels as u64 * 1_000_000
}

impl Screenshot {
    /// Before admission: the URL leads to a public address, a viewport capture fits the limit.
    async fn check_capture(
        &self,
        platform: &Platform,
        r: &types::ScreenshotRequest,
        field: &str,
    ) -> Result<(), ApiError> {
        if let Some(pixels) = viewport_pixels(r)
            && pixels > megapixels(platform) as f64
        {
            let item = field.trim_end_matches('.');
            let at = if item.is_empty() {
                String::new()
            } else {
                format!("{item}: ")
            };
            return Err(ApiError::PayloadTooLarge(format!(
                "{at}a {}×{} capture at scale {} is {:.1} megapixels; the limit is {}",
                r.width,
                r.height,
                r.device_scale_factor,
                pixels / 1e6,
                platform.limits().image_megapixels
            )));
        }
        check_page_setup(&r.url, &r.headers, &r.cookies, field)?;
        target::check_url(&r.url, &self.allow)
            .await
            .map(drop)
            .map_err(|refusal| url_not_allowed(&format!("{field}url"), refusal))
    }

    /// Publishes a captured image for download.
    async fn publish(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: &types::ScreenshotRequest,
        image: Image,
    ) -> Result<types::Screenshot, ApiError> {
        let format = format(r);
        let content_type = match format {
            types::ImageFormat::Png => "image/png",
            types::ImageFormat::Jpeg => "image/jpeg",
        };
        let file = platform
            .publish_file(caller, SHOT_PREFIX, content_type, &image.bytes)
            .await?;
        Ok(types::Screenshot {
            screenshot_id: file.blob.id,
            format,
            width: image.width as i32,
            height: image.height as i32,
            download_url: file.download_url,
            expires_at: file.blob.expires_at,
            size_bytes: file.blob.size_bytes,
        })
    }
}

impl ScreenshotBackend for Screenshot {
    /// Before admission: the URL leads to a public address, a viewport capture fits the limit.
    async fn screenshot_capture_precheck(
        &self,
        platform: &Platform,
        _caller: &Caller,
        body: &types::ScreenshotRequest,
    ) -> Result<(), ApiError> {
        self.check_capture(platform, body, "").await
    }

    /// Captures one page and publishes the image.
    async fn screenshot_capture(
        &self,
        platform: &Platform,
        caller: &Caller,
        body: types::ScreenshotRequest,
    ) -> Result<types::Screenshot, ApiError> {
        let image = self
            .chromium
            .capture(shot(&body, megapixels(platform)))
            .await
            .map_err(api_error)?;
        self.publish(platform, caller, &body, image).await
    }

    /// Before admission: the PDF's URL.
    async fn screenshot_pdf_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        r: &types::PdfRequest,
    ) -> Result<(), ApiError> {
        check_page_setup(&r.url, &r.headers, &r.cookies, "")?;
        target::check_url(&r.url, &self.allow)
            .await
            .map(drop)
            .map_err(|refusal| url_not_allowed("url", refusal))
    }

    /// Prints one page and publishes the PDF.
    async fn screenshot_pdf(
        &self,
        platform: &Platform,
        caller: &Caller,
        body: types::PdfRequest,
    ) -> Result<types::GeneratedPdf, ApiError> {
        let max_pages = platform.limits().pdf_pages as usize;
        let pdf = self
            .chromium
            .print(print(&body, max_pages))
            .await
            .map_err(api_error)?;
        let file = platform
            .publish_file(caller, PDF_PREFIX, "application/pdf", &pdf.bytes)
            .await?;
        Ok(types::GeneratedPdf {
            pdf_id: file.blob.id,
            download_url: file.download_url,
            expires_at: file.blob.expires_at,
            size_bytes: file.blob.size_bytes,
            page_count: pdf.pages as u64,
        })
    }

    /// Before admission: every item of a batch, named by its index.
    async fn screenshot_batch_precheck(
        &self,
        platform: &Platform,
        _caller: &Caller,
        r: &types::ScreenshotBatchRequest,
    ) -> Result<(), ApiError> {
        for (i, item) in r.items.iter().enumerate() {
            self.check_capture(platform, item, &format!("items[{i}]."))
                .await?;
        }
        Ok(())
    }

    /// Captures every item (the engine shares pages among a batch's items, which are one
    /// key's) and publishes each image; a failed item fails alone.
    async fn screenshot_batch(
        &self,
        platform: &Platform,
        caller: &Caller,
        body: types::ScreenshotBatchRequest,
    ) -> Result<types::ScreenshotBatchResult, ApiError> {
        let r = &body;
        let limit = megapixels(platform);
        let images = self
            .chromium
            .capture_batch(r.items.iter().map(|item| shot(item, limit)).collect())
            .await;
        let outcomes = join_all(
            images
                .into_iter()
                .zip(&r.items)
                .map(|(image, item)| async move {
                    self.publish(platform, caller, item, image.map_err(api_error)?)
                        .await
                }),
        )
        .await;
        let mut results = Vec::with_capacity(outcomes.len());
        let mut failed = 0;
        for (index, outcome) in outcomes.into_iter().enumerate() {
            let (status, screenshot, error) = match outcome {
                Ok(shot) => (types::BatchItemStatus::Succeeded, Some(shot), None),
                Err(e) if e.status() >= 500 && !matches!(e, ApiError::Unavailable { .. }) => {
                    return Err(e);
                }
                Err(e) => {
                    failed += 1;
                    let error = types::Error {
                        request_id: caller.request_id.clone(),
                        error_code: e.error_code().to_owned(),
                        message: e.message(),
                    };
                    (types::BatchItemStatus::Failed, None, Some(error))
                }
            };
            results.push(types::ScreenshotBatchItemResult {
                index: index as u64,
                status,
                screenshot,
                error,
            });
        }
        Ok(types::ScreenshotBatchResult {
            succeeded: (results.len() - failed) as u64,
            failed: failed as u64,
            results,
        })
    }

    /// A published screenshot or PDF, to its owner only.
    async fn screenshot_download(
        &self,
        platform: &Platform,
        caller: &Caller,
        id: String,
    ) -> Result<FileBody, ApiError> {
        platform.download(caller, &id).await
    }
}

// ── The contract's requests as browser jobs ──

const MM_PER_INCH: f64 = 25.4;

fn wait_until(w: Option<types::WaitUntil>) -> WaitUntil {
    match w.unwrap_or(types::WaitUntil::Load) {
        types::WaitUntil::Load => WaitUntil::Load,
        types::WaitUntil::Domcontentloaded => WaitUntil::DomContentLoaded,
        types::WaitUntil::Networkidle => WaitUntil::NetworkIdle,
    }
}

fn millis(ms: i32) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

/// The engine's screenshot job for `r`, whose URL was checked.
fn shot(r: &types::ScreenshotRequest, max_pixels: u64) -> Shot {
    let load = Load {
        source: Source::Url(r.url.to_string()),
        width: r.width.max(1) as u32,
        height: r.height.max(1) as u32,
        device_scale_factor: r.device_scale_factor,
        wait_until: wait_until(r.wait_until),
        timeout: millis(r.timeout_ms),
        wait_for_selector: r.wait_for_selector.as_ref().map(|s| s.to_string()),
        delay: millis(r.delay),
        dark_mode: r.dark_mode,
        reduced_motion: r.reduced_motion,
        user_agent: r.user_agent.as_ref().map(|s| s.to_string()),
        fail_on_http_error: r.fail_on_http_error,
        hide_selectors: r.hide_selectors.iter().map(|s| s.to_string()).collect(),
        transparent_background: r.transparent_background && format(r) == types::ImageFormat::Png,
        headers: wire::headers(&r.headers),
        cookies: wire::cookies(&r.cookies),
        block_ads: r.block_ads,
        block_cookie_banners: r.block_cookie_banners,
    };
    let area = match (&r.selector, r.full_page) {
        (Some(selector), _) => Area::Element(selector.to_string()),
        (None, true) => Area::FullPage {
            max_height: r.full_page_max_height.max(1) as u32,
        },
        (None, false) => Area::Viewport,
    };
    let encoding = match format(r) {
        types::ImageFormat::Png => Encoding::Png,
        types::ImageFormat::Jpeg => Encoding::Jpeg {
            quality: r.quality.get().min(100) as u8,
        },
    };
    Shot {
        load,
        encoding,
        area,
        max_pixels,
    }
}

/// The image format asked for (png by default).
fn format(r: &types::ScreenshotRequest) -> types::ImageFormat {
    r.format.unwrap_or(types::ImageFormat::Png)
}

/// Pixels of a viewport capture, known before loading (`None` for full page and element
/// captures, whose size the page decides).
fn viewport_pixels(r: &types::ScreenshotRequest) -> Option<f64> {
    (r.selector.is_none() && !r.full_page).then(|| {
        let scale = r.device_scale_factor;
        (r.width as f64 * scale).round() * (r.height as f64 * scale).round()
    })
}

/// (width, height) in inches of a paper format, portrait.
fn paper(format: Option<types::PaperFormat>) -> (f64, f64) {
    match format.unwrap_or(types::PaperFormat::A4) {
        types::PaperFormat::A3 => (297.0 / MM_PER_INCH, 420.0 / MM_PER_INCH),
        types::PaperFormat::A4 => (210.0 / MM_PER_INCH, 297.0 / MM_PER_INCH),
        types::PaperFormat::A5 => (148.0 / MM_PER_INCH, 210.0 / MM_PER_INCH),
        types::PaperFormat::Letter => (8.5, 11.0),
        types::PaperFormat::Legal => (8.5, 14.0),
        types::PaperFormat::Tabloid => (11.0, 17.0),
    }
}

/// The engine's print job for `r`, whose URL was checked.
fn print(r: &types::PdfRequest, max_pages: usize) -> Print {
    let mut load = Load::new(r.url.to_string());
    load.width = r.width.max(1) as u32;
    load.wait_until = wait_until(r.wait_until);
    load.timeout = millis(r.timeout_ms);
    load.delay = millis(r.delay);
    load.dark_mode = r.dark_mode;
    load.headers = wire::headers(&r.headers);
    load.cookies = wire::cookies(&r.cookies);
    load.block_ads = r.block_ads;
    load.block_cookie_banners = r.block_cookie_banners;
    let (paper_width, paper_height) = paper(r.paper_format);
    let margins = r
        .margins
        .as_ref()
        .map_or([10.0; 4], |m| [m.top, m.right, m.bottom, m.left]);
    Print {
        load,
        paper_width,
        paper_height,
        landscape: r.landscape,
        print_background: r.print_background,
        margins: margins.map(|mm| mm / MM_PER_INCH),
        scale: r.scale,
        page_ranges: r.page_ranges.as_ref().map(|p| p.to_string()),
        header_template: r.header_template.as_ref().map(|t| t.to_string()),
        footer_template: r.footer_template.as_ref().map(|t| t.to_string()),
        max_pages,
        prefer_css_page_size: false,
    }
}
