//! US Social Security numbers: area/group/serial rules (no 000, 666 or 9xx area, no 00
//! group, no 0000 serial); the undashed form only with context.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::text::{Page, alnum_after, alnum_before};

static DASHED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{3})([- .])(\d{2})([- .])(\d{4})\b").expect("ssn"));
static PLAIN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b\d{9}\b").expect("ssn plain"));

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    let t = &page.digits;
    for c in DASHED.captures_iter(t) {
        let (Some(m), Some(s1), Some(s2)) = (c.get(0), c.get(2), c.get(4)) else {
            continue;
        };
        if s1.as_str() != s2.as_str() || part_of_longer(t, m.start(), m.end()) {
            continue;
        }
        let digits = super::text::digits_only(m.as_str());
        if !valid(&digits) {
            continue;
        }
        let cue = has_cue(page.text, m.start(), m.end(), EntityKind::Ssn);
        let score = match (cue, s1.as_str()) {
            (true, _) => 0.95,
            (false, "-") => 0.8,
            _ => 0.45,
        };
        out.push(Candidate::new(
            EntityKind::Ssn,
            m.start(),
            m.end(),
            score,
            true,
        ));
    }
    for m in PLAIN.find_iter(t) {
        let digits = m.as_str();
        if valid(digits) && has_cue(page.text, m.start(), m.end(), EntityKind::Ssn) {
            out.push(Candidate::new(
                EntityKind::Ssn,
                m.start(),
                m.end(),
                0.85,
                true,
            ));
        }
    }
}

/// The number continues with more digit groups (a phone number, a card).
fn part_of_longer(t: &str, start: usize, end: usize) -> bool {
    let b = t.as_bytes();
    let joined_before =
        start >= 2 && matches!(b[start - 1], b'-' | b'.' | b'/') && b[start - 2].is_ascii_digit();
    let joined_after =
        end + 1 < b.len() && matches!(b[end], b'-' | b'.' | b'/') && b[end + 1].is_ascii_digit();
    joined_before || joined_after || alnum_before(t, start) || alnum_after(t, end)
}

/// The SSA's structural rules for a nine-digit SSN.
pub(crate) fn valid(digits: &str) -> bool {
    if digits.len() != 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (area, group, serial) = (&digits[..3], &digits[3..5], &digits[5..]);
    area != "000"
        && area != "666"
        && !area.starts_with('9')
        && group != "00"
        && serial != "0000"
        && digits != "123456789"
        && !digits.bytes().all(|b| b == digits.as_bytes()[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        let mut v = Vec::new();
        find(&Page::new(t), &mut v);
        v.iter()
            .filter(|c| c.score >= 0.5)
            .map(|c| &t[c.start..c.end])
            .collect()
    }

    #[test]
    fn finds_dashed_and_contextual_ssns() {
        assert_eq!(spans("SSN 536-90-4399."), ["536-90-4399"]);
        assert_eq!(
            spans("my social security number is 536904399"),
            ["536904399"]
        );
    }

    #[test]
    fn applies_area_group_serial_rules() {
        assert!(spans("000-12-3456 666-12-3456 912-12-3456 123-00-4567 123-45-0000").is_empty());
        assert!(spans("order 536904399").is_empty());
        assert!(spans("tel 555-536-90-4399").is_empty());
    }
}
