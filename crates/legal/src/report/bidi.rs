//! Right-to-left text (Hebrew, Arabic) drawn in the right order: a line in logical order is
//! turned into visual order before its glyphs are placed. A small subset of the Unicode
//! bidirectional algorithm for a left-to-right document: RTL letters and the spaces and
//! punctuation between them are reversed, numbers inside them keep their own order, and
//! brackets are mirrored. No shaping: Arabic letters keep their isolated forms.

/// Embedding level of a character within a left-to-right line.
type Level = u8;

fn is_rtl_letter(ch: char) -> bool {
    matches!(u32::from(ch), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF) && !is_digit(ch)
}

fn is_digit(ch: char) -> bool {
    ch.is_ascii_digit() || matches!(u32::from(ch), 0x0660..=0x0669 | 0x06F0..=0x06F9)
}

/// Neither a letter nor a digit: spaces and punctuation take the direction around them.
fn is_neutral(ch: char) -> bool {
    !ch.is_alphanumeric() && !is_rtl_letter(ch)
}

fn mirrored(ch: char) -> char {
    match ch {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        other => other,
    }
}

/// Levels: 0 for left-to-right, 1 for RTL letters and what lies between them, 2 for
/// numbers inside RTL text.
fn levels(chars: &[char]) -> Vec<Level> {
    let mut levels = vec![0; chars.len()];
    let mut rtl_context = false;
    for (level, &ch) in levels.iter_mut().zip(chars) {
        if is_rtl_letter(ch) {
            rtl_context = true;
            *level = 1;
        } else if is_digit(ch) {
            *level = if rtl_context { 2 } else { 0 };
        } else if !is_neutral(ch) {
            rtl_context = false;
        }
    }
    // Neutrals between two RTL characters (letters or numbers in RTL text) join them.
    let mut index = 0;
    while index < chars.len() {
        if !is_neutral(chars[index]) {
            index += 1;
            continue;
        }
        let start = index;
        while index < chars.len() && is_neutral(chars[index]) {
            index += 1;
        }
        let before = start.checked_sub(1).map(|i| levels[i] > 0);
        let after = (index < chars.len()).then(|| levels[index] > 0);
        if before == Some(true) && after == Some(true) {
            levels[start..index].fill(1);
        }
    }
    close_brackets_like_their_openers(chars, &mut levels);
    levels
}

/// A closing bracket whose opening one is inside RTL text belongs to that text too.
fn close_brackets_like_their_openers(chars: &[char], levels: &mut [Level]) {
    let mut open: Vec<usize> = Vec::new();
    for (index, &ch) in chars.iter().enumerate() {
        match ch {
            '(' | '[' | '{' => open.push(index),
            ')' | ']' | '}' => {
                if let Some(opener) = open.pop()
                    && levels[opener] == 1
                {
                    levels[index] = 1;
                }
            }
            _ => {}
        }
    }
}

/// The line in visual (left-to-right drawing) order; unchanged when it has no RTL letter.
pub(super) fn visual_order(line: &str) -> String {
    if !line.chars().any(is_rtl_letter) {
        return line.to_string();
    }
    let chars: Vec<char> = line.chars().collect();
    let levels = levels(&chars);
    let mut order: Vec<usize> = (0..chars.len()).collect();
    for level in (1..=2).rev() {
        let mut index = 0;
        while index < order.len() {
            if levels[order[index]] < level {
                index += 1;
                continue;
            }
            let start = index;
            while index < order.len() && levels[order[index]] >= level {
                index += 1;
            }
            order[start..index].reverse();
        }
    }
    order
        .into_iter()
        .map(|i| {
            if levels[i] % 2 == 1 {
                mirrored(chars[i])
            } else {
                chars[i]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_and_cjk_lines_are_left_alone() {
        assert_eq!(visual_order("Section 9 (a) — 合同"), "Section 9 (a) — 合同");
    }

    #[test]
    fn hebrew_words_are_reversed_in_place_within_a_latin_line() {
        // "law" (חוק) then "Israel" (ישראל) in logical order.
        assert_eq!(visual_order("see חוק ישראל here"), "see לארשי קוח here");
    }

    #[test]
    fn numbers_inside_rtl_text_keep_their_order_and_brackets_mirror() {
        assert_eq!(visual_order("סעיף 12 (א)"), "(א) 12 ףיעס");
        assert_eq!(visual_order("المادة 9."), "9 ةداملا.");
    }
}
