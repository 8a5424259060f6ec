//! Image-only PDFs built from rasterized pages, read back with poppler.

use super::*;
use crate::fixtures::{LETTER, text_pdf};
use crate::poppler::{self, RasterKind};
use crate::raster::{self, Limits, RasterFormat};

/// Pages `1..=n` of `pdf` rasterized at `dpi`, as JPEG or raw RGB page images.
async fn page_images(pdf: &[u8], n: usize, dpi: u32, jpeg: bool) -> Vec<PageImage> {
    let dir = tempfile::tempdir().unwrap();
    let files = poppler::rasterize(pdf, dpi, 1..=n, RasterKind::Color, dir.path())
        .await
        .unwrap();
    files
        .iter()
        .map(|file| {
            let decoded = raster::decode(&std::fs::read(file).unwrap(), &Limits::default())
                .unwrap()
                .image;
            let (width_px, height_px) = decoded.dimensions();
            let encoding = if jpeg {
                ImageData::Jpeg(raster::encode(&decoded, RasterFormat::Jpeg).unwrap())
            } else {
                ImageData::Rgb(decoded.into_raw())
            };
            PageImage {
                width_px,
                height_px,
                dpi,
                encoding,
            }
        })
        .collect()
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

/// Nothing but pages and images: no info, metadata, annotations, forms, outlines, scripts,
/// and one revision.
fn assert_bare(pdf: &[u8]) {
    for name in [
        &b"/Info"[..],
        b"/Metadata",
        b"/Annots",
        b"/AcroForm",
        b"/Outlines",
        b"/JavaScript",
        b"/JS",
        b"/OpenAction",
        b"/Names",
    ] {
        assert_eq!(count(pdf, name), 0, "{}", String::from_utf8_lossy(name));
    }
    assert_eq!(count(pdf, b"%%EOF"), 1);
    assert_eq!(count(pdf, b"startxref"), 1);
    assert_eq!(count(pdf, b"\nxref"), 1);
}

#[tokio::test]
async fn rasterized_pages_make_a_pdf_without_text() {
    let original = text_pdf(
        &[
            vec![(72.0, 700.0, 12.0, "Jane Doe")],
            vec![(72.0, 700.0, 12.0, "Page two")],
        ],
        LETTER,
    );
    for jpeg in [true, false] {
        let pages = page_images(&original, 2, 100, jpeg).await;
        let pdf = build(&pages, None).unwrap();
        assert_bare(&pdf);
        let info = poppler::info(&pdf).await.unwrap();
        assert_eq!((info.pages, info.encrypted), (2, false));
        let text = poppler::text(&pdf).await.unwrap();
        assert!(text.trim().is_empty(), "{text:?}");
        // Same page size as the original: 850×1100 px at 100 DPI is 612×792 pt.
        let read = poppler::words(&pdf, 100).await.unwrap();
        assert_eq!((read[1].width_px, read[1].height_px), (850, 1100));
    }
}

#[tokio::test]
async fn the_invisible_text_layer_gives_back_exactly_its_words_and_boxes() {
    let original = text_pdf(
        &[vec![
            (72.0, 700.0, 12.0, "Jane Doe lives here"),
            (72.0, 400.0, 24.0, "Account 12345"),
        ]],
        LETTER,
    );
    let dpi = 150;
    let words = poppler::words(&original, dpi).await.unwrap();
    // Redacted: "Doe" and "12345" are not in the layer.
    let kept: Vec<InvisibleText> = words[0]
        .words
        .iter()
        .filter(|w| w.text != "Doe" && w.text != "12345")
        .map(|w| InvisibleText {
            page: 0,
            text: w.text.clone(),
            rect: w.rect,
        })
        .collect();
    let pages = page_images(&original, 1, dpi, true).await;
    let pdf = build(&pages, Some(&kept)).unwrap();
    assert_bare(&pdf);
    let back = poppler::words(&pdf, dpi).await.unwrap();
    let texts: Vec<&str> = back[0].words.iter().map(|w| w.text.as_str()).collect();
    assert_eq!(texts, ["Jane", "lives", "here", "Account"]);
    for (got, want) in back[0].words.iter().zip(&kept) {
        let close = |a: f32, b: f32| (a - b).abs() <= 1.5;
        assert!(
            close(got.rect.x0, want.rect.x0)
                && close(got.rect.y0, want.rect.y0)
                && close(got.rect.x1, want.rect.x1)
                && close(got.rect.y1, want.rect.y1),
            "{}: {:?} for {:?}",
            got.text,
            got.rect,
            want.rect
        );
    }
    // Rendering mode 3: the page renders as the image alone (nothing drawn over it).
    let plain = build(&pages, None).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let with = poppler::rasterize(&pdf, 50, 1..=1, RasterKind::Gray, dir.path());
    let with = std::fs::read(&with.await.unwrap()[0]).unwrap();
    let dir2 = tempfile::tempdir().unwrap();
    let without = poppler::rasterize(&plain, 50, 1..=1, RasterKind::Gray, dir2.path());
    assert_eq!(with, std::fs::read(&without.await.unwrap()[0]).unwrap());
}

#[test]
fn text_outside_winansi_becomes_question_marks() {
    assert_eq!(win_ansi("Łódź €5 – “ok”"), b"?\xF3d? \x805 \x96 \x93ok\x94");
    assert_eq!(win_ansi("a\u{7}b😀"), b"a?b?");
}

#[test]
fn inconsistent_pages_are_refused_not_written() {
    let page = |encoding| PageImage {
        width_px: 2,
        height_px: 2,
        dpi: 72,
        encoding,
    };
    assert!(build(&[], None).is_err());
    assert!(build(&[page(ImageData::Rgb(vec![0; 11]))], None).is_err());
    assert!(build(&[page(ImageData::Jpeg(b"not a jpeg".to_vec()))], None).is_err());
    let word = InvisibleText {
        page: 1,
        text: "x".into(),
        rect: Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 1.0,
            y1: 1.0,
        },
    };
    let one = [page(ImageData::Gray(vec![0; 4]))];
    assert!(build(&one, Some(&[word])).is_err());
    assert!(build(&one, None).is_ok());
}
