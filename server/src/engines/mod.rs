//! Engines two APIs share, built once: the Chromium pool (screenshots, document generation),
//! and the readers of the files they produce. Engine code knows nothing of HTTP or the
//! platform (the engines rule, checked by `cargo xtask layering`).

pub mod browser;
pub mod image_size;
pub mod pdf_pages;
