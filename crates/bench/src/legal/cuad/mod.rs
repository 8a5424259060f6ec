//! The rules measured against experts: document-level precision and recall against CUAD's
//! labels (`labels.rs`), and clause-level figures on labelled clauses of our own for the
//! categories CUAD does not label (`fixtures.rs`), counted with the shared `support::Counts`.

pub mod concepts;
pub mod dataset;
pub mod fixtures;
pub mod labels;
pub mod split;

use suite_legal::clauses::segment;
use suite_legal::model::{Clause, Language};
use suite_legal::text::{self, plain};

/// The clauses of a plain-text contract, read and segmented as the API reads a TXT upload.
pub fn clauses_of(text: &str, language: Language) -> Vec<Clause> {
    match text::assemble(plain::blocks(text)) {
        Ok(extracted) => segment(&extracted, language),
        Err(_) => Vec::new(),
    }
}
