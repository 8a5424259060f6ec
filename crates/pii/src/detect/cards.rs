//! Payment card numbers: 13–19 digits, optionally grouped by spaces or dashes, confirmed
//! by the suite's Luhn check and the brand's lengths (`suite_engines`).

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::text::Page;
use suite_engines::{creditcard::Brand, luhn};

/// Digits grouped by spaces, dashes or (a number wrapped by the layout) one line break.
static CARD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)[0-9](?:(?:[ -]|\r?\n)?[0-9]){11,22}(?-u:\b)").expect("card pattern")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    for m in CARD.find_iter(&page.digits) {
        // Try the whole run, then shorter prefixes ending at a group boundary: a run may
        // swallow a following number.
        let s = m.as_str();
        let mut ends: Vec<usize> = s
            .char_indices()
            .filter(|&(i, c)| {
                c.is_ascii_digit() && !s[i + 1..].starts_with(|n: char| n.is_ascii_digit())
            })
            .map(|(i, _)| i + 1)
            .collect();
        ends.reverse();
        for end in ends {
            let digits = super::text::digits_only(&s[..end]);
            if !(12..=19).contains(&digits.len()) || !wrapped_in_groups(&s[..end]) {
                continue;
            }
            let (a, b) = (m.start(), m.start() + end);
            let cue = has_cue(page.text, a, b, EntityKind::CreditCard);
            // An unknown brand or length still counts when Luhn holds and a card cue is near.
            let score = score(&digits)
                .map(|s| if cue { s + 0.05 } else { s })
                .or_else(|| (cue && luhn::is_valid(&digits) && digits.len() >= 12).then_some(0.85));
            if let Some(score) = score {
                out.push(Candidate::new(EntityKind::CreditCard, a, b, score, true));
                break;
            }
        }
    }
}

/// A number running over a line break counts only in the printed groups of four (or the
/// 4-6-5 of a 15-digit card): two numbers on consecutive lines are not one card.
fn wrapped_in_groups(s: &str) -> bool {
    if !s.contains('\n') {
        return true;
    }
    let groups: Vec<usize> = s
        .split([' ', '-', '\n', '\r'])
        .filter(|g| !g.is_empty())
        .map(str::len)
        .collect();
    groups.iter().all(|&g| g == 4) || groups == [4, 6, 5]
}

/// Base score of a digit string as a card number, if it passes Luhn.
fn score(digits: &str) -> Option<f64> {
    if digits.len() < 13
        || !luhn::is_valid(digits)
        || digits.bytes().all(|b| b == digits.as_bytes()[0])
    {
        return None;
    }
    let brand = Brand::of(digits);
    if brand != Brand::Unknown && brand.lengths().contains(&digits.len()) {
        Some(0.93)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        super::super::candidate::proposed(find, t)
    }

    #[test]
    fn finds_valid_cards_in_any_grouping() {
        assert_eq!(
            spans("card 4111 1111 1111 1111 exp"),
            ["4111 1111 1111 1111"]
        );
        assert_eq!(spans("Amex 3782-822463-10005."), ["3782-822463-10005"]);
        assert_eq!(spans("n° 5555555555554444"), ["5555555555554444"]);
        assert_eq!(spans("4111 1111 1111 1111 2024"), ["4111 1111 1111 1111"]);
        // Invented: wrapped by the layout, and a misread group.
        assert_eq!(
            spans("card 4111 1111\n1111 1111 ok"),
            ["4111 1111\n1111 1111"]
        );
        assert_eq!(spans("card 4111 1111 l111 1111"), ["4111 1111 l111 1111"]);
        assert!(spans("ids 41111111\n11111111").is_empty());
        // Twelve-digit Maestro numbers count next to a card word only.
        assert_eq!(spans("debit card 6759 1234 5674"), ["6759 1234 5674"]);
        assert!(spans("ref 6759 1234 5674").is_empty());
    }

    #[test]
    fn rejects_bad_checksums_and_other_numbers() {
        assert!(spans("card 4111 1111 1111 1112").is_empty());
        assert!(spans("ISBN 978-3-16-148410-0").is_empty());
        assert!(spans("order 1234567890123").is_empty());
    }
}
