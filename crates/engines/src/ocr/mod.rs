//! OCR through Tesseract (leptess) and PP-OCR (`suite-ppocr`): a pool of worker threads ([`Ocr`]), each keeping one
//! [`Recognizer`] (its Tesseract handles per language set) and reading one page at a time,
//! words with boxes and confidence, turned pages read upright. Tesseract's OpenMP threads are
//! limited to one per worker (`openmp.rs`: they cost 8× on 2-core machines). Receipts and
//! invoices are read by both engines and the readings combined line by line (`combine.rs`).

mod combine;
pub mod config;
mod error;
pub mod languages;
pub mod openmp;
mod orientation;
mod paddle;
mod page;
mod pool;
mod recognizer;
mod tessdata;
mod tsv;

pub use config::Config;
pub use error::OcrError;
pub use page::OcrPage;
pub use pool::{Engines, Ocr};
pub use recognizer::{Layout, Recognizer};

#[cfg(test)]
mod tests;
