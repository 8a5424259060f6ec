use suite_ppocr::{Point, Quad, TextLine};

use super::combine;
use crate::words::{Rect, Word};

fn word(text: &str, x: u32, width: u32, line: u32, confidence: f32) -> Word {
    Word {
        text: text.into(),
        bbox: Rect {
            x,
            y: 100,
            width,
            height: 20,
        },
        confidence,
        line,
    }
}

/// A PP-OCR line from `x` to `right` at the height of [`word`]'s, its characters evenly
/// spaced except where `text` has a space (read as a gap of two pitches, no character).
fn line(text: &str, x: f32, right: f32, confidence: f32) -> TextLine {
    let slots = text.chars().count() as f32;
    let mut positions = Vec::new();
    let mut kept = String::new();
    for (i, c) in text.chars().enumerate() {
        if c != '_' {
            kept.push(c);
            positions.push((i as f32 + 0.5) / slots);
        }
    }
    let point = |x, y| Point { x, y };
    TextLine {
        quad: Quad([
            point(x, 98.0),
            point(right, 98.0),
            point(right, 122.0),
            point(x, 122.0),
        ]),
        text: kept,
        confidence,
        positions,
    }
}

fn texts(words: &[Word]) -> Vec<&str> {
    words.iter().map(|w| w.text.as_str()).collect()
}

fn every_char(_: char) -> bool {
    true
}

#[test]
fn a_line_replaces_the_words_it_covers_and_keeps_their_breaks() {
    // PP-OCR reads "TOTAL12.50" without the space; Tesseract misread the amount.
    let tesseract = vec![word("TOTAL", 10, 50, 0, 0.9), word("12.5O", 90, 50, 0, 0.6)];
    let lines = [line("TOTAL___12.50", 10.0, 140.0, 0.95)];
    let words = combine(tesseract, &lines, every_char);
    assert_eq!(texts(&words), ["TOTAL", "12.50"]);
    assert!(words.iter().all(|w| w.line == 0 && w.confidence == 0.95));
    // Each box stays where its characters are: the amount right of the label.
    assert!(words[0].bbox.x + words[0].bbox.width <= words[1].bbox.x);
    assert!(words[1].bbox.x >= 80 && words[1].bbox.x + words[1].bbox.width <= 141);
}

#[test]
fn a_gap_cuts_words_where_tesseract_saw_nothing() {
    let lines = [line("CASH___10.00", 10.0, 130.0, 0.9)];
    let words = combine(Vec::new(), &lines, every_char);
    assert_eq!(texts(&words), ["CASH", "10.00"]);
}

#[test]
fn tesseract_keeps_a_line_with_a_letter_ppocr_cannot_write() {
    let tesseract = vec![word("Straße", 10, 60, 0, 0.8), word("12", 80, 20, 0, 0.9)];
    let lines = [line("StraBe_12", 10.0, 100.0, 0.9)];
    let no_sharp_s = |c: char| c != 'ß';
    let words = combine(tesseract, &lines, no_sharp_s);
    assert_eq!(texts(&words), ["Straße", "12"]);
    let tesseract = vec![word("£8.99", 10, 50, 0, 0.8)];
    let lines = [line("E8.99", 10.0, 60.0, 0.9)];
    let words = combine(tesseract, &lines, |c: char| c != '£');
    assert_eq!(texts(&words), ["£8.99"], "a currency sign too");
    let tesseract = vec![word("Bäckerei", 10, 80, 0, 0.8)];
    let lines = [line("Backerei", 10.0, 90.0, 0.9)];
    let words = combine(tesseract, &lines, every_char);
    assert_eq!(
        texts(&words),
        ["Bäckerei"],
        "an accented letter PP-OCR has but misreads"
    );
}

#[test]
fn words_outside_every_line_are_kept_and_lines_are_renumbered_top_down() {
    let mut below = word("THANKS", 10, 60, 7, 0.7);
    below.bbox.y = 300;
    let tesseract = vec![below, word("DATE", 10, 40, 3, 0.8)];
    let lines = [line("DATE", 10.0, 50.0, 0.9)];
    let words = combine(tesseract, &lines, every_char);
    assert_eq!(texts(&words), ["DATE", "THANKS"]);
    assert_eq!(
        words.iter().map(|w| w.line).collect::<Vec<_>>(),
        [0, 1],
        "fresh ids in reading order"
    );
}

#[test]
fn a_vertical_line_is_left_to_tesseract() {
    let tesseract = vec![word("A", 10, 10, 0, 0.9)];
    let point = |x, y| Point { x, y };
    let tall = TextLine {
        quad: Quad([
            point(8.0, 50.0),
            point(24.0, 50.0),
            point(24.0, 200.0),
            point(8.0, 200.0),
        ]),
        text: "XYZ".into(),
        confidence: 0.9,
        positions: vec![0.2, 0.5, 0.8],
    };
    let words = combine(tesseract, &[tall], every_char);
    assert_eq!(texts(&words), ["A"]);
}

#[test]
fn full_width_forms_are_read_as_ascii() {
    let lines = [line("（M）SDN：１", 10.0, 100.0, 0.9)];
    let words = combine(Vec::new(), &lines, every_char);
    assert_eq!(texts(&words), ["(M)SDN:1"]);
}

#[test]
fn a_line_is_read_again_unless_tesseract_was_sure_of_words_without_digits() {
    let at = |y| Rect {
        x: 0,
        y,
        width: 200,
        height: 30,
    };
    let sure = |text: &str, confidence| {
        let mut w = word(text, 10, 50, 0, confidence);
        w.bbox.y = 505;
        w
    };
    let page = 1000;
    assert!(!super::worth_reading(at(500), &[sure("THANK", 0.96)], page));
    assert!(super::worth_reading(at(500), &[sure("THANK", 0.7)], page));
    assert!(super::worth_reading(
        at(500),
        &[sure("RM12.50", 0.96)],
        page
    ));
    assert!(
        super::worth_reading(at(500), &[], page),
        "Tesseract read nothing there"
    );
    let mut header = sure("SHOP", 0.96);
    header.bbox.y = 105;
    assert!(super::worth_reading(at(100), &[header], page), "the header");
}
