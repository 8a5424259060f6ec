//! One worker's Tesseract: a handle per language set, created on first use (70–110 ms each,
//! so they are kept), a few at most, and the recognition of one image file.

use std::path::{Path, PathBuf};

use leptess::leptonica::{self, Pix};
use leptess::tesseract::TessApi;

use super::{OcrError, OcrPage, orientation, tessdata, tsv};
use crate::words::Word;

/// Handles kept at once (each holds its models: ~30 MB for `eng`, more for CJK).
const MAX_HANDLES: usize = 4;
/// The resolution assumed for images that carry none (Tesseract warns and guesses otherwise).
const FALLBACK_DPI: i32 = 200;
/// Resolutions Tesseract believes (its `kMinCredibleResolution`, `kMaxCredibleResolution`).
const CREDIBLE_DPI: std::ops::RangeInclusive<i32> = 70..=2400;

/// How a page is laid out, as the caller knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Anything: columns, blocks and pictures are found by layout analysis (the CLI's
    /// default).
    Auto,
    /// One block of rows that run across the page, as on receipts, invoices and statements:
    /// a label and its amount at the far right stay on one line, and faint thermal print is
    /// not dropped as noise by the block finder.
    Rows,
}

/// Tesseract's page segmentation modes used here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Segmentation {
    /// `PSM_AUTO`: full layout analysis, no orientation detection (the CLI's default).
    Auto,
    /// `PSM_AUTO_OSD`: the same after orientation and script detection.
    AutoWithOrientation,
    /// `PSM_SINGLE_BLOCK`: one uniform block of text.
    SingleBlock,
}

impl Segmentation {
    fn value(self) -> &'static std::ffi::CStr {
        match self {
            Segmentation::Auto => c"3",
            Segmentation::AutoWithOrientation => c"1",
            Segmentation::SingleBlock => c"6",
        }
    }
}

/// One worker's Tesseract: handles cached per language set (e.g. "eng", "eng+deu",
/// "chi_sim+eng"), created on first use.
pub struct Recognizer {
    tessdata: PathBuf,
    /// Least recently used first.
    handles: Vec<Handle>,
}

struct Handle {
    languages: String,
    api: TessApi,
    segmentation: Segmentation,
}

/// One recognition pass's result.
struct Pass {
    words: Vec<Word>,
    rotation: u16,
}

impl Recognizer {
    /// A recognizer reading models from `tessdata` (`None`: Tesseract's default, i.e.
    /// `TESSDATA_PREFIX` or Debian's `/usr/share/tesseract-ocr/5/tessdata`).
    pub fn new(tessdata: Option<PathBuf>) -> Recognizer {
        Recognizer {
            tessdata: tessdata.unwrap_or_else(tessdata::default_dir),
            handles: Vec::new(),
        }
    }

    /// The recognition languages installed in the tessdata directory (not `osd`), sorted.
    pub fn installed_languages(&self) -> Vec<String> {
        tessdata::installed(&self.tessdata)
    }

    /// OCR of the image file at `path` (PNG, JPEG, WebP, PNM: whatever leptonica reads), in
    /// `languages` (Tesseract codes, the first one primary).
    pub fn recognize(&mut self, path: &Path, languages: &[&str]) -> Result<OcrPage, OcrError> {
        let languages = tessdata::language_set(&self.tessdata, languages)?;
        let pix = read_image(path)?;
        self.recognize_pix(&pix, &languages, Layout::Auto)
    }

    /// OCR of an encoded image in memory (the server hands over images it decoded and
    /// re-encoded itself, so leptonica never parses an upload).
    pub fn recognize_bytes(
        &mut self,
        image: &[u8],
        languages: &[&str],
        layout: Layout,
    ) -> Result<OcrPage, OcrError> {
        let languages = tessdata::language_set(&self.tessdata, languages)?;
        let pix =
            leptonica::pix_read_mem(image).map_err(|e| OcrError::Unreadable(e.to_string()))?;
        self.recognize_pix(&pix, &languages, layout)
    }

    fn recognize_pix(
        &mut self,
        pix: &Pix,
        languages: &str,
        layout: Layout,
    ) -> Result<OcrPage, OcrError> {
        let (width, height) = (pix.get_w(), pix.get_h());
        let handle = self.handle(languages)?;
        let first = match layout {
            Layout::Auto => Segmentation::Auto,
            Layout::Rows => Segmentation::SingleBlock,
        };
        let upright = handle.pass(pix, first, width, height)?;
        if orientation::reads_upright(&upright.words) {
            return Ok(page(width, height, upright));
        }
        let detected = handle.pass(pix, Segmentation::AutoWithOrientation, width, height)?;
        let best = if detected.rotation != 0
            && orientation::score(&detected.words) > orientation::score(&upright.words)
        {
            detected
        } else {
            upright
        };
        Ok(page(width, height, best))
    }

    /// The handle for `languages`, created (and the least recently used one dropped) if needed.
    fn handle(&mut self, languages: &str) -> Result<&mut Handle, OcrError> {
        let handle = match self.handles.iter().position(|h| h.languages == languages) {
            Some(at) => self.handles.remove(at),
            None => {
                if self.handles.len() >= MAX_HANDLES {
                    self.handles.remove(0);
                }
                Handle::new(&self.tessdata, languages)?
            }
        };
        self.handles.push(handle);
        self.handles
            .last_mut()
            .ok_or_else(|| OcrError::Failed("no Tesseract handle".into()))
    }
}

fn page(width: u32, height: u32, pass: Pass) -> OcrPage {
    OcrPage {
        width,
        height,
        rotation: pass.rotation,
        words: pass.words,
    }
}

fn read_image(path: &Path) -> Result<Pix, OcrError> {
    if !path.is_file() {
        return Err(OcrError::Failed(format!(
            "no image file at {}",
            path.display()
        )));
    }
    leptonica::pix_read(path).map_err(|e| OcrError::Unreadable(e.to_string()))
}

impl Handle {
    fn new(tessdata: &Path, languages: &str) -> Result<Handle, OcrError> {
        // leptess panics on interior NULs: refuse them first.
        let dir = tessdata
            .to_str()
            .filter(|dir| !dir.contains('\0'))
            .ok_or_else(|| {
                OcrError::Failed(format!("unusable tessdata path {}", tessdata.display()))
            })?;
        let api = TessApi::new(Some(dir), languages)
            .map_err(|e| OcrError::Failed(format!("Tesseract init for {languages}: {e:?}")))?;
        let mut handle = Handle {
            languages: languages.to_owned(),
            api,
            segmentation: Segmentation::Auto,
        };
        handle.set(c"tessedit_pageseg_mode", Segmentation::Auto.value())?;
        // Tesseract's diagnostics ("OSD: Weak margin …") go nowhere, not to the server's log.
        handle.set(c"debug_file", c"/dev/null")?;
        Ok(handle)
    }

    fn set(&mut self, name: &std::ffi::CStr, value: &std::ffi::CStr) -> Result<(), OcrError> {
        self.api.raw.set_variable(name, value).map_err(|_| {
            OcrError::Failed(format!(
                "Tesseract rejected {}={}",
                name.to_string_lossy(),
                value.to_string_lossy()
            ))
        })
    }

    /// Recognizes `pix` in `segmentation` mode; words' boxes are in `pix`'s pixels.
    fn pass(
        &mut self,
        pix: &Pix,
        segmentation: Segmentation,
        width: u32,
        height: u32,
    ) -> Result<Pass, OcrError> {
        if self.segmentation != segmentation {
            self.set(c"tessedit_pageseg_mode", segmentation.value())?;
            self.segmentation = segmentation;
        }
        // Clears the previous results and restricts nothing.
        self.api.set_image(pix);
        if !CREDIBLE_DPI.contains(&self.api.get_source_y_resolution()) {
            self.api.set_source_resolution(FALLBACK_DPI);
        }
        if self.api.recognize() != 0 {
            return Err(OcrError::Failed("Tesseract recognition failed".into()));
        }
        let tsv = self
            .api
            .get_tsv_text(0)
            .map_err(|e| OcrError::Failed(format!("Tesseract TSV output: {e}")))?;
        let words = tsv::words(&tsv, width, height);
        let turned = orientation::turn_from_geometry(&words);
        let rotation = match segmentation {
            Segmentation::Auto | Segmentation::SingleBlock => turned,
            Segmentation::AutoWithOrientation => {
                let hocr = self
                    .api
                    .get_hocr_text(0)
                    .map_err(|e| OcrError::Failed(format!("Tesseract hOCR output: {e}")))?;
                match orientation::rotation_from_hocr(&hocr) {
                    0 => turned,
                    rotation => rotation,
                }
            }
        };
        Ok(Pass { words, rotation })
    }
}
