//! The parties' defined names ("Licensee", "Acme Corp.") read from the preamble, and the
//! subject of a one-sided clause: which party (or "each party") a matched phrase is about.

use regex::Regex;
use std::sync::LazyLock;

/// How far into the contract parties are looked for.
const PREAMBLE_CHARS: usize = 4000;

static DEFINED: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?:\(|\b(?:hereinafter|herein|nachfolgend|nachstehend|im Folgenden|ci-après|en adelante|en lo sucesivo)\b)[^"“”„«»()\n]{0,40}?["“”„«]\s*([^"“”„«»()\n]{1,40}?)\s*["“”»]"#,
    )
    .ok()
});

static PREAMBLE_END: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:WHEREAS|RECITALS|NOW,? THEREFORE|BACKGROUND|Präambel|Vorbemerkung|IL A ÉTÉ CONVENU|IL EST CONVENU|EXPONEN|MANIFIESTAN)\b").ok()
});

/// Defined terms in a preamble that are not parties.
const NOT_PARTIES: &[&str] = &[
    "agreement",
    "contract",
    "effective date",
    "party",
    "parties",
    "term",
    "vertrag",
    "partei",
    "parteien",
    "vertragspartei",
    "vertragsparteien",
    "vertragspartner",
    "contrat",
    "partie",
    "parties",
    "contrato",
    "parte",
    "partes",
    "services",
    "products",
    "territory",
    "affiliate",
    "affiliates",
    "each a party",
    "together the parties",
];

const ARTICLES: &[&str] = &[
    "the ", "der ", "die ", "das ", "le ", "la ", "l'", "l’", "el ", "los ", "las ",
];

fn strip_article(name: &str) -> &str {
    let lower = name.to_lowercase();
    ARTICLES
        .iter()
        .find(|a| lower.starts_with(*a))
        .map_or(name, |a| name[a.len()..].trim_start())
}

fn char_prefix(text: &str, n: usize) -> &str {
    text.char_indices().nth(n).map_or(text, |(i, _)| &text[..i])
}

/// The parties' defined names in order of first appearance.
pub fn detect_parties(text: &str) -> Vec<String> {
    let mut preamble = char_prefix(text, PREAMBLE_CHARS);
    if let Some(end) = PREAMBLE_END.as_ref().and_then(|r| r.find(preamble))
        && end.start() > 100
    {
        preamble = &preamble[..end.start()];
    }
    let Some(re) = DEFINED.as_ref() else {
        return Vec::new();
    };
    let mut parties: Vec<String> = Vec::new();
    for caps in re.captures_iter(preamble) {
        let Some(m) = caps.get(1) else { continue };
        let name = strip_article(m.as_str().trim()).trim();
        let lower = name.to_lowercase();
        let plausible = !name.is_empty()
            && name.chars().any(char::is_alphabetic)
            && name.split_whitespace().count() <= 5;
        if plausible
            && !NOT_PARTIES.contains(&lower.as_str())
            && !parties.iter().any(|p| p.eq_ignore_ascii_case(name))
        {
            parties.push(name.to_string());
        }
    }
    parties
}

/// Who a phrase is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// "either party", "each party", "neither party", "the parties" …
    Mutual,
    /// The index of a party in the `PartyMatcher`'s names.
    Party(usize),
}

const MUTUAL_PHRASES: &str = r"either party|each party|neither party|both parties|the parties|each of the parties|neither of the parties|no party|jede Partei|jede Vertragspartei|beide Parteien|keine (?:Vertrags)?[Pp]artei|die Parteien|die Vertragsparteien|chaque partie|chacune des parties|aucune des parties|aucune partie|les parties|les deux parties|cada parte|cada una de las partes|ninguna de las partes|ninguna parte|las partes|ambas partes";

/// Finds party names and mutual phrases in a clause.
#[derive(Debug)]
pub struct PartyMatcher {
    names: Vec<String>,
    regex: Option<Regex>,
}

impl PartyMatcher {
    /// A matcher for these names (longest first so "Acme Corp." wins over "Acme").
    pub fn new(names: &[String]) -> PartyMatcher {
        let mut alternatives: Vec<(usize, String)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (i, regex::escape(n)))
            .collect();
        alternatives.sort_by_key(|(_, n)| std::cmp::Reverse(n.len()));
        let groups: Vec<String> = alternatives
            .iter()
            .map(|(i, n)| format!("(?P<p{i}>{n})"))
            .collect();
        let mut pattern = format!(r"(?i)\b(?:(?P<mutual>{MUTUAL_PHRASES})");
        for g in groups {
            pattern.push('|');
            pattern.push_str(&g);
        }
        pattern.push_str(r")(?:\b|\W|$)");
        PartyMatcher {
            names: names.to_vec(),
            regex: Regex::new(&pattern).ok(),
        }
    }

    /// The names it knows.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    fn subjects_in(&self, text: &str) -> Vec<Subject> {
        let Some(re) = &self.regex else {
            return Vec::new();
        };
        re.captures_iter(text)
            .filter_map(|c| {
                if c.name("mutual").is_some() {
                    return Some(Subject::Mutual);
                }
                (0..self.names.len())
                    .find(|i| c.name(&format!("p{i}")).is_some())
                    .map(Subject::Party)
            })
            .collect()
    }

    /// The subject of a match: the last party or mutual phrase before it in its sentence, or
    /// failing that the first one inside the matched text.
    pub fn subject(&self, before: &str, matched: &str) -> Option<Subject> {
        self.subjects_in(before)
            .pop()
            .or_else(|| self.subjects_in(matched).into_iter().next())
    }
}
