//! The UN Security Council consolidated list (`consolidated.xml`): individuals and entities
//! with their aliases (`QUALITY` Good/Low/a.k.a./f.k.a.; Low is weak), names in the original
//! script, dates of birth (exact, year, ranges), nationalities, addresses and documents.

use super::countries;
use super::dates;
use super::model::{
    Entry, Identifier, Kind, ListFile, LoadError, Name, Quality, Source, sha256_hex,
};
use super::xml::{self, Element};

fn published_at(root: &Element) -> Option<chrono::DateTime<chrono::Utc>> {
    let raw = root.attr("dateGenerated")?;
    chrono::DateTime::parse_from_rfc3339(raw)
        .ok()
        .map(|d| d.with_timezone(&chrono::Utc))
}

fn primary_name(e: &Element) -> String {
    ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"]
        .iter()
        .filter_map(|n| e.child_text(n))
        .collect::<Vec<_>>()
        .join(" ")
}

fn add_country(entry: &mut Entry, text: Option<&str>) {
    if let Some(code) = text.and_then(countries::to_iso2) {
        entry.add_country(code);
    }
}

fn common(e: &Element, kind: Kind) -> Result<Entry, LoadError> {
    let reference = e
        .child_text("REFERENCE_NUMBER")
        .or_else(|| e.child_text("DATAID"))
        .ok_or_else(|| {
            LoadError::new("UN list: an entry has neither REFERENCE_NUMBER nor DATAID")
        })?;
    let mut entry = Entry::new(format!("UN-{reference}"), Source::UnConsolidated, kind);
    let name = primary_name(e);
    if name.is_empty() {
        return Err(LoadError::new(format!(
            "UN list: entry {reference} has no name"
        )));
    }
    entry.add_name(Name::primary(name));
    if let Some(program) = e.child_text("UN_LIST_TYPE") {
        entry.programs.push(program.to_owned());
    }
    if let Some(original) = e.child_text("NAME_ORIGINAL_SCRIPT") {
        entry.add_name(Name {
            original_script: true,
            ..Name::alias(original, Quality::Strong)
        });
    }
    Ok(entry)
}

fn aliases(entry: &mut Entry, e: &Element, tag: &str) {
    for alias in e.children_named(tag) {
        let Some(name) = alias.child_text("ALIAS_NAME") else {
            continue;
        };
        let quality = match alias.child_text("QUALITY") {
            Some(q) if q.eq_ignore_ascii_case("low") => Quality::Weak,
            _ => Quality::Strong,
        };
        entry.add_name(Name::alias(name, quality));
    }
}

fn individual(e: &Element) -> Result<Entry, LoadError> {
    let mut entry = common(e, Kind::Individual)?;
    aliases(&mut entry, e, "INDIVIDUAL_ALIAS");
    for nationality in e.values("NATIONALITY", "VALUE") {
        match countries::to_iso2(nationality) {
            Some(code) => {
                entry.add_nationality(code);
                entry.add_country(code);
            }
            None => entry.add_nationality(nationality),
        }
    }
    for address in e.children_named("INDIVIDUAL_ADDRESS") {
        add_country(&mut entry, address.child_text("COUNTRY"));
    }
    for place in e.children_named("INDIVIDUAL_PLACE_OF_BIRTH") {
        add_country(&mut entry, place.child_text("COUNTRY"));
    }
    for dob in e.children_named("INDIVIDUAL_DATE_OF_BIRTH") {
        let value = if let Some(date) = dob.child_text("DATE") {
            dates::parse_iso(date)
        } else if let Some(year) = dob.child_text("YEAR") {
            dates::parse_iso(year)
        } else if let (Some(from), Some(to)) =
            (dob.child_text("FROM_YEAR"), dob.child_text("TO_YEAR"))
        {
            match (from.parse(), to.parse()) {
                (Ok(f), Ok(t)) => Some(dates::year_range(f, t)),
                _ => None,
            }
        } else {
            None
        };
        if let Some(value) = value {
            entry.add_dob(value);
        }
    }
    for doc in e.children_named("INDIVIDUAL_DOCUMENT") {
        let Some(number) = doc.child_text("NUMBER") else {
            continue;
        };
        let kind = doc
            .child_text("TYPE_OF_DOCUMENT")
            .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|| "Document".to_owned());
        entry.identifiers.push(Identifier {
            kind,
            value: number.to_owned(),
            country: doc
                .child_text("ISSUING_COUNTRY")
                .or_else(|| doc.child_text("COUNTRY_OF_ISSUE"))
                .map(str::to_owned),
        });
    }
    Ok(entry)
}

fn entity(e: &Element) -> Result<Entry, LoadError> {
    let mut entry = common(e, Kind::Organization)?;
    aliases(&mut entry, e, "ENTITY_ALIAS");
    for address in e.children_named("ENTITY_ADDRESS") {
        add_country(&mut entry, address.child_text("COUNTRY"));
    }
    Ok(entry)
}

/// Loads the UN consolidated list.
pub fn load(bytes: &[u8]) -> Result<ListFile, LoadError> {
    let root = xml::parse(bytes)?;
    if root.name != "CONSOLIDATED_LIST" {
        return Err(LoadError::new(format!(
            "not a UN consolidated list: the root element is <{}>",
            root.name
        )));
    }
    let mut entries = Vec::new();
    for group in root.children_named("INDIVIDUALS") {
        for e in group.children_named("INDIVIDUAL") {
            entries.push(individual(e)?);
        }
    }
    for group in root.children_named("ENTITIES") {
        for e in group.children_named("ENTITY") {
            entries.push(entity(e)?);
        }
    }
    Ok(ListFile {
        source: Source::UnConsolidated,
        published_at: published_at(&root),
        content_sha256: sha256_hex(&[bytes]),
        entries,
    })
}
