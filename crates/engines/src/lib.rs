//! Engines two APIs share, built once: the Chromium pool (screenshots, document generation),
//! the LibreOffice worker pool, poppler's PDF readers, the OCR pool, image decoding and
//! image-only PDFs, and the page reader built on them (PII, finance and contract review),
//! and the readers of the files they produce. Engine code knows nothing of HTTP or the
//! platform (the engines rule, checked by `cargo xtask layering`).

pub mod browser;
pub mod creditcard;
pub mod date;
pub mod deskew;
pub mod digest;
#[cfg(any(test, feature = "test-support"))]
pub mod fixtures;
pub mod iban;
pub mod iban_national;
pub mod image_pdf;
pub mod image_size;
pub mod jinja;
pub mod luhn;
pub mod markup;
pub mod ocr;
pub mod office;
#[cfg(any(test, feature = "test-support"))]
pub mod office_fixtures;
pub mod pages;
pub mod pdf_fonts;
pub mod pdf_pages;
pub mod phone;
pub mod poppler;
pub mod raster;
pub mod sandbox;
pub mod vat_prefix;
pub mod words;
pub mod xml_names;
pub mod zip_package;
