//! What one page's OCR produces: words with boxes in the original image's pixels, handed
//! from the OCR worker thread to the caller.

use serde::{Deserialize, Serialize};

use crate::words::Word;

/// One recognized page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OcrPage {
    /// The image's size in pixels, as decoded (EXIF orientation is not applied).
    pub width: u32,
    pub height: u32,
    /// How far the text was turned clockwise from upright in the image, 0/90/180/270: the
    /// rotation that was corrected before recognition (the boxes are in the original image).
    pub rotation: u16,
    /// Words in reading order.
    pub words: Vec<Word>,
}
