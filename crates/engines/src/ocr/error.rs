//! Why an OCR job failed, in terms the API can map to a status: the caller's language, the
//! caller's file, or us.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An OCR failure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OcrError {
    /// A language code with no `<code>.traineddata` in the tessdata directory (or no language).
    UnknownLanguage(String),
    /// Leptonica cannot decode the file (not an image, corrupt, unsupported format).
    Unreadable(String),
    /// Every worker is busy and the queue is full (retry later).
    Busy(String),
    /// Tesseract failed (initialisation, recognition, output).
    Failed(String),
}

impl fmt::Display for OcrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OcrError::UnknownLanguage(code) if code.is_empty() => f.write_str("no OCR language"),
            OcrError::UnknownLanguage(code) => write!(f, "unknown OCR language {code:?}"),
            OcrError::Unreadable(why) => write!(f, "unreadable image: {why}"),
            OcrError::Busy(why) => write!(f, "OCR is busy: {why}"),
            OcrError::Failed(why) => write!(f, "OCR failed: {why}"),
        }
    }
}

impl std::error::Error for OcrError {}
