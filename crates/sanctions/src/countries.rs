//! Country names and codes to ISO 3166-1 alpha-2: the lists write countries as names
//! ("Korea, North", "Iran (Islamic Republic of)"), requests send alpha-2 codes.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::country_table::COUNTRIES;

static BY_NAME: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| {
    let mut map = HashMap::new();
    for (code, _, names) in COUNTRIES {
        for name in *names {
            map.insert(*name, *code);
        }
    }
    map
});

/// Lower-case ASCII words of a country name: accents folded, apostrophes dropped,
/// punctuation to spaces.
fn key(text: &str) -> String {
    let folded = deunicode::deunicode(text)
        .to_ascii_lowercase()
        .replace('\'', "");
    folded
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The alpha-2 code of a country name, alpha-2 or alpha-3 code; `None` when unknown.
pub fn to_iso2(text: &str) -> Option<&'static str> {
    let trimmed = text.trim();
    if trimmed.len() == 2 && trimmed.chars().all(|c| c.is_ascii_alphabetic()) {
        let upper = trimmed.to_ascii_uppercase();
        return COUNTRIES
            .iter()
            .find(|(code, _, _)| *code == upper)
            .map(|(code, _, _)| *code);
    }
    if trimmed.len() == 3
        && trimmed.chars().all(|c| c.is_ascii_uppercase())
        && let Some((code, _, _)) = COUNTRIES.iter().find(|(_, a3, _)| *a3 == trimmed)
    {
        return Some(code);
    }
    let key = key(trimmed);
    if let Some(code) = BY_NAME.get(key.as_str()) {
        return Some(code);
    }
    // "possibly Palestinian", "Region: Crimea", "former Soviet Union": try the tail words.
    let words: Vec<&str> = key.split(' ').collect();
    (1..words.len()).find_map(|skip| BY_NAME.get(words[skip..].join(" ").as_str()).copied())
}

/// The display name of an alpha-2 code (the first, shortest ISO name).
pub fn name_of(iso2: &str) -> Option<&'static str> {
    COUNTRIES
        .iter()
        .find(|(code, _, _)| *code == iso2)
        .and_then(|(_, _, names)| names.iter().min_by_key(|n| n.len()).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_spellings_map_to_codes() {
        assert_eq!(to_iso2("Korea, North"), Some("KP"));
        assert_eq!(to_iso2("Iran (Islamic Republic of)"), Some("IR"));
        assert_eq!(to_iso2("Democratic Republic of the Congo"), Some("CD"));
        assert_eq!(to_iso2("Congo, Democratic Republic of the"), Some("CD"));
        assert_eq!(to_iso2("Côte d'Ivoire"), Some("CI"));
        assert_eq!(to_iso2("Russian Federation"), Some("RU"));
        assert_eq!(to_iso2("Russia"), Some("RU"));
        assert_eq!(to_iso2("Burma"), Some("MM"));
        assert_eq!(to_iso2("possibly Palestinian"), Some("PS"));
        assert_eq!(to_iso2("ru"), Some("RU"));
        assert_eq!(to_iso2("IRN"), Some("IR"));
        assert_eq!(to_iso2("Atlantis"), None);
        assert_eq!(to_iso2("undetermined"), None);
    }
}
