//! Sentence bounds around a match, so that near-miss checks, details and the clause's subject
//! are read from the sentence that matched and not from the whole clause.

const ABBREVIATIONS: &[&str] = &[
    "inc", "ltd", "co", "corp", "no", "nos", "sec", "art", "para", "e.g", "i.e", "u.s", "s.a",
    "vs", "mr", "ms", "dr", "st", "abs", "ziff", "nr", "bzw", "ca", "z.b", "gmbh", "cf", "etc",
    "p", "pp", "sr", "jr", "l.l.c", "llc",
];

fn is_boundary(text: &str, dot: usize) -> bool {
    let bytes = text.as_bytes();
    if bytes[dot] == b';' {
        return true;
    }
    let followed_by_space = bytes.get(dot + 1).is_none_or(|b| b.is_ascii_whitespace());
    if !followed_by_space {
        return false;
    }
    let word_start = text[..dot]
        .rfind(|c: char| c.is_whitespace() || c == '(')
        .map_or(0, |i| i + 1);
    let word = text[word_start..dot].to_lowercase();
    let single_letter = word.chars().count() == 1 && word.chars().all(char::is_alphabetic);
    let numbered = word.chars().all(|c| c.is_ascii_digit() || c == '.') && !word.is_empty();
    !(ABBREVIATIONS.contains(&word.as_str()) || single_letter || numbered)
}

/// Byte range of the sentence containing `start..end` in `text`.
pub fn sentence_around(text: &str, start: usize, end: usize) -> (usize, usize) {
    let sentence_start = text[..start]
        .char_indices()
        .rev()
        .find(|&(i, c)| (c == '.' || c == ';') && is_boundary(text, i))
        .map_or(0, |(i, _)| i + 1);
    let sentence_end = text[end..]
        .char_indices()
        .find(|&(i, c)| (c == '.' || c == ';') && is_boundary(text, end + i))
        .map_or(text.len(), |(i, _)| end + i + 1);
    (sentence_start, sentence_end)
}

/// Byte ranges of `text`'s sentences, cut at full stops only (a list's semicolons keep its
/// items together), each at least `min_len` bytes where the text allows.
pub fn sentences(text: &str, min_len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == '.' && i + 1 - start >= min_len && is_boundary(text, i) {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if text[start..].chars().any(char::is_alphanumeric) || out.is_empty() {
        match out.last_mut() {
            Some(last) if text.len() - start < min_len => last.1 = text.len(),
            _ => out.push((start, text.len())),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{sentence_around, sentences};

    #[test]
    fn sentences_cut_at_full_stops_and_keep_short_tails() {
        let text = "Acme Inc. shall pay the fees; monthly. Beta may end it. Ok.";
        let cut: Vec<&str> = sentences(text, 10)
            .into_iter()
            .map(|(s, e)| text[s..e].trim())
            .collect();
        assert_eq!(
            cut,
            [
                "Acme Inc. shall pay the fees; monthly.",
                "Beta may end it. Ok."
            ]
        );
        assert_eq!(sentences("", 10), [(0, 0)]);
    }

    #[test]
    fn sentence_stops_at_full_stops_but_not_abbreviations() {
        let text = "Acme Inc. shall pay. Beta Corp. may terminate for convenience. Next one.";
        let pos = text.find("terminate").expect("present");
        let (s, e) = sentence_around(text, pos, pos + 9);
        assert_eq!(
            text[s..e].trim(),
            "Beta Corp. may terminate for convenience."
        );
        let pos = text.find("pay").expect("present");
        let (s, e) = sentence_around(text, pos, pos + 3);
        assert_eq!(text[s..e].trim(), "Acme Inc. shall pay.");
    }
}
