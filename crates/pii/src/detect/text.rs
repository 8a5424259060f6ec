//! The page as the recognizers read it: the original text, a copy with OCR digit
//! confusions repaired (same byte offsets), and byte-to-char offset conversion.

pub(crate) struct Page<'a> {
    pub text: &'a str,
    /// `text` with `O`/`o` read as `0` and `l`/`I` as `1` inside mostly-digit tokens.
    pub digits: String,
    /// Byte offset of every char boundary, for byte → char conversion.
    boundaries: Vec<usize>,
}

impl<'a> Page<'a> {
    pub fn new(text: &'a str) -> Self {
        let boundaries = text.char_indices().map(|(i, _)| i).collect();
        Page {
            text,
            digits: repair_digits(text),
            boundaries,
        }
    }

    /// The char offset of a byte offset (a char boundary, or the text's length).
    pub fn char_offset(&self, byte: usize) -> usize {
        match self.boundaries.binary_search(&byte) {
            Ok(i) | Err(i) => i,
        }
    }
}

/// Repairs `O`→`0`, `o`→`0`, `l`/`I`→`1` inside whitespace tokens that are mostly digits:
/// at least four digits and more digits than letters, or (a digit group of a longer
/// number) at least two digits, one confusable letter, and a neighbouring token of three or
/// more plain digits. ASCII for ASCII: offsets hold.
fn repair_digits(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let pieces: Vec<&str> = text.split_inclusive(char::is_whitespace).collect();
    let plain_number = |p: Option<&&str>| {
        p.map(|p| p.trim_end().trim_end_matches([',', '.', '-']))
            .is_some_and(|p| p.len() >= 3 && p.bytes().all(|b| b.is_ascii_digit()))
    };
    for (i, piece) in pieces.iter().copied().enumerate() {
        let digits = piece.bytes().filter(u8::is_ascii_digit).count();
        let letters = piece.chars().filter(|c| c.is_alphabetic()).count();
        let confusable = piece
            .bytes()
            .filter(|b| matches!(b, b'O' | b'o' | b'l' | b'I'))
            .count();
        let group = digits >= 2
            && letters == 1
            && (plain_number(i.checked_sub(1).and_then(|j| pieces.get(j)))
                || plain_number(pieces.get(i + 1)));
        if letters == confusable && letters > 0 && (digits >= 4 && letters * 2 <= digits || group) {
            for c in piece.chars() {
                out.push(match c {
                    'O' | 'o' => '0',
                    'l' | 'I' => '1',
                    other => other,
                });
            }
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// Whether the char just before byte `at` (if any) is alphanumeric.
pub(crate) fn alnum_before(text: &str, at: usize) -> bool {
    text.get(..at)
        .and_then(|s| s.chars().next_back())
        .is_some_and(char::is_alphanumeric)
}

/// Whether the char at byte `at` (if any) is alphanumeric.
pub(crate) fn alnum_after(text: &str, at: usize) -> bool {
    text.get(at..)
        .and_then(|s| s.chars().next())
        .is_some_and(char::is_alphanumeric)
}

/// Only the ASCII digits of `s`.
pub(crate) fn digits_only(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_ocr_digits_in_numeric_tokens_only() {
        assert_eq!(
            repair_digits("call 555-O1O2 or Ollie"),
            "call 555-0102 or Ollie"
        );
        assert_eq!(repair_digits("Otto 12"), "Otto 12");
        // Invented: a card group with one misread digit next to plain groups.
        assert_eq!(repair_digits("4526 O181 5908 3012"), "4526 0181 5908 3012");
        assert_eq!(repair_digits("9268 4l9."), "9268 419.");
        assert_eq!(repair_digits("9268 l9."), "9268 l9.");
        assert_eq!(repair_digits("room l2 of 40"), "room l2 of 40");
    }

    #[test]
    fn converts_bytes_to_chars() {
        let p = Page::new("é€x");
        assert_eq!(p.char_offset(0), 0);
        assert_eq!(p.char_offset(2), 1);
        assert_eq!(p.char_offset(5), 2);
        assert_eq!(p.char_offset(6), 3);
    }
}
