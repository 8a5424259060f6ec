//! Behaviour of the engine on small hand-made lists, one rule per test: weak aliases
//! weighted lower, `entity_type` as a filter and `country` as evidence, the default
//! threshold, deep-analysis ties ranked by agreeing fields, excluded entries.

use super::deep::{self, Subject};
use super::index::Index;
use super::model::{Entry, Kind, ListFile, Name, Quality, Source};
use super::screen::{self, Hit, ScreenParams, SignalKind, WEAK_ALIAS_FACTOR};

fn entry(id: &str, kind: Kind, names: &[(&str, Quality)]) -> Entry {
    let mut e = Entry::new(id.to_owned(), Source::OfacSdn, kind);
    for (i, (text, quality)) in names.iter().enumerate() {
        e.add_name(if i == 0 {
            Name::primary(*text)
        } else {
            Name::alias(*text, *quality)
        });
    }
    e
}

fn index(entries: Vec<Entry>) -> Index {
    Index::build(vec![ListFile {
        source: Source::OfacSdn,
        published_at: None,
        content_sha256: "0".repeat(64),
        entries,
    }])
}

fn params(name: &str) -> ScreenParams<'_> {
    ScreenParams::for_name(name, 0.85, 10)
}

fn ids(index: &Index, hits: &[Hit]) -> Vec<String> {
    hits.iter()
        .map(|h| index.entries[h.entry as usize].id.clone())
        .collect()
}

pub(super) fn sample() -> Index {
    let mut haniya = entry(
        "OFAC-SDN-1",
        Kind::Individual,
        &[
            ("HANIYA, Ismail", Quality::Strong),
            ("Abu al-Abd", Quality::Weak),
            ("HANIYEH, Ismail", Quality::Strong),
        ],
    );
    haniya.add_country("PS");
    haniya.dates_of_birth.push("1962-01-29".into());
    haniya.nationalities.push("PS".into());
    let mut bank = entry(
        "OFAC-SDN-2",
        Kind::Organization,
        &[("HANIYA BANK", Quality::Strong)],
    );
    bank.add_country("LB");
    let twin_a = entry(
        "OFAC-SDN-3",
        Kind::Individual,
        &[("DOE, John Adam", Quality::Strong)],
    );
    let mut twin_b = entry(
        "OFAC-SDN-4",
        Kind::Individual,
        &[("DOE, John Adam", Quality::Strong)],
    );
    twin_b.dates_of_birth.push("1970-05-01".into());
    twin_b.nationalities.push("GB".into());
    index(vec![haniya, bank, twin_a, twin_b])
}

#[test]
fn weak_aliases_match_but_weigh_less() {
    let index = sample();
    let strong = screen::screen(&index, &params("Ismail Haniyeh"));
    let weak = screen::screen(
        &index,
        &ScreenParams {
            threshold: 0.5,
            ..params("Abu al-Abd")
        },
    );
    assert_eq!(ids(&index, &strong)[0], "OFAC-SDN-1");
    assert_eq!(strong[0].score, 1.0);
    assert_eq!(ids(&index, &weak), ["OFAC-SDN-1"]);
    assert!(
        (weak[0].score - WEAK_ALIAS_FACTOR).abs() < 1e-9,
        "{}",
        weak[0].score
    );
    // At the default threshold an exact weak alias still matches (0.9 ≥ 0.85).
    assert_eq!(screen::screen(&index, &params("Abu al-Abd")).len(), 1);
}

#[test]
fn entity_type_filters_and_country_is_evidence() {
    let index = sample();
    let all = ids(
        &index,
        &screen::screen(
            &index,
            &ScreenParams {
                threshold: 0.5,
                ..params("Haniya")
            },
        ),
    );
    assert!(all.contains(&"OFAC-SDN-1".to_owned()) && all.contains(&"OFAC-SDN-2".to_owned()));
    let organizations = screen::screen(
        &index,
        &ScreenParams {
            kind: Some(Kind::Organization),
            threshold: 0.5,
            ..params("Haniya")
        },
    );
    assert_eq!(ids(&index, &organizations), ["OFAC-SDN-2"]);
    let plain = screen::screen(&index, &params("Ismail Haniya"))[0].score;
    let linked = &screen::screen(
        &index,
        &ScreenParams {
            country: Some("PS".into()),
            ..params("Ismail Haniya")
        },
    )[0];
    let elsewhere = &screen::screen(
        &index,
        &ScreenParams {
            country: Some("FR".into()),
            ..params("Ismail Hanyia")
        },
    )[0];
    assert!(linked.country_match && linked.score >= plain);
    assert!(
        linked
            .signals
            .iter()
            .any(|s| s.kind == SignalKind::Country && s.score == 1.0)
    );
    // A country the entry is not linked to is reported, not a filter.
    assert!(!elsewhere.country_match);
    assert!(
        elsewhere
            .signals
            .iter()
            .any(|s| s.kind == SignalKind::Country && s.score == 0.0)
    );
}

/// The entity ids of a deep analysis's hits, best first.
fn hit_ids<'a>(index: &'a Index, outcome: &deep::DeepOutcome) -> Vec<&'a str> {
    outcome
        .hits
        .iter()
        .map(|h| index.entries[h.entry as usize].id.as_str())
        .collect()
}

#[test]
fn exact_name_ties_are_ranked_by_agreeing_fields_and_explained() {
    let index = sample();
    let subject = Subject {
        name: "John Adam Doe".into(),
        date_of_birth: Some("1970-05-01".into()),
        nationality: Some("GB".into()),
        threshold: 0.5,
        max_matches: 10,
        ..Subject::default()
    };
    let outcome = deep::analyze(&index, &subject);
    let order = hit_ids(&index, &outcome);
    assert_eq!(order, ["OFAC-SDN-4", "OFAC-SDN-3"]);
    assert_eq!(outcome.hits[0].agreeing_fields, 2);
    assert_eq!(outcome.hits[1].agreeing_fields, 0);
    let kinds: Vec<SignalKind> = outcome.hits[0].signals.iter().map(|s| s.kind).collect();
    for kind in [
        SignalKind::NameSimilarity,
        SignalKind::DateOfBirth,
        SignalKind::Nationality,
    ] {
        assert!(kinds.contains(&kind), "{kinds:?}");
    }
    assert!(outcome.hits[0].signals.iter().all(|s| !s.detail.is_empty()));
    assert_eq!(outcome.recommendation, deep::Recommendation::Escalate);
    // With only the name, the two twins tie and the order is by id.
    let alone = deep::analyze(
        &index,
        &Subject {
            name: "John Adam Doe".into(),
            threshold: 0.5,
            max_matches: 10,
            ..Subject::default()
        },
    );
    assert_eq!(alone.hits.len(), 2);
    assert_eq!(alone.hits[0].score, alone.hits[1].score);
}

#[test]
fn excluded_entries_are_never_returned() {
    let index = sample();
    let subject = Subject {
        name: "John Adam Doe".into(),
        exclude: vec!["OFAC-SDN-4".into()],
        threshold: 0.5,
        max_matches: 10,
        ..Subject::default()
    };
    let outcome = deep::analyze(&index, &subject);
    let order = hit_ids(&index, &outcome);
    assert_eq!(order, ["OFAC-SDN-3"]);
}

#[test]
fn retrieval_reads_postings_not_every_name() {
    let index = sample();
    // A query sharing no token with any name finds no candidate at all.
    let prepared = index.prepare(super::index::Query::new("Zzyzx Qwerty"));
    assert!(index.candidates(&prepared, 48, 0.0).is_empty());
}
