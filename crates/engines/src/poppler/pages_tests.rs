//! Words and page images from real poppler runs on PDFs written with known text positions.

use super::*;
use crate::fixtures::{LETTER, encrypted_pdf, text_pdf};
use crate::image_pdf::helvetica_width;

/// The box poppler gives Helvetica `text` at `(x, y)` (baseline, points from the bottom
/// left of a Letter page), at `size` points, in pixels at `dpi`.
fn expected_box(x: f32, y: f32, size: f32, text: &str, dpi: u32) -> Rect {
    let width: u32 = text.bytes().map(helvetica_width).sum();
    let px = dpi as f32 / 72.0;
    let top = LETTER.1 - y;
    Rect {
        x0: x * px,
        y0: (top - 0.718 * size) * px,
        x1: (x + width as f32 / 1000.0 * size) * px,
        y1: (top + 0.207 * size) * px,
    }
}

fn assert_near(got: &Rect, want: &Rect, text: &str) {
    let close = |a: f32, b: f32| (a - b).abs() <= 2.0;
    assert!(
        close(got.x0, want.x0)
            && close(got.y0, want.y0)
            && close(got.x1, want.x1)
            && close(got.y1, want.y1),
        "{text}: got {got:?}, want {want:?}"
    );
}

#[tokio::test]
async fn words_come_with_their_boxes_in_pixels_and_their_lines() {
    let pdf = text_pdf(
        &[
            vec![
                (72.0, 700.0, 12.0, "Jane Doe"),
                (100.0, 500.0, 20.0, "AT&T <x>"),
            ],
            vec![], // no text layer
        ],
        LETTER,
    );
    let pages = words(&pdf, 150).await.unwrap();
    assert_eq!(pages.len(), 2);
    assert_eq!(
        (pages[0].page, pages[0].width_px, pages[0].height_px),
        (1, 1275, 1650)
    );
    assert_eq!((pages[1].page, pages[1].words.len()), (2, 0));
    let got: Vec<(&str, usize)> = pages[0]
        .words
        .iter()
        .map(|w| (w.text.as_str(), w.line))
        .collect();
    assert_eq!(
        got,
        [("Jane", 0), ("Doe", 0), ("AT&T", 1), ("<x>", 1)],
        "entities decoded, lines in reading order"
    );
    let expected = [
        expected_box(72.0, 700.0, 12.0, "Jane", 150),
        expected_box(72.0 + width_of("Jane ") * 12.0, 700.0, 12.0, "Doe", 150),
        expected_box(100.0, 500.0, 20.0, "AT&T", 150),
        expected_box(100.0 + width_of("AT&T ") * 20.0, 500.0, 20.0, "<x>", 150),
    ];
    for (word, want) in pages[0].words.iter().zip(&expected) {
        assert_near(&word.rect, want, &word.text);
    }
}

/// The advance of `text` at size 1.
fn width_of(text: &str) -> f32 {
    text.bytes().map(helvetica_width).sum::<u32>() as f32 / 1000.0
}

#[test]
fn bbox_xhtml_is_parsed_with_its_entities() {
    let xhtml = r#"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x.dtd"><html xmlns="http://www.w3.org/1999/xhtml">
<head><meta name="Title" content="A &amp; B"/><title>t</title></head><body><doc>
  <page width="72.000000" height="144.000000">
    <flow><block xMin="0" yMin="0" xMax="1" yMax="1"><line xMin="0" yMin="0" xMax="1" yMax="1">
      <word xMin="7.2" yMin="14.4" xMax="36" yMax="28.8">&lt;M&amp;S&#233;&#x20AC;&gt;</word>
    </line></block></flow>
  </page>
  <page width="10" height="10">
  </page>
</doc></body></html>"#;
    let pages = parse_bbox(xhtml, 144).unwrap();
    assert_eq!(pages.len(), 2);
    assert_eq!((pages[0].width_px, pages[0].height_px), (144, 288));
    let word = &pages[0].words[0];
    assert_eq!(word.text, "<M&Sé€>");
    assert_eq!(
        word.rect,
        Rect {
            x0: 14.4,
            y0: 28.8,
            x1: 72.0,
            y1: 57.6
        }
    );
    assert!(pages[1].words.is_empty());
    assert!(parse_bbox("<doc><page width='x' height='1'/></doc>", 72).is_err());
}

#[tokio::test]
async fn pages_are_rasterized_at_the_size_the_resolution_gives() {
    let page = |n: &'static str| vec![(72.0, 700.0, 12.0, n)];
    let pdf = text_pdf(&[page("one"), page("two"), page("three")], LETTER);
    let dir = tempfile::tempdir().unwrap();
    let color = rasterize(&pdf, 200, 1..=3, RasterKind::Color, dir.path())
        .await
        .unwrap();
    assert_eq!(color.len(), 3);
    for (i, file) in color.iter().enumerate() {
        assert!(file.ends_with(format!("page-{}.png", i + 1)), "{file:?}");
        let bytes = std::fs::read(file).unwrap();
        let (format, w, h) = crate::raster::dimensions(&bytes).unwrap();
        assert_eq!(
            (format, w, h),
            (crate::raster::RasterFormat::Png, 1700, 2200)
        );
    }
    let gray_dir = tempfile::tempdir().unwrap();
    let gray = rasterize(&pdf, 200, 2..=3, RasterKind::Gray, gray_dir.path())
        .await
        .unwrap();
    assert_eq!(gray.len(), 2);
    assert!(gray[0].ends_with("page-2.pgm") && gray[1].ends_with("page-3.pgm"));
    let pgm = std::fs::read(&gray[0]).unwrap();
    assert!(pgm.starts_with(b"P5\n1700 2200\n255\n"));
    assert_eq!(pgm.len(), "P5\n1700 2200\n255\n".len() + 1700 * 2200);

    let raw_dir = tempfile::tempdir().unwrap();
    let raw = rasterize(&pdf, 200, 3..=3, RasterKind::ColorRaw, raw_dir.path())
        .await
        .unwrap();
    assert!(raw[0].ends_with("page-3.ppm"));
    let limits = crate::raster::Limits::default();
    let ppm = crate::raster::decode_pnm(&std::fs::read(&raw[0]).unwrap(), &limits).unwrap();
    assert_eq!(ppm.dimensions(), (1700, 2200));
    let pgm_bytes = pgm.clone();
    let pgm = crate::raster::decode_pnm(&pgm, &limits).unwrap();
    assert_eq!(pgm.dimensions(), (1700, 2200));
    // Same page, same pixels (text antialiasing aside, both are white almost everywhere).
    let white = |img: &image::RgbImage| img.pixels().filter(|p| p.0 == [255; 3]).count();
    assert!(white(&ppm).abs_diff(white(&pgm)) < 1000);
    // As gray: the PGM's samples unchanged, the PPM through the same luma.
    let gray_page =
        crate::raster::decode_pnm_gray(&std::fs::read(&gray[0]).unwrap(), &limits).unwrap();
    assert_eq!(
        gray_page.as_raw().as_slice(),
        &pgm_bytes[pgm_bytes.len() - 1700 * 2200..]
    );
    let luma = crate::raster::decode_pnm_gray(&std::fs::read(&raw[0]).unwrap(), &limits).unwrap();
    assert_eq!(luma, crate::raster::gray(&ppm));
    let mut cut = std::fs::read(&raw[0]).unwrap();
    cut.truncate(cut.len() - 1);
    assert!(crate::raster::decode_pnm(&cut, &limits).is_err());
    assert!(crate::raster::decode_pnm_gray(&cut, &limits).is_err());

    let beyond = rasterize(&pdf, 72, 4..=5, RasterKind::Gray, gray_dir.path()).await;
    assert!(
        matches!(&beyond, Err(PopplerError::Unreadable(m)) if m.contains("no page 4")),
        "{beyond:?}"
    );
}

#[tokio::test]
async fn a_page_over_the_pixel_limit_is_refused_before_it_is_drawn() {
    let pdf = text_pdf(&[vec![(72.0, 72.0, 12.0, "huge")]], (14_400.0, 14_400.0));
    let dir = tempfile::tempdir().unwrap();
    let refused = rasterize(&pdf, 200, 1..=1, RasterKind::Gray, dir.path()).await;
    assert!(
        matches!(
            refused,
            Err(PopplerError::TooLarge {
                page: 1,
                width: 40_000,
                height: 40_000,
                limit: 50_000_000
            })
        ),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // The same page at 20 DPI is 4,000 px a side.
    let small = rasterize(&pdf, 20, 1..=1, RasterKind::Gray, dir.path())
        .await
        .unwrap();
    assert_eq!(small.len(), 1);
}

#[tokio::test]
async fn encrypted_and_corrupt_pdfs_are_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let encrypted = encrypted_pdf();
    let mut corrupt = text_pdf(&[vec![(72.0, 72.0, 12.0, "x")]], LETTER);
    corrupt.truncate(60);
    for (pdf, why) in [(encrypted, "encrypted"), (corrupt, "cannot be read")] {
        let read = words(&pdf, 150).await.map(drop);
        let drawn = rasterize(&pdf, 150, 1..=1, RasterKind::Color, dir.path())
            .await
            .map(drop);
        for outcome in [read, drawn] {
            assert!(
                matches!(&outcome, Err(PopplerError::Unreadable(m)) if m.contains(why)),
                "{why}: {outcome:?}"
            );
        }
    }
}
