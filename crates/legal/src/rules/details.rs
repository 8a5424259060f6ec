//! Details read from a matched sentence for the finding text and for rules with a numeric
//! condition: notice and payment periods, the liability cap, licence breadth, jurisdiction
//! and forum names.

use crate::model::Language;
use regex::Regex;
use std::sync::LazyLock;

static PERIOD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:(\d{1,4})|(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen|twenty|thirty|forty-?five|sixty|ninety|ein(?:e[nm]?)?|zwei|drei|vier|sechs|zwölf|vierzehn|dreißig|sechzig|neunzig|un|une|deux|trois|six|douze|quinze|trente|soixante|quatre-vingt-dix|uno|una|dos|tres|seis|doce|quince|treinta|sesenta|noventa))\s*(?:\(\s*(\d{1,4})\s*\)\s*)?(?:-\s*)?(?:calendar |business |working )?(days?|weeks?|months?|years?|Kalendertage[n]?|Werktage[n]?|Tage[n]?|Wochen?|Monate[n]?|Monats|Jahre[n]?|jours?|semaines?|mois|ans|années?|días?|semanas?|meses|mes|años?)\b",
    )
    .ok()
});

/// A period written in the text: its length in days and how it was written ("6 months").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub days: u32,
    pub text: String,
    pub start: usize,
    pub end: usize,
}

fn word_number(word: &str) -> Option<u32> {
    let n = match word.to_lowercase().as_str() {
        "one" | "ein" | "eine" | "einen" | "einem" | "un" | "une" | "uno" | "una" => 1,
        "two" | "zwei" | "deux" | "dos" => 2,
        "three" | "drei" | "trois" | "tres" => 3,
        "four" | "vier" => 4,
        "five" => 5,
        "six" | "sechs" | "seis" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "twelve" | "zwölf" | "douze" | "doce" => 12,
        "fourteen" | "vierzehn" => 14,
        "fifteen" | "quinze" | "quince" => 15,
        "twenty" => 20,
        "thirty" | "dreißig" | "trente" | "treinta" => 30,
        "forty-five" | "fortyfive" => 45,
        "sixty" | "sechzig" | "soixante" | "sesenta" => 60,
        "ninety" | "neunzig" | "quatre-vingt-dix" | "noventa" => 90,
        _ => return None,
    };
    Some(n)
}

fn unit_days(unit: &str) -> u32 {
    let u = unit.to_lowercase();
    if u.starts_with("week")
        || u.starts_with("woche")
        || u.starts_with("semaine")
        || u.starts_with("semana")
    {
        7
    } else if u.starts_with("month")
        || u.starts_with("monat")
        || u == "mois"
        || u.starts_with("mes")
    {
        30
    } else if u.starts_with("year")
        || u.starts_with("jahr")
        || u == "ans"
        || u.starts_with("année")
        || u.starts_with("año")
    {
        365
    } else {
        1
    }
}

/// Every period written in `text`, in order.
pub fn periods(text: &str) -> Vec<Period> {
    let Some(re) = PERIOD.as_ref() else {
        return Vec::new();
    };
    re.captures_iter(text)
        .filter_map(|c| {
            let n = c
                .get(3)
                .or(c.get(1))
                .and_then(|m| m.as_str().parse::<u32>().ok())
                .or_else(|| c.get(2).and_then(|m| word_number(m.as_str())))?;
            let unit = c.get(4)?.as_str();
            let whole = c.get(0)?;
            Some(Period {
                days: n.saturating_mul(unit_days(unit)),
                text: format!("{n} {}", unit.to_lowercase()),
                start: whole.start(),
                end: whole.end(),
            })
        })
        .collect()
}

static NOTICE_WORD: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:notice|notif|Frist|Kündigungsfrist|préavis|preaviso|antelación|anticipación|prior to|before|vor)").ok()
});

/// Periods that belong to a notice (the word "notice" or "before" close by).
fn notice_periods(text: &str) -> Vec<Period> {
    let Some(re) = NOTICE_WORD.as_ref() else {
        return Vec::new();
    };
    periods(text)
        .into_iter()
        .filter(|p| {
            let after = slice_chars_after(text, p.end, 40);
            let before = slice_chars_before(text, p.start, 40);
            re.is_match(after) || re.is_match(before)
        })
        .collect()
}

fn slice_chars_after(text: &str, from: usize, n: usize) -> &str {
    let rest = &text[from..];
    let end = rest.char_indices().nth(n).map_or(rest.len(), |(i, _)| i);
    &rest[..end]
}

fn slice_chars_before(text: &str, to: usize, n: usize) -> &str {
    let head = &text[..to];
    let start = head.char_indices().rev().nth(n).map_or(0, |(i, _)| i);
    &head[start..]
}

/// The first notice period in the sentence ("6 months"), for the description.
pub fn notice_period(text: &str, _: Language) -> Option<String> {
    notice_periods(text)
        .into_iter()
        .next()
        .map(|p| format!("{} notice", p.text))
}

/// A notice period shorter than 30 days.
pub fn notice_under_30_days(text: &str, _: Language) -> Option<String> {
    notice_periods(text)
        .into_iter()
        .find(|p| p.days < 30)
        .map(|p| format!("{} notice", p.text))
}

/// A notice period of 60 days or more.
pub fn notice_at_least_60_days(text: &str, _: Language) -> Option<String> {
    notice_periods(text)
        .into_iter()
        .find(|p| p.days >= 60)
        .map(|p| format!("{} before the end of the term", p.text))
}

/// A period in days of 60 or more (and under a year), for payment terms.
pub fn days_at_least_60(text: &str, _: Language) -> Option<String> {
    periods(text)
        .into_iter()
        .find(|p| (60..365).contains(&p.days))
        .map(|p| p.text)
}

/// Any period, for cure periods.
pub fn cure_period(text: &str, _: Language) -> Option<String> {
    periods(text).into_iter().next().map(|p| p.text)
}

/// A period counted in years.
pub fn years(text: &str, _: Language) -> Option<String> {
    periods(text)
        .into_iter()
        .find(|p| p.days >= 365 && p.days % 365 == 0)
        .map(|p| p.text)
}

static CAP: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:exceed|limited to|capped at|in excess of|beschränkt auf|begrenzt auf|höchstens|limitée à|plafonnée à|excéder|limitada a|se limita(?:rá)? a|no excederá|no podrá exceder|no superará)\s+([^.;]{3,160})").ok()
});

/// What the liability cap is ("the fees paid in the twelve (12) months preceding the claim").
pub fn cap_amount(text: &str, _: Language) -> Option<String> {
    let caps = CAP.as_ref()?.captures(text)?;
    let raw = caps.get(1)?.as_str().trim();
    Some(tidy(shorten(raw, 140)))
}

fn shorten(s: &str, max_chars: usize) -> &str {
    if s.chars().count() <= max_chars {
        return s;
    }
    let cut = s.char_indices().nth(max_chars).map_or(s.len(), |(i, _)| i);
    let head = &s[..cut];
    head.rfind(' ').map_or(head, |i| &head[..i])
}

/// Lower-cases text written in capitals (disclaimers often are) and trims punctuation.
fn tidy(s: &str) -> String {
    let letters = s.chars().filter(|c| c.is_alphabetic()).count();
    let upper = s.chars().filter(|c| c.is_uppercase()).count();
    let s = s.trim().trim_end_matches([',', ':']);
    if letters > 8 && upper * 10 > letters * 8 {
        s.to_lowercase()
    } else {
        s.to_string()
    }
}

const BREADTH: &[(&str, &str)] = &[
    ("non-exclusive", "non-exclusive"),
    ("nonexclusive", "non-exclusive"),
    ("non exclusive", "non-exclusive"),
    ("no exclusiva", "non-exclusive"),
    ("einfach", "non-exclusive"),
    ("exclusive", "exclusive"),
    ("ausschließlich", "exclusive"),
    ("exclusiva", "exclusive"),
    ("perpetual", "perpetual"),
    ("perpétuel", "perpetual"),
    ("perpetua", "perpetual"),
    ("zeitlich unbeschränkt", "perpetual"),
    ("irrevocable", "irrevocable"),
    ("irrévocable", "irrevocable"),
    ("unwiderruflich", "irrevocable"),
    ("worldwide", "worldwide"),
    ("weltweit", "worldwide"),
    ("mondial", "worldwide"),
    ("mundial", "worldwide"),
    ("royalty-free", "royalty-free"),
    ("royalty free", "royalty-free"),
    ("fully paid", "fully paid-up"),
    ("sublicens", "sublicensable"),
    ("unterlizenz", "sublicensable"),
    ("sous-licen", "sublicensable"),
    ("sublicencia", "sublicensable"),
    ("non-transferable", "non-transferable"),
    ("nontransferable", "non-transferable"),
    ("limited", "limited"),
];

/// The licence's breadth as stated ("non-exclusive, worldwide, royalty-free").
pub fn licence_breadth(text: &str, _: Language) -> Option<String> {
    let lower = text.to_lowercase();
    let mut found: Vec<&str> = Vec::new();
    let mut consumed = lower.clone();
    for (needle, label) in BREADTH {
        if consumed.contains(needle) {
            consumed = consumed.replace(needle, " ");
            if !found.contains(label) {
                found.push(label);
            }
        }
    }
    (!found.is_empty()).then(|| found.join(", "))
}

pub use super::places::{forum, jurisdiction};
