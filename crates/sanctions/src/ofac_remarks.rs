//! The `remarks` field of OFAC's CSV exports (and the free text of SDN.XML): dates of birth,
//! nationalities and citizenships, places of birth, identifiers (passports, national ids,
//! IMO numbers, SWIFT codes...) and the weak aliases OFAC publishes only there
//! (`a.k.a. 'X'`).

use super::countries;
use super::dates;
use super::model::Identifier;

/// What the remarks of one entry say.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Remarks {
    /// Normalized dates of birth (see `dates`), in order, without repeats.
    pub dates_of_birth: Vec<String>,
    /// `DOB` mentions, parsed or not (for counts against the source).
    pub dob_mentions: usize,
    /// Nationalities and citizenships: alpha-2 where known, else as written.
    pub nationalities: Vec<String>,
    /// Countries of places of birth (alpha-2).
    pub birth_countries: Vec<String>,
    pub identifiers: Vec<Identifier>,
    /// Weak aliases (`a.k.a.`, `f.k.a.`, `n.k.a.` in the remarks).
    pub weak_aliases: Vec<String>,
}

/// Identifier labels as OFAC writes them, longest first where one starts another.
const ID_TYPES: &[&str] = &[
    "Aircraft Manufacturer's Serial Number (MSN)",
    "Aircraft Construction Number (also called L/N or S/N or F/N)",
    "Aircraft Tail Number",
    "Vessel Registration Identification",
    "Unified Social Credit Code (USCC)",
    "Unified Social Credit Code",
    "Government Gazette Number",
    "Public Registration Number",
    "Business Registration Number",
    "Commercial Registry Number",
    "Chamber of Commerce Number",
    "Certificate of Incorporation Number",
    "Legal Entity Number",
    "Registration Number",
    "Registration ID",
    "Registration No.",
    "Identification Number",
    "National Foreign ID Number",
    "National ID No.",
    "Personal ID Card",
    "Passport",
    "Diplomatic Passport",
    "Cedula No.",
    "Tax ID No.",
    "Company Number",
    "UK Company Number",
    "Folio Mercantil No.",
    "Matricula Mercantil No",
    "Trade License No.",
    "Driver's License No.",
    "Birth Certificate Number",
    "Residency Number",
    "Refugee ID Card",
    "Stateless Person ID Card",
    "Immigration No.",
    "Electoral Registry No.",
    "V.A.T. Number",
    "C.U.R.P.",
    "R.F.C.",
    "NIT #",
    "RUC #",
    "SSN",
    "SWIFT/BIC",
    "MMSI",
    "ISIN",
    "BIK (RU)",
    "D-U-N-S Number",
    "Digital Currency Address - ",
    "Kenyan ID No.",
    "Citizen's Card Number",
    "Italian Fiscal Code",
];

/// Splits remarks into their `;`-separated statements, keeping quoted aliases whole.
fn statements(remarks: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_quote = false;
    let bytes = remarks.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        match b {
            b'\'' => {
                // An apostrophe opens a quote only right after "a.k.a. " and friends.
                let before = &remarks[start..i];
                if !in_quote && before.trim_start().ends_with(".k.a.") {
                    in_quote = true;
                } else if in_quote
                    && matches!(
                        bytes.get(i + 1),
                        None | Some(b';') | Some(b'.') | Some(b' ')
                    )
                {
                    in_quote = false;
                }
            }
            b';' if !in_quote => {
                out.push(remarks[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(remarks[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// "1084010 (Egypt) issued 01 Jan 2000 expires 2010" → ("1084010", Some("Egypt")).
fn value_and_country(rest: &str) -> (String, Option<String>) {
    let mut rest = rest.trim();
    for cut in [" issued ", " expires ", " Issue Date ", " Expiration Date "] {
        if let Some(i) = rest.find(cut) {
            rest = &rest[..i];
        }
    }
    let rest = rest.trim().trim_end_matches('.');
    if let (Some(open), true) = (rest.rfind(" ("), rest.ends_with(')')) {
        let value = rest[..open].trim();
        let country = rest[open + 2..rest.len() - 1].trim();
        return (value.to_owned(), Some(country.to_owned()));
    }
    (rest.to_owned(), None)
}

fn identifier(statement: &str) -> Option<Identifier> {
    let statement = statement.strip_prefix("alt. ").unwrap_or(statement);
    let kind = ID_TYPES.iter().find(|t| statement.starts_with(**t))?;
    let rest = &statement[kind.len()..];
    let (kind, rest) = match *kind {
        "Vessel Registration Identification" => ("IMO", rest.trim().trim_start_matches("IMO")),
        "Digital Currency Address - " => {
            let (currency, address) = rest.trim().split_once(' ')?;
            return Some(Identifier {
                kind: format!("Digital Currency Address - {currency}"),
                value: address.trim().to_owned(),
                country: None,
            });
        }
        k => (k.trim_end_matches(" - ").trim(), rest),
    };
    let (value, country) = value_and_country(rest);
    (value.chars().any(|c| c.is_ascii_alphanumeric())).then(|| Identifier {
        kind: kind.to_owned(),
        value,
        country,
    })
}

fn push_unique(list: &mut Vec<String>, value: String) {
    if !value.is_empty() && !list.contains(&value) {
        list.push(value);
    }
}

/// Reads one entry's remarks.
pub fn parse(remarks: &str) -> Remarks {
    let mut out = Remarks::default();
    for statement in statements(remarks) {
        let plain = statement.strip_prefix("alt. ").unwrap_or(statement);
        if let Some(date) = plain.strip_prefix("DOB ") {
            out.dob_mentions += 1;
            if let Some(d) = dates::parse_listed(date) {
                push_unique(&mut out.dates_of_birth, d);
            }
        } else if let Some(alias) = ["a.k.a.", "f.k.a.", "n.k.a."]
            .iter()
            .find_map(|p| plain.strip_prefix(p))
        {
            let alias = alias.trim().trim_end_matches('.').trim();
            let alias = alias
                .strip_prefix('\'')
                .and_then(|a| a.strip_suffix('\''))
                .unwrap_or(alias);
            push_unique(&mut out.weak_aliases, alias.trim().to_owned());
        } else if let Some(country) = plain
            .strip_prefix("nationality ")
            .or_else(|| plain.strip_prefix("citizen "))
            .or_else(|| plain.strip_prefix("Nationality of Registration "))
        {
            let country = country.trim().trim_end_matches('.');
            let value = countries::to_iso2(country)
                .map(str::to_owned)
                .unwrap_or_else(|| country.to_owned());
            push_unique(&mut out.nationalities, value);
        } else if let Some(place) = plain.strip_prefix("POB ") {
            let last = place.rsplit(',').next().unwrap_or(place);
            if let Some(code) = countries::to_iso2(last) {
                push_unique(&mut out.birth_countries, code.to_owned());
            }
        } else if let Some(id) = identifier(statement)
            && !out.identifiers.contains(&id)
        {
            out.identifiers.push(id);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_individual() {
        let r = parse(
            "DOB 28 Jul 1963; POB Toledo District, Belize; Passport P0017003 (Belize); SSN 561-77-9011 (United States); a.k.a. 'BURTON BURGESS'.",
        );
        assert_eq!(r.dates_of_birth, ["1963-07-28"]);
        assert_eq!(r.birth_countries, ["BZ"]);
        assert_eq!(r.weak_aliases, ["BURTON BURGESS"]);
        assert_eq!(
            r.identifiers,
            [
                Identifier {
                    kind: "Passport".into(),
                    value: "P0017003".into(),
                    country: Some("Belize".into())
                },
                Identifier {
                    kind: "SSN".into(),
                    value: "561-77-9011".into(),
                    country: Some("United States".into())
                },
            ]
        );
    }

    #[test]
    fn alternates_nationalities_and_vessels() {
        let r = parse(
            "DOB 1950; alt. DOB circa 1952; nationality Korea, North; citizen Iran; Vessel Registration Identification IMO 9187629; a.k.a. 'SHAHIN CO.'; a.k.a. 'D'S PLACE'.",
        );
        assert_eq!(r.dates_of_birth, ["1950", "1952"]);
        assert_eq!(r.dob_mentions, 2);
        assert_eq!(r.nationalities, ["KP", "IR"]);
        assert_eq!(r.identifiers[0].kind, "IMO");
        assert_eq!(r.identifiers[0].value, "9187629");
        assert_eq!(r.weak_aliases, ["SHAHIN CO.", "D'S PLACE"]);
    }
}
