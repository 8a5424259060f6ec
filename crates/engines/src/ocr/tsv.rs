//! Reading Tesseract's TSV output (`GetTSVText`) into words: the only structured output leptess
//! exposes without `unsafe` that carries word boxes and confidences.
//!
//! One row per element: `level page block par line word left top width height conf text`.
//! Levels 1–4 (page, block, paragraph, line) are structure rows with conf -1; level 5 rows are
//! words. Block, paragraph and line numbers restart inside their parent, so line ids unique in
//! the page are assigned here, in row (reading) order.

use crate::words::{Rect, Word};

const WORD_LEVEL: &str = "5";

/// The words of a TSV page, boxes clamped to the `width`×`height` image.
pub fn words(tsv: &str, width: u32, height: u32) -> Vec<Word> {
    let mut words = Vec::new();
    // Tesseract's (block, paragraph, line) of the previous word, and our running line id.
    let mut last: Option<[u32; 3]> = None;
    let mut line = 0u32;
    for row in tsv.lines() {
        // The text is the last field: split at most 11 times so a tab in it would stay in it.
        let fields: Vec<&str> = row.splitn(12, '\t').collect();
        if fields.len() < 12 || fields[0] != WORD_LEVEL {
            continue;
        }
        let text = fields[11].trim_matches(|c: char| c.is_whitespace() || c == '\r');
        if text.is_empty() {
            continue;
        }
        let number = |i: usize| fields[i].trim().parse::<i64>().ok();
        let (Some(b), Some(p), Some(l)) = (number(2), number(3), number(4)) else {
            continue;
        };
        let (Some(left), Some(top), Some(w), Some(h)) =
            (number(6), number(7), number(8), number(9))
        else {
            continue;
        };
        let Ok(conf) = fields[10].trim().parse::<f32>() else {
            continue;
        };
        let structure = [b, p, l].map(|n| u32::try_from(n).unwrap_or(0));
        if last.is_some_and(|last| last != structure) {
            line += 1;
        }
        last = Some(structure);
        words.push(Word {
            text: text.to_owned(),
            bbox: clamp(left, top, w, h, width, height),
            confidence: if conf.is_finite() {
                (conf / 100.0).clamp(0.0, 1.0)
            } else {
                0.0
            },
            line,
        });
    }
    words
}

fn clamp(left: i64, top: i64, w: i64, h: i64, width: u32, height: u32) -> Rect {
    let (width, height) = (i64::from(width), i64::from(height));
    let x0 = left.clamp(0, width);
    let y0 = top.clamp(0, height);
    let x1 = left.saturating_add(w.max(0)).clamp(x0, width);
    let y1 = top.saturating_add(h.max(0)).clamp(y0, height);
    let px = |v: i64| u32::try_from(v).unwrap_or(0);
    Rect {
        x: px(x0),
        y: px(y0),
        width: px(x1 - x0),
        height: px(y1 - y0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "1\t1\t0\t0\t0\t0\t0\t0\t600\t400\t-1\t\n\
        2\t1\t1\t0\t0\t0\t10\t10\t300\t60\t-1\t\n\
        3\t1\t1\t1\t0\t0\t10\t10\t300\t60\t-1\t\n\
        4\t1\t1\t1\t1\t0\t10\t10\t300\t20\t-1\t\n\
        5\t1\t1\t1\t1\t1\t10\t10\t80\t20\t96.5\tHello\n\
        5\t1\t1\t1\t1\t2\t100\t10\t90\t20\t91\tworld\n\
        5\t1\t1\t1\t1\t3\t200\t10\t5\t20\t95\t \n\
        4\t1\t1\t1\t2\t0\t10\t40\t300\t20\t-1\t\n\
        5\t1\t1\t1\t2\t1\t10\t40\t80\t20\t88\ttab\there\n\
        2\t1\t2\t0\t0\t0\t10\t300\t300\t60\t-1\t\n\
        5\t1\t2\t1\t1\t1\t590\t390\t80\t20\t-1\tedge\n\
        5\t1\t2\t1\t1\tbad\n";

    #[test]
    fn words_get_page_unique_line_ids_and_clamped_boxes() {
        let words = words(SAMPLE, 600, 400);
        let summary: Vec<_> = words.iter().map(|w| (w.text.as_str(), w.line)).collect();
        assert_eq!(
            summary,
            [("Hello", 0), ("world", 0), ("tab\there", 1), ("edge", 2)]
        );
        assert_eq!(
            words[0].bbox,
            Rect {
                x: 10,
                y: 10,
                width: 80,
                height: 20
            }
        );
        assert!((words[0].confidence - 0.965).abs() < 1e-6);
        assert_eq!(
            words[3].bbox,
            Rect {
                x: 590,
                y: 390,
                width: 10,
                height: 10
            }
        );
        assert_eq!(words[3].confidence, 0.0);
    }
}
