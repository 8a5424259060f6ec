//! Engines two APIs share, built once: the Chromium pool (screenshots, document generation),
//! the LibreOffice worker pool and poppler's PDF readers (documents now; contracts, PII and
//! finance next), and the readers of the files they produce. Engine code knows nothing of HTTP or the
//! platform (the engines rule, checked by `cargo xtask layering`).

pub mod browser;
pub mod image_size;
pub mod office;
pub mod pdf_pages;
pub mod poppler;
pub mod zip_package;
