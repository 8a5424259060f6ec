//! The pages of an uploaded image or PDF as text with a box for every word: what the
//! document APIs (PII, finance, contracts) read. Images are decoded in Rust under the pixel
//! limit and OCRed; a PDF is measured first (page count, encryption), its born-digital pages
//! give their text layer, and pages without one are rasterized and OCRed. Boxes are in
//! pixels of the image, or of the PDF page rendered at [`PDF_DPI`].

use std::ops::Range;

use futures::StreamExt as _;

use super::deskew;
use super::ocr::{Engines, Layout, Ocr, OcrError};
use super::poppler::{self, PopplerError, RasterKind};
use super::raster::{self, RasterError, RasterFormat};
use super::words::{Rect, Word, page_text};

/// The longest side of an image or rendered page, in pixels.
const MAX_SIDE: u32 = 30_000;

/// Resolution PDF pages are read and redacted at.
pub const PDF_DPI: u32 = 200;

/// What an upload is, as sniffed from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Image(RasterFormat),
    Pdf,
}

/// Limits checked before any decoding or rendering.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_pages: usize,
    pub max_pixels: u64,
}

impl Limits {
    /// The image limits of one page.
    pub fn raster(&self) -> raster::Limits {
        raster::Limits {
            max_pixels: self.max_pixels,
            max_side: MAX_SIDE,
        }
    }
}

/// How a page's text was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The PDF's own text layer.
    TextLayer,
    /// OCR; `rotation` is the turn (0, 90, 180, 270 degrees) the page needed.
    Ocr { rotation: u16 },
}

/// One page: its size in pixels, its text (words joined by spaces, lines by `\n`) and the
/// char range and box of every word in that text.
#[derive(Debug, Clone)]
pub struct Page {
    /// 1-based.
    pub number: usize,
    pub width: u32,
    pub height: u32,
    pub reading: Reading,
    pub text: String,
    pub words: Vec<(Range<usize>, Rect)>,
    /// Each word's confidence (0..1; 1 for a text layer), in the order of `words`.
    pub confidences: Vec<f32>,
}

impl Page {
    /// The page of `words` (in reading order).
    pub fn of(number: usize, width: u32, height: u32, reading: Reading, words: &[Word]) -> Page {
        let (text, ranges) = page_text(words);
        Page {
            number,
            width,
            height,
            reading,
            text,
            words: ranges
                .into_iter()
                .zip(words.iter().map(|w| w.bbox))
                .collect(),
            confidences: words.iter().map(|w| w.confidence).collect(),
        }
    }

    /// The page's words again, each with its text, box, confidence and line (lines numbered
    /// from 0 in reading order), for readers that work on rows and columns.
    pub fn word_list(&self) -> Vec<Word> {
        let chars: Vec<char> = self.text.chars().collect();
        let slice = |range: &Range<usize>| {
            chars
                .get(range.start.min(chars.len())..range.end.min(chars.len()))
                .unwrap_or_default()
        };
        let mut line = 0u32;
        let mut previous_end = 0usize;
        let mut words = Vec::with_capacity(self.words.len());
        for (i, (range, bbox)) in self.words.iter().enumerate() {
            let between = previous_end..range.start.max(previous_end);
            line += slice(&between).iter().filter(|&&c| c == '\n').count() as u32;
            previous_end = range.end;
            words.push(Word {
                text: slice(range).iter().collect(),
                bbox: *bbox,
                confidence: self.confidences.get(i).copied().unwrap_or(1.0),
                line,
            });
        }
        words
    }
}

/// Why the pages could not be read.
#[derive(Debug)]
pub enum PagesError {
    /// Over the page or pixel limit (413).
    TooLarge(String),
    /// Corrupt, encrypted or otherwise unreadable (422).
    Unreadable(String),
    /// Every OCR worker is busy (503, retry).
    Busy(String),
    /// A component is missing here: poppler, or Tesseract's data for a language (503).
    Unavailable(String),
    /// Anything else (500).
    Failed(String),
}

impl std::fmt::Display for PagesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PagesError::TooLarge(m)
            | PagesError::Unreadable(m)
            | PagesError::Busy(m)
            | PagesError::Unavailable(m)
            | PagesError::Failed(m) => f.write_str(m),
        }
    }
}

impl From<RasterError> for PagesError {
    fn from(e: RasterError) -> Self {
        match e {
            RasterError::TooLarge { .. } => PagesError::TooLarge(e.to_string()),
            RasterError::Unsupported | RasterError::Corrupt(_) => {
                PagesError::Unreadable(e.to_string())
            }
        }
    }
}

impl From<PopplerError> for PagesError {
    fn from(e: PopplerError) -> Self {
        match e {
            PopplerError::Unreadable(ref m) => PagesError::Unreadable(m.clone()),
            PopplerError::TooLarge { .. } => PagesError::TooLarge(e.to_string()),
            PopplerError::Unavailable(ref m) => PagesError::Unavailable(m.clone()),
            PopplerError::Failed(ref e) => PagesError::Failed(format!("{e:#}")),
        }
    }
}

impl From<OcrError> for PagesError {
    fn from(e: OcrError) -> Self {
        match e {
            OcrError::UnknownLanguage(m) => {
                PagesError::Unavailable(format!("no OCR data for the language {m}"))
            }
            OcrError::Unreadable(m) => PagesError::Unreadable(m),
            OcrError::Busy(m) => PagesError::Busy(m),
            OcrError::Failed(m) => PagesError::Failed(m),
        }
    }
}

/// Checks what can be checked before any work: an image's pixel count from its header, a
/// PDF's page count, encryption and page sizes. Cheap; run before the call is charged.
pub async fn check(bytes: &[u8], source: Source, limits: Limits) -> Result<(), PagesError> {
    match source {
        Source::Image(_) => {
            let (_, width, height) = raster::dimensions(bytes)?;
            Ok(limits.raster().check(width, height)?)
        }
        Source::Pdf => pdf_pages(bytes, limits).await.map(drop),
    }
}

/// The PDF's page count, refused when encrypted or over the limit.
async fn pdf_pages(pdf: &[u8], limits: Limits) -> Result<usize, PagesError> {
    pdf_page_count(pdf, limits.max_pages).await
}

/// The page count of a PDF poppler can read, refused when it is encrypted, has no page or
/// more than `max_pages` (every API that takes or makes PDFs measures them here).
pub async fn pdf_page_count(pdf: &[u8], max_pages: usize) -> Result<usize, PagesError> {
    let info = poppler::info(pdf).await?;
    if info.encrypted {
        return Err(PagesError::Unreadable(
            "the PDF is encrypted: upload it without a password".into(),
        ));
    }
    if info.pages == 0 {
        return Err(PagesError::Unreadable("the PDF has no pages".into()));
    }
    if info.pages > max_pages {
        return Err(PagesError::TooLarge(format!(
            "the PDF has {} pages; the limit is {max_pages}",
            info.pages
        )));
    }
    Ok(info.pages)
}

/// How scans are OCRed: Tesseract language codes, the page's layout, whether a page
/// photographed off square is straightened first, and how much it is enlarged (1 for its own
/// size). Boxes are on the page as read (straightened, enlarged), so a reader that paints on
/// the original keeps `deskew` off and `magnify` at 1.
#[derive(Debug, Clone, Copy)]
pub struct Scan<'a> {
    pub languages: &'a [&'a str],
    pub layout: Layout,
    pub deskew: bool,
    pub magnify: f32,
    /// Tesseract alone, or PP-OCR's reading combined with it.
    pub engines: Engines,
}

impl<'a> Scan<'a> {
    /// A page read at its own size, by Tesseract.
    pub fn new(languages: &'a [&'a str], layout: Layout, deskew: bool) -> Scan<'a> {
        Scan {
            languages,
            layout,
            deskew,
            magnify: 1.0,
            engines: Engines::Tesseract,
        }
    }
}

/// Reads every page of an upload; scans are OCRed as `scan` says.
pub async fn read(
    bytes: &[u8],
    source: Source,
    limits: Limits,
    ocr: &Ocr,
    scan: Scan<'_>,
) -> Result<Vec<Page>, PagesError> {
    match source {
        Source::Image(_) => {
            let gray = {
                let bytes = bytes.to_vec();
                let (deskew, magnify) = (scan.deskew, scan.magnify);
                blocking(move || {
                    raster::decode(&bytes, &limits.raster())
                        .map(|d| ocr_input(raster::gray(&d.image), deskew, magnify))
                })
                .await??
            };
            Ok(vec![ocr_page(ocr, 1, gray, scan).await?])
        }
        Source::Pdf => read_pdf(bytes, limits, ocr, scan).await,
    }
}

async fn read_pdf(
    pdf: &[u8],
    limits: Limits,
    ocr: &Ocr,
    scan: Scan<'_>,
) -> Result<Vec<Page>, PagesError> {
    let count = pdf_pages(pdf, limits).await?;
    let layers = poppler::words(pdf, PDF_DPI).await?;
    if layers.len() != count {
        return Err(PagesError::Unreadable(format!(
            "the PDF says it has {count} pages but {} could be read",
            layers.len()
        )));
    }
    for layer in &layers {
        limits
            .raster()
            .check(layer.width_px, layer.height_px)
            .map_err(|e| PagesError::TooLarge(format!("page {}: {e}", layer.page)))?;
    }
    // Pages are read in order, several at once (as many as the OCR pool has workers, and
    // as many again rendering ahead), so a scanned document keeps every worker busy.
    let ahead = ocr.workers() * 2;
    let pages: Vec<Result<Page, PagesError>> = futures::stream::iter(layers)
        .map(|layer| read_layer(pdf, layer, ocr, scan, limits))
        .buffered(ahead.max(1))
        .collect()
        .await;
    pages.into_iter().collect()
}

/// One page: its text layer when it has one, else the page rendered and OCRed.
async fn read_layer(
    pdf: &[u8],
    layer: poppler::PdfPageWords,
    ocr: &Ocr,
    scan: Scan<'_>,
    limits: Limits,
) -> Result<Page, PagesError> {
    let number = layer.page;
    if layer.words.iter().any(|w| !w.text.trim().is_empty()) {
        let words: Vec<Word> = layer
            .words
            .into_iter()
            .map(|w| Word {
                text: w.text,
                bbox: w.rect.pixels(),
                confidence: 1.0,
                line: u32::try_from(w.line).unwrap_or(u32::MAX),
            })
            .collect();
        return Ok(Page::of(
            number,
            layer.width_px,
            layer.height_px,
            Reading::TextLayer,
            &words,
        ));
    }
    let dir =
        tempfile::tempdir().map_err(|e| PagesError::Failed(format!("a scratch directory: {e}")))?;
    let files =
        poppler::rasterize(pdf, PDF_DPI, number..=number, RasterKind::Gray, dir.path()).await?;
    let image = match files.first() {
        Some(file) => tokio::fs::read(file)
            .await
            .map_err(|e| PagesError::Failed(format!("reading a rendered page: {e}")))?,
        None => {
            return Err(PagesError::Failed(format!(
                "page {number} was not rendered"
            )));
        }
    };
    let image = if scan.deskew || scan.magnify != 1.0 {
        let (limits, deskew, magnify) = (limits.raster(), scan.deskew, scan.magnify);
        blocking(move || {
            raster::decode_pnm_gray(&image, &limits).map(|page| ocr_input(page, deskew, magnify))
        })
        .await??
    } else {
        image
    };
    ocr_page(ocr, number, image, scan).await
}

/// The page as Tesseract reads it: enlarged by `magnify` (bicubic; less if its longest side
/// would pass the limit), then straightened when asked.
fn ocr_input(page: image::GrayImage, deskew: bool, magnify: f32) -> Vec<u8> {
    let longest = page.width().max(page.height()).max(1) as f32;
    let magnify = magnify.min(MAX_SIDE as f32 / longest);
    let page = if magnify > 1.0 {
        let side = |pixels: u32| ((pixels as f32 * magnify).round() as u32).clamp(1, MAX_SIDE);
        image::imageops::resize(
            &page,
            side(page.width()),
            side(page.height()),
            image::imageops::FilterType::CatmullRom,
        )
    } else {
        page
    };
    match deskew.then(|| deskew::straighten(&page)).flatten() {
        Some((straight, _)) => raster::pnm(&straight),
        None => raster::pnm(&page),
    }
}

async fn ocr_page(
    ocr: &Ocr,
    number: usize,
    image: Vec<u8>,
    scan: Scan<'_>,
) -> Result<Page, PagesError> {
    let read = ocr
        .recognize(image, scan.languages, scan.layout, scan.engines)
        .await?;
    Ok(Page::of(
        number,
        read.width,
        read.height,
        Reading::Ocr {
            rotation: read.rotation,
        },
        &read.words,
    ))
}

/// Runs CPU-bound decoding off Tokio's workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PagesError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| PagesError::Failed(format!("decoding stopped: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, x: u32, line: u32, confidence: f32) -> Word {
        Word {
            text: text.into(),
            bbox: Rect {
                x,
                y: 40 * line,
                width: 10 * text.chars().count() as u32,
                height: 20,
            },
            confidence,
            line,
        }
    }

    #[test]
    fn a_page_gives_back_its_words_with_their_lines_and_confidences() {
        let words = vec![
            word("Käse", 0, 3, 0.9),
            word("2,50", 200, 3, 0.8),
            word("合計", 0, 7, 0.7),
            word("1.200", 200, 7, 0.6),
            word("Total", 0, 9, 1.0),
        ];
        let page = Page::of(1, 400, 400, Reading::TextLayer, &words);
        let back = page.word_list();
        let lines: Vec<u32> = back.iter().map(|w| w.line).collect();
        assert_eq!(lines, [0, 0, 1, 1, 2]);
        for (original, read) in words.iter().zip(&back) {
            assert_eq!(original.text, read.text);
            assert_eq!(original.bbox, read.bbox);
            assert_eq!(original.confidence, read.confidence);
        }
    }

    #[test]
    fn a_scan_is_enlarged_for_ocr_as_asked_and_never_past_the_side_limit() {
        let limits = raster::Limits {
            max_pixels: u64::MAX,
            max_side: u32::MAX,
        };
        let size = |page: image::GrayImage, magnify: f32| {
            let read =
                raster::decode_pnm_gray(&ocr_input(page, false, magnify), &limits).expect("a PNM");
            (read.width(), read.height())
        };
        let page = || image::GrayImage::from_pixel(100, 40, image::Luma([255]));
        assert_eq!(size(page(), 1.0), (100, 40));
        assert_eq!(size(page(), 1.5), (150, 60));
        let tall = image::GrayImage::from_pixel(20, MAX_SIDE / 2, image::Luma([255]));
        assert_eq!(size(tall, 3.0), (40, MAX_SIDE));
    }
}
