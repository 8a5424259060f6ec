//! Tests against the real Tesseract, on images rendered at test time.

mod recognize;
mod render;
