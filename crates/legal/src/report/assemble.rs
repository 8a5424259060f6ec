//! Turning the drawn pages into the PDF file: catalog, page tree, compressed content
//! streams, the embedded font subsets and the document info (no timestamps, so equal
//! inputs give equal bytes).

use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, TextStr};

use super::canvas::Canvas;
use super::embed::{FontRefs, embed};
use super::error::ReportError;
use super::fonts::Slot;
use super::theme::{PAGE_HEIGHT, PAGE_WIDTH};

/// Zlib-compresses `data` (the PDF FlateDecode filter).
pub(super) fn deflate(data: &[u8]) -> Result<Vec<u8>, ReportError> {
    let mut encoder =
        ZlibEncoder::new(Vec::with_capacity(data.len() / 2 + 64), Compression::new(6));
    encoder.write_all(data).map_err(ReportError::Compression)?;
    encoder.finish().map_err(ReportError::Compression)
}

/// Writes the PDF of the finished canvas.
pub(super) fn assemble(canvas: Canvas, title: &str) -> Result<Vec<u8>, ReportError> {
    let fonts = canvas.fonts;
    let (pages, usage) = canvas.finish();
    let mut pdf = Pdf::new();
    pdf.set_version(1, 7);
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let page_tree = next.bump();
    let info = next.bump();
    let used_fonts: Vec<(Slot, FontRefs)> = Slot::ALL
        .into_iter()
        .filter(|&slot| usage.slot(slot).is_used())
        .map(|slot| (slot, FontRefs::allocate(&mut next)))
        .collect();
    let page_refs: Vec<(Ref, Ref)> = pages.iter().map(|_| (next.bump(), next.bump())).collect();

    pdf.catalog(catalog).pages(page_tree);
    let count = i32::try_from(page_refs.len()).unwrap_or(i32::MAX);
    pdf.pages(page_tree)
        .kids(page_refs.iter().map(|&(page, _)| page))
        .count(count);
    for (content, &(page_ref, content_ref)) in pages.into_iter().zip(&page_refs) {
        let mut page = pdf.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(page_tree)
            .contents(content_ref);
        let mut resources = page.resources();
        let mut font_dict = resources.fonts();
        for (slot, refs) in &used_fonts {
            font_dict.pair(Name(slot.resource_name()), refs.type0);
        }
        font_dict.finish();
        resources.finish();
        page.finish();
        let data = deflate(content.finish().as_slice())?;
        pdf.stream(content_ref, &data).filter(Filter::FlateDecode);
    }
    for &(slot, refs) in &used_fonts {
        embed(&mut pdf, refs, fonts.face(slot), usage.slot(slot))?;
    }
    pdf.document_info(info)
        .title(TextStr(title))
        .subject(TextStr("Contract risk review"))
        .producer(TextStr("contract review report"));
    Ok(pdf.finish())
}
