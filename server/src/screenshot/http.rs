//! The HTTP glue of the screenshot API: the checks made before admission (the URL's
//! destination, a viewport over the pixel limit), the engine's errors as the contract's
//! statuses, and the files published for download.

use futures::future::join_all;

use super::{Screenshot, options};
use crate::engines::browser::job::BrowserError;
use crate::engines::browser::target;
use crate::generated::types;
use crate::platform::{ApiError, Caller, Platform};

/// Id prefixes of the files this API publishes.
const SHOT_PREFIX: &str = "shot";
const PDF_PREFIX: &str = "pdf";

fn url_not_allowed(field: &str, refusal: target::UrlRefusal) -> ApiError {
    ApiError::Refused {
        code: "url_not_allowed",
        message: format!("{field}: {refusal}"),
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
    pub async fn check_capture(
        &self,
        platform: &Platform,
        r: &types::ScreenshotRequest,
        field: &str,
    ) -> Result<(), ApiError> {
        if let Some(pixels) = options::viewport_pixels(r)
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
        target::check_url(&r.url, &self.allow)
            .await
            .map(drop)
            .map_err(|refusal| url_not_allowed(&format!("{field}url"), refusal))
    }

    /// Before admission: every item of a batch, named by its index.
    pub async fn check_batch(
        &self,
        platform: &Platform,
        r: &types::ScreenshotBatchRequest,
    ) -> Result<(), ApiError> {
        for (i, item) in r.items.iter().enumerate() {
            self.check_capture(platform, item, &format!("items[{i}]."))
                .await?;
        }
        Ok(())
    }

    /// Before admission: the PDF's URL.
    pub async fn check_pdf(&self, r: &types::PdfRequest) -> Result<(), ApiError> {
        target::check_url(&r.url, &self.allow)
            .await
            .map(drop)
            .map_err(|refusal| url_not_allowed("url", refusal))
    }

    /// Captures one page and publishes the image.
    pub async fn capture(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: &types::ScreenshotRequest,
    ) -> Result<types::Screenshot, ApiError> {
        let format = options::format(r);
        let image = self
            .chromium
            .capture(options::shot(r, megapixels(platform)))
            .await
            .map_err(api_error)?;
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

    /// Captures every item at once (the pool bounds how many pages render together); a
    /// failed item fails alone.
    pub async fn batch(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: &types::ScreenshotBatchRequest,
    ) -> Result<types::ScreenshotBatchResult, ApiError> {
        let outcomes = join_all(
            r.items
                .iter()
                .map(|item| self.capture(platform, caller, item)),
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

    /// Prints one page and publishes the PDF.
    pub async fn pdf(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: &types::PdfRequest,
    ) -> Result<types::GeneratedPdf, ApiError> {
        let max_pages = platform.limits().pdf_pages as usize;
        let pdf = self
            .chromium
            .print(options::print(r, max_pages))
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
}
