//! What the document APIs (PII, finance, contracts) share at the edge: an upload sniffed into
//! the page source the engines read (anything else is 415 naming what it is), and the page
//! engines' errors as the contract's statuses, converted once here.

use super::error::ApiError;
use super::extract::Upload;
use super::sniff::{Sniffed, sniff};
use suite_engines::pages::{PagesError, Source};
use suite_engines::raster::RasterFormat;

/// The page source of an image or PDF upload. `reader` names the API in the 415's message
/// ("PII detection").
pub fn page_source(upload: &Upload, reader: &str) -> Result<Source, ApiError> {
    let name = upload.file_name.as_deref().unwrap_or("the file");
    if upload.bytes.is_empty() {
        return Err(ApiError::InvalidInput(format!("{name} is empty")));
    }
    match sniff(&upload.bytes) {
        Sniffed::Pdf => Ok(Source::Pdf),
        Sniffed::Png => Ok(Source::Image(RasterFormat::Png)),
        Sniffed::Jpeg => Ok(Source::Image(RasterFormat::Jpeg)),
        Sniffed::Webp => Ok(Source::Image(RasterFormat::Webp)),
        other => Err(ApiError::UnsupportedMediaType(format!(
            "{name} is {}; {reader} reads image/jpeg, image/png, image/webp and application/pdf",
            other.media_type()
        ))),
    }
}

impl From<PagesError> for ApiError {
    fn from(e: PagesError) -> Self {
        match e {
            PagesError::TooLarge(m) => ApiError::PayloadTooLarge(m),
            PagesError::Unreadable(m) => ApiError::Unprocessable(m),
            PagesError::Busy(_) => ApiError::Overloaded {
                retry_after_secs: 1,
            },
            PagesError::Unavailable(m) => ApiError::Unavailable {
                code: "ocr_unavailable",
                message: m,
            },
            PagesError::Failed(m) => ApiError::internal(m),
        }
    }
}
