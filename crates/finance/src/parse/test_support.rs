//! Test documents from text lines: words with plausible boxes (10 px per character, 30 px per
//! line), columns split at runs of two or more spaces and the last column right-aligned, as
//! amounts on receipts are.

use suite_engines::words::{Rect, Word};

const CHAR_WIDTH: u32 = 10;
const RIGHT_EDGE: u32 = 640;

/// The words of one page written as `lines`.
pub fn page(lines: &[&str]) -> Vec<Word> {
    let mut words = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let line_id = index as u32;
        let y = 20 + line_id * 30;
        let columns = columns_of(line);
        let last = columns.len().saturating_sub(1);
        for (k, (start, column)) in columns.iter().enumerate() {
            let width = column.chars().count() as u32 * CHAR_WIDTH;
            let x = if k == last && k > 0 {
                RIGHT_EDGE.saturating_sub(width)
            } else {
                10 + *start as u32 * CHAR_WIDTH
            };
            let mut offset = 0;
            for word in column.split(' ').filter(|w| !w.is_empty()) {
                let chars = word.chars().count() as u32;
                words.push(Word {
                    text: word.to_owned(),
                    bbox: Rect {
                        x: x + offset,
                        y,
                        width: chars * CHAR_WIDTH,
                        height: 16,
                    },
                    confidence: 0.95,
                    line: line_id,
                });
                offset += (chars + 1) * CHAR_WIDTH;
            }
        }
    }
    words
}

/// The columns of a line (runs of text separated by two or more spaces) with their start in
/// characters.
fn columns_of(line: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut columns = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && !(chars[i] == ' ' && chars.get(i + 1).is_none_or(|c| *c == ' ')) {
            i += 1;
        }
        columns.push((start, chars[start..i].iter().collect()));
    }
    columns
}

/// The words of one right-to-left page written as `lines` (logical order): the left-to-right
/// page mirrored, so the first column sits at the right edge, the last (the amount) at the
/// left, and the words of a column run right to left.
pub fn page_rtl(lines: &[&str]) -> Vec<Word> {
    page(lines)
        .into_iter()
        .map(|mut word| {
            word.bbox.x = (RIGHT_EDGE + 10).saturating_sub(word.bbox.x + word.bbox.width);
            word
        })
        .collect()
}
