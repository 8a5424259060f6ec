//! Recognises a clause label ("9.", "1.1", "Article V", "§ 7", "Cláusula Quinta", "PRIMERA.-",
//! "(a)") at a given position of a paragraph and reads its numeric value.

use super::numerals::{roman_value, spanish_ordinal_pattern, spanish_ordinal_value};
use regex::Regex;
use std::sync::LazyLock;

/// How a label is written; decides how much evidence it is of a clause start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LabelKind {
    /// "Article 5", "ARTICLE V", "Section 3.2", "Artículo 5", "Cláusula Quinta", "Ziffer 4".
    Keyword,
    /// "§ 7".
    ParagraphSign,
    /// "PRIMERA.-", a Spanish ordinal word on its own.
    OrdinalWord,
    /// "IV." at the start of a paragraph.
    Roman,
    /// "1.", "1.1", "12.3.4", "3" followed by a tab.
    Decimal { dotted: bool },
    /// "(a)", "(iv)", "(2)", "B." — sub-items, clause starts only when nothing else numbers.
    SubItem,
}

/// A label found at a position.
#[derive(Debug, Clone)]
pub(super) struct Label {
    pub kind: LabelKind,
    /// The number as written, without keyword or trailing dot ("5", "V", "§ 7", "1.1").
    pub number: String,
    /// Numeric value, one entry per level ("12.3" → [12, 3]); for sub-items the item's rank.
    pub path: Vec<u32>,
    /// The keyword's family, so "Article" and "Section" sequences can be tracked apart.
    pub keyword: Option<&'static str>,
    /// Bytes of the slice taken by the label and the separator after it.
    pub len: usize,
}

static KEYWORD: LazyLock<Regex> = LazyLock::new(|| {
    let ordinal = spanish_ordinal_pattern();
    Regex::new(&format!(
        r"^(?P<kw>(?i:article|art\.|artikel|art[íi]culo|section|sec\.|clause|cl[áa]usula|ziffer|abschnitt))\s*(?P<n>\d{{1,3}}(?:\.\d{{1,3}}){{0,4}}(?:er|re|\s?[ªº°])?|[IVXLC]{{1,7}}\b|[ivxlc]{{1,7}}\b|(?i:{ordinal})\b)"
    ))
    .expect("keyword label regex")
});

static PARAGRAPH_SIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<kw>§{1,2})\s*(?P<n>\d{1,3}[a-z]?)\b").expect("paragraph sign regex")
});

static ORDINAL_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^(?P<n>(?i:{}))\s*(?:\.-|\.|:|-|–|—)",
        spanish_ordinal_pattern()
    ))
    .expect("ordinal word regex")
});

static ROMAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<n>[IVXL]{1,6})(?:\.|\s+[-–—])\s").expect("roman label regex")
});

static DECIMAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<n>\d{1,3}(?:\.\d{1,3}){0,4})(?P<dot>\.)?(?:[ \t\u{a0}]|$)")
        .expect("decimal label regex")
});

static SUB_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\((?P<p>[a-z]{1,4}|\d{1,2}|[A-Z])\)|(?P<l>[A-Z])\.)(?:\s|$)")
        .expect("sub-item regex")
});

static SEPARATOR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:\s*(?:\.-|[.:)]|[-–—]+)(?:\s|$))?\s*").expect("separator"));

/// The label at the start of `s`, if any.
pub(super) fn label_at(s: &str) -> Option<Label> {
    if let Some(caps) = KEYWORD.captures(s) {
        let raw = &caps["n"];
        let keyword = keyword_family(&caps["kw"]);
        return numbered(LabelKind::Keyword, raw, keyword, caps.get(0)?.end(), s);
    }
    if let Some(caps) = PARAGRAPH_SIGN.captures(s) {
        let number = format!("{} {}", &caps["kw"], &caps["n"]);
        let value: u32 = caps["n"]
            .trim_end_matches(char::is_alphabetic)
            .parse()
            .ok()?;
        return Some(finish(
            LabelKind::ParagraphSign,
            number,
            vec![value],
            Some("§"),
            caps.get(0)?.end(),
            s,
        ));
    }
    if let Some(caps) = ORDINAL_WORD.captures(s) {
        let raw = caps.name("n")?;
        if !raw.as_str().starts_with(char::is_uppercase) {
            return None;
        }
        return numbered(
            LabelKind::OrdinalWord,
            raw.as_str(),
            Some("article"),
            raw.end(),
            s,
        );
    }
    if let Some(caps) = ROMAN.captures(s) {
        let raw = caps.name("n")?;
        return numbered(LabelKind::Roman, raw.as_str(), None, raw.end(), s);
    }
    if let Some(caps) = DECIMAL.captures(s) {
        let raw = caps.name("n")?;
        let dotted = caps.name("dot").is_some();
        let end = caps.name("dot").unwrap_or(raw).end();
        return numbered(LabelKind::Decimal { dotted }, raw.as_str(), None, end, s);
    }
    let caps = SUB_ITEM.captures(s)?;
    let (item, end) = match (caps.name("p"), caps.name("l")) {
        (Some(p), _) => (p.as_str(), p.end() + 1),
        (None, Some(l)) => (l.as_str(), l.end() + 1),
        (None, None) => return None,
    };
    let rank = item
        .parse()
        .ok()
        .or_else(|| roman_value(item).filter(|_| item.len() > 1 || item == "i"))
        .or_else(|| letter_rank(item))?;
    let number = s[..end].to_string();
    Some(finish(LabelKind::SubItem, number, vec![rank], None, end, s))
}

fn numbered(
    kind: LabelKind,
    raw: &str,
    keyword: Option<&'static str>,
    end: usize,
    s: &str,
) -> Option<Label> {
    let path = number_path(raw)?;
    Some(finish(kind, raw.trim().to_string(), path, keyword, end, s))
}

fn finish(
    kind: LabelKind,
    number: String,
    path: Vec<u32>,
    keyword: Option<&'static str>,
    end: usize,
    s: &str,
) -> Label {
    let separator = SEPARATOR.find(&s[end..]).map_or(0, |m| m.end());
    Label {
        kind,
        number,
        path,
        keyword,
        len: end + separator,
    }
}

/// "12.3" → [12, 3]; "V" → [5]; "Quinta" → [5]; "5ª" / "1er" → [5] / [1].
fn number_path(raw: &str) -> Option<Vec<u32>> {
    let trimmed = raw.trim_end_matches(['ª', 'º', '°', ' ']);
    let trimmed = trimmed
        .strip_suffix("er")
        .or_else(|| trimmed.strip_suffix("re"))
        .unwrap_or(trimmed);
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        return trimmed.split('.').map(|part| part.parse().ok()).collect();
    }
    roman_value(trimmed)
        .or_else(|| spanish_ordinal_value(trimmed))
        .map(|value| vec![value])
}

fn letter_rank(item: &str) -> Option<u32> {
    let mut chars = item.chars();
    let first = chars.next()?;
    let all_same = chars.all(|c| c == first);
    let rank = u32::from(first.to_ascii_lowercase()).checked_sub(u32::from('a'))? + 1;
    (all_same && first.is_ascii_alphabetic()).then_some(rank + 26 * (item.len() as u32 - 1))
}

fn keyword_family(keyword: &str) -> Option<&'static str> {
    let lower = keyword.to_lowercase();
    Some(
        if lower.starts_with("sec") || lower.starts_with("abschnitt") || lower == "ziffer" {
            "section"
        } else if lower.starts_with("cl") {
            "clause"
        } else {
            "article"
        },
    )
}
