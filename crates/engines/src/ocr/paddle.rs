//! The second OCR engine, PP-OCRv4 (`suite-ppocr`): one set of models shared by every worker,
//! loaded on the first page that asks for it (the server starts without paying for it), and
//! read from the images the workers are handed.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use image::RgbImage;
use suite_ppocr::{CLASSIFIER_FILE, DETECTOR_FILE, PpOcr, RECOGNIZER_FILE, TextLine};

use super::OcrError;
use super::combine::rect_of;
use crate::raster;
use crate::words::Rect;

/// Lines the recogniser is less sure of are not offered at all.
const MIN_LINE_CONFIDENCE: f32 = 0.5;
/// PP-OCR's models and runtime, found at start and loaded on first use.
pub struct Paddle {
    dir: PathBuf,
    runtime: PathBuf,
    models: OnceLock<Result<PpOcr, String>>,
}

impl std::fmt::Debug for Paddle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Paddle").field("dir", &self.dir).finish()
    }
}

impl Paddle {
    /// The models in `dir` and ONNX Runtime's library at `runtime`; an error naming the
    /// missing file when they are not installed (`cargo xtask serve` installs them).
    pub fn find(dir: &Path, runtime: &Path) -> Result<Paddle, OcrError> {
        for file in [DETECTOR_FILE, CLASSIFIER_FILE, RECOGNIZER_FILE] {
            if !dir.join(file).is_file() {
                return Err(OcrError::Failed(format!(
                    "the PP-OCR model {file} is not in {} (`cargo xtask serve` installs it)",
                    dir.display()
                )));
            }
        }
        if !runtime.is_file() {
            return Err(OcrError::Failed(format!(
                "ONNX Runtime's library {} is missing (`cargo xtask serve` installs it)",
                runtime.display()
            )));
        }
        Ok(Paddle {
            dir: dir.to_owned(),
            runtime: runtime.to_owned(),
            models: OnceLock::new(),
        })
    }

    /// The models, loaded once; the runtime's threads are the machine's cores (a page's
    /// latency halves on two, and a busy server's workers take turns at the networks).
    fn models(&self) -> Result<&PpOcr, OcrError> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        self.models
            .get_or_init(|| PpOcr::load(&self.dir, &self.runtime, cores).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| OcrError::Failed(format!("loading PP-OCR: {e}")))
    }

    /// The lines PP-OCR finds in the encoded `image` and reads where `worth_reading` says so
    /// (given each line's box in the image's pixels), and the models (whose alphabet the
    /// caller weighs readings by).
    pub fn read(
        &self,
        image: &[u8],
        worth_reading: impl Fn(Rect) -> bool,
    ) -> Result<(Vec<TextLine>, &PpOcr), OcrError> {
        let models = self.models()?;
        let rgb = rgb_of(image)?;
        let failed = |e: suite_ppocr::PpOcrError| OcrError::Failed(format!("PP-OCR: {e}"));
        let mut quads = models.find_lines(&rgb).map_err(failed)?;
        quads.retain(|quad| worth_reading(rect_of(quad.bounds())));
        let lines = models
            .read_lines(&rgb, &quads, MIN_LINE_CONFIDENCE)
            .map_err(failed)?;
        Ok((lines, models))
    }
}

/// The worker's image in colour (the pages reader hands over PNM; other callers an image
/// file's bytes).
fn rgb_of(image: &[u8]) -> Result<RgbImage, OcrError> {
    let limits = raster::Limits {
        max_pixels: u64::MAX,
        max_side: u32::MAX,
    };
    let decoded = if image.starts_with(b"P5") || image.starts_with(b"P6") {
        raster::decode_pnm(image, &limits)
    } else {
        raster::decode(image, &limits).map(|d| d.image)
    };
    decoded.map_err(|e| OcrError::Unreadable(e.to_string()))
}
