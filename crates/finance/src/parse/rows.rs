//! Visual rows from words with boxes. OCR numbers lines in reading order but may split one
//! visual row in two (a label at the left, its amount far right in another block), so lines
//! are merged when they overlap vertically and not horizontally. Each row is also cut into
//! cells at wide horizontal gaps: the columns of a receipt (description, quantity, price,
//! amount).

use suite_engines::words::{Word, unspaced};

use super::text::fold;

/// A run of words of a row with no wide gap between them.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub text: String,
    pub left: u32,
    pub right: u32,
    /// Its words: a range of the row's `words`.
    pub words: std::ops::Range<usize>,
}

/// One visual row of a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub page: usize,
    /// Words in reading order (right to left for Arabic rows).
    pub words: Vec<Word>,
    pub cells: Vec<Cell>,
    /// The words joined as a reader would (no space inside CJK runs).
    pub text: String,
    /// `text` folded (see `text::fold`).
    pub folded: String,
    pub top: u32,
    pub bottom: u32,
    /// Mean OCR confidence of the words (0..1).
    pub confidence: f32,
}

impl Row {
    /// `page_rtl`: the page is mostly Arabic, so a row with any Arabic in it reads right to
    /// left even when its Latin currency codes outnumber its Arabic letters.
    fn new(page: usize, mut words: Vec<Word>, page_rtl: bool) -> Row {
        words.sort_by_key(|w| w.bbox.x);
        if is_right_to_left(&words) || (page_rtl && arabic_letters(&words) > 0) {
            words.reverse();
        }
        let cells = cells_of(&words);
        let text = join_words(words.iter().map(|w| w.text.as_str()));
        let top = words.iter().map(|w| w.bbox.y).min().unwrap_or(0);
        let bottom = words
            .iter()
            .map(|w| w.bbox.y + w.bbox.height)
            .max()
            .unwrap_or(0);
        let confidence = if words.is_empty() {
            0.0
        } else {
            words
                .iter()
                .map(|w| w.confidence.clamp(0.0, 1.0))
                .sum::<f32>()
                / words.len() as f32
        };
        Row {
            page,
            folded: fold(&text),
            words,
            cells,
            text,
            top,
            bottom,
            confidence,
        }
    }

    /// The median height of the row's words, in pixels.
    pub fn word_height(&self) -> u32 {
        let mut heights: Vec<u32> = self.words.iter().map(|w| w.bbox.height).collect();
        heights.sort_unstable();
        heights.get(heights.len() / 2).copied().unwrap_or(0)
    }
}

/// The rows of every page, top to bottom, pages in order.
pub fn rows_of(pages: &[Vec<Word>]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (page, words) in pages.iter().enumerate() {
        rows.extend(page_rows(page, words));
    }
    rows
}

fn page_rows(page: usize, words: &[Word]) -> Vec<Row> {
    let mut lines: Vec<(u32, Vec<Word>)> = Vec::new();
    for word in words.iter().filter(|w| !w.text.trim().is_empty()) {
        match lines.iter_mut().find(|(id, _)| *id == word.line) {
            Some((_, line)) => line.push(word.clone()),
            None => lines.push((word.line, vec![word.clone()])),
        }
    }
    let mut groups: Vec<Vec<Word>> = Vec::new();
    let mut ordered: Vec<Vec<Word>> = lines.into_iter().map(|(_, line)| line).collect();
    ordered.sort_by_key(|line| vertical_span(line).0 + vertical_span(line).1);
    for line in ordered {
        match groups
            .iter_mut()
            .rev()
            .take(6)
            .find(|group| same_row(group, &line))
        {
            Some(group) => group.extend(line),
            None => groups.push(line),
        }
    }
    let page_rtl = is_right_to_left(words);
    let mut rows: Vec<Row> = groups
        .into_iter()
        .map(|g| Row::new(page, g, page_rtl))
        .collect();
    rows.sort_by_key(|row| row.top + row.bottom);
    rows
}

/// The top and bottom of the middle word heights of a line (a tall logo word does not
/// stretch it).
fn vertical_span(words: &[Word]) -> (u32, u32) {
    let mut tops: Vec<u32> = words.iter().map(|w| w.bbox.y).collect();
    let mut bottoms: Vec<u32> = words.iter().map(|w| w.bbox.y + w.bbox.height).collect();
    tops.sort_unstable();
    bottoms.sort_unstable();
    (
        tops.get(tops.len() / 2).copied().unwrap_or(0),
        bottoms.get(bottoms.len() / 2).copied().unwrap_or(0),
    )
}

/// Two lines are one row when they overlap vertically by more than half the smaller height
/// and their words do not overlap horizontally.
fn same_row(group: &[Word], line: &[Word]) -> bool {
    let (a_top, a_bottom) = vertical_span(group);
    let (b_top, b_bottom) = vertical_span(line);
    let overlap = a_bottom.min(b_bottom).saturating_sub(a_top.max(b_top));
    let smaller = (a_bottom - a_top).min(b_bottom - b_top).max(1);
    if overlap * 10 < smaller * 6 {
        return false;
    }
    let x_range = |words: &[Word]| {
        let left = words.iter().map(|w| w.bbox.x).min().unwrap_or(0);
        let right = words
            .iter()
            .map(|w| w.bbox.x + w.bbox.width)
            .max()
            .unwrap_or(0);
        (left, right)
    };
    let (a_left, a_right) = x_range(group);
    let (b_left, b_right) = x_range(line);
    b_left >= a_right || a_left >= b_right
}

/// Whether most letters of `words` are Arabic script.
fn is_right_to_left(words: &[Word]) -> bool {
    let letters = words
        .iter()
        .flat_map(|w| w.text.chars())
        .filter(|c| c.is_alphabetic())
        .count();
    arabic_letters(words) * 2 > letters
}

/// The Arabic letters of `words`.
fn arabic_letters(words: &[Word]) -> usize {
    words
        .iter()
        .flat_map(|w| w.text.chars())
        .filter(|c| {
            matches!(*c as u32, 0x0600..=0x06FF | 0x0750..=0x077F | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF)
                && c.is_alphabetic()
        })
        .count()
}

/// Words (in reading order) cut into cells where the gap is wider than 1.5 average
/// character widths.
fn cells_of(words: &[Word]) -> Vec<Cell> {
    let chars: u32 = words.iter().map(|w| w.text.chars().count() as u32).sum();
    let width: u32 = words.iter().map(|w| w.bbox.width).sum();
    let char_width = (width / chars.max(1)).max(1);
    let mut cells: Vec<Cell> = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let gap = index.checked_sub(1).map(|p| {
            let previous = &words[p].bbox;
            let (left, right) = (previous.x.min(word.bbox.x), previous.x.max(word.bbox.x));
            let left_width = if previous.x <= word.bbox.x {
                previous.width
            } else {
                word.bbox.width
            };
            right.saturating_sub(left + left_width)
        });
        match cells.last_mut() {
            Some(cell) if gap.is_some_and(|g| g <= char_width * 3 / 2) => {
                cell.text = join_words([cell.text.as_str(), word.text.as_str()].into_iter());
                cell.left = cell.left.min(word.bbox.x);
                cell.right = cell.right.max(word.bbox.x + word.bbox.width);
                cell.words.end = index + 1;
            }
            _ => cells.push(Cell {
                text: word.text.clone(),
                left: word.bbox.x,
                right: word.bbox.x + word.bbox.width,
                words: index..index + 1,
            }),
        }
    }
    cells
}

/// Words joined by a space, except between two characters of scripts written without spaces.
pub fn join_words<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let mut text = String::new();
    for word in words {
        let glued = matches!(
            (text.chars().next_back(), word.chars().next()),
            (Some(l), Some(r)) if unspaced(l) && unspaced(r)
        );
        if !text.is_empty() && !glued {
            text.push(' ');
        }
        text.push_str(word);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use suite_engines::words::Rect;

    fn word(text: &str, x: u32, y: u32, line: u32) -> Word {
        Word {
            text: text.into(),
            bbox: Rect {
                x,
                y,
                width: 10 * text.chars().count() as u32,
                height: 12,
            },
            confidence: 0.9,
            line,
        }
    }

    #[test]
    fn a_label_and_its_amount_on_two_ocr_lines_make_one_row() {
        let words = vec![
            word("TOTAL", 10, 100, 1),
            word("Thanks", 10, 130, 2),
            word("9.00", 300, 102, 3),
        ];
        let rows = rows_of(&[words]);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].text, "TOTAL 9.00");
        assert_eq!(rows[0].cells.len(), 2);
        assert_eq!(rows[1].text, "Thanks");
    }

    #[test]
    fn near_words_share_a_cell_and_cjk_joins_without_space() {
        let words = vec![
            word("合計", 10, 10, 1),
            word("金額", 31, 10, 1),
            word("1,280", 200, 10, 1),
        ];
        let rows = rows_of(&[words]);
        assert_eq!(rows[0].text, "合計金額 1,280");
        assert_eq!(rows[0].cells.len(), 2);
        assert_eq!(rows[0].cells[1].text, "1,280");
    }
}
