//! The HTTP glue of the sanctions API, its implementation of the generated `SanctionsBackend`:
//! checks what the contract's types cannot say (control characters), screens on one index
//! snapshot, and maps the engine's hits to the contract's records (exhaustive `match`es, so a
//! contract change is a compile error).

use chrono::{DateTime, Utc};

use super::index::Index;
use super::model::{Authority, Kind, Quality};
use super::screen::{self, Hit, Signal, SignalKind};
use super::{Sanctions, batch, dates, deep};
use suite_platform::generated::api::SanctionsBackend;
use suite_platform::generated::types;
use suite_platform::{ApiError, Caller, Platform};

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
    no_control_characters(&format!("{prefix}name"), &body.name)?;
    Ok(CheckedScreen {
        name: body.name.to_string(),
        kind: body.entity_type.map(kind_of),
        country: body.country.as_ref().map(|c| c.to_ascii_uppercase()),
        threshold: body.threshold,
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

impl SanctionsBackend for Sanctions {
    /// `POST /v1/compliance/sanctions/screen`.
    async fn sanctions_screen(
        &self,
        platform: &Platform,
        _caller: &Caller,
        body: types::ScreenRequest,
    ) -> Result<types::ScreenResult, ApiError> {
        let now = platform.now();
        let request = check_screen(&body, "")?;
        let index = self.store.snapshot();
        unavailable(&index)?;
        screen_on(&index, &request, self.max_matches, now)
    }

    /// `POST /v1/compliance/sanctions/deep-analysis`.
    async fn sanctions_deep_analysis(
        &self,
        platform: &Platform,
        _caller: &Caller,
        body: types::DeepAnalysisRequest,
    ) -> Result<types::DeepAnalysisResult, ApiError> {
        let now = platform.now();
        let subject = subject_of(&body, self.max_matches)?;
        let index = self.store.snapshot();
        unavailable(&index)?;
        let (lists_checked, list_versions) = lists(&index)?;
        let outcome = deep::analyze(&index, &subject);
        let mut summary = outcome.summary.clone();
        if body.date_of_birth.is_some() && subject.date_of_birth.is_none() {
            summary.push_str(" The date of birth given is not a real date and was not compared.");
        }
        let best = outcome.hits.first().map_or(0.0, |h| h.score);
        Ok(types::DeepAnalysisResult {
            match_found: !outcome.hits.is_empty(),
            risk_score: screen::round4(best * 100.0).min(100.0),
            lists_checked,
            matches: outcome
                .hits
                .iter()
                .map(|h| wire_match(&index, h.entry, h.best.name, h.score, &h.signals))
                .collect(),
            screened_at: now,
            list_versions,
            analyses: outcome.hits.iter().map(|h| analysis(&index, h)).collect(),
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
    async fn sanctions_batch(
        &self,
        platform: &Platform,
        _caller: &Caller,
        body: types::SanctionsBatchRequest,
    ) -> Result<types::SanctionsBatchResult, ApiError> {
        let now = platform.now();
        let checked = body
            .entities
            .iter()
            .enumerate()
            .map(|(i, e)| check_screen(e, &format!("entities[{i}].")))
            .collect::<Result<Vec<_>, _>>()?;
        let index = self.store.snapshot();
        unavailable(&index)?;
        let max_matches = self.max_matches;
        tokio::task::spawn_blocking(move || screen_batch(&index, &checked, max_matches, now))
            .await
            .map_err(|e| ApiError::internal(format!("batch worker: {e}")))
    }
}

/// The deep-analysis subject of a request: 400 for a control character in any text (the
/// contract's bounds were checked when the request was read).
fn subject_of(
    body: &types::DeepAnalysisRequest,
    max_matches: usize,
) -> Result<deep::Subject, ApiError> {
    no_control_characters("name", &body.name)?;
    for (i, alias) in body.aliases.iter().enumerate() {
        no_control_characters(&format!("aliases[{i}]"), alias)?;
    }
    for (i, id) in body.identifiers.iter().enumerate() {
        no_control_characters(&format!("identifiers[{i}].type"), &id.type_)?;
        no_control_characters(&format!("identifiers[{i}].value"), &id.value)?;
    }
    let upper = |c: &str| c.to_ascii_uppercase();
    Ok(deep::Subject {
        name: body.name.to_string(),
        aliases: body.aliases.iter().map(|a| a.to_string()).collect(),
        kind: body.entity_type.map(kind_of),
        country: body.country.as_deref().map(|c| upper(c)),
        date_of_birth: body
            .date_of_birth
            .as_ref()
            .and_then(|d| dates::parse_iso(d)),
        nationality: body.nationality.as_deref().map(|c| upper(c)),
        identifiers: body
            .identifiers
            .iter()
            .map(|i| {
                (
                    i.type_.to_string(),
                    i.value.to_string(),
                    i.country.as_deref().map(|c| upper(c)),
                )
            })
            .collect(),
        exclude: body
            .exclude_entity_ids
            .iter()
            .map(|e| e.to_string())
            .collect(),
        threshold: body.threshold,
        max_matches,
    })
}

fn no_control_characters(field: &str, value: &str) -> Result<(), ApiError> {
    if value.chars().any(|c| c.is_ascii_control()) {
        return Err(ApiError::InvalidInput(format!(
            "field `{field}`: control characters are not allowed"
        )));
    }
    Ok(())
}

/// The wire form of one deep hit's verdict and its reasons.
fn analysis(index: &Index, hit: &deep::DeepHit) -> types::MatchAnalysis {
    types::MatchAnalysis {
        entity_id: index.entries[hit.entry as usize].id.clone(),
        verdict: match hit.verdict {
            deep::Verdict::Likely => types::MatchVerdict::LikelyMatch,
            deep::Verdict::Possible => types::MatchVerdict::PossibleMatch,
            deep::Verdict::Unlikely => types::MatchVerdict::UnlikelyMatch,
        },
        supporting_signals: hit.supporting.iter().map(|s| signal_type(*s)).collect(),
        conflicting_signals: hit.conflicting.iter().map(|s| signal_type(*s)).collect(),
        summary: hit.summary.clone(),
    }
}

/// Screens every checked request on `index` in parallel, one result per request in order.
pub fn screen_batch(
    index: &Index,
    requests: &[CheckedScreen],
    max_matches: usize,
    now: DateTime<Utc>,
) -> types::SanctionsBatchResult {
    let outcomes = batch::run_all(requests, |request| {
        screen_on(index, request, max_matches, now)
    });
    let results: Vec<types::SanctionsBatchItemResult> = outcomes
        .into_iter()
        .enumerate()
        .map(|(position, outcome)| batch_item(position, outcome))
        .collect();
    let succeeded = results
        .iter()
        .filter(|r| r.status == types::BatchItemStatus::Succeeded)
        .count() as u64;
    types::SanctionsBatchResult {
        failed: results.len() as u64 - succeeded,
        succeeded,
        results,
        screened_at: now,
    }
}

/// One batch item's record: its result, its error, or an internal error if its work panicked.
fn batch_item(
    position: usize,
    outcome: Option<Result<types::ScreenResult, ApiError>>,
) -> types::SanctionsBatchItemResult {
    let failed = |code: &str, message: String| types::SanctionsBatchItemResult {
        index: position as u64,
        status: types::BatchItemStatus::Failed,
        result: None,
        error: Some(types::Error {
            error_code: code.to_owned(),
            message,
            request_id: String::new(),
        }),
    };
    match outcome {
        Some(Ok(result)) => types::SanctionsBatchItemResult {
            index: position as u64,
            status: types::BatchItemStatus::Succeeded,
            result: Some(result),
            error: None,
        },
        Some(Err(error)) => failed(error.error_code(), error.message()),
        None => failed("internal_error", "internal error".to_owned()),
    }
}
