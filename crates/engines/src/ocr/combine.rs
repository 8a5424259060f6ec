//! Two readings of one upright page made one. PP-OCR's detector finds faint and small print
//! Tesseract drops and its recogniser misreads fewer digits, but it cannot read what its
//! alphabet lacks (most accented letters, other scripts) and it drops the spaces between
//! Latin words. So each PP-OCR line replaces the Tesseract words it covers, unless Tesseract
//! read a letter or a currency sign there that PP-OCR cannot write; the line is cut into
//! words where Tesseract saw a word break or PP-OCR's characters leave a gap; Tesseract words
//! no PP-OCR line covers are kept. Every word keeps a box (from the characters' places along the line) and a
//! confidence. PP-OCR's Chinese alphabet writes full-width forms of ASCII (`（`, `：`, `１`);
//! they are read as their ASCII letters, digits and signs.

use suite_ppocr::{Point, TextLine};

use crate::words::{Rect, Word};

/// A Tesseract word belongs to a PP-OCR line when this share of its box lies inside it.
const COVERED: f32 = 0.5;
/// A gap between two characters' centres this many times the line's usual pitch is a space.
const SPACE_GAP: f32 = 1.9;
/// Lines taller than wide (by this ratio) are vertical text, left to Tesseract.
const VERTICAL: f32 = 1.5;
/// Lines in the top 1/this of the page are the header, always read again.
const HEADER_SHARE: u32 = 5;
/// Tesseract words at least this sure, without digits and below the header, are not read
/// again.
const CONFIDENT: f32 = 0.93;
/// A Tesseract word this sure of a letter or sign PP-OCR cannot write keeps its line
/// Tesseract's.
const SURE_OF_LETTER: f32 = 0.5;

/// `tesseract`'s words and PP-OCR's `lines` of one page as one list of words, in reading
/// order with fresh line ids; `knows` says which characters PP-OCR can read.
pub fn combine(
    tesseract: Vec<Word>,
    lines: &[TextLine],
    knows: impl Fn(char) -> bool,
) -> Vec<Word> {
    let boxes: Vec<Rect> = lines.iter().map(|l| rect_of(l.quad.bounds())).collect();
    let mut covered: Vec<Vec<usize>> = vec![Vec::new(); lines.len()];
    let mut leftover = Vec::new();
    for (index, word) in tesseract.iter().enumerate() {
        match best_line(word.bbox, &boxes) {
            Some(line) => covered[line].push(index),
            None => leftover.push(index),
        }
    }
    let mut segments: Vec<Vec<Word>> = Vec::new();
    for ((line, rect), words) in lines.iter().zip(&boxes).zip(&covered) {
        let mut words: Vec<&Word> = words.iter().map(|&i| &tesseract[i]).collect();
        words.sort_by_key(|w| w.bbox.x);
        let vertical = rect.height as f32 > rect.width as f32 * VERTICAL;
        if vertical || tesseract_reads_better(&words, &knows) {
            if !words.is_empty() {
                segments.push(words.into_iter().cloned().collect());
            }
        } else {
            segments.push(split(line, *rect, &words));
        }
    }
    segments.extend(leftover_lines(&tesseract, &leftover));
    segments.retain(|s| !s.is_empty());
    segments.sort_by_key(|s| {
        let top = s.iter().map(|w| w.bbox.y).min().unwrap_or(0);
        let left = s.iter().map(|w| w.bbox.x).min().unwrap_or(0);
        (top, left)
    });
    let mut words = Vec::new();
    for (id, segment) in segments.into_iter().enumerate() {
        let id = u32::try_from(id).unwrap_or(u32::MAX);
        words.extend(segment.into_iter().map(|w| Word { line: id, ..w }));
    }
    words
}

/// Whether PP-OCR's reading of the line at `line` could change what Tesseract read there:
/// unless Tesseract read it all with confidence, without digits (amounts, dates, numbers are
/// what PP-OCR reads better) and below the page's header (names are read there).
pub fn worth_reading(line: Rect, tesseract: &[Word], page_height: u32) -> bool {
    let header = line.y < page_height / HEADER_SHARE;
    let mut covered = tesseract
        .iter()
        .filter(|w| share_inside(w.bbox, line) >= COVERED)
        .peekable();
    header
        || covered.peek().is_none()
        || covered.any(|w| w.confidence < CONFIDENT || w.text.chars().any(|c| c.is_ascii_digit()))
}

/// The share of `word`'s box that lies inside `line`'s, 0..1.
fn share_inside(word: Rect, line: Rect) -> f32 {
    let area = (word.width.max(1) * word.height.max(1)) as f32;
    overlap(word, line) as f32 / area
}

/// The PP-OCR line holding most of `word`, if one holds at least [`COVERED`] of it.
fn best_line(word: Rect, boxes: &[Rect]) -> Option<usize> {
    boxes
        .iter()
        .enumerate()
        .map(|(i, b)| (i, share_inside(word, *b)))
        .filter(|&(_, share)| share >= COVERED)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

fn overlap(a: Rect, b: Rect) -> u32 {
    let width = (a.x + a.width)
        .min(b.x + b.width)
        .saturating_sub(a.x.max(b.x));
    let height = (a.y + a.height)
        .min(b.y + b.height)
        .saturating_sub(a.y.max(b.y));
    width * height
}

/// Whether Tesseract read, with some confidence, a letter or a currency sign PP-OCR's
/// alphabet lacks (`ß`, `£`), or an accented Latin letter (`ä`, `é`: PP-OCR's alphabet has a
/// few, but it reads them as the plain letter; Tesseract's language packs know them).
fn tesseract_reads_better(words: &[&Word], knows: &impl Fn(char) -> bool) -> bool {
    words.iter().any(|w| {
        w.confidence >= SURE_OF_LETTER
            && w.text.chars().any(|c| {
                is_accented_latin(c) || ((c.is_alphabetic() || is_currency_sign(c)) && !knows(c))
            })
    })
}

/// A letter of Latin-1's and Latin Extended-A/B's (`à` … `ɏ`).
fn is_accented_latin(c: char) -> bool {
    matches!(c, '\u{C0}'..='\u{24F}') && c.is_alphabetic()
}

/// Unicode's currency symbols (`$`, `£`, `¥`, `€`, `₩`, `₹` …).
fn is_currency_sign(c: char) -> bool {
    matches!(c, '$' | '\u{A2}'..='\u{A5}' | '\u{20A0}'..='\u{20C0}')
}

/// Tesseract's words outside every PP-OCR line, a segment per Tesseract line.
fn leftover_lines(tesseract: &[Word], leftover: &[usize]) -> Vec<Vec<Word>> {
    let mut segments: Vec<Vec<Word>> = Vec::new();
    for &index in leftover {
        let word = &tesseract[index];
        match segments.last_mut() {
            Some(last) if last.last().is_some_and(|w| w.line == word.line) => {
                last.push(word.clone())
            }
            _ => segments.push(vec![word.clone()]),
        }
    }
    segments
}

/// One PP-OCR line cut into words: at spaces it read, where a Tesseract word of the line
/// ends, and at gaps wider than [`SPACE_GAP`] pitches.
fn split(line: &TextLine, rect: Rect, tesseract: &[&Word]) -> Vec<Word> {
    let [a, b, c, d] = line.quad.0;
    let (start, end) = (midpoint(a, d), midpoint(b, c));
    let x_at = |position: f32| start.x + position * (end.x - start.x);
    let chars: Vec<(char, f32)> = line
        .text
        .chars()
        .map(narrow)
        .zip(line.positions.iter().map(|&p| x_at(p)))
        .collect();
    let pitch = pitch(&chars, rect);
    let word_at = |x: f32| {
        tesseract
            .iter()
            .position(|w| x >= w.bbox.x as f32 && x < (w.bbox.x + w.bbox.width) as f32)
    };
    let mut words = Vec::new();
    let mut current: Vec<(char, f32)> = Vec::new();
    for &(ch, x) in &chars {
        if ch.is_whitespace() {
            words.extend(word_of(&current, pitch, rect, line.confidence));
            current.clear();
            continue;
        }
        if let Some(&(_, previous)) = current.last() {
            let tesseract_break = matches!(
                (word_at(previous), word_at(x)),
                (Some(left), Some(right)) if left != right
            );
            if tesseract_break || x - previous > SPACE_GAP * pitch {
                words.extend(word_of(&current, pitch, rect, line.confidence));
                current.clear();
            }
        }
        current.push((ch, x));
    }
    words.extend(word_of(&current, pitch, rect, line.confidence));
    words
}

/// The usual distance between neighbouring characters' centres on the line (the median),
/// else half the line's height.
fn pitch(chars: &[(char, f32)], rect: Rect) -> f32 {
    let mut steps: Vec<f32> = chars
        .windows(2)
        .filter(|pair| !pair[0].0.is_whitespace() && !pair[1].0.is_whitespace())
        .map(|pair| pair[1].1 - pair[0].1)
        .filter(|step| *step > 0.0)
        .collect();
    if steps.is_empty() {
        return (rect.height as f32 / 2.0).max(1.0);
    }
    steps.sort_by(f32::total_cmp);
    steps[steps.len() / 2].max(1.0)
}

/// A word of `chars` (with their centres' x), boxed from half a pitch before the first to
/// half a pitch after the last, as tall as the line.
fn word_of(chars: &[(char, f32)], pitch: f32, rect: Rect, confidence: f32) -> Option<Word> {
    let (first, last) = (chars.first()?.1, chars.last()?.1);
    let left = (first - pitch / 2.0).max(rect.x as f32) as u32;
    let right = ((last + pitch / 2.0) as u32).clamp(left + 1, (rect.x + rect.width).max(left + 1));
    Some(Word {
        text: chars.iter().map(|(c, _)| c).collect(),
        bbox: Rect {
            x: left,
            y: rect.y,
            width: right - left,
            height: rect.height,
        },
        confidence,
        line: 0,
    })
}

/// The ASCII character a full-width form stands for (U+FF01..U+FF5E, the ideographic space).
fn narrow(c: char) -> char {
    match u32::from(c) {
        0x3000 => ' ',
        code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

fn midpoint(a: Point, b: Point) -> Point {
    Point {
        x: (a.x + b.x) / 2.0,
        y: (a.y + b.y) / 2.0,
    }
}

/// An axis-aligned box in whole pixels from PP-OCR's `(x, y, right, bottom)`.
pub(super) fn rect_of((x, y, right, bottom): (f32, f32, f32, f32)) -> Rect {
    let (x, y) = (x.max(0.0).floor(), y.max(0.0).floor());
    Rect {
        x: x as u32,
        y: y as u32,
        width: (right.ceil() - x).max(1.0) as u32,
        height: (bottom.ceil() - y).max(1.0) as u32,
    }
}

#[cfg(test)]
#[path = "combine_tests.rs"]
mod tests;
