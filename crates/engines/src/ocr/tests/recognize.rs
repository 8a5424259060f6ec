//! Recognition end to end: exact words and sane boxes on rendered pages, rotated pages mapped
//! back, CJK joined, right-to-left kept logical, and the errors.

use std::path::Path;

use super::super::{OcrError, OcrPage, Recognizer};
use super::render;
use crate::words::{Rect, page_text};

const LINES: &[&str] = &[
    "Invoice number 4711",
    "Total amount due 12.50 EUR",
    "Thank you for your business",
];

fn texts(page: &OcrPage) -> Vec<&str> {
    page.words.iter().map(|w| w.text.as_str()).collect()
}

fn expected_words() -> Vec<&'static str> {
    LINES.iter().flat_map(|l| l.split(' ')).collect()
}

/// Where a box of an upright `width`×`height` page lands once the page is turned clockwise.
fn turn(b: Rect, rotation: u16, width: u32, height: u32) -> Rect {
    match rotation {
        90 => Rect {
            x: height - (b.y + b.height),
            y: b.x,
            width: b.height,
            height: b.width,
        },
        180 => Rect {
            x: width - (b.x + b.width),
            y: height - (b.y + b.height),
            width: b.width,
            height: b.height,
        },
        270 => Rect {
            x: b.y,
            y: width - (b.x + b.width),
            width: b.height,
            height: b.width,
        },
        _ => b,
    }
}

fn close(a: Rect, b: Rect, tolerance: u32) -> bool {
    a.x.abs_diff(b.x) <= tolerance
        && a.y.abs_diff(b.y) <= tolerance
        && a.width.abs_diff(b.width) <= tolerance
        && a.height.abs_diff(b.height) <= tolerance
}

#[test]
fn upright_page_gives_exact_words_lines_and_boxes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = render::text_page(dir.path(), "upright", LINES, 14.0, 0);
    let page = Recognizer::new(None)
        .recognize(&png, &["eng"])
        .expect("recognize");
    assert_eq!((page.width, page.height, page.rotation), (1240, 1755, 0));
    assert_eq!(texts(&page), expected_words());
    assert_eq!(page_text(&page.words).0, LINES.join("\n"));
    // 14 pt at 150 dpi: capitals ~20 px; the text starts at the 1-inch margin (150 px) and
    // the first baseline 96 pt (200 px) down; lines 22.4 pt (~47 px) apart.
    for (i, line) in LINES.iter().enumerate() {
        let words: Vec<_> = page.words.iter().filter(|w| w.line as usize == i).collect();
        assert_eq!(words.len(), line.split(' ').count());
        assert!(words[0].bbox.x.abs_diff(150) <= 4, "{:?}", words[0]);
        let top = 179 + 47 * i as u32;
        for pair in words.windows(2) {
            assert!(
                pair[0].bbox.x + pair[0].bbox.width < pair[1].bbox.x,
                "{pair:?}"
            );
        }
        for w in words {
            assert!(w.bbox.y.abs_diff(top) <= 6, "{w:?}");
            assert!((15..=30).contains(&w.bbox.height), "{w:?}");
            assert!(
                w.bbox.width >= 12 * w.text.chars().count() as u32 / 2,
                "{w:?}"
            );
            assert!(w.confidence > 0.8 && w.confidence <= 1.0, "{w:?}");
        }
    }
}

#[test]
fn turned_pages_are_read_and_boxes_mapped_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut recognizer = Recognizer::new(None);
    let upright = recognizer
        .recognize(
            &render::text_page(dir.path(), "r0", LINES, 14.0, 0),
            &["eng"],
        )
        .expect("recognize");
    for rotation in [90u16, 180, 270] {
        let png = render::text_page(
            dir.path(),
            &format!("r{rotation}"),
            LINES,
            14.0,
            rotation.into(),
        );
        let page = recognizer.recognize(&png, &["eng"]).expect("recognize");
        assert_eq!(page.rotation, rotation);
        let size = if rotation == 180 {
            (1240, 1755)
        } else {
            (1755, 1240)
        };
        assert_eq!((page.width, page.height), size);
        assert_eq!(texts(&page), expected_words(), "turned {rotation}");
        assert_eq!(page_text(&page.words).0, LINES.join("\n"));
        for (turned, word) in page.words.iter().zip(&upright.words) {
            let expected = turn(word.bbox, rotation, upright.width, upright.height);
            assert!(
                close(turned.bbox, expected, 5),
                "{rotation}: {turned:?} vs {expected:?}"
            );
        }
    }
}

#[test]
fn chinese_is_joined_without_spaces() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = render::html_page(
        dir.path(),
        "zh",
        "我们的发票已经付款<br>欢迎光临本店",
        640,
        260,
    );
    let page = Recognizer::new(None)
        .recognize(&png, &["chi_sim"])
        .expect("recognize");
    assert_eq!(page.rotation, 0);
    assert_eq!(
        page_text(&page.words).0,
        "我们的发票已经付款\n欢迎光临本店",
        "{page:?}"
    );
    for w in &page.words {
        assert!(
            w.bbox.x >= 30 && w.bbox.x + w.bbox.width <= 640 && w.bbox.height >= 25,
            "{w:?}"
        );
    }
}

#[test]
fn hebrew_keeps_logical_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = render::html_page(dir.path(), "he", "<div dir=rtl>שלום עולם</div>", 640, 200);
    let page = Recognizer::new(None)
        .recognize(&png, &["heb"])
        .expect("recognize");
    assert_eq!(page_text(&page.words).0, "שלום עולם", "{page:?}");
    // Logical order: the first word is the rightmost.
    assert!(page.words[0].bbox.x > page.words[1].bbox.x, "{page:?}");
}

#[test]
fn blank_page_has_no_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = render::text_page(dir.path(), "blank", &[], 14.0, 0);
    let page = Recognizer::new(None)
        .recognize(&png, &["eng"])
        .expect("recognize");
    assert_eq!((page.rotation, page.words.len()), (0, 0));
}

#[test]
fn unknown_language_and_unreadable_files_are_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut recognizer = Recognizer::new(None);
    assert_eq!(
        recognizer.recognize(Path::new("/nonexistent.png"), &["eng", "klingon"]),
        Err(OcrError::UnknownLanguage("klingon".into()))
    );
    let garbage = dir.path().join("garbage.png");
    std::fs::write(&garbage, b"this is not an image").expect("write");
    assert!(matches!(
        recognizer.recognize(&garbage, &["eng"]),
        Err(OcrError::Unreadable(_))
    ));
    let png = std::fs::read(render::text_page(dir.path(), "t", LINES, 14.0, 0)).expect("read");
    let truncated = dir.path().join("truncated.png");
    std::fs::write(&truncated, &png[..png.len().min(200)]).expect("write");
    assert!(matches!(
        recognizer.recognize(&truncated, &["eng"]),
        Err(OcrError::Unreadable(_))
    ));
    assert!(matches!(
        recognizer.recognize(&dir.path().join("missing.png"), &["eng"]),
        Err(OcrError::Failed(_))
    ));
}

#[test]
fn installed_languages_cover_the_apis_languages() {
    let recognizer = Recognizer::new(None);
    let languages = recognizer.installed_languages();
    for code in ["eng", "deu", "chi_sim", "ara", "heb"] {
        assert!(languages.iter().any(|l| l == code), "{languages:?}");
    }
}
