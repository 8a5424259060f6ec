//! Names of jurisdictions and forums read from governing-law and forum sentences, in English
//! for the finding text ("the State of New York", "Germany", "the courts of Paris").

use crate::model::Language;
use regex::Regex;
use std::sync::LazyLock;

fn re(pattern: &str) -> Option<Regex> {
    Regex::new(pattern).ok()
}

static LAWS_OF: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)\blaws?(?:\s+and\s+(?:decisions|regulations))?\s+of\s+(the\s+)?((?:state|commonwealth|province|republic|kingdom|federal republic)\s+of\s+)?([a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){0,3})",
    )
});

/// Words that end a place name ("Texas without regard to …").
const STOP: &[&str] = &[
    "without",
    "applicable",
    "excluding",
    "except",
    "regardless",
    "including",
    "as",
    "which",
    "that",
    "in",
    "to",
    "for",
    "with",
    "its",
    "shall",
    "will",
    "hereof",
    "thereof",
    "notwithstanding",
    "governing",
    "other",
    "or",
    "provided",
    "the",
    "and",
    "apply",
    "applied",
    "u.s.a",
    "usa",
    "by",
    "on",
    "from",
    "excluding",
    "but",
];

fn title_case(word: &str) -> String {
    let lower = word.to_lowercase();
    let mut chars = lower.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn place_words(raw: &str) -> Vec<String> {
    raw.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .take_while(|w| !w.is_empty() && !STOP.contains(&w.to_lowercase().as_str()))
        .map(title_case)
        .collect()
}

const ADJECTIVES: &[(&str, &str)] = &[
    ("deutsch", "Germany"),
    ("österreich", "Austria"),
    ("schweiz", "Switzerland"),
    ("französisch", "France"),
    ("spanisch", "Spain"),
    ("englisch", "England and Wales"),
    ("français", "France"),
    ("allemand", "Germany"),
    ("espagnol", "Spain"),
    ("belge", "Belgium"),
    ("suisse", "Switzerland"),
    ("luxembourg", "Luxembourg"),
    ("anglais", "England and Wales"),
    ("español", "Spain"),
    ("española", "Spain"),
    ("mexican", "Mexico"),
    ("argentin", "Argentina"),
    ("chilen", "Chile"),
    ("colombian", "Colombia"),
    ("peruan", "Peru"),
    ("francesa", "France"),
    ("alemana", "Germany"),
];

static ADJECTIVE_LAW: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)\b(deutsch|österreichisch|schweizerisch|französisch|spanisch|englisch)\w*\s+Recht|\b(?:loi|droit)\s+(français|allemand|espagnol|belge|suisse|luxembourgeois|anglais)\w*|\b(?:ley|leyes|legislación|derecho)\s+(español|española|mexican\w*|argentin\w*|chilen\w*|colombian\w*|peruan\w*|francesa|alemana)",
    )
});

static NAMED_LAW: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"\b(?:Recht der|droit (?:de la|de l'|du|de)|leyes de(?: la| el)?|legislación de(?: la| el)?)\s*((?:Bundesrepublik |Republik |République |Reino de |República de )?[A-ZÄÖÜÉ][\wäöüéèñ-]+(?:\s[A-ZÄÖÜÉ][\wäöüéèñ-]+)?)",
    )
});

/// The jurisdiction whose law governs ("the State of New York", "Germany").
pub fn jurisdiction(text: &str, _: Language) -> Option<String> {
    if let Some(c) = LAWS_OF.as_ref().and_then(|r| r.captures(text)) {
        let words = place_words(c.get(3).map_or("", |m| m.as_str()));
        if !words.is_empty() {
            let name = words.join(" ");
            return Some(match (c.get(1), c.get(2)) {
                (_, Some(kind)) => format!(
                    "the {} of {name}",
                    title_case(kind.as_str().split_whitespace().next().unwrap_or("state"))
                ),
                (Some(_), None) => format!("the {name}"),
                (None, None) => name,
            });
        }
    }
    if let Some(c) = ADJECTIVE_LAW.as_ref().and_then(|r| r.captures(text)) {
        let adjective = (1..=3)
            .find_map(|i| c.get(i))
            .map(|m| m.as_str().to_lowercase())?;
        return ADJECTIVES
            .iter()
            .find(|(stem, _)| adjective.starts_with(stem))
            .map(|(_, country)| (*country).to_string());
    }
    NAMED_LAW
        .as_ref()
        .and_then(|r| r.captures(text))
        .and_then(|c| c.get(1))
        .map(|m| m.as_str().to_string())
}

static FORUM: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"(?i)\b((?:state (?:and|or) federal |federal (?:and|or) state |state |federal )?courts?|tribunals?|venue)\s+(?:located |sitting |situated )?(?:of|in|for|at)\s+((?:the\s+)?[a-z][^.;()]{2,80})",
    )
});

static FORUM_OTHER: LazyLock<Option<Regex>> = LazyLock::new(|| {
    re(
        r"\b(?:Gerichtsstand\b[^.;]{0,60}?\bist|tribunaux? (?:compétents? )?(?:de|du ressort de)|(?:juzgados|tribunales)(?: y tribunales)? de(?: la ciudad de)?)\s+([A-ZÄÖÜÉ][\wäöüéèñ-]+(?:[ -][A-ZÄÖÜÉ][\wäöüéèñ-]+)?)",
    )
});

/// Where disputes are heard ("the courts of Santa Clara County, California").
pub fn forum(text: &str, _: Language) -> Option<String> {
    if let Some(c) = FORUM.as_ref().and_then(|r| r.captures(text)) {
        let kind = c.get(1).map_or("courts", |m| m.as_str()).to_lowercase();
        let raw = c.get(2).map_or("", |m| m.as_str());
        let cut = raw
            .split(',')
            .take(2)
            .map(|part| {
                place_words(part.trim_start_matches("the ").trim_start_matches("The ")).join(" ")
            })
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>();
        if let Some(first) = cut.first() {
            let place = if cut.len() > 1
                && raw
                    .split(',')
                    .next()
                    .is_some_and(|p| p.split_whitespace().count() <= 4)
            {
                format!("{first}, {}", cut[1])
            } else {
                first.clone()
            };
            let kind = if kind == "venue" {
                "the courts".to_string()
            } else {
                format!("the {kind}")
            };
            return Some(format!("{kind} of {place}"));
        }
    }
    FORUM_OTHER
        .as_ref()
        .and_then(|r| r.captures(text))
        .and_then(|c| c.get(1))
        .map(|m| format!("the courts of {}", m.as_str()))
}

/// Whether a forum text names a place and none of the governing law's names: a law/forum
/// mismatch ("laws of New York", "courts of Delaware").
pub fn mismatched(law: &str, forum: &str) -> bool {
    let strip = |s: &str| {
        s.to_lowercase()
            .replace("the state of ", "")
            .replace("the commonwealth of ", "")
            .replace("the courts of ", "")
            .replace("the ", "")
    };
    let law = strip(law);
    let forum = strip(forum);
    if law.is_empty() || forum.is_empty() {
        return false;
    }
    let law_words: Vec<&str> = law.split([' ', ',']).filter(|w| w.len() > 2).collect();
    !law_words.iter().any(|w| forum.contains(w))
}
