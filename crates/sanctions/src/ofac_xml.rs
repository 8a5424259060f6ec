//! OFAC's XML export (`SDN.XML`, and `CONS_PRIM.XML`-style consolidated files in the same
//! `sdnList` schema): entries with typed aka lists (`category` strong/weak), ids, addresses,
//! nationalities, citizenships and dates of birth, and the publish date.

use super::countries;
use super::dates;
use super::model::{
    Entry, Identifier, Kind, ListFile, LoadError, Name, Quality, Source, sha256_hex,
};
use super::ofac_remarks;
use super::xml::{self, Element};

/// `idType`s of `idList` that are not identifiers (SDN.XML files some remarks there).
const NOT_IDENTIFIERS: &[&str] = &[
    "Gender",
    "Website",
    "Email Address",
    "Phone Number",
    "Additional Sanctions Information -",
    "Secondary sanctions risk:",
    "Transactions Prohibited For Persons Owned or Controlled By U.S. Financial Institutions:",
    "Organization Established Date",
    "Organization Type:",
    "Target Type",
    "Listing Date (EO 14024 Directive 2):",
    "Effective Date (EO 14024 Directive 2):",
];

fn published_at(root: &Element) -> Option<chrono::DateTime<chrono::Utc>> {
    let raw = root
        .child("publshInformation")?
        .child_text("Publish_Date")?;
    chrono::NaiveDate::parse_from_str(raw, "%m/%d/%Y")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| d.and_utc())
}

fn name_of(e: &Element) -> Option<String> {
    match (e.child_text("lastName"), e.child_text("firstName")) {
        (Some(last), Some(first)) => Some(format!("{last}, {first}")),
        (Some(last), None) => Some(last.to_owned()),
        (None, Some(first)) => Some(first.to_owned()),
        (None, None) => None,
    }
}

fn entry(e: &Element, source: Source) -> Result<Entry, LoadError> {
    let uid = e
        .child_text("uid")
        .ok_or_else(|| LoadError::new("OFAC XML: an sdnEntry has no uid"))?;
    let kind = match e
        .child_text("sdnType")
        .unwrap_or("")
        .to_ascii_lowercase()
        .as_str()
    {
        "individual" => Kind::Individual,
        "vessel" => Kind::Vessel,
        "aircraft" => Kind::Aircraft,
        _ => Kind::Organization,
    };
    let mut entry = Entry::new(format!("{}{uid}", source.id_prefix()), source, kind);
    let name =
        name_of(e).ok_or_else(|| LoadError::new(format!("OFAC XML: entry {uid} has no name")))?;
    entry.add_name(Name::primary(name));
    if let Some(list) = e.child("programList") {
        entry.programs = list
            .children_named("program")
            .map(|p| p.text.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect();
    }
    if let Some(list) = e.child("akaList") {
        for aka in list.children_named("aka") {
            let Some(text) = name_of(aka) else { continue };
            let quality = match aka.child_text("category") {
                Some(c) if c.eq_ignore_ascii_case("weak") => Quality::Weak,
                _ => Quality::Strong,
            };
            entry.add_name(Name::alias(text, quality));
        }
    }
    if let Some(list) = e.child("idList") {
        for id in list.children_named("id") {
            let (Some(kind), Some(number)) = (id.child_text("idType"), id.child_text("idNumber"))
            else {
                continue;
            };
            if NOT_IDENTIFIERS.contains(&kind) {
                continue;
            }
            entry.identifiers.push(Identifier {
                kind: kind.to_owned(),
                value: number.to_owned(),
                country: id.child_text("idCountry").map(str::to_owned),
            });
        }
    }
    for (list, item) in [
        ("nationalityList", "nationality"),
        ("citizenshipList", "citizenship"),
    ] {
        if let Some(list) = e.child(list) {
            for n in list.children_named(item) {
                if let Some(country) = n.child_text("country") {
                    match countries::to_iso2(country) {
                        Some(code) => {
                            entry.add_nationality(code);
                            entry.add_country(code);
                        }
                        None => entry.add_nationality(country),
                    }
                }
            }
        }
    }
    if let Some(list) = e.child("dateOfBirthList") {
        for item in list.children_named("dateOfBirthItem") {
            if let Some(d) = item.child_text("dateOfBirth").and_then(dates::parse_listed) {
                entry.add_dob(d);
            }
        }
    }
    if let Some(list) = e.child("addressList") {
        for a in list.children_named("address") {
            if let Some(code) = a.child_text("country").and_then(countries::to_iso2) {
                entry.add_country(code);
            }
        }
    }
    if let Some(vessel) = e.child("vesselInfo") {
        if let Some(code) = vessel.child_text("vesselFlag").and_then(countries::to_iso2) {
            entry.add_country(code);
        }
        if let Some(call_sign) = vessel.child_text("callSign") {
            entry.identifiers.push(Identifier {
                kind: "Call Sign".into(),
                value: call_sign.to_owned(),
                country: None,
            });
        }
    }
    if let Some(remarks) = e.child_text("remarks") {
        for alias in ofac_remarks::parse(remarks).weak_aliases {
            entry.add_name(Name::alias(alias, Quality::Weak));
        }
    }
    Ok(entry)
}

/// Loads an `sdnList` XML document as `source`.
pub fn load(source: Source, bytes: &[u8]) -> Result<ListFile, LoadError> {
    let root = xml::parse(bytes)?;
    if root.name != "sdnList" {
        return Err(LoadError::new(format!(
            "not an OFAC XML export: the root element is <{}>",
            root.name
        )));
    }
    let entries = root
        .children_named("sdnEntry")
        .map(|e| entry(e, source))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ListFile {
        source,
        published_at: published_at(&root),
        content_sha256: sha256_hex(&[bytes]),
        entries,
    })
}
