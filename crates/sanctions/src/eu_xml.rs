//! The EU Financial Sanctions Files XML (schema 1.1, `export/sanctionEntity`): name aliases
//! with their `strong` flag, citizenships, birth dates, addresses and identifications.

use super::dates;
use super::model::{
    Entry, Identifier, Kind, ListFile, LoadError, Name, Quality, Source, sha256_hex,
};
use super::normalize::{Script, detect_script};
use super::xml::{self, Element};

fn published_at(root: &Element) -> Option<chrono::DateTime<chrono::Utc>> {
    let raw = root.attr("generationDate")?;
    chrono::DateTime::parse_from_rfc3339(raw)
        .map(|d| d.with_timezone(&chrono::Utc))
        .ok()
        .or_else(|| {
            chrono::NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M:%S%.f")
                .ok()
                .map(|d| d.and_utc())
        })
}

/// `countryIso2Code`, unless it is the schema's "unknown" (`00`) or empty.
fn iso2(e: &Element) -> Option<String> {
    e.attr("countryIso2Code")
        .filter(|c| c.len() == 2 && *c != "00")
        .map(|c| c.to_ascii_uppercase())
}

fn alias_text(alias: &Element) -> Option<String> {
    if let Some(whole) = alias.attr("wholeName") {
        return Some(whole.trim().to_owned());
    }
    let parts: Vec<&str> = ["firstName", "middleName", "lastName"]
        .iter()
        .filter_map(|a| alias.attr(a))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

fn birthdate(b: &Element) -> Option<String> {
    if let Some(date) = b.attr("birthdate") {
        return dates::parse_iso(date);
    }
    if let (Some(from), Some(to)) = (b.attr("yearRangeFrom"), b.attr("yearRangeTo")) {
        return Some(dates::year_range(from.parse().ok()?, to.parse().ok()?));
    }
    let year: u32 = b.attr("year")?.parse().ok()?;
    match (b.attr("monthOfYear"), b.attr("dayOfMonth")) {
        (Some(m), Some(d)) => dates::parse_iso(&format!("{year:04}-{:0>2}-{:0>2}", m, d)),
        (Some(m), None) => dates::parse_iso(&format!("{year:04}-{:0>2}", m)),
        _ => dates::parse_iso(&format!("{year:04}")),
    }
}

fn entity(e: &Element) -> Result<Entry, LoadError> {
    let logical = e
        .attr("logicalId")
        .ok_or_else(|| LoadError::new("EU list: a sanctionEntity has no logicalId"))?;
    let reference = e.attr("euReferenceNumber").unwrap_or(logical);
    let kind = match e
        .child("subjectType")
        .and_then(|s| s.attr("classificationCode"))
    {
        Some("P") => Kind::Individual,
        _ => Kind::Organization,
    };
    let mut entry = Entry::new(format!("EU-{reference}"), Source::EuConsolidated, kind);
    if let Some(programme) = e.child("regulation").and_then(|r| r.attr("programme")) {
        entry.programs.push(programme.to_owned());
    }
    let mut names: Vec<(String, bool)> = e
        .children_named("nameAlias")
        .filter_map(|a| {
            let strong = a.attr("strong").is_none_or(|s| s != "false");
            alias_text(a).map(|t| (t, strong))
        })
        .collect();
    // The primary name: the first strong alias in Latin script.
    let primary = names
        .iter()
        .position(|(t, strong)| *strong && detect_script(t) == Some(Script::Latin))
        .unwrap_or(0);
    if names.is_empty() {
        return Err(LoadError::new(format!(
            "EU list: entity {reference} has no nameAlias"
        )));
    }
    let (text, _) = names.remove(primary);
    entry.add_name(Name::primary(text));
    for (text, strong) in names {
        let original_script = !matches!(detect_script(&text), Some(Script::Latin) | None);
        let quality = if strong {
            Quality::Strong
        } else {
            Quality::Weak
        };
        entry.add_name(Name {
            original_script,
            ..Name::alias(text, quality)
        });
    }
    for c in e.children_named("citizenship") {
        if let Some(code) = iso2(c) {
            entry.add_nationality(&code);
            entry.add_country(&code);
        }
    }
    for b in e.children_named("birthdate") {
        if let Some(date) = birthdate(b) {
            entry.add_dob(date);
        }
        if let Some(code) = iso2(b) {
            entry.add_country(&code);
        }
    }
    for a in e.children_named("address") {
        if let Some(code) = iso2(a) {
            entry.add_country(&code);
        }
    }
    for i in e.children_named("identification") {
        let Some(number) = i.attr("number").or_else(|| i.attr("latinNumber")) else {
            continue;
        };
        entry.identifiers.push(Identifier {
            kind: i
                .attr("identificationTypeDescription")
                .or_else(|| i.attr("identificationTypeCode"))
                .unwrap_or("Identification")
                .to_owned(),
            value: number.to_owned(),
            country: iso2(i).or_else(|| i.attr("countryDescription").map(str::to_owned)),
        });
    }
    Ok(entry)
}

/// Loads an EU consolidated list export.
pub fn load(bytes: &[u8]) -> Result<ListFile, LoadError> {
    let root = xml::parse(bytes)?;
    if root.name != "export" {
        return Err(LoadError::new(format!(
            "not an EU Financial Sanctions Files export: the root element is <{}>",
            root.name
        )));
    }
    let entries = root
        .children_named("sanctionEntity")
        .map(entity)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ListFile {
        source: Source::EuConsolidated,
        published_at: published_at(&root),
        content_sha256: sha256_hex(&[bytes]),
        entries,
    })
}
