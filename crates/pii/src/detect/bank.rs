//! Bank accounts: IBANs (any case, with or without spaces), confirmed by the suite's IBAN
//! check (registry length, mod 97, national check digits), and plain account numbers only
//! with strong context.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::text::Page;
use suite_engines::iban;

/// Country code, two check digits (OCR may misread one of them as `O`, `I`, `l`, …), then groups
/// separated by a space, a hyphen or one line break (a printed IBAN wrapped by the layout).
static IBAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?-u:\b)[A-Za-z]{2}(?:[0-9][0-9OoIlSBZ]|[OoIlSBZ][0-9])(?:(?:[ -]|\r?\n)?[A-Za-z0-9]{1,4}){3,9}(?-u:\b)",
    )
        .expect("iban pattern")
});

static ACCOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)[0-9](?:[ -]?[0-9]){7,19}(?-u:\b)").expect("account pattern")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    for m in IBAN.find_iter(page.text) {
        // Longest prefix ending at a separator boundary (or the end) that checks out, as
        // read or with OCR letter confusions repaired where a digit belongs.
        let found = ocr_readings(m.as_str()).into_iter().find_map(|s| {
            let mut ends: Vec<usize> = s
                .char_indices()
                .filter(|&(_, c)| matches!(c, ' ' | '-' | '\n' | '\r'))
                .map(|(i, _)| i)
                .collect();
            ends.push(s.len());
            ends.reverse();
            ends.into_iter()
                .filter(|&end| end >= 15)
                .find(|&end| iban::check(&s[..end].replace(['\n', '\r'], "")).valid)
        });
        if let Some(end) = found {
            out.push(Candidate::new(
                EntityKind::BankAccount,
                m.start(),
                m.start() + end,
                0.98,
                true,
            ));
        } else if let Some(end) = one_char_too_many(m.as_str()) {
            out.push(Candidate::new(
                EntityKind::BankAccount,
                m.start(),
                m.start() + end,
                0.85,
                false,
            ));
        }
    }
    for m in ACCOUNT.find_iter(&page.digits) {
        if has_cue(page.text, m.start(), m.end(), EntityKind::BankAccount) {
            out.push(Candidate::new(
                EntityKind::BankAccount,
                m.start(),
                m.end(),
                0.7,
                false,
            ));
        }
    }
}

/// An IBAN with one character doubled or inserted by OCR ("GB56HXDO088…" for
/// "GB56HXDO88…"): a prefix (ending at a separator) one character longer than the
/// registry wants which checks out (checksum, structure, national check) once one of its
/// characters after the check digits is dropped. Returns the prefix length.
fn one_char_too_many(s: &str) -> Option<usize> {
    let mut ends: Vec<usize> = s
        .char_indices()
        .filter(|&(_, c)| matches!(c, ' ' | '-' | '\n' | '\r'))
        .map(|(i, _)| i)
        .collect();
    ends.push(s.len());
    ends.into_iter().rev().find(|&end| {
        let compact: String = s[..end]
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        if compact.len() < 16 || iban::check(&compact).error != Some(iban::IbanError::InvalidLength)
        {
            return false;
        }
        let b = compact.as_bytes();
        (4..b.len()).filter(|&i| b[i] != b[i - 1]).any(|i| {
            let mut shorter = compact.clone();
            shorter.remove(i);
            iban::check(&shorter).valid
        })
    })
}

/// The digit an OCR engine most often misreads as this letter.
fn as_digit(c: char) -> Option<char> {
    Some(match c {
        'O' | 'o' | 'D' | 'Q' => '0',
        'I' | 'l' | '|' => '1',
        'Z' | 'z' => '2',
        'S' | 's' => '5',
        'G' => '6',
        'B' => '8',
        _ => return None,
    })
}

/// The readings of an IBAN-shaped match to try, in order: as read; with the check digits
/// (always digits) repaired; also with confusable letters repaired inside the mostly-digit
/// groups of the BBAN; also with every confusable BBAN letter repaired. ASCII for ASCII,
/// so offsets hold; the checksum decides which reading (if any) is an IBAN.
fn ocr_readings(s: &str) -> Vec<String> {
    let mut out = vec![s.to_string()];
    let fix = |c: char| as_digit(c).unwrap_or(c);
    let head: String = s
        .chars()
        .take(2)
        .chain(s.chars().skip(2).take(2).map(fix))
        .collect();
    let tail: String = s.chars().skip(4).collect();
    let checked = format!("{head}{tail}");
    let mut groups = String::with_capacity(tail.len());
    for piece in tail.split_inclusive([' ', '-', '\n']) {
        let digits = piece.chars().filter(char::is_ascii_digit).count();
        let letters = piece.chars().filter(|c| c.is_ascii_alphabetic()).count();
        if digits >= letters {
            groups.extend(piece.chars().map(fix));
        } else {
            groups.push_str(piece);
        }
    }
    let all: String = tail.chars().map(fix).collect();
    for v in [checked, format!("{head}{groups}"), format!("{head}{all}")] {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<(&str, bool)> {
        let mut v = Vec::new();
        find(&Page::new(t), &mut v);
        let v = super::super::resolve::resolve(v);
        v.iter()
            .map(|c| (&t[c.start..c.end], c.validated))
            .collect()
    }

    #[test]
    fn finds_ibans_in_print_electronic_and_lower_case() {
        assert_eq!(
            spans("IBAN DE89 3704 0044 0532 0130 00 bitte"),
            [("DE89 3704 0044 0532 0130 00", true)]
        );
        assert_eq!(
            spans("to gb82west12345698765432."),
            [("gb82west12345698765432", true)]
        );
        assert_eq!(
            spans("FR1420041010050500013M02606"),
            [("FR1420041010050500013M02606", true)]
        );
    }

    #[test]
    fn repairs_ocr_confusions_and_line_breaks() {
        // Invented: O for 0 in the check digits, l for 1 in a digit group, a wrapped line.
        assert_eq!(
            spans("from NLO2ABNA0123456789 to"),
            [("NLO2ABNA0123456789", true)]
        );
        assert_eq!(
            spans("IBAN GB29 NWBK 6016 1331 9268 l9."),
            [("GB29 NWBK 6016 1331 9268 l9", true)]
        );
        assert_eq!(
            spans("IBAN DE89 3704 0044\n0532 0130 00 ok"),
            [("DE89 3704 0044\n0532 0130 00", true)]
        );
        // Invented: a doubled digit is dropped when the rest checks out (not "validated").
        assert_eq!(
            spans("from NL02ABNA00123456789 to"),
            [("NL02ABNA00123456789", false)]
        );
        assert!(spans("from NL02ABNA00123456780 to").is_empty());
        // A repair the checksum does not confirm is not an IBAN.
        assert!(spans("DE89 37O4 0044 0532 0130 09").is_empty());
    }

    #[test]
    fn rejects_bad_ibans_and_bare_numbers() {
        assert!(spans("DE89 3704 0044 0532 0130 01").is_empty());
        assert!(spans("ref 12345678901").is_empty());
        assert_eq!(spans("Kontonummer 1234567890"), [("1234567890", false)]);
    }
}
