//! Financial document audit: receipts and invoices parsed into fields by layout-aware rules
//! over the words of their pages (`parse`), bank statements read from their columns or a CSV
//! file and audited (`audit`), and fraud signals scored with the reasons (`fraud`). Pages are
//! read through the shared engines (PDF text layers, OCR); dates through the engines' date
//! parser (`suite_engines::date`); everything else in this crate is pure and tested without
//! HTTP.

pub mod audit;
pub mod fraud;
mod http;
pub mod parse;
mod wire;

use std::sync::Arc;

use suite_engines::ocr::Ocr;
use suite_engines::pages::Limits;

/// The most rows a CSV statement may have (413 above).
pub const MAX_CSV_ROWS: usize = 100_000;

/// The finance API's state: the OCR pool it reads scans with and the platform's file limits.
#[derive(Debug)]
pub struct Finance {
    ocr: Arc<Ocr>,
    limits: Limits,
}

impl Finance {
    /// The API on the shared OCR pool, with the platform's page and pixel limits.
    pub fn start(ocr: Arc<Ocr>, limits: Limits) -> Finance {
        Finance { ocr, limits }
    }
}
