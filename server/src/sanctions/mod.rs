//! Sanctions screening API (`/v1/compliance/sanctions`): HTTP glue from the wire types to
//! the engine. Loaders per official format (`ofac_csv`, `ofac_xml`, `un_xml`, `eu_xml`)
//! feed the `store`, which holds an immutable `index`; `screen` is the fast path, `deep`
//! the multi-signal analysis, `batch` screens many names on one snapshot.

pub mod batch;
pub mod bench;
pub mod cli;
pub mod config;
pub mod countries;
mod country_table;
pub mod dates;
pub mod deep;
pub mod eu_xml;
pub mod evaluate;
pub mod fxhash;
pub mod hangul;
pub mod index;
pub mod matcher;
pub mod model;
pub mod normalize;
pub mod ofac_csv;
pub mod ofac_remarks;
pub mod ofac_xml;
pub mod phonetic;
pub mod screen;
pub mod store;
pub mod un_xml;
pub mod xml;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod real_lists_tests;

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::generated::types;
use crate::platform::ApiError;
use index::Index;
use model::{Authority, Kind, Quality};
use screen::{Hit, Signal, SignalKind};
use store::ListStore;

/// The sanctions API's state: the list store and the answer limits.
#[derive(Debug)]
pub struct Sanctions {
    pub store: Arc<ListStore>,
    pub max_matches: usize,
}

impl Sanctions {
    /// Loads the lists of the configured directory (below `data_dir` unless set), and keeps
    /// checking it every `reload_interval_secs` (0: never) while a Tokio runtime runs.
    pub fn start(
        config: &config::Config,
        data_dir: &std::path::Path,
        log: &slog::Logger,
    ) -> Sanctions {
        let reload_secs = config.reload_interval_secs;
        let max_matches = config.max_matches;
        let (store, outcome) = ListStore::open(config.list_dir(data_dir));
        let store = Arc::new(store);
        report(log, &store, &outcome);
        if reload_secs > 0
            && let Ok(handle) = tokio::runtime::Handle::try_current()
        {
            let weak = Arc::downgrade(&store);
            let log = log.clone();
            handle.spawn(async move {
                let mut ticker = tokio::time::interval(std::time::Duration::from_secs(reload_secs));
                ticker.tick().await;
                loop {
                    ticker.tick().await;
                    let Some(store) = weak.upgrade() else { break };
                    let outcome = tokio::task::spawn_blocking(move || {
                        let outcome = store.reload_if_changed();
                        (store, outcome)
                    })
                    .await;
                    if let Ok((store, Some(outcome))) = outcome {
                        report(&log, &store, &outcome);
                    }
                }
            });
        }
        Sanctions { store, max_matches }
    }
}

fn report(log: &slog::Logger, store: &ListStore, outcome: &store::Reloaded) {
    for problem in &outcome.problems {
        slog::warn!(log, "a sanctions list was not loaded"; "problem" => problem);
    }
    if outcome.lists == 0 {
        slog::warn!(log, "no sanctions list is loaded; screening answers 503 lists_unavailable";
            "list_dir" => %store.dir().display());
    } else {
        slog::info!(log, "sanctions lists loaded"; "lists" => outcome.lists, "entries" => outcome.entries);
    }
}

fn unavailable(index: &Index) -> Result<(), ApiError> {
    if index.lists.is_empty() {
        return Err(ApiError::Unavailable {
            code: "lists_unavailable",
            message:
                "no sanctions list is loaded; an operator must import the lists (`suite lists import`)"
                    .into(),
        });
    }
    Ok(())
}

fn list_of(authority: Authority) -> types::SanctionsList {
    match authority {
        Authority::Ofac => types::SanctionsList::Ofac,
        Authority::Un => types::SanctionsList::Un,
        Authority::Eu => types::SanctionsList::Eu,
    }
}

fn entity_type(kind: Kind) -> types::EntityType {
    match kind {
        Kind::Individual => types::EntityType::Individual,
        Kind::Organization => types::EntityType::Organization,
        Kind::Vessel => types::EntityType::Vessel,
        Kind::Aircraft => types::EntityType::Aircraft,
    }
}

fn kind_of(t: types::EntityType) -> Kind {
    match t {
        types::EntityType::Individual => Kind::Individual,
        types::EntityType::Organization => Kind::Organization,
        types::EntityType::Vessel => Kind::Vessel,
        types::EntityType::Aircraft => Kind::Aircraft,
    }
}

fn signal_type(kind: SignalKind) -> types::MatchSignalType {
    use types::MatchSignalType as T;
    match kind {
        SignalKind::NameSimilarity => T::NameSimilarity,
        SignalKind::AliasSimilarity => T::AliasSimilarity,
        SignalKind::Phonetic => T::Phonetic,
        SignalKind::Transliteration => T::Transliteration,
        SignalKind::TokenOverlap => T::TokenOverlap,
        SignalKind::DateOfBirth => T::DateOfBirth,
        SignalKind::Country => T::Country,
        SignalKind::Nationality => T::Nationality,
        SignalKind::Identifier => T::Identifier,
        SignalKind::EntityType => T::EntityType,
    }
}

/// The lists consulted and their versions.
fn lists(index: &Index) -> Result<(Vec<types::SanctionsList>, Vec<types::ListVersion>), ApiError> {
    let mut checked: Vec<Authority> = index.lists.iter().map(|l| l.source.authority()).collect();
    checked.sort();
    checked.dedup();
    let versions = index
        .lists
        .iter()
        .map(|l| {
            Ok(types::ListVersion {
                list: list_of(l.source.authority()),
                source: l.source.label().to_owned(),
                published_at: l.published_at,
                content_sha256: l
                    .content_sha256
                    .parse()
                    .map_err(|e| ApiError::internal(format!("list hash: {e}")))?,
                entries: l.entries as u64,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok((checked.into_iter().map(list_of).collect(), versions))
}

fn wire_signals(signals: &[Signal]) -> Vec<types::MatchSignal> {
    signals
        .iter()
        .map(|s| types::MatchSignal {
            signal: signal_type(s.kind),
            score: s.score.clamp(0.0, 1.0),
            detail: s.detail.clone(),
        })
        .collect()
}

/// The wire form of a match on `entry` through the indexed name `name`.
fn wire_match(
    index: &Index,
    entry_no: u32,
    name: u32,
    score: f64,
    signals: &[Signal],
) -> types::SanctionsMatch {
    let entry = &index.entries[entry_no as usize];
    let listed = &index.names[name as usize];
    let matched = &entry.names[listed.name as usize];
    let mut fields = vec![if matched.primary {
        types::MatchField::Name
    } else {
        types::MatchField::Alias
    }];
    for s in signals.iter().filter(|s| s.score >= 0.7) {
        let field = match s.kind {
            SignalKind::DateOfBirth => types::MatchField::DateOfBirth,
            SignalKind::Nationality => types::MatchField::Nationality,
            SignalKind::Country => types::MatchField::Country,
            SignalKind::Identifier => types::MatchField::Identifier,
            SignalKind::EntityType => types::MatchField::EntityType,
            _ => continue,
        };
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    types::SanctionsMatch {
        entity_id: entry.id.clone(),
        list: list_of(entry.source.authority()),
        source: entry.source.label().to_owned(),
        programs: entry.programs.clone(),
        matched_name: matched.text.clone(),
        matched_alias_quality: match listed.quality {
            Quality::Strong => types::AliasQuality::Strong,
            Quality::Weak => types::AliasQuality::Weak,
        },
        primary_name: entry.primary_name().to_owned(),
        entity_type: entity_type(entry.kind),
        score: score.clamp(0.0, 1.0),
        matched_fields: fields,
        dates_of_birth: entry.dates_of_birth.clone(),
        nationalities: entry.nationalities.clone(),
        identifiers: entry
            .identifiers
            .iter()
            .map(|i| types::SanctionsIdentifier {
                type_: i.kind.clone(),
                value: i.value.clone(),
                country: i.country.clone(),
            })
            .collect(),
        explanation: wire_signals(signals),
    }
}

fn threshold(value: f64, field: &str) -> Result<f64, ApiError> {
    if !(0.0..=1.0).contains(&value) {
        return Err(ApiError::InvalidInput(format!(
            "field `{field}`: must be between 0 and 1, not {value}"
        )));
    }
    Ok(value)
}

/// A screen request checked beyond what its types enforce.
#[derive(Debug, Clone)]
pub struct CheckedScreen {
    pub name: String,
    pub kind: Option<Kind>,
    pub country: Option<String>,
    pub threshold: f64,
}

/// Checks a screen request; `prefix` names its place in a batch (`entities[3].`).
pub fn check_screen(body: &types::ScreenRequest, prefix: &str) -> Result<CheckedScreen, ApiError> {
    let name: &str = &body.name;
    if name.chars().any(|c| c.is_ascii_control()) {
        return Err(ApiError::InvalidInput(format!(
            "field `{prefix}name`: control characters are not allowed"
        )));
    }
    Ok(CheckedScreen {
        name: name.to_owned(),
        kind: body.entity_type.map(kind_of),
        country: body.country.as_ref().map(|c| c.to_ascii_uppercase()),
        threshold: threshold(body.threshold, &format!("{prefix}threshold"))?,
    })
}

/// Screens one checked request on `index`.
pub fn screen_on(
    index: &Index,
    request: &CheckedScreen,
    max_matches: usize,
    now: DateTime<Utc>,
) -> Result<types::ScreenResult, ApiError> {
    let (lists_checked, list_versions) = lists(index)?;
    let hits: Vec<Hit> = screen::screen(
        index,
        &screen::ScreenParams {
            name: &request.name,
            kind: request.kind,
            country: request.country.clone(),
            threshold: request.threshold,
            max_matches,
            exclude: &[],
        },
    );
    let matches: Vec<types::SanctionsMatch> = hits
        .iter()
        .map(|h| wire_match(index, h.entry, h.best.name, h.score, &h.signals))
        .collect();
    let best = hits.first().map_or(0.0, |h| h.score);
    Ok(types::ScreenResult {
        match_found: !matches.is_empty(),
        risk_score: screen::round4(best * 100.0).min(100.0),
        lists_checked,
        matches,
        screened_at: now,
        list_versions,
    })
}

impl Sanctions {
    /// `POST /v1/compliance/sanctions/screen`.
    pub fn screen(
        &self,
        body: &types::ScreenRequest,
        now: DateTime<Utc>,
    ) -> Result<types::ScreenResult, ApiError> {
        let request = check_screen(body, "")?;
        let index = self.store.snapshot();
        unavailable(&index)?;
        screen_on(&index, &request, self.max_matches, now)
    }

    /// `POST /v1/compliance/sanctions/deep-analysis`.
    pub fn deep_analysis(
        &self,
        body: &types::DeepAnalysisRequest,
        now: DateTime<Utc>,
    ) -> Result<types::DeepAnalysisResult, ApiError> {
        let control = |field: String, value: &str| {
            if value.chars().any(|c| c.is_ascii_control()) {
                Err(ApiError::InvalidInput(format!(
                    "field `{field}`: control characters are not allowed"
                )))
            } else {
                Ok(())
            }
        };
        control("name".into(), &body.name)?;
        for (i, alias) in body.aliases.iter().enumerate() {
            control(format!("aliases[{i}]"), alias)?;
        }
        for (i, id) in body.identifiers.iter().enumerate() {
            control(format!("identifiers[{i}].type"), &id.type_)?;
            control(format!("identifiers[{i}].value"), &id.value)?;
        }
        let subject = deep::Subject {
            name: body.name.to_string(),
            aliases: body.aliases.iter().map(|a| a.to_string()).collect(),
            kind: body.entity_type.map(kind_of),
            country: body.country.as_ref().map(|c| c.to_ascii_uppercase()),
            date_of_birth: body
                .date_of_birth
                .as_ref()
                .and_then(|d| dates::parse_iso(d)),
            nationality: body.nationality.as_ref().map(|c| c.to_ascii_uppercase()),
            identifiers: body
                .identifiers
                .iter()
                .map(|i| {
                    (
                        i.type_.to_string(),
                        i.value.to_string(),
                        i.country.as_ref().map(|c| c.to_ascii_uppercase()),
                    )
                })
                .collect(),
            exclude: body
                .exclude_entity_ids
                .iter()
                .map(|e| e.to_string())
                .collect(),
            threshold: threshold(body.threshold, "threshold")?,
            max_matches: self.max_matches,
        };
        let index = self.store.snapshot();
        unavailable(&index)?;
        let (lists_checked, list_versions) = lists(&index)?;
        let outcome = deep::analyze(&index, &subject);
        let mut summary = outcome.summary.clone();
        if body.date_of_birth.is_some() && subject.date_of_birth.is_none() {
            summary.push_str(" The date of birth given is not a real date and was not compared.");
        }
        let matches = outcome
            .hits
            .iter()
            .map(|h| wire_match(&index, h.entry, h.best.name, h.score, &h.signals))
            .collect::<Vec<_>>();
        let analyses = outcome
            .hits
            .iter()
            .map(|h| types::MatchAnalysis {
                entity_id: index.entries[h.entry as usize].id.clone(),
                verdict: match h.verdict {
                    deep::Verdict::Likely => types::MatchVerdict::LikelyMatch,
                    deep::Verdict::Possible => types::MatchVerdict::PossibleMatch,
                    deep::Verdict::Unlikely => types::MatchVerdict::UnlikelyMatch,
                },
                supporting_signals: h.supporting.iter().map(|s| signal_type(*s)).collect(),
                conflicting_signals: h.conflicting.iter().map(|s| signal_type(*s)).collect(),
                summary: h.summary.clone(),
            })
            .collect();
        let best = outcome.hits.first().map_or(0.0, |h| h.score);
        Ok(types::DeepAnalysisResult {
            match_found: !matches.is_empty(),
            risk_score: screen::round4(best * 100.0).min(100.0),
            lists_checked,
            matches,
            screened_at: now,
            list_versions,
            analyses,
            recommendation: match outcome.recommendation {
                deep::Recommendation::Clear => types::ScreeningRecommendation::Clear,
                deep::Recommendation::Review => types::ScreeningRecommendation::Review,
                deep::Recommendation::Escalate => types::ScreeningRecommendation::Escalate,
            },
            summary,
        })
    }

    /// `POST /v1/compliance/sanctions/batch` (the platform has checked the count and
    /// charged the quota).
    pub async fn batch(
        &self,
        body: types::SanctionsBatchRequest,
        now: DateTime<Utc>,
    ) -> Result<types::SanctionsBatchResult, ApiError> {
        let checked = body
            .entities
            .iter()
            .enumerate()
            .map(|(i, e)| check_screen(e, &format!("entities[{i}].")))
            .collect::<Result<Vec<_>, _>>()?;
        let index = self.store.snapshot();
        unavailable(&index)?;
        let max_matches = self.max_matches;
        tokio::task::spawn_blocking(move || batch::screen_all(&index, &checked, max_matches, now))
            .await
            .map_err(|e| ApiError::internal(format!("batch worker: {e}")))
    }
}
