//! Redaction by painting pixels. An image is decoded, its entities' word boxes filled, and
//! encoded afresh in its own format (no metadata of the original is copied). A PDF is
//! rendered page by page at the reading resolution, painted, and rebuilt as a new PDF made
//! only of those page images: no text, metadata, annotation, form, attachment, script or
//! earlier revision of the original can survive, on pages with findings or without. Asked
//! for, the new PDF carries an invisible text layer of the words no finding covers.

use super::entities::Entity;
use suite_engines::image_pdf::{self, ImageData, InvisibleText, PageImage};
use suite_engines::pages::{PDF_DPI, Page, PagesError, Source};
use suite_engines::poppler::{self, RasterKind};
use suite_engines::raster::{self, Rect};

/// The redacted file and its media type.
#[derive(Debug)]
pub struct Redacted {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
}

/// How to redact.
#[derive(Debug, Clone, Copy)]
pub struct Painting {
    /// RGB of the boxes.
    pub fill: [u8; 3],
    /// Whether a PDF gets an invisible layer of the words left.
    pub text_layer: bool,
    pub limits: raster::Limits,
}

/// Paints every entity of `entities` (found on `pages`) over the upload `bytes`.
pub async fn redact(
    bytes: &[u8],
    source: Source,
    pages: &[Page],
    entities: &[Entity],
    painting: Painting,
) -> Result<Redacted, PagesError> {
    let Painting {
        fill,
        text_layer,
        limits,
    } = painting;
    match source {
        Source::Image(format) => {
            let boxes = boxes_of(entities, 1);
            let bytes = bytes.to_vec();
            let painted = tokio::task::spawn_blocking(move || {
                let mut image = raster::decode(&bytes, &limits)?.image;
                raster::paint(&mut image, &boxes, fill);
                raster::encode(&image, format).map_err(|e| PagesError::Failed(format!("{e:#}")))
            })
            .await
            .map_err(|e| PagesError::Failed(format!("redaction stopped: {e}")))??;
            Ok(Redacted {
                bytes: painted,
                content_type: format.mime(),
            })
        }
        Source::Pdf => {
            let text = text_layer.then(|| words_left(pages, entities));
            redact_pdf(bytes, pages.len(), entities, fill, limits, text).await
        }
    }
}

/// The words of `pages` that no entity covers, for the invisible text layer.
fn words_left(pages: &[Page], entities: &[Entity]) -> Vec<InvisibleText> {
    pages
        .iter()
        .enumerate()
        .flat_map(|(index, page)| {
            let chars: Vec<char> = page.text.chars().collect();
            page.words
                .iter()
                .filter(move |(range, _)| {
                    !entities.iter().any(|e| {
                        e.page == page.number
                            && e.chars.start < range.end
                            && range.start < e.chars.end
                    })
                })
                .map(move |(range, rect)| InvisibleText {
                    page: index,
                    text: chars[range.clone()].iter().collect(),
                    rect: Rect::from(*rect),
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

async fn redact_pdf(
    pdf: &[u8],
    pages: usize,
    entities: &[Entity],
    fill: [u8; 3],
    limits: raster::Limits,
    text: Option<Vec<InvisibleText>>,
) -> Result<Redacted, PagesError> {
    let dir =
        tempfile::tempdir().map_err(|e| PagesError::Failed(format!("a scratch directory: {e}")))?;
    let files =
        poppler::rasterize(pdf, PDF_DPI, 1..=pages, RasterKind::ColorRaw, dir.path()).await?;
    if files.len() != pages {
        return Err(PagesError::Failed(format!(
            "{} of the PDF's {pages} pages were rendered",
            files.len()
        )));
    }
    let mut images = Vec::with_capacity(pages);
    for (index, file) in files.into_iter().enumerate() {
        let boxes = boxes_of(entities, index + 1);
        let page = tokio::task::spawn_blocking(move || -> Result<PageImage, PagesError> {
            let rendered = std::fs::read(&file)
                .map_err(|e| PagesError::Failed(format!("reading a rendered page: {e}")))?;
            let mut image = raster::decode_pnm(&rendered, &limits)?;
            raster::paint(&mut image, &boxes, fill);
            let (width_px, height_px) = image.dimensions();
            // Lossless: text pages compress better than as JPEG, and painted edges stay sharp.
            Ok(PageImage {
                width_px,
                height_px,
                dpi: PDF_DPI,
                encoding: ImageData::Rgb(image.into_raw()),
            })
        })
        .await
        .map_err(|e| PagesError::Failed(format!("redaction stopped: {e}")))??;
        images.push(page);
    }
    let bytes = tokio::task::spawn_blocking(move || image_pdf::build(&images, text.as_deref()))
        .await
        .map_err(|e| PagesError::Failed(format!("redaction stopped: {e}")))?
        .map_err(|e| PagesError::Failed(format!("{e:#}")))?;
    Ok(Redacted {
        bytes,
        content_type: "application/pdf",
    })
}

/// The word boxes of the entities on `page`.
fn boxes_of(entities: &[Entity], page: usize) -> Vec<Rect> {
    entities
        .iter()
        .filter(|e| e.page == page)
        .flat_map(|e| e.word_boxes.iter().map(|&b| Rect::from(b)))
        .collect()
}
