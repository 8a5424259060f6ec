//! Words with boxes, as OCR and PDF text layers give them, and the page text readers work
//! on: words joined by a space, lines by `\n`, with every word's char range kept so a span
//! found in the text maps back to the boxes it covers. Chinese and Japanese are written
//! without spaces (Tesseract gives them per character or run), so two such words of one
//! line are joined without one.

use std::ops::Range;

use serde::{Deserialize, Serialize};

/// A box in pixels from the page's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Rect {
    /// The smallest box holding both.
    pub fn union(self, other: Rect) -> Rect {
        let x = self.x.min(other.x);
        let y = self.y.min(other.y);
        let right = (self.x + self.width).max(other.x + other.width);
        let bottom = (self.y + self.height).max(other.y + other.height);
        Rect {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }
}

/// One word of a page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Word {
    pub text: String,
    pub bbox: Rect,
    /// 0..1 (1 for a text layer).
    pub confidence: f32,
    /// The line it belongs to: ids unique in the page, in reading order.
    pub line: u32,
}

/// The page text of `words` (in reading order) and each word's char range in it. Right-to-left
/// lines keep the reader's logical order.
pub fn page_text(words: &[Word]) -> (String, Vec<Range<usize>>) {
    let mut text = String::new();
    let mut ranges = Vec::with_capacity(words.len());
    let mut chars = 0usize;
    let mut previous: Option<&Word> = None;
    for word in words {
        if let Some(previous) = previous {
            let separator = if previous.line != word.line {
                Some('\n')
            } else if joins_without_space(&previous.text, &word.text) {
                None
            } else {
                Some(' ')
            };
            if let Some(separator) = separator {
                text.push(separator);
                chars += 1;
            }
        }
        let start = chars;
        text.push_str(&word.text);
        chars += word.text.chars().count();
        ranges.push(start..chars);
        previous = Some(word);
    }
    (text, ranges)
}

fn joins_without_space(left: &str, right: &str) -> bool {
    matches!(
        (left.chars().next_back(), right.chars().next()),
        (Some(l), Some(r)) if unspaced(l) && unspaced(r)
    )
}

/// A character of a script written without spaces between words: Han, kana, their
/// punctuation and full-width forms. Hangul is written with spaces, so it is not one.
pub fn unspaced(c: char) -> bool {
    matches!(u32::from(c),
        0x2E80..=0x2FDF     // CJK radicals, Kangxi radicals
        | 0x3000..=0x303F   // CJK symbols and punctuation
        | 0x3040..=0x30FF   // Hiragana, Katakana
        | 0x3100..=0x312F   // Bopomofo
        | 0x31A0..=0x31FF   // Bopomofo extended, CJK strokes, Katakana extensions
        | 0x3400..=0x4DBF   // CJK extension A
        | 0x4E00..=0x9FFF   // CJK unified ideographs
        | 0xF900..=0xFAFF   // CJK compatibility ideographs
        | 0xFE30..=0xFE4F   // CJK compatibility forms
        | 0xFF00..=0xFF60   // full-width ASCII and punctuation
        | 0xFF61..=0xFF9F   // half-width Katakana
        | 0x20000..=0x3FFFF // CJK extensions B and later
    )
}

/// Whether a word is in a right-to-left script (Hebrew, Arabic).
pub fn is_rtl(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF))
}

/// A right-to-left word whose characters are in visual order (left to right on the page, as
/// `pdftotext -bbox` gives them) in logical order. A lam–alef ligature whose alef carries a
/// hamza is one glyph whose text is already logical (لإ), so reversing swaps its letters;
/// after the article (ال) that swap gives a sequence Arabic never writes (اإل) and is
/// repaired. Elsewhere (لأن) a PDF's text does not tell that glyph from the two letters.
pub fn logical_rtl(visual: &str) -> String {
    let logical: String = visual.chars().rev().collect();
    logical
        .replace("اإل", "الإ")
        .replace("األ", "الأ")
        .replace("اآل", "الآ")
}

/// The box covering the words whose ranges overlap `span` (chars of the page text), or
/// `None` when the span covers no word.
pub fn span_box(words: &[(Range<usize>, Rect)], span: &Range<usize>) -> Option<Rect> {
    words
        .iter()
        .filter(|(range, _)| range.start < span.end && span.start < range.end)
        .map(|(_, rect)| *rect)
        .reduce(Rect::union)
}

/// The boxes of the words whose ranges overlap `span`, merged per line run: what a
/// redaction paints (one rectangle per word keeps the gaps between lines unpainted).
pub fn span_boxes(words: &[(Range<usize>, Rect)], span: &Range<usize>) -> Vec<Rect> {
    words
        .iter()
        .filter(|(range, _)| range.start < span.end && span.start < range.end)
        .map(|(_, rect)| *rect)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, x: u32, line: u32) -> Word {
        Word {
            text: text.into(),
            bbox: Rect {
                x,
                y: line * 20,
                width: 10,
                height: 12,
            },
            confidence: 0.9,
            line,
        }
    }

    #[test]
    fn right_to_left_words_in_visual_order_are_read_logically() {
        assert!(is_rtl("شركة") && is_rtl("שלום") && !is_rtl("SAR 97.75"));
        assert_eq!(logical_rtl("ةكرش"), "شركة");
        assert_eq!(logical_rtl(":خيراتلا"), "التاريخ:");
        assert_eq!(logical_rtl("يلامجلا"), "الجمالي");
        assert_eq!(logical_rtl("يلامجلإا"), "الإجمالي");
    }

    #[test]
    fn words_join_with_spaces_lines_with_newlines_and_cjk_without_space() {
        let words = [
            word("Call", 0, 0),
            word("Ana", 20, 0),
            word("Ruiz", 40, 0),
            word("电话", 0, 1),
            word("号码", 20, 1),
            word("été", 40, 1),
        ];
        let (text, ranges) = page_text(&words);
        assert_eq!(text, "Call Ana Ruiz\n电话号码 été");
        assert_eq!(ranges, vec![0..4, 5..8, 9..13, 14..16, 16..18, 19..22]);
        let spans: Vec<Range<usize>> = ranges.clone();
        let located: Vec<_> = words
            .iter()
            .map(|w| w.bbox)
            .zip(spans)
            .map(|(b, r)| (r, b))
            .collect();
        let name = span_box(&located, &(5..13)).unwrap();
        assert_eq!(
            name,
            Rect {
                x: 20,
                y: 0,
                width: 30,
                height: 12
            }
        );
        assert_eq!(span_boxes(&located, &(5..13)).len(), 2);
        assert_eq!(span_box(&located, &(13..14)), None);
    }

    #[test]
    fn cjk_runs_join_hangul_and_hebrew_keep_their_spaces() {
        let words: Vec<Word> = [
            ("Total", 0),
            ("12,50", 0),
            ("€", 0),
            ("中文", 1),
            ("文本。", 1),
            ("OK", 1),
            ("한국어", 2),
            ("텍스트", 2),
            ("שלום", 3),
            ("עולם", 3),
        ]
        .iter()
        .map(|(t, line)| word(t, 0, *line))
        .collect();
        let (text, ranges) = page_text(&words);
        assert_eq!(
            text,
            "Total 12,50 €\n中文文本。 OK\n한국어 텍스트\nשלום עולם"
        );
        let chars: Vec<char> = text.chars().collect();
        for (word, range) in words.iter().zip(&ranges) {
            assert_eq!(chars[range.clone()].iter().collect::<String>(), word.text);
        }
        assert_eq!(page_text(&[]), (String::new(), Vec::new()));
    }
}
