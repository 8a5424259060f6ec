//! A page's words grouped into visual rows: first by the OCR or text layer's line id, then
//! lines whose boxes overlap vertically by at least half the smaller height are one row
//! (an OCR engine often cuts a table row into several lines at wide column gaps). Rows are
//! top to bottom, their words left to right.

use std::collections::BTreeMap;
use suite_engines::words::is_rtl;

use suite_engines::words::Word;

/// One visual row of a page.
#[derive(Debug, Clone)]
pub struct Row<'a> {
    /// Left to right.
    pub words: Vec<&'a Word>,
    pub top: u32,
    pub bottom: u32,
}

impl Row<'_> {
    pub fn height(&self) -> u32 {
        self.bottom.saturating_sub(self.top)
    }
}

/// The rows of one page.
pub fn group_rows(words: &[Word]) -> Vec<Row<'_>> {
    let mut lines: BTreeMap<u32, Vec<&Word>> = BTreeMap::new();
    for word in words.iter().filter(|w| !w.text.trim().is_empty()) {
        lines.entry(word.line).or_default().push(word);
    }
    let mut rows: Vec<Row<'_>> = lines.into_values().map(row_of).collect();
    rows.sort_by_key(|r| (r.top + r.bottom, r.words.first().map_or(0, |w| w.bbox.x)));
    let mut merged: Vec<Row<'_>> = Vec::with_capacity(rows.len());
    for row in rows {
        match merged.last_mut() {
            Some(last) if overlaps_vertically(last, &row) => {
                last.words.extend(row.words);
                last.words.sort_by_key(|w| w.bbox.x);
                last.top = last.top.min(row.top);
                last.bottom = last.bottom.max(row.bottom);
            }
            _ => merged.push(row),
        }
    }
    merged
}

fn row_of(mut words: Vec<&Word>) -> Row<'_> {
    words.sort_by_key(|w| w.bbox.x);
    let top = words.iter().map(|w| w.bbox.y).min().unwrap_or(0);
    let bottom = words
        .iter()
        .map(|w| w.bbox.y + w.bbox.height)
        .max()
        .unwrap_or(top);
    Row { words, top, bottom }
}

fn overlaps_vertically(a: &Row<'_>, b: &Row<'_>) -> bool {
    let overlap = a.bottom.min(b.bottom).saturating_sub(a.top.max(b.top));
    let smaller = a.height().min(b.height()).max(1);
    overlap * 2 >= smaller
}

/// `words` (left to right on the page) in reading order. In a right-to-left line (any
/// Arabic or Hebrew word) runs of right-to-left words read right to left and the runs
/// themselves too, while runs of other words (Latin names, numbers) keep their order: the
/// visual order bidi rendering gives, undone. The same function turns a logical order into
/// the visual one (it is its own inverse).
pub fn reading_order<'a>(words: &[&'a Word]) -> Vec<&'a Word> {
    let right_to_left = words.iter().any(|w| is_rtl(&w.text));
    if right_to_left {
        bidi_runs_reversed(words.to_vec(), |w| is_rtl(&w.text))
    } else {
        words.to_vec()
    }
}

/// Reverses the order of the runs, and the items within right-to-left runs.
pub fn bidi_runs_reversed<T>(items: Vec<T>, rtl: impl Fn(&T) -> bool) -> Vec<T> {
    let mut runs: Vec<(bool, Vec<T>)> = Vec::new();
    for item in items {
        let direction = rtl(&item);
        match runs.last_mut() {
            Some((d, run)) if *d == direction => run.push(item),
            _ => runs.push((direction, vec![item])),
        }
    }
    runs.reverse();
    runs.into_iter()
        .flat_map(|(direction, mut run)| {
            if direction {
                run.reverse();
            }
            run
        })
        .collect()
}

/// The text of `words` (left to right on the page) in reading order, CJK runs joined
/// without spaces.
pub fn text_of(words: &[&Word]) -> String {
    let mut out = String::new();
    for word in reading_order(words) {
        let text = word.text.as_str();
        let unspaced_join = out
            .chars()
            .next_back()
            .zip(text.chars().next())
            .is_some_and(|(l, r)| {
                suite_engines::words::unspaced(l) && suite_engines::words::unspaced(r)
            });
        if !out.is_empty() && !unspaced_join {
            out.push(' ');
        }
        out.push_str(text);
    }
    out
}

/// Median row height (at least 1): the scale for "close below".
pub fn typical_height(rows: &[Row<'_>]) -> u32 {
    let mut heights: Vec<u32> = rows.iter().map(Row::height).filter(|h| *h > 0).collect();
    heights.sort_unstable();
    heights.get(heights.len() / 2).copied().unwrap_or(10).max(1)
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
                width: 40,
                height: 12,
            },
            confidence: 0.9,
            line,
        }
    }

    #[test]
    fn lines_at_the_same_height_become_one_row() {
        let words = vec![
            word("100.00", 400, 101, 2),
            word("Date", 10, 100, 1),
            word("Shop", 100, 100, 1),
            word("Next", 10, 130, 3),
        ];
        let rows = group_rows(&words);
        assert_eq!(rows.len(), 2);
        let texts: Vec<&str> = rows[0].words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["Date", "Shop", "100.00"]);
        assert_eq!(text_of(&rows[1].words), "Next");
    }

    #[test]
    fn arabic_rows_read_right_to_left_with_latin_runs_kept() {
        let words = [word("الختامي", 10, 0, 1), word("الرصيد", 60, 0, 1)];
        let refs: Vec<&Word> = words.iter().collect();
        assert_eq!(text_of(&refs), "الرصيد الختامي");
        let words = [
            word("AMAZON", 10, 0, 1),
            word("MKTP", 60, 0, 1),
            word("شراء", 110, 0, 1),
        ];
        let refs: Vec<&Word> = words.iter().collect();
        assert_eq!(text_of(&refs), "شراء AMAZON MKTP");
    }
}
