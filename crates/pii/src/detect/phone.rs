//! Phone numbers, international and national, confirmed through the suite's
//! libphonenumber-based check (`suite_engines::phone`). Dates, years, prices, SSN shapes
//! and card fragments are rejected; bare digit runs need context.

use std::sync::LazyLock;

use regex::Regex;

use super::candidate::Candidate;
use super::context::has_cue;
use super::text::{Page, digits_only};
use super::{EntityKind, Language};
use suite_engines::phone;

static PHONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\+|(?-u:\b)00)?\(?(?-u:\b)[0-9](?:[0-9.\-/ ]|-\r?\n|\) ?|\([0-9]{1,4}\) ?){4,22}[0-9](?-u:\b)(?:\s?(?:x|ext\.?)\s?[0-9]{1,5}(?-u:\b))?")
        .expect("phone pattern")
});
static DATE_SHAPE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})$")
        .expect("date shape")
});
/// A date (ISO or day/month/year) inside the run, or a clock time right after it.
static DATE_INSIDE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4}|\d{4}[./]\d{1,2}[./]\d{1,2})\b")
        .expect("date inside")
});
/// Four dot-separated groups of one to three digits: an IPv4 address (checked by value).
static DOTTED_QUAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$").expect("ipv4 shape"));
/// Seven digits split 3-4 (with a space, dash or dot): the local-number shape.
static LOCAL_SEVEN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\(?\d{3}\)?[ .\-]?\d{4}$").expect("local shape"));
static SSN_SHAPE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{3}-\d{2}-\d{4}$").expect("ssn shape"));

/// Regions tried, after the page's own, for a national number that does not parse there.
const OTHER_REGIONS: &[&str] = &[
    "US", "GB", "DE", "FR", "ES", "IT", "NL", "BE", "AU", "IN", "BR", "SE",
];

pub(crate) fn find(page: &Page, language: Language, out: &mut Vec<Candidate>) {
    let t = &page.digits;
    for m in PHONE.find_iter(t) {
        let raw = m.as_str().trim_end();
        let (start, end) = (m.start(), m.start() + raw.len());
        let main = raw.split(['x', 'e']).next().unwrap_or(raw).trim_end();
        let digits = digits_only(main);
        if !(7..=15).contains(&digits.len())
            || DATE_SHAPE.is_match(main)
            || SSN_SHAPE.is_match(main)
        {
            continue;
        }
        if DATE_INSIDE.is_match(main) || t[end..].starts_with(':') || is_ipv4(main) {
            continue;
        }
        if money_around(t, start, end) {
            continue;
        }
        let international = main.starts_with('+') || main.starts_with("00");
        let separated = main.contains([' ', '-', '.', '(', '/']);
        let cue = has_cue(page.text, start, end, EntityKind::Phone);
        if !separated && !international && !cue {
            continue;
        }
        if main.contains(' ') && !international && !cue && looks_like_number_list(main) {
            continue;
        }
        if !international && labelled_identifier(t, start) {
            continue;
        }
        // Seven digits without a cue must have the local-number shape (3-4); other splits
        // such as 4-3 are postal codes ("3610-114").
        if digits.len() == 7 && !international && !cue && !LOCAL_SEVEN.is_match(main) {
            continue;
        }
        let valid = validates(main, language, international);
        let mut score: f64 = match (valid, international) {
            (true, true) => 0.85,
            (true, false) => 0.65,
            (false, true) => 0.45,
            (false, false) => 0.35,
        };
        if cue {
            score += 0.3;
        }
        out.push(Candidate::new(
            EntityKind::Phone,
            start,
            end,
            score.min(0.97),
            valid,
        ));
    }
}

fn validates(number: &str, language: Language, international: bool) -> bool {
    if international {
        return phone::check(number, None).valid;
    }
    let own = language.phone_region();
    std::iter::once(own)
        .chain(OTHER_REGIONS.iter().copied().filter(|r| *r != own))
        .any(|r| phone::check(number, Some(r)).valid)
}

/// Words that label a reference number rather than a phone number.
const ID_LABELS: &[&str] = &[
    "order",
    "invoice",
    "ref",
    "reference",
    "ticket",
    "case",
    "booking",
    "transaction",
    "receipt",
    "item",
    "po",
    "tracking",
    "policy",
    "claim",
    "batch",
    "serial",
    "id",
];

/// The word right before the number (skipping `#`, `no.`, `nr.`, `:`) labels an identifier:
/// "Order 4471-2209", "invoice no. 2023-0045".
fn labelled_identifier(t: &str, start: usize) -> bool {
    let from = t[..start]
        .char_indices()
        .rev()
        .nth(24)
        .map_or(0, |(i, _)| i);
    let head = t[from..start].to_lowercase();
    let mut words = head
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .rev();
    let mut last = words.next().unwrap_or("");
    if matches!(last, "no" | "nr" | "number" | "num") {
        last = words.next().unwrap_or("");
    }
    let gap = head.len() - head.trim_end_matches([' ', '#', ':', '.', '\t']).len();
    let tail = head.trim_end_matches([' ', '#', ':', '.', '\t']);
    gap <= 4
        && (tail.ends_with(last) || tail.ends_with("no") || tail.ends_with("nr"))
        && ID_LABELS.contains(&last)
}

/// Four dotted groups of at most three digits, each at most 255.
fn is_ipv4(s: &str) -> bool {
    DOTTED_QUAD.is_match(s)
        && s.split('.')
            .all(|g| g.parse::<u16>().is_ok_and(|v| v <= 255))
}

/// A currency sign or code, or a percent sign, right next to the number.
fn money_around(t: &str, start: usize, end: usize) -> bool {
    let before: String = t[..start].chars().rev().take(4).collect();
    let after: String = t[end..].chars().take(4).collect();
    let signs = ['$', '€', '£', '¥', '%', '₹', '₽'];
    before.trim_start().starts_with(signs)
        || after.trim_start().starts_with(signs)
        || ["usd", "eur", "gbp", "chf"]
            .iter()
            .any(|c| after.trim_start().to_lowercase().starts_with(c))
}

/// Space-separated groups where one is a plain year or a long run: a list of numbers
/// rather than one grouped phone number.
fn looks_like_number_list(s: &str) -> bool {
    let groups: Vec<&str> = s.split(' ').filter(|g| !g.is_empty()).collect();
    groups.iter().any(|g| {
        let d = digits_only(g);
        g.len() == 4 && (d.starts_with("19") || d.starts_with("20")) && groups.len() <= 2
            || d.len() > 5 && groups.len() > 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str, lang: Language) -> Vec<&str> {
        let mut v = Vec::new();
        find(&Page::new(t), lang, &mut v);
        v.iter()
            .filter(|c| c.score >= 0.5)
            .map(|c| &t[c.start..c.end])
            .collect()
    }

    #[test]
    fn finds_national_and_international_numbers() {
        assert_eq!(
            spans("Call +1-202-555-0173 now", Language::En),
            ["+1-202-555-0173"]
        );
        assert_eq!(spans("Tel: 030 12345678", Language::De), ["030 12345678"]);
        assert_eq!(
            spans("appelez le 01 42 68 53 00.", Language::Fr),
            ["01 42 68 53 00"]
        );
        assert_eq!(
            spans("(212) 736-5000 office", Language::En),
            ["(212) 736-5000"]
        );
        assert_eq!(spans("電話 03-1234-5678", Language::Ja), ["03-1234-5678"]);
        assert_eq!(
            spans("ring +44 (0)20 7946 0958", Language::En),
            ["+44 (0)20 7946 0958"]
        );
    }

    #[test]
    fn rejects_dates_prices_and_plain_numbers() {
        assert!(spans("on 12.03.2024 we paid", Language::De).is_empty());
        assert!(spans("order 20240312123", Language::En).is_empty());
        assert!(spans("total $1 234 567", Language::En).is_empty());
        assert!(spans("SSN 536-90-4399", Language::En).is_empty());
        assert!(spans("Logged: 2019-11-02 08:15:44", Language::En).is_empty());
        assert!(spans("on 03.07.2021 14:30 we met", Language::En).is_empty());
        // Invented: an IPv4 address, a 4-3 postal code.
        assert!(spans("host 192.168.10.200 is down", Language::En).is_empty());
        assert!(spans("Rua Nova 12, 4050-123 Porto", Language::En).is_empty());
        // Invented: numbers labelled as references.
        assert!(spans("Ticket 5512-8830 was closed", Language::En).is_empty());
        assert!(spans("see invoice no. 2024-11873 attached", Language::En).is_empty());
    }

    #[test]
    fn finds_wrapped_numbers_and_loose_cues() {
        // Invented: a number wrapped after a dash, and a conversational cue.
        assert_eq!(
            spans("reach her at (617) 555-\n0199 today", Language::En),
            ["(617) 555-\n0199"]
        );
        assert_eq!(
            spans("nobody is answering at 61 482 937", Language::En),
            ["61 482 937"]
        );
    }
}
