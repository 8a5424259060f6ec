//! Postal code validation by country: the format (`zip`), examples (`zipex`) and
//! subdivision prefixes (`sub_zips`) of Google's address metadata, kept as data tables in
//! `data/`, with the code answered in its canonical spacing. Pure.

use std::collections::HashMap;
use std::sync::LazyLock;

use regress::Regex;

/// A country (or region) of the address metadata.
struct Country {
    code: &'static str,
    /// The `zip` pattern as published; `None` when the country has no postal codes.
    pattern: Option<&'static str>,
    /// `^(?:pattern)$`.
    full: Option<Regex>,
    examples: Vec<&'static str>,
    /// What addresses may write before the code (`CH-`), never part of it.
    postprefix: &'static str,
    subdivisions: Vec<Subdivision>,
}

/// A first-level subdivision (state, province, prefecture, ...).
struct Subdivision {
    key: &'static str,
    /// The ISO 3166-2 suffix (`CA` of `US-CA`), when the data has one.
    iso: &'static str,
    name: &'static str,
    latin_name: &'static str,
    /// `^(?:sub_zip)`: what its postal codes start with.
    prefix: Option<Regex>,
    prefix_pattern: &'static str,
}

/// Why a request cannot be answered (400 at the edge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostalInputError {
    UnknownCountry(String),
}

impl std::fmt::Display for PostalInputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PostalInputError::UnknownCountry(code) => {
                write!(f, "{code:?} is not an ISO 3166-1 alpha-2 country code")
            }
        }
    }
}

/// What a postal code check finds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PostalCheck {
    pub valid: bool,
    /// Upper case, in the spacing and separator of the country's examples, when valid.
    pub normalized: Option<String>,
    pub country: String,
    pub pattern: Option<String>,
    pub example: Option<String>,
    pub has_postal_codes: bool,
    /// The subdivision asked for (`US-CA`), when recognised.
    pub subdivision: Option<String>,
    /// Whether the code starts with one of the subdivision's prefixes, when that was checked.
    pub subdivision_match: Option<bool>,
    pub error: Option<String>,
}

static COUNTRIES: LazyLock<HashMap<&'static str, Country>> = LazyLock::new(load);

/// Data lines of a table: tab-separated fields, `#` comments skipped.
fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
}

fn field(row: &[&'static str], i: usize) -> &'static str {
    row.get(i).copied().unwrap_or("")
}

fn compile(pattern: &str) -> Option<Regex> {
    Regex::new(pattern).ok()
}

fn load() -> HashMap<&'static str, Country> {
    let mut countries: HashMap<&'static str, Country> =
        rows(include_str!("data/postalcode_countries.tsv"))
            .map(|row| {
                let pattern = Some(field(&row, 2)).filter(|p| !p.is_empty());
                let country = Country {
                    code: field(&row, 0),
                    pattern,
                    full: pattern.and_then(|p| compile(&format!("^(?:{p})$"))),
                    examples: field(&row, 3)
                        .split(',')
                        .filter(|e| !e.is_empty())
                        .collect(),
                    postprefix: field(&row, 4),
                    subdivisions: Vec::new(),
                };
                (country.code, country)
            })
            .collect();
    for row in rows(include_str!("data/postalcode_subdivisions.tsv")) {
        if let Some(country) = countries.get_mut(field(&row, 0)) {
            let prefix_pattern = field(&row, 5);
            country.subdivisions.push(Subdivision {
                key: field(&row, 1),
                iso: field(&row, 2),
                name: field(&row, 3),
                latin_name: field(&row, 4),
                prefix: (!prefix_pattern.is_empty())
                    .then(|| compile(&format!("^(?:{prefix_pattern})")))
                    .flatten(),
                prefix_pattern,
            });
        }
    }
    countries
}

/// Checks `code` against the format of `country` (ISO 3166-1 alpha-2, any case; `UK` is
/// `GB`), and, when `subdivision` is given, against that subdivision's postal prefixes.
pub fn check(
    code: &str,
    country: &str,
    subdivision: Option<&str>,
) -> Result<PostalCheck, PostalInputError> {
    let upper = country.trim().to_ascii_uppercase();
    let lookup = if upper == "UK" { "GB" } else { upper.as_str() };
    let Some(country) = COUNTRIES.get(lookup) else {
        return Err(PostalInputError::UnknownCountry(country.to_owned()));
    };
    let mut result = PostalCheck {
        country: country.code.to_owned(),
        pattern: country.pattern.map(str::to_owned),
        example: country.examples.first().map(|e| (*e).to_owned()),
        has_postal_codes: country.pattern.is_some(),
        ..PostalCheck::default()
    };
    // Where the data lists no subdivisions there is nothing to check a name against.
    let subdivision = subdivision.filter(|_| !country.subdivisions.is_empty());
    let found = match subdivision {
        Some(wanted) => match find_subdivision(country, wanted) {
            Some(found) => {
                result.subdivision = Some(if found.iso.is_empty() {
                    format!("{}/{}", country.code, found.key)
                } else {
                    format!("{}-{}", country.code, found.iso)
                });
                Some(found)
            }
            None => {
                result.error = Some(format!(
                    "{wanted:?} is not a subdivision of {} in the address data",
                    country.code
                ));
                return Ok(result);
            }
        },
        None => None,
    };
    let Some(full) = &country.full else {
        result.error = Some(if country.pattern.is_some() {
            format!("the postal code format of {} is unavailable", country.code)
        } else {
            format!("{} has no postal codes", country.code)
        });
        return Ok(result);
    };
    let typed = collapse(code);
    if typed.is_empty() {
        result.error = Some("the postal code is empty".to_owned());
        return Ok(result);
    }
    let Some(normalized) = canonical(country, full, &typed) else {
        result.error = Some(match country.examples.first() {
            Some(example) => format!(
                "not the postal code format of {} (for example {example})",
                country.code
            ),
            None => format!("not the postal code format of {}", country.code),
        });
        return Ok(result);
    };
    if let Some(found) = found
        && let Some(prefix) = &found.prefix
    {
        let matches = prefix.find(&normalized).is_some();
        result.subdivision_match = Some(matches);
        if !matches {
            result.error = Some(format!(
                "{normalized} is not a postal code of {} (they start with {})",
                found.name, found.prefix_pattern
            ));
            return Ok(result);
        }
    }
    result.valid = true;
    result.normalized = Some(normalized);
    Ok(result)
}

/// A subdivision by ISO 3166-2 code (`US-CA` or `CA`), key or name, any case.
fn find_subdivision<'c>(country: &'c Country, wanted: &str) -> Option<&'c Subdivision> {
    let wanted = collapse(wanted);
    let bare = wanted
        .strip_prefix(country.code)
        .and_then(|rest| rest.strip_prefix('-'))
        .unwrap_or(&wanted);
    let same = |candidate: &str| !candidate.is_empty() && collapse(candidate) == bare;
    let iso = country.subdivisions.iter().find(|s| same(s.iso));
    iso.or_else(|| {
        country
            .subdivisions
            .iter()
            .find(|s| same(s.key) || same(s.name) || same(s.latin_name))
    })
}

/// Upper case, surrounding white space trimmed, inner runs of white space one space.
fn collapse(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// The code in the country's canonical form, if some spelling of it has the country's
/// format. Tried in order: the code re-spaced like an example of its length, like any
/// example, as typed, without spaces and dashes; each also without the country's
/// `postprefix` (`CH-8001`).
fn canonical(country: &Country, full: &Regex, typed: &str) -> Option<String> {
    let mut bases = vec![typed.to_owned()];
    let prefix = country.postprefix.trim_end_matches([' ', '-']);
    if !prefix.is_empty()
        && let Some(rest) = typed.strip_prefix(prefix)
    {
        bases.push(rest.trim_start_matches([' ', '-']).to_owned());
    }
    for base in bases {
        let compact: String = base.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let len = compact.chars().count();
        let examples = || country.examples.iter().map(|e| e.to_uppercase());
        let same_length = examples().filter(|e| compact_len(e) == len);
        let others = examples().filter(|e| compact_len(e) != len);
        let candidates = same_length
            .chain(others)
            .filter_map(|example| respace(&compact, &example))
            .chain([base.clone(), compact.clone()]);
        for candidate in candidates {
            if full.find(&candidate).is_some() {
                return Some(candidate);
            }
        }
    }
    None
}

fn compact_len(example: &str) -> usize {
    example.chars().filter(|c| !matches!(c, ' ' | '-')).count()
}

/// `compact` with the spaces and dashes of `example` put back at the same distances from
/// its end (`SW1A1AA` like `EC1Y 8SY` is `SW1A 1AA`); `None` when they do not fit.
fn respace(compact: &str, example: &str) -> Option<String> {
    let chars: Vec<char> = compact.chars().collect();
    let mut separators = Vec::new();
    let mut from_end = 0;
    for c in example.chars().rev() {
        if matches!(c, ' ' | '-') {
            separators.push((from_end, c));
        } else {
            from_end += 1;
        }
    }
    if separators.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(compact.len() + separators.len());
    for (i, c) in chars.iter().enumerate() {
        let remaining = chars.len() - i;
        if let Some((_, sep)) = separators.iter().find(|(at, _)| *at == remaining) {
            if i == 0 {
                return None;
            }
            out.push(*sep);
        }
        out.push(*c);
    }
    if separators.iter().any(|(at, _)| *at >= chars.len()) {
        return None;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(code: &str, country: &str) -> PostalCheck {
        let check = check(code, country, None).unwrap();
        assert!(check.valid, "{country} {code}: {:?}", check.error);
        check
    }

    #[test]
    fn the_tables_cover_every_iso_country_and_compile() {
        assert_eq!(COUNTRIES.len(), 252);
        for country in COUNTRIES.values() {
            assert_eq!(
                country.pattern.is_some(),
                country.full.is_some(),
                "{} pattern does not compile",
                country.code
            );
            for sub in &country.subdivisions {
                assert_eq!(
                    sub.prefix_pattern.is_empty(),
                    sub.prefix.is_none(),
                    "{} {} prefix does not compile",
                    country.code,
                    sub.key
                );
            }
        }
        let with_postal_codes = COUNTRIES.values().filter(|c| c.pattern.is_some()).count();
        assert!(with_postal_codes > 170, "{with_postal_codes}");
    }

    #[test]
    fn every_example_of_every_country_is_valid_and_canonical() {
        let mut count = 0;
        for country in COUNTRIES.values() {
            for example in &country.examples {
                let check = valid(example, country.code);
                assert_eq!(
                    check.normalized.as_deref(),
                    Some(*example),
                    "{}",
                    country.code
                );
                let lower = valid(&example.to_lowercase(), country.code);
                assert_eq!(lower.normalized.as_deref(), Some(*example));
                count += 1;
            }
        }
        assert!(count >= 432, "{count} examples");
    }

    #[test]
    fn a_wrong_code_per_country_is_invalid() {
        let mut count = 0;
        for line in include_str!("fixtures/postalcode_invalid.tsv").lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (country, code) = line.split_once('\t').unwrap();
            let check = check(code, country, None).unwrap();
            assert!(!check.valid, "{country} {code:?} -> {:?}", check.normalized);
            assert!(check.error.is_some());
            count += 1;
        }
        assert_eq!(count, COUNTRIES.len());
    }

    #[test]
    fn every_subdivision_example_starts_with_its_prefix() {
        let mut count = 0;
        for line in include_str!("data/postalcode_subdivisions.tsv").lines() {
            let row: Vec<&str> = line.split('\t').collect();
            if line.starts_with('#') || row.len() < 7 || row[5].is_empty() {
                continue;
            }
            let (country, key) = (row[0], row[1]);
            for example in row[6].split(',').filter(|e| !e.is_empty()) {
                let check = check(example, country, Some(key)).unwrap();
                assert!(check.valid, "{country}/{key} {example}: {:?}", check.error);
                assert_eq!(check.subdivision_match, Some(true));
                count += 1;
            }
        }
        assert!(count >= 599, "{count} subdivision examples");
    }

    #[test]
    fn canonical_spacing_and_separators() {
        for (code, country, normalized) in [
            ("sw1a1aa", "GB", "SW1A 1AA"),
            ("SW1A 1AA", "uk", "SW1A 1AA"),
            ("  ec1y   8sy ", "GB", "EC1Y 8SY"),
            ("k1a0b1", "CA", "K1A 0B1"),
            ("K1A-0B1", "CA", "K1A 0B1"),
            ("1234ab", "NL", "1234 AB"),
            ("00950", "PL", "00-950"),
            ("221621010", "US", "22162-1010"),
            ("22162 1010", "US", "22162-1010"),
            ("95014", "us", "95014"),
            ("1540023", "JP", "154-0023"),
            ("CH-8001", "CH", "8001"),
            ("10115", "DE", "10115"),
            ("a65f4e2", "IE", "A65 F4E2"),
        ] {
            assert_eq!(
                valid(code, country).normalized.as_deref(),
                Some(normalized),
                "{country} {code}"
            );
        }
    }

    #[test]
    fn subdivisions_by_iso_code_key_or_name() {
        for wanted in ["US-CA", "ca", "California", "CALIFORNIA"] {
            let check = check("94043", "US", Some(wanted)).unwrap();
            assert!(check.valid, "{wanted}");
            assert_eq!(check.subdivision.as_deref(), Some("US-CA"));
            assert_eq!(check.subdivision_match, Some(true));
        }
        let elsewhere = check("10001", "US", Some("CA")).unwrap();
        assert!(!elsewhere.valid);
        assert_eq!(elsewhere.subdivision_match, Some(false));
        assert!(elsewhere.error.unwrap().contains("California"));
        let unknown = check("10001", "US", Some("Atlantis")).unwrap();
        assert!(!unknown.valid && unknown.subdivision.is_none());
        let tokyo = check("100-0001", "JP", Some("Tokyo")).unwrap();
        assert!(tokyo.valid);
        assert_eq!(tokyo.subdivision.as_deref(), Some("JP-13"));
        // No subdivisions in the data for Germany: the format alone decides.
        let berlin = check("10115", "DE", Some("Berlin"));
        assert!(berlin.is_ok_and(|c| c.valid && c.subdivision_match.is_none()));
        // Subdivisions without prefixes (Ireland's counties): recognised, not checked.
        let cork = check("T12 X70A", "IE", Some("IE-CO")).unwrap();
        assert!(cork.valid && cork.subdivision_match.is_none());
        assert!(!check("T12 X70A", "IE", Some("Narnia")).unwrap().valid);
    }

    #[test]
    fn countries_without_postal_codes_and_unknown_countries() {
        let ae = check("12345", "AE", None).unwrap();
        assert!(!ae.valid && !ae.has_postal_codes);
        assert_eq!(ae.pattern, None);
        assert!(ae.error.unwrap().contains("no postal codes"));
        assert_eq!(
            check("12345", "ZZ", None),
            Err(PostalInputError::UnknownCountry("ZZ".to_owned()))
        );
        assert!(check("12345", "QQ", None).is_err());
        for odd in ["   ", "€€", "1", &"9".repeat(32)] {
            let check = check(odd, "DE", None).unwrap();
            assert!(!check.valid && check.error.is_some(), "{odd:?}");
            assert!(check.has_postal_codes);
        }
    }
}
