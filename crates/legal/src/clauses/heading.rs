//! Decides whether a piece of text reads as a heading (a short Title Case or ALL-CAPS line,
//! or the run-in heading "Limitation of Liability." before a clause's first sentence) and
//! extracts it.

use crate::model::Language;

/// Longest heading we accept, in chars.
const MAX_HEADING_CHARS: usize = 90;
const MAX_HEADING_WORDS: usize = 12;

/// Small words that stay lowercase inside Title Case headings.
const MINOR_WORDS: &[&str] = &[
    "a", "an", "and", "or", "of", "the", "to", "in", "for", "on", "by", "with", "from", "upon",
    "as", "at", "into", "nor", "vs", "via", "its", "de", "del", "la", "las", "los", "el", "y", "e",
    "o", "en", "con", "por", "para", "du", "des", "le", "les", "et", "ou", "au", "aux", "und",
    "oder", "der", "die", "das", "des", "zur", "zum", "von", "für", "bei", "mit", "im",
];

/// The heading that follows a clause label: `rest` is the text after the label up to the
/// end of its paragraph (or the next clause); `more_follows` says whether the clause goes
/// on after it.
pub(super) fn heading_after_label(
    rest: &str,
    more_follows: bool,
    language: Language,
) -> Option<String> {
    let rest = rest.trim();
    if rest.is_empty() || rest.starts_with(['"', '“', '\'', '‘', '(', '[']) {
        return None;
    }
    if (more_follows || rest.chars().count() <= 60) && is_heading_line(rest, language) {
        return Some(clean(rest));
    }
    run_in_heading(rest, language).or_else(|| caps_run(rest))
}

/// True when a whole line reads as a heading: short, and Title Case or ALL CAPS (sentence
/// case is allowed for the Romance languages and German, whose headings use it).
pub(super) fn is_heading_line(line: &str, language: Language) -> bool {
    let line = line.trim();
    let chars = line.chars().count();
    let words = line.split_whitespace().count();
    if chars == 0 || chars > MAX_HEADING_CHARS || words > MAX_HEADING_WORDS {
        return false;
    }
    if line.ends_with([',', ';']) || !line.starts_with(|c: char| c.is_uppercase() || c.is_numeric())
    {
        return false;
    }
    let inner = line.trim_end_matches(['.', ':']);
    if inner.contains(". ") || inner.contains(';') {
        return false;
    }
    is_all_caps(line) || is_title_case(line) || (language != Language::En && words <= 6)
}

/// "Limitation of Liability" from "Limitation of Liability. Neither party…".
fn run_in_heading(rest: &str, language: Language) -> Option<String> {
    let end = rest
        .char_indices()
        .take(MAX_HEADING_CHARS + 1)
        .find(|&(i, c)| (c == '.' || c == ':') && ends_sentence(&rest[i + c.len_utf8()..]))
        .map(|(i, _)| i)?;
    let candidate = rest[..end].trim();
    let words = candidate.split_whitespace().count();
    let sentence_case_ok = language != Language::En && words <= 5;
    let fits = words <= MAX_HEADING_WORDS
        && (is_title_case(candidate) || is_all_caps(candidate) || sentence_case_ok);
    (fits && !candidate.is_empty()).then(|| clean(candidate))
}

/// A period ends the sentence when what follows is empty or starts a new one.
fn ends_sentence(after: &str) -> bool {
    let next = after.trim_start_matches(['-', '–', '—']).trim_start();
    after.is_empty()
        || (after.starts_with(char::is_whitespace)
            && next
                .starts_with(|c: char| c.is_uppercase() || c.is_numeric() || "(\"“[".contains(c)))
        || next.is_empty()
}

/// "QUALITY SPECIFICATIONS" from "QUALITY SPECIFICATIONS   For all gas…": the upper-case
/// words at the start, when they stand apart from what follows.
fn caps_run(rest: &str) -> Option<String> {
    let mut end = 0;
    let mut long_words = 0;
    for (start, word) in word_spans(rest) {
        if !has_letters(word)
            || !word
                .chars()
                .filter(|c| c.is_alphabetic())
                .all(char::is_uppercase)
        {
            if !has_letters(word) && !word.chars().all(|c| "&,-–—/".contains(c)) {
                break;
            }
            if has_letters(word) {
                break;
            }
        } else if word.chars().filter(|c| c.is_alphabetic()).count() >= 3 {
            long_words += 1;
        }
        end = start + word.len();
    }
    if long_words == 0 {
        return None;
    }
    let after = &rest[end..];
    let next_word = after.split_whitespace().next().unwrap_or("");
    let stands_apart = after.trim().is_empty()
        || after.starts_with(['.', ':'])
        || rest[..end].ends_with(['.', ':'])
        || after.starts_with("  ")
        || (next_word.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) && end > 5);
    stands_apart.then(|| clean(&rest[..end]))
}

fn word_spans(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_whitespace()
        .map(move |word| (word.as_ptr() as usize - text.as_ptr() as usize, word))
}

fn has_letters(word: &str) -> bool {
    word.chars().any(char::is_alphabetic)
}

/// Every letter upper case, and at least two letters.
pub(super) fn is_all_caps(text: &str) -> bool {
    let mut letters = text.chars().filter(|c| c.is_alphabetic()).peekable();
    letters.peek().is_some()
        && text.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && letters.all(char::is_uppercase)
}

/// Every word capitalised except the small connecting words (never the first word).
fn is_title_case(text: &str) -> bool {
    let mut words = 0;
    for (position, word) in text.split_whitespace().enumerate() {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        let Some(first) = bare.chars().next() else {
            continue;
        };
        words += 1;
        if first.is_uppercase() || first.is_numeric() {
            continue;
        }
        let minor = MINOR_WORDS.contains(&bare.to_lowercase().as_str());
        if position == 0 || !minor {
            return false;
        }
    }
    words > 0
}

/// The heading without trailing punctuation and with whitespace collapsed.
pub(super) fn clean(text: &str) -> String {
    super::text_index::collapse_whitespace(
        text.trim().trim_end_matches(['.', ':', '-', '–', '—', ' ']),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_a_run_in_title_case_heading_up_to_its_period() {
        let rest = "Limitation of Liability. Neither party shall be liable for indirect damages.";
        assert_eq!(
            heading_after_label(rest, false, Language::En).as_deref(),
            Some("Limitation of Liability")
        );
    }

    #[test]
    fn refuses_an_ordinary_sentence_as_heading() {
        let rest = "The Supplier shall deliver the goods. Delivery is free.";
        assert_eq!(heading_after_label(rest, false, Language::En), None);
        assert_eq!(
            heading_after_label("\"Affiliate\" means any entity.", false, Language::En),
            None
        );
    }

    #[test]
    fn takes_a_line_of_its_own_and_caps_runs() {
        assert_eq!(
            heading_after_label("GOVERNING LAW", true, Language::En).as_deref(),
            Some("GOVERNING LAW")
        );
        assert_eq!(
            heading_after_label(
                "AUDIT RIGHTS. i-Escrow shall keep records",
                false,
                Language::En
            )
            .as_deref(),
            Some("AUDIT RIGHTS")
        );
        let inline =
            "QUALITY SPECIFICATIONS AND STANDARDS   For all gas received, the Parties agree";
        assert_eq!(
            heading_after_label(inline, false, Language::En).as_deref(),
            Some("QUALITY SPECIFICATIONS AND STANDARDS")
        );
        assert_eq!(
            heading_after_label(
                "ESSI shall pay the fee within thirty days of invoice",
                false,
                Language::En
            ),
            None
        );
    }

    #[test]
    fn allows_sentence_case_headings_outside_english() {
        assert_eq!(
            heading_after_label("Durée du contrat", true, Language::Fr).as_deref(),
            Some("Durée du contrat")
        );
        assert_eq!(
            heading_after_label("Durée du contrat", true, Language::En),
            None
        );
        let spanish = "Objeto del contrato. El presente contrato tiene por objeto la prestación de servicios.";
        assert_eq!(
            heading_after_label(spanish, false, Language::Es).as_deref(),
            Some("Objeto del contrato")
        );
    }
}
