//! Loader tests on the real lists in `../shared/data/sanctions/` (read in place, never
//! copied): entry, alias and date-of-birth counts against figures counted independently
//! from the source files (Python's csv and ElementTree), and spot checks of real entries.

use super::index::Index;
use super::model::{Entry, Kind, ListFile, Quality, Source};
use super::real_lists::{fixtures_dir, load};
use super::store;

struct Counts {
    entries: usize,
    individuals: usize,
    organizations: usize,
    vessels: usize,
    aircraft: usize,
    aliases: usize,
    weak: usize,
    dobs: usize,
}

fn counts(list: &ListFile) -> Counts {
    let kind = |k: Kind| list.entries.iter().filter(|e| e.kind == k).count();
    Counts {
        entries: list.entries.len(),
        individuals: kind(Kind::Individual),
        organizations: kind(Kind::Organization),
        vessels: kind(Kind::Vessel),
        aircraft: kind(Kind::Aircraft),
        aliases: list.entries.iter().map(|e| e.names.len() - 1).sum(),
        weak: list
            .entries
            .iter()
            .flat_map(|e| &e.names)
            .filter(|n| n.quality == Quality::Weak)
            .count(),
        dobs: list.entries.iter().map(|e| e.dates_of_birth.len()).sum(),
    }
}

/// The list's entry `id`; the test fails if the list lacks it.
fn entry<'a>(list: &'a ListFile, id: &str) -> &'a Entry {
    list.entries
        .iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("entry {id} is missing"))
}

fn show(name: &str, c: &Counts) {
    println!(
        "{name}: entries {} ind {} org {} vessel {} aircraft {} aliases {} weak {} dobs {}",
        c.entries, c.individuals, c.organizations, c.vessels, c.aircraft, c.aliases, c.weak, c.dobs
    );
}

#[test]
fn ofac_sdn_2021_csv() {
    let list = load("ofac-sdn-2021");
    assert_eq!(list.source, Source::OfacSdn);
    let c = counts(&list);
    show("sdn2021", &c);
    assert_eq!(c.entries, 8976);
    assert_eq!(
        (c.individuals, c.organizations, c.vessels, c.aircraft),
        (4620, 3673, 406, 277)
    );
    // Strong aliases from alt.csv plus weak a.k.a.s of the remarks, without repeats.
    assert_eq!((c.aliases, c.weak, c.dobs), (14343, 2439, 5124));
    let bnc = entry(&list, "OFAC-SDN-306");
    let names: Vec<(&str, Quality)> = bnc
        .names
        .iter()
        .map(|n| (n.text.as_str(), n.quality))
        .collect();
    assert_eq!(
        names,
        [
            ("BANCO NACIONAL DE CUBA", Quality::Strong),
            ("BNC", Quality::Weak),
            ("NATIONAL BANK OF CUBA", Quality::Strong)
        ]
    );
    assert_eq!(bnc.countries, ["CH", "ES", "JP", "PA"]);
    let tanker = entry(&list, "OFAC-SDN-15036");
    assert_eq!(tanker.kind, Kind::Vessel);
    assert!(
        tanker
            .identifiers
            .iter()
            .any(|i| i.kind == "IMO" && i.value == "9187629")
    );
}

#[test]
fn ofac_consolidated_2025_csv() {
    let list = load("ofac-cons-2025");
    assert_eq!(list.source, Source::OfacConsolidated);
    let c = counts(&list);
    show("cons2025", &c);
    assert_eq!(c.entries, 442);
    assert_eq!((c.individuals, c.organizations), (79, 363));
    // Remarks continue in cons_comments.csv: its aliases count too.
    assert_eq!((c.aliases, c.weak, c.dobs), (1143, 72, 74));
    let cccc = entry(&list, "OFAC-CONS-30930");
    assert!(
        cccc.names
            .iter()
            .any(|n| n.text == "CCCC" && n.quality == Quality::Weak)
    );
}

#[test]
fn ofac_sdn_sample_2025_with_comments() {
    let list = load("ofac-sdn-sample-2025");
    let c = counts(&list);
    show("sample2025", &c);
    assert_eq!(c.entries, 17);
    assert_eq!((c.aliases, c.weak, c.dobs), (29, 16, 4));
    let logan = entry(&list, "OFAC-SDN-10278");
    assert_eq!(logan.dates_of_birth, ["1963-07-28"]);
    assert!(
        logan
            .identifiers
            .iter()
            .any(|i| i.kind == "Passport" && i.value == "P0017003")
    );
}

#[test]
fn un_consolidated_2026() {
    let list = load("un/consolidated.xml");
    assert_eq!(list.source, Source::UnConsolidated);
    assert_eq!(
        list.published_at.map(|d| d.to_rfc3339()),
        Some("2026-02-27T00:00:09.554+00:00".to_owned())
    );
    let c = counts(&list);
    show("un", &c);
    assert_eq!(
        (c.entries, c.individuals, c.organizations),
        (1003, 730, 273)
    );
    // Aliases (QUALITY Low is weak) and NAME_ORIGINAL_SCRIPT names, without repeats.
    assert_eq!((c.aliases, c.weak, c.dobs), (3113, 615, 863));
    let original = list
        .entries
        .iter()
        .flat_map(|e| &e.names)
        .filter(|n| n.original_script)
        .count();
    assert_eq!(original, 377);
    let gaston = entry(&list, "UN-CDi.003");
    assert_eq!(gaston.primary_name(), "GASTON IYAMUREMYE");
    assert_eq!(gaston.dates_of_birth, ["1948"]);
    assert_eq!(gaston.nationalities, ["RW"]);
    assert!(
        gaston
            .names
            .iter()
            .any(|n| n.text == "Rumuli" && n.quality == Quality::Weak)
    );
}

#[test]
fn eu_and_sdn_xml_fixtures() {
    let fixtures = fixtures_dir();
    let eu = store::load(
        &store::identify(&fixtures.join("eu_fsf_sample.xml"))
            .expect("reads")
            .expect("EU"),
    )
    .expect("loads");
    assert_eq!(eu.source, Source::EuConsolidated);
    assert_eq!(eu.entries.len(), 3);
    assert_eq!(
        eu.published_at.map(|d| d.to_rfc3339()),
        Some("2025-06-30T15:05:41.279+00:00".to_owned())
    );
    let luka = &eu.entries[0];
    assert_eq!(luka.id, "EU-EU.6521.41");
    assert_eq!(luka.primary_name(), "Aleksandr Grigoryevich LUKASHENKO");
    assert_eq!(luka.dates_of_birth, ["1954-08-30"]);
    assert_eq!(luka.nationalities, ["BY"]);
    assert_eq!(luka.names.iter().filter(|n| n.original_script).count(), 2);
    assert!(
        luka.names
            .iter()
            .any(|n| n.text == "Batka" && n.quality == Quality::Weak)
    );
    assert_eq!(eu.entries[1].kind, Kind::Organization);
    assert_eq!(eu.entries[2].dates_of_birth, ["1951/1953"]);
    assert_eq!(eu.entries[2].identifiers[0].value, "D9001234");

    let sdn = store::load(
        &store::identify(&fixtures.join("ofac_sdn_sample.xml"))
            .expect("reads")
            .expect("SDN"),
    )
    .expect("loads");
    assert_eq!(sdn.entries.len(), 3);
    assert_eq!(
        sdn.published_at.map(|d| d.to_rfc3339()),
        Some("2021-07-16T00:00:00+00:00".to_owned())
    );
    let bnc = &sdn.entries[0];
    assert_eq!(bnc.id, "OFAC-SDN-306");
    assert!(
        bnc.names
            .iter()
            .any(|n| n.text == "BNC" && n.quality == Quality::Weak)
    );
    assert_eq!(sdn.entries[1].primary_name(), "REXHEPI, Daut");
    assert_eq!(sdn.entries[1].dates_of_birth, ["1962"]);
    assert_eq!(sdn.entries[2].kind, Kind::Vessel);
    assert_eq!(
        sdn.entries[2].identifiers.len(),
        3,
        "{:?}",
        sdn.entries[2].identifiers
    );
}

#[test]
fn the_index_over_every_real_list() {
    let lists = vec![
        load("ofac-sdn-2021"),
        load("ofac-cons-2025"),
        load("un/consolidated.xml"),
    ];
    let index = Index::build(lists);
    assert_eq!(index.entries.len(), 8976 + 442 + 1003);
    println!(
        "names {} vocabulary {}",
        index.names.len(),
        index.vocabulary_size()
    );
}

/// Hangul queries against the UN list's DPRK entries, which the list writes only in Latin
/// letters (McCune-Reischauer and variants): the Revised Romanization of the query meets
/// them through the romanization keys.
#[test]
fn hangul_names_find_the_un_dprk_entries() {
    use super::screen::{ScreenParams, screen};
    let index = Index::build(vec![load("un/consolidated.xml")]);
    let top = |name: &str| -> Vec<String> {
        screen(&index, &ScreenParams::for_name(name, 0.85, 5))
            .iter()
            .map(|h| index.entries[h.entry as usize].id.clone())
            .collect()
    };
    for (hangul, id) in [
        ("최춘식", "UN-KPi.013"), // CHOE CHUN-SIK
        ("김영철", "UN-KPi.024"), // KIM YONG CHOL
        ("박도춘", "UN-KPi.050"), // PAK TO CHUN (Pak Do Chun)
        ("리재일", "UN-KPi.051"), // RI JAE IL
        ("이재일", "UN-KPi.051"), // the same name as South Korea writes 리
        ("조용철", "UN-KPi.034"), // JO YONG CHOL
        ("장범수", "UN-KPi.016"), // JANG BOM SU
        ("백세봉", "UN-KPi.048"), // PAEK SE BONG
        ("현광일", "UN-KPi.015"), // HYON KWANG IL
    ] {
        let found = top(hangul);
        assert!(found.iter().any(|f| f == id), "{hangul}: {found:?}");
    }
    // Unrelated Korean names do not match.
    assert!(top("홍길동").is_empty(), "{:?}", top("홍길동"));
}

/// A list that writes a name in Hangul (as UN NAME_ORIGINAL_SCRIPT would) is found by its
/// Latin spellings, and by the same Hangul.
#[test]
fn names_listed_in_hangul_match_their_latin_spellings() {
    use super::model::{Entry, Name};
    use super::screen::{ScreenParams, screen};
    let mut entry = Entry::new(
        "UN-KPi.999".into(),
        Source::UnConsolidated,
        Kind::Individual,
    );
    entry.add_name(Name::primary("김정은"));
    let mut other = Entry::new(
        "UN-KPi.998".into(),
        Source::UnConsolidated,
        Kind::Individual,
    );
    other.add_name(Name::primary("JOHN SMITH"));
    let index = Index::build(vec![ListFile {
        source: Source::UnConsolidated,
        published_at: None,
        content_sha256: "0".repeat(64),
        entries: vec![entry, other],
    }]);
    let hits = |name: &str| screen(&index, &ScreenParams::for_name(name, 0.85, 5));
    for query in ["Kim Jong Un", "Gim Jeong-eun", "KIM Jong-un", "김정은"] {
        let found = hits(query);
        assert_eq!(found.len(), 1, "{query}");
        assert_eq!(index.entries[found[0].entry as usize].id, "UN-KPi.999");
    }
    assert!(hits("Pak Jong Un").is_empty());
}
