//! A contract's text from the file it came in: DOCX as Word shows it (list numbers, headings,
//! tracked changes accepted), plain text in the encoding it was written in, and the pages of a
//! PDF as the shared page reader gives them. Whatever the format, the result is one
//! [`Extracted`]: the text and its paragraphs, which the segmenter splits into clauses.

pub mod docx;
pub mod plain;

use super::model::{Extracted, Paragraph};

/// The most text a contract may have, in UTF-8 bytes (413 above).
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;

/// Why no text could be had from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextError {
    /// Over a size limit (413).
    TooLarge(String),
    /// Corrupt, encrypted, not what it claims to be, or without any readable text (422).
    Unreadable(String),
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::TooLarge(m) | TextError::Unreadable(m) => f.write_str(m),
        }
    }
}

/// One paragraph before assembly: its text and its heading level, if the source marks one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub text: String,
    pub heading_level: Option<u8>,
}

impl Block {
    pub fn plain(text: impl Into<String>) -> Block {
        Block {
            text: text.into(),
            heading_level: None,
        }
    }
}

/// The blocks joined by newlines into one text, with each block's char range; refused when
/// the text is over [`MAX_TEXT_BYTES`] or has no letter or digit at all.
pub fn assemble(blocks: impl IntoIterator<Item = Block>) -> Result<Extracted, TextError> {
    let mut extracted = Extracted::default();
    let mut chars = 0usize;
    for block in blocks {
        if !extracted.text.is_empty() {
            extracted.text.push('\n');
            chars += 1;
        }
        let length = block.text.chars().count();
        extracted.text.push_str(&block.text);
        extracted.paragraphs.push(Paragraph {
            range: chars..chars + length,
            heading_level: block.heading_level,
        });
        chars += length;
        if extracted.text.len() > MAX_TEXT_BYTES {
            return Err(TextError::TooLarge(format!(
                "the contract's text is over the limit of {} MB",
                MAX_TEXT_BYTES / (1024 * 1024)
            )));
        }
    }
    if !extracted.text.chars().any(char::is_alphanumeric) {
        return Err(TextError::Unreadable(
            "the document has no readable text".into(),
        ));
    }
    Ok(extracted)
}

/// The lines of a page reader's text as blocks (PDF pages, plain text).
pub fn lines(text: &str) -> impl Iterator<Item = Block> + '_ {
    text.lines().map(|line| Block::plain(line.trim_end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_joined_with_their_char_ranges() {
        let extracted = assemble([
            Block {
                text: "1. Définitions".into(),
                heading_level: Some(1),
            },
            Block::plain("Le « Client » désigne…"),
        ])
        .expect("text");
        assert_eq!(extracted.text, "1. Définitions\nLe « Client » désigne…");
        let chars: Vec<char> = extracted.text.chars().collect();
        let second = &extracted.paragraphs[1];
        assert_eq!(
            chars[second.range.clone()].iter().collect::<String>(),
            "Le « Client » désigne…"
        );
        assert_eq!(extracted.paragraphs[0].heading_level, Some(1));
    }

    #[test]
    fn text_without_letters_is_unreadable_and_huge_text_too_large() {
        assert!(matches!(
            assemble(lines(" \n\t\n— ")),
            Err(TextError::Unreadable(_))
        ));
        let line = "x".repeat(1024);
        let huge = std::iter::repeat_n(Block::plain(line), 2 * 1024 + 10);
        assert!(matches!(assemble(huge), Err(TextError::TooLarge(_))));
    }
}
