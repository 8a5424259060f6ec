//! OFAC's CSV exports: the SDN list (`sdn.csv`, `alt.csv`, `add.csv`, `sdn_comments.csv`)
//! and the Consolidated non-SDN list (`cons_prim.csv`, `cons_alt.csv`, `cons_add.csv`,
//! `cons_comments.csv`). No header row, `-0-` for empty fields, remarks longer than the
//! main file allows continue in the comments file.

use std::collections::HashMap;

use super::countries;
use super::model::{
    Entry, Identifier, Kind, ListFile, LoadError, Name, Quality, Source, sha256_hex,
};
use super::ofac_remarks;

/// The files of one export; only the main one is required.
#[derive(Debug, Clone, Default)]
pub struct CsvFiles {
    pub main: Vec<u8>,
    pub alt: Option<Vec<u8>>,
    pub add: Option<Vec<u8>>,
    pub comments: Option<Vec<u8>>,
}

/// File names of the export of `source`: main, alt, add, comments.
pub fn file_names(source: Source) -> [&'static str; 4] {
    match source {
        Source::OfacConsolidated => [
            "cons_prim.csv",
            "cons_alt.csv",
            "cons_add.csv",
            "cons_comments.csv",
        ],
        _ => ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"],
    }
}

fn field(record: &csv::StringRecord, i: usize) -> &str {
    let value = record.get(i).unwrap_or("").trim();
    if value == "-0-" { "" } else { value }
}

/// Records of a headerless OFAC CSV file, skipping the trailing end-of-file marker (0x1A).
fn records(
    bytes: &[u8],
    what: &str,
    min_fields: usize,
) -> Result<Vec<csv::StringRecord>, LoadError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut out = Vec::new();
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| LoadError::new(format!("{what}: {e}")))?;
        if record.len() == 1
            && record
                .get(0)
                .is_some_and(|f| f.trim_matches(['\u{1a}', ' ']).is_empty())
        {
            continue;
        }
        if record.len() < min_fields {
            return Err(LoadError::new(format!(
                "{what}: record {} has {} fields, expected {min_fields}",
                line + 1,
                record.len()
            )));
        }
        out.push(record);
    }
    Ok(out)
}

fn kind(value: &str) -> Kind {
    match value.to_ascii_lowercase().as_str() {
        "individual" => Kind::Individual,
        "vessel" => Kind::Vessel,
        "aircraft" => Kind::Aircraft,
        _ => Kind::Organization,
    }
}

/// "SDGT] [IFSR" → ["SDGT", "IFSR"].
pub fn programs(value: &str) -> Vec<String> {
    value
        .split("] [")
        .map(|p| p.trim_matches(['[', ']', ' ']).to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Loads one export.
pub fn load(source: Source, files: &CsvFiles) -> Result<ListFile, LoadError> {
    let [main_name, alt_name, add_name, comments_name] = file_names(source);
    let mut comments: HashMap<String, String> = HashMap::new();
    if let Some(bytes) = &files.comments {
        for record in records(bytes, comments_name, 2)? {
            comments
                .entry(field(&record, 0).to_owned())
                .or_default()
                .push_str(record.get(1).unwrap_or(""));
        }
    }
    let mut entries = Vec::new();
    let mut by_num: HashMap<String, usize> = HashMap::new();
    for record in records(&files.main, main_name, 12)? {
        let num = field(&record, 0).to_owned();
        if num.is_empty() {
            return Err(LoadError::new(format!(
                "{main_name}: a record has no ent_num"
            )));
        }
        let name = field(&record, 1);
        if name.is_empty() {
            return Err(LoadError::new(format!(
                "{main_name}: entry {num} has no name"
            )));
        }
        let mut entry = Entry::new(
            format!("{}{num}", source.id_prefix()),
            source,
            kind(field(&record, 2)),
        );
        entry.add_name(Name::primary(name));
        entry.programs = programs(field(&record, 3));
        let call_sign = field(&record, 5);
        if !call_sign.is_empty() {
            entry.identifiers.push(Identifier {
                kind: "Call Sign".into(),
                value: call_sign.to_owned(),
                country: None,
            });
        }
        if let Some(flag) = countries::to_iso2(field(&record, 9)) {
            entry.add_country(flag);
        }
        let mut remarks = record.get(11).unwrap_or("").trim().to_owned();
        if remarks == "-0-" {
            remarks.clear();
        }
        if let Some(rest) = comments.get(&num) {
            remarks.push_str(rest);
        }
        let parsed = ofac_remarks::parse(&remarks);
        for alias in parsed.weak_aliases {
            entry.add_name(Name::alias(alias, Quality::Weak));
        }
        for dob in parsed.dates_of_birth {
            entry.add_dob(dob);
        }
        for nationality in &parsed.nationalities {
            entry.add_nationality(nationality);
            if nationality.len() == 2 {
                entry.add_country(nationality);
            }
        }
        for country in &parsed.birth_countries {
            entry.add_country(country);
        }
        entry.identifiers.extend(parsed.identifiers);
        by_num.insert(num, entries.len());
        entries.push(entry);
    }
    if let Some(bytes) = &files.alt {
        for record in records(bytes, alt_name, 4)? {
            let Some(&i) = by_num.get(field(&record, 0)) else {
                continue;
            };
            let alias = field(&record, 3);
            // The CSV export carries only strong aliases here; weak ones are in remarks.
            entries[i].add_name(Name::alias(alias, Quality::Strong));
        }
    }
    if let Some(bytes) = &files.add {
        for record in records(bytes, add_name, 5)? {
            let Some(&i) = by_num.get(field(&record, 0)) else {
                continue;
            };
            if let Some(code) = countries::to_iso2(field(&record, 4)) {
                entries[i].add_country(code);
            }
        }
    }
    let mut parts: Vec<&[u8]> = vec![&files.main];
    for part in [&files.alt, &files.add, &files.comments]
        .into_iter()
        .flatten()
    {
        parts.push(part);
    }
    Ok(ListFile {
        source,
        published_at: None,
        content_sha256: sha256_hex(&parts),
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_export() {
        let files = CsvFiles {
            main: b"10,\"HANIYA, Ismail\",\"individual\",\"NS-PLC] [SDGT\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,\"DOB 1962; POB Shati; a.k.a. 'ABU AL-ABD'.\"\r\n11,\"CIMEX, S.A.\",-0- ,\"CUBA\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a".to_vec(),
            alt: Some(b"10,1,\"aka\",\"HANIYYA, Ismaeel\",-0- \r\n".to_vec()),
            add: Some(b"11,2,-0- ,\"Havana\",\"Cuba\",-0- \r\n".to_vec()),
            comments: None,
        };
        let list = load(Source::OfacSdn, &files).expect("loads");
        assert_eq!(list.entries.len(), 2);
        let haniya = &list.entries[0];
        assert_eq!(haniya.id, "OFAC-SDN-10");
        assert_eq!(haniya.kind, Kind::Individual);
        assert_eq!(haniya.programs, ["NS-PLC", "SDGT"]);
        assert_eq!(haniya.dates_of_birth, ["1962"]);
        let names: Vec<(&str, Quality)> = haniya
            .names
            .iter()
            .map(|n| (n.text.as_str(), n.quality))
            .collect();
        assert_eq!(
            names,
            [
                ("HANIYA, Ismail", Quality::Strong),
                ("ABU AL-ABD", Quality::Weak),
                ("HANIYYA, Ismaeel", Quality::Strong)
            ]
        );
        assert_eq!(list.entries[1].kind, Kind::Organization);
        assert_eq!(list.entries[1].countries, ["CU"]);
        assert_eq!(list.content_sha256.len(), 64);
    }

    #[test]
    fn short_records_are_refused() {
        let files = CsvFiles {
            main: b"1,\"X\"\r\n".to_vec(),
            ..CsvFiles::default()
        };
        assert!(load(Source::OfacSdn, &files).is_err());
    }
}
