//! Passport numbers: the usual 6–9 character forms, only with a passport cue nearby.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::cued_matches;
use super::text::Page;

static PASSPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:[A-Z]{1,2}[0-9]{6,8}|[0-9]{2}[A-Z]{2}[0-9]{5}|[0-9]{4} ?[0-9]{6}|[0-9]{8,9}|[A-Z][0-9A-Z]{7,8})\b")
        .expect("passport pattern")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    let has_digit = |s: &str| s.bytes().any(|b| b.is_ascii_digit());
    cued_matches(page, &PASSPORT, EntityKind::Passport, 0.85, has_digit, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        super::super::candidate::proposed(find, t)
    }

    #[test]
    fn needs_a_passport_cue() {
        assert_eq!(spans("Passport No. C01X00T47"), ["C01X00T47"]);
        assert_eq!(spans("Reisepass-Nr.: C4J9K2LM7"), ["C4J9K2LM7"]);
        assert_eq!(spans("паспорт 4509 123456"), ["4509 123456"]);
        assert!(spans("invoice C01X00T47").is_empty());
        assert!(spans("Passport office opens at 9").is_empty());
    }
}
