//! PII detection and redaction: the pages of an image or PDF read through the shared engines
//! (OCR, PDF text layers, rasterizing), personal data found by recognizers in Rust
//! (patterns, the checksums of `suite_engines` the validation API uses too, context words,
//! name gazetteers), and redaction that paints pixels and rebuilds PDFs from images, so
//! nothing survives.

pub mod detect;
pub mod entities;
mod http;
pub mod language;
pub mod redact;

use std::sync::Arc;

use suite_engines::ocr::Ocr;
use suite_engines::pages::Limits;

/// The PII API's state: the OCR pool it reads pages with and the platform's file limits.
#[derive(Debug)]
pub struct Pii {
    ocr: Arc<Ocr>,
    limits: Limits,
}

impl Pii {
    /// The API on the shared OCR pool, with the platform's page and pixel limits.
    pub fn start(ocr: Arc<Ocr>, limits: Limits) -> Pii {
        Pii { ocr, limits }
    }
}
