//! Text helpers every rule shares: other digit scripts and full-width forms folded to ASCII
//! (amounts and dates are then matched with ASCII patterns), lower-casing, and keyword
//! matching that respects word boundaries in Latin scripts but not in CJK or Arabic (written
//! without spaces, or with prefixes joined to the word).

/// The text with Arabic-Indic, Persian and full-width digits as ASCII, the Arabic decimal and
/// thousands marks as `.` and `,`, full-width punctuation as ASCII and odd spaces as spaces.
pub fn ascii_digits(input: &str) -> String {
    input
        .chars()
        .filter_map(|c| match c {
            '٠'..='٩' => char::from_digit(c as u32 - '٠' as u32, 10),
            '۰'..='۹' => char::from_digit(c as u32 - '۰' as u32, 10),
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10),
            '٫' | '．' => Some('.'),
            '٬' | '，' | '،' => Some(','),
            '／' => Some('/'),
            '－' | '−' | '–' => Some('-'),
            '：' => Some(':'),
            '％' | '٪' => Some('%'),
            '￥' => Some('¥'),
            '＄' => Some('$'),
            '￦' => Some('₩'),
            '\u{3000}' | '\u{a0}' | '\u{202f}' => Some(' '),
            '\u{200e}' | '\u{200f}' | '\u{061c}' => None,
            other => Some(other),
        })
        .collect()
}

/// Folded for keyword matching: ASCII digits, lower case.
pub fn fold(input: &str) -> String {
    ascii_digits(input).to_lowercase()
}

/// Whether `text` (folded) contains `key` (lower case). A key edge that is a Latin letter or
/// digit must meet a non-alphanumeric neighbour in the text, so `tax` is not found in
/// `taxi`; CJK, Hangul and Arabic keys match anywhere.
pub fn has_keyword(text: &str, key: &str) -> bool {
    if key.is_empty() {
        return false;
    }
    let first_latin = key.chars().next().is_some_and(is_latin_alnum);
    let last_latin = key.chars().next_back().is_some_and(is_latin_alnum);
    let mut from = 0;
    while let Some(found) = text[from..].find(key) {
        let start = from + found;
        let end = start + key.len();
        let before_ok = !first_latin
            || !text[..start]
                .chars()
                .next_back()
                .is_some_and(is_latin_alnum);
        let after_ok = !last_latin || !text[end..].chars().next().is_some_and(is_latin_alnum);
        if before_ok && after_ok {
            return true;
        }
        from = start + key.chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// Whether `text` (folded) contains any of `keys`.
pub fn has_any(text: &str, keys: &[&str]) -> bool {
    keys.iter().any(|key| has_keyword(text, key))
}

/// A letter or digit of a Latin script (what word boundaries apply to).
pub fn is_latin_alnum(c: char) -> bool {
    c.is_alphanumeric() && (c as u32) < 0x0250
}

/// The number of letters (any script) in `text`.
pub fn letter_count(text: &str) -> usize {
    text.chars().filter(|c| c.is_alphabetic()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_respect_latin_word_boundaries_only() {
        assert!(has_keyword("total tax 1.00", "tax"));
        assert!(!has_keyword("taxi 1.00", "tax"));
        assert!(has_keyword("subtotal", "subtotal"));
        assert!(!has_keyword("subtotal", "total"));
        assert!(has_keyword("お会計合計", "合計"));
        assert!(has_keyword("والمجموع", "المجموع"));
        assert!(has_keyword("total: 5", "total"));
    }

    #[test]
    fn other_digit_scripts_become_ascii() {
        assert_eq!(ascii_digits("٢٠٢٤/٠٣/٠٥"), "2024/03/05");
        assert_eq!(ascii_digits("１２３．５"), "123.5");
        assert_eq!(fold("TOTAL ١٢"), "total 12");
    }
}
