//! Converts between the char offsets of `Extracted` and the byte offsets that string
//! slicing and regexes use, and collapses whitespace for clause texts.

/// Byte offsets of every char of a text, plus its length as a sentinel.
pub(super) struct CharIndex {
    byte_of_char: Vec<usize>,
}

impl CharIndex {
    pub(super) fn new(text: &str) -> Self {
        let mut byte_of_char: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
        byte_of_char.push(text.len());
        Self { byte_of_char }
    }

    /// Number of chars in the text.
    pub(super) fn char_len(&self) -> usize {
        self.byte_of_char.len() - 1
    }

    /// Byte offset of char `c` (clamped to the text's end).
    pub(super) fn byte(&self, c: usize) -> usize {
        self.byte_of_char[c.min(self.char_len())]
    }

    /// Char offset of byte `b` (a char boundary, or the char containing it).
    pub(super) fn char_at(&self, b: usize) -> usize {
        match self.byte_of_char.binary_search(&b) {
            Ok(c) => c,
            Err(c) => c.saturating_sub(1),
        }
    }
}

/// The text with every run of whitespace replaced by one space, trimmed.
pub(crate) fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_bytes_and_chars_both_ways_with_multibyte_text() {
        let text = "§ 5 Haftung für Schäden";
        let index = CharIndex::new(text);
        assert_eq!(index.char_len(), text.chars().count());
        let c = text.chars().position(|ch| ch == 'H').unwrap_or(0);
        assert_eq!(&text[index.byte(c)..index.byte(c) + 1], "H");
        assert_eq!(index.char_at(index.byte(c)), c);
        assert_eq!(index.byte(10_000), text.len());
    }

    #[test]
    fn collapses_runs_of_whitespace() {
        assert_eq!(collapse_whitespace("  a \n\t b   c "), "a b c");
    }
}
