//! Bank accounts: IBANs (any case, with or without spaces), confirmed by the suite's IBAN
//! check (registry length, mod 97, national check digits), and plain account numbers only
//! with strong context.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::text::Page;
use crate::validate::iban;

static IBAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b[A-Za-z]{2}[0-9]{2}(?:[ -]?[A-Za-z0-9]{1,4}){3,9}\b").expect("iban pattern")
});

static ACCOUNT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\d(?:[ -]?\d){7,19}\b").expect("account pattern"));

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    for m in IBAN.find_iter(page.text) {
        let s = m.as_str();
        // Longest prefix ending at a separator boundary (or the end) that checks out.
        let mut ends: Vec<usize> = s
            .char_indices()
            .filter(|&(_, c)| c == ' ' || c == '-')
            .map(|(i, _)| i)
            .collect();
        ends.push(s.len());
        ends.reverse();
        for end in ends {
            let check = iban::check(&s[..end]);
            if check.valid {
                out.push(Candidate::new(
                    EntityKind::BankAccount,
                    m.start(),
                    m.start() + end,
                    0.98,
                    true,
                ));
                break;
            }
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
    fn rejects_bad_ibans_and_bare_numbers() {
        assert!(spans("DE89 3704 0044 0532 0130 01").is_empty());
        assert!(spans("ref 12345678901").is_empty());
        assert_eq!(spans("Kontonummer 1234567890"), [("1234567890", false)]);
    }
}
