//! PaddleOCR's PP-OCRv4 pipeline, in-process: the DB text detector finds line boxes, the
//! angle classifier turns upside-down lines, the SVTR recogniser reads each line (CTC decoded
//! with the model's own character dictionary). The ONNX files are PaddleOCR's, as shipped in
//! the `rapidocr-onnxruntime` wheel; ONNX Runtime (the `onnxruntime` wheel's library, loaded
//! at start) runs them on the CPU. One [`PpOcr`] is shared by every OCR worker thread; each
//! network runs one batch at a time, on the runtime's threads.

mod classify;
mod detect;
mod dictionary;
mod error;
mod geometry;
mod network;
mod recognize;
mod runtime;
mod sample;

use std::path::Path;

pub use error::PpOcrError;
pub use geometry::{Point, Quad};
use image::RgbImage;

/// The three model files, as named in the wheel.
pub const DETECTOR_FILE: &str = "ch_PP-OCRv4_det_infer.onnx";
pub const CLASSIFIER_FILE: &str = "ch_ppocr_mobile_v2.0_cls_infer.onnx";
pub const RECOGNIZER_FILE: &str = "ch_PP-OCRv4_rec_infer.onnx";

/// One line of text as read.
#[derive(Debug, Clone, PartialEq)]
pub struct TextLine {
    /// The line's corners in the image's pixels, clockwise from the text's top-left.
    pub quad: Quad,
    pub text: String,
    /// The recogniser's mean probability over the characters read, 0..1.
    pub confidence: f32,
    /// Where each char of `text` sits along the line, from 0 (its start) to 1 (its end).
    pub positions: Vec<f32>,
}

/// The loaded models.
pub struct PpOcr {
    detector: detect::Detector,
    classifier: classify::Classifier,
    recognizer: recognize::Recognizer,
}

impl std::fmt::Debug for PpOcr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PpOcr").finish_non_exhaustive()
    }
}

impl PpOcr {
    /// Loads the three models from `dir` (the files named above) into the ONNX Runtime at
    /// `runtime` (its `libonnxruntime.so`), which runs on `threads` threads; the runtime is
    /// loaded once per process, by the first call.
    pub fn load(dir: &Path, runtime: &Path, threads: usize) -> Result<PpOcr, PpOcrError> {
        let environment = runtime::environment(runtime, threads)?;
        let detector = detect::Detector::load(&dir.join(DETECTOR_FILE), &environment)?;
        let classifier = classify::Classifier::load(&dir.join(CLASSIFIER_FILE), &environment)?;
        let recognizer = recognize::Recognizer::load(&dir.join(RECOGNIZER_FILE), &environment)?;
        Ok(PpOcr {
            detector,
            classifier,
            recognizer,
        })
    }

    /// Whether `c` is in the recogniser's alphabet (PP-OCRv4's: Chinese, Latin letters
    /// without most accents, digits, punctuation), so a reading of it is possible at all.
    pub fn knows(&self, c: char) -> bool {
        c.is_whitespace() || self.recognizer.knows(c)
    }

    /// Reads every line of `image`, top to bottom, left to right; lines the recogniser is
    /// unsure of (below `min_confidence`) are left out.
    pub fn read(&self, image: &RgbImage, min_confidence: f32) -> Result<Vec<TextLine>, PpOcrError> {
        let quads = self.find_lines(image)?;
        self.read_lines(image, &quads, min_confidence)
    }

    /// The text lines of `image`, top to bottom, left to right, each quad turned so that its
    /// first corner is the text's top-left: detection and angle classification, no reading.
    pub fn find_lines(&self, image: &RgbImage) -> Result<Vec<Quad>, PpOcrError> {
        let quads = self.detector.detect(image)?;
        self.classifier.upright(image, quads)
    }

    /// Reads the lines of `image` at `quads` (as [`PpOcr::find_lines`] gives them), in their
    /// order; lines below `min_confidence` are left out.
    pub fn read_lines(
        &self,
        image: &RgbImage,
        quads: &[Quad],
        min_confidence: f32,
    ) -> Result<Vec<TextLine>, PpOcrError> {
        let lines = self.recognizer.read_all(image, quads)?;
        Ok(lines
            .into_iter()
            .filter(|line| !line.text.trim().is_empty() && line.confidence >= min_confidence)
            .collect())
    }
}

/// Where `cargo xtask serve` and `cargo xtask test` install the models (the wheel's version in
/// the path, so another can be installed beside it).
pub const DEFAULT_DIR: &str = "/usr/local/share/suite-ppocr/rapidocr-onnxruntime-1.4.4";

/// Where they install ONNX Runtime's library, from Microsoft's `onnxruntime` 1.31.1 wheel.
pub const DEFAULT_RUNTIME: &str =
    "/usr/local/share/suite-ppocr/onnxruntime-1.31.1/libonnxruntime.so.1.31.1";
