//! Contract review: a contract's text from its PDF, DOCX or plain-text file (`text`), split
//! into clauses by numbering and headings (`clauses`), reviewed by the rules of eight risk
//! categories in four languages (`rules`), two versions aligned clause by clause (`compare`),
//! and the review written as a PDF report (`report`). Everything in this folder but the HTTP
//! glue is pure and tested without HTTP.

pub mod classify;
pub mod clauses;
pub mod compare;
mod http;
pub mod model;
pub mod report;
pub mod review;
pub mod rules;
pub mod text;
mod wire;

use std::sync::Arc;

use tokio::sync::OnceCell;

use suite_engines::ocr::Ocr;
use suite_engines::pages::Limits;

/// The contract review API's state: the OCR pool scanned contracts are read with, the
/// platform's file limits, and the report's fonts once loaded.
#[derive(Debug)]
pub struct Legal {
    ocr: Arc<Ocr>,
    limits: Limits,
    fonts: OnceCell<Result<Arc<report::Fonts>, String>>,
}

impl Legal {
    /// The API on the shared OCR pool, with the platform's page and pixel limits.
    pub fn start(ocr: Arc<Ocr>, limits: Limits) -> Legal {
        Legal {
            ocr,
            limits,
            fonts: OnceCell::new(),
        }
    }
}
