//! A new PDF made only of page images (the redacted pages), with an optional invisible text
//! layer so the result can still be searched and selected. Nothing of the original document
//! is carried over: no info dictionary, metadata, annotations, forms, outlines or scripts,
//! and a single revision.

use std::io::Write;

use anyhow::{Context, bail, ensure};
use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect as PdfRect, Ref, Str};

use super::image_size::{JpegFrame, jpeg_frame};
use super::raster::Rect;

/// One page: an image of `width_px` × `height_px` pixels shown at `dpi`.
#[derive(Debug, Clone)]
pub struct PageImage {
    pub width_px: u32,
    pub height_px: u32,
    pub dpi: u32,
    pub encoding: ImageData,
}

/// The pixels of a page image.
#[derive(Debug, Clone)]
pub enum ImageData {
    /// A baseline or progressive 8-bit JPEG, RGB or gray, embedded as is (DCTDecode).
    Jpeg(Vec<u8>),
    /// Raw RGB, 3 bytes a pixel, row by row (compressed with FlateDecode).
    Rgb(Vec<u8>),
    /// Raw gray, 1 byte a pixel (FlateDecode).
    Gray(Vec<u8>),
}

/// A word of the invisible text layer: on page `page` (0-based index into the pages),
/// `text` fitted to `rect` (pixels of that page's image).
#[derive(Debug, Clone)]
pub struct InvisibleText {
    pub page: usize,
    pub text: String,
    pub rect: Rect,
}

/// zlib level for raw page images: 6 is zlib's default, within a few percent of 9 in size.
const FLATE_LEVEL: u32 = 6;

/// A PDF with one page per image, each image filling its page (sized from its pixels and
/// dpi), and `text` as invisible Helvetica words over them.
pub fn build(pages: &[PageImage], text: Option<&[InvisibleText]>) -> anyhow::Result<Vec<u8>> {
    ensure!(!pages.is_empty(), "a PDF needs at least one page");
    let text = text.unwrap_or(&[]);
    if let Some(word) = text.iter().find(|w| w.page >= pages.len()) {
        bail!("text for page {} of a {}-page PDF", word.page, pages.len());
    }
    let catalog_id = Ref::new(1);
    let pages_id = Ref::new(2);
    let font_id = Ref::new(3);
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(4 + 3 * i as i32))
        .collect();

    let capacity = pages.iter().map(|p| p.encoding.len()).sum::<usize>() / 2 + 4096;
    let mut pdf = Pdf::with_capacity(capacity);
    pdf.catalog(catalog_id).pages(pages_id);
    pdf.pages(pages_id)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    if !text.is_empty() {
        pdf.type1_font(font_id)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }

    for (index, (page, &page_id)) in pages.iter().zip(&page_ids).enumerate() {
        let content_id = Ref::new(page_id.get() + 1);
        let image_id = Ref::new(page_id.get() + 2);
        let context = || format!("page {}", index + 1);
        ensure!(
            page.width_px > 0 && page.height_px > 0 && page.dpi > 0,
            "{}: {}×{} pixels at {} DPI",
            context(),
            page.width_px,
            page.height_px,
            page.dpi
        );
        let points = 72.0 / page.dpi as f32;
        let (width_pt, height_pt) = (
            page.width_px as f32 * points,
            page.height_px as f32 * points,
        );

        write_image(&mut pdf, image_id, page).with_context(context)?;

        let mut content = Content::new();
        content
            .save_state()
            .transform([width_pt, 0.0, 0.0, height_pt, 0.0, 0.0])
            .x_object(Name(b"Im0"))
            .restore_state();
        let words: Vec<_> = text.iter().filter(|w| w.page == index).collect();
        if !words.is_empty() {
            write_words(&mut content, &words, points, height_pt);
        }
        let content = deflate(&content.finish(), FLATE_LEVEL)?;
        pdf.stream(content_id, &content).filter(Filter::FlateDecode);

        let mut page_dict = pdf.page(page_id);
        page_dict
            .media_box(PdfRect::new(0.0, 0.0, width_pt, height_pt))
            .parent(pages_id)
            .contents(content_id);
        let mut resources = page_dict.resources();
        resources.x_objects().pair(Name(b"Im0"), image_id);
        if !words.is_empty() {
            resources.fonts().pair(Name(b"F1"), font_id);
        }
        resources.finish();
        page_dict.finish();
    }
    Ok(pdf.finish())
}

impl ImageData {
    fn len(&self) -> usize {
        match self {
            ImageData::Jpeg(b) | ImageData::Rgb(b) | ImageData::Gray(b) => b.len(),
        }
    }
}

/// The page's image XObject.
fn write_image(pdf: &mut Pdf, id: Ref, page: &PageImage) -> anyhow::Result<()> {
    let pixels = page.width_px as usize * page.height_px as usize;
    let (data, filter, gray) = match &page.encoding {
        ImageData::Jpeg(jpeg) => {
            let JpegFrame {
                width,
                height,
                components,
            } = jpeg_frame(jpeg).context("the JPEG has no frame header")?;
            ensure!(
                (width, height) == (page.width_px, page.height_px),
                "the JPEG is {width}×{height}, not {}×{}",
                page.width_px,
                page.height_px
            );
            ensure!(
                matches!(components, 1 | 3),
                "a JPEG of {components} components (RGB or gray only)"
            );
            (
                std::borrow::Cow::Borrowed(jpeg.as_slice()),
                Filter::DctDecode,
                components == 1,
            )
        }
        ImageData::Rgb(raw) | ImageData::Gray(raw) => {
            let gray = matches!(page.encoding, ImageData::Gray(_));
            let expected = pixels * if gray { 1 } else { 3 };
            ensure!(
                raw.len() == expected,
                "{} bytes of pixels, not {expected}",
                raw.len()
            );
            (
                std::borrow::Cow::Owned(deflate(raw, FLATE_LEVEL)?),
                Filter::FlateDecode,
                gray,
            )
        }
    };
    let mut image = pdf.image_xobject(id, &data);
    image.filter(filter);
    image.width(page.width_px as i32);
    image.height(page.height_px as i32);
    if gray {
        image.color_space().device_gray();
    } else {
        image.color_space().device_rgb();
    }
    image.bits_per_component(8);
    image.finish();
    Ok(())
}

/// Helvetica's ascent and descent (fractions of the font size), as poppler measures it.
const ASCENT: f32 = 0.718;
const DESCENT: f32 = 0.207;

/// The words as invisible text (render mode 3), each sized to its box's height and scaled
/// horizontally to its width, so that text extraction gives the same boxes back.
fn write_words(content: &mut Content, words: &[&InvisibleText], points: f32, page_height: f32) {
    content
        .begin_text()
        .set_text_rendering_mode(pdf_writer::types::TextRenderingMode::Invisible);
    for word in words {
        let encoded = win_ansi(&word.text);
        let units: u32 = encoded.iter().map(|&b| helvetica_width(b)).sum();
        let (width, height) = (word.rect.width() * points, word.rect.height() * points);
        if encoded.is_empty() || units == 0 || width <= 0.0 || height <= 0.0 {
            continue;
        }
        let size = height / (ASCENT + DESCENT);
        let natural = units as f32 / 1000.0 * size;
        let baseline = page_height - word.rect.y1 * points + DESCENT * size;
        content
            .set_font(Name(b"F1"), size)
            .set_horizontal_scaling(100.0 * width / natural)
            .set_text_matrix([1.0, 0.0, 0.0, 1.0, word.rect.x0 * points, baseline])
            .show(Str(&encoded));
    }
    content.end_text();
}

/// `text` in WinAnsiEncoding, `?` for what it cannot encode (and for control characters).
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{A0}'..='\u{FF}' => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            'ƒ' => 0x83,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            'ˆ' => 0x88,
            '‰' => 0x89,
            'Š' => 0x8A,
            '‹' => 0x8B,
            'Œ' => 0x8C,
            'Ž' => 0x8E,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '˜' => 0x98,
            '™' => 0x99,
            'š' => 0x9A,
            '›' => 0x9B,
            'œ' => 0x9C,
            'ž' => 0x9E,
            'Ÿ' => 0x9F,
            _ => b'?',
        })
        .collect()
}

/// Helvetica's advance widths (1/1000 em) of WinAnsi codes 0x20..=0xFF (Adobe's AFM, as
/// poppler has them built in).
#[rustfmt::skip]
const HELVETICA: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 350,
    556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350,
    350, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 350, 500, 667,
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

/// The width of WinAnsi code `code` in Helvetica.
pub(crate) fn helvetica_width(code: u8) -> u32 {
    code.checked_sub(0x20)
        .map_or(0, |i| u32::from(HELVETICA[usize::from(i)]))
}

/// `data` zlib-compressed (what FlateDecode reads).
fn deflate(data: &[u8], level: u32) -> anyhow::Result<Vec<u8>> {
    let mut encoder = ZlibEncoder::new(Vec::with_capacity(data.len() / 4), Compression::new(level));
    encoder.write_all(data)?;
    Ok(encoder.finish()?)
}

#[cfg(test)]
mod tests;
