//! Fast screening: candidates from the index, each scored by token best-pair Jaro-Winkler
//! (with phonetic agreement and original-script agreement), weak aliases weighted lower,
//! `entity_type` as a filter and `country` as supporting evidence; best name per entry.

use rustc_hash::FxHashMap;

use super::index::{Candidate, Index, Prepared, Query};
use super::matcher::{NameScore, PairKind};
use super::model::{Entry, Kind, Quality};

/// A match on a weak alias counts this much of its name score.
pub const WEAK_ALIAS_FACTOR: f64 = 0.9;
/// What a country the entry is linked to adds to the score.
pub const COUNTRY_BONUS: f64 = 0.03;
/// Candidate names scored per query name.
pub const CANDIDATES: usize = 48;

/// A scoring signal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SignalKind {
    NameSimilarity,
    AliasSimilarity,
    Phonetic,
    Transliteration,
    TokenOverlap,
    DateOfBirth,
    Country,
    Nationality,
    Identifier,
    EntityType,
}

impl SignalKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SignalKind::NameSimilarity => "name_similarity",
            SignalKind::AliasSimilarity => "alias_similarity",
            SignalKind::Phonetic => "phonetic",
            SignalKind::Transliteration => "transliteration",
            SignalKind::TokenOverlap => "token_overlap",
            SignalKind::DateOfBirth => "date_of_birth",
            SignalKind::Country => "country",
            SignalKind::Nationality => "nationality",
            SignalKind::Identifier => "identifier",
            SignalKind::EntityType => "entity_type",
        }
    }
}

/// One signal's contribution.
#[derive(Debug, Clone, PartialEq)]
pub struct Signal {
    pub kind: SignalKind,
    /// 0..1.
    pub score: f64,
    pub detail: String,
}

/// How one query name compared with one listed name.
#[derive(Debug, Clone)]
pub struct NameMatch {
    /// Indexed name id.
    pub name: u32,
    /// Name score after the weak-alias weighting.
    pub score: f64,
    /// Score before weighting.
    pub raw: f64,
    pub detail: Option<NameScore>,
    /// Share of the query's original-script tokens found in the name's (0..1).
    pub native: f64,
    /// The query text this was computed for (the name or one of the aliases).
    pub query: usize,
}

/// Agreement of original-script tokens (exact, after folding).
fn native_score(query: &[String], name: &[String]) -> f64 {
    if query.is_empty() || name.is_empty() {
        return 0.0;
    }
    let hits = query.iter().filter(|t| name.contains(t)).count() as f64;
    let qc = hits / query.len() as f64;
    let nc = hits / name.len() as f64;
    0.65 * qc.max(nc) + 0.35 * qc.min(nc)
}

/// Scores a prepared query against the indexed name `name` (without the token pairs of the
/// explanation: see [`with_detail`]).
pub fn score_name(index: &Index, p: &Prepared, name: u32, query_no: usize) -> NameMatch {
    let listed = &index.names[name as usize];
    let latin = if !p.query.tokens.is_empty() && !listed.tokens.is_empty() {
        index.score_name_with(p, name, false).score
    } else {
        0.0
    };
    let native = index
        .native_tokens
        .get(&name)
        .map_or(0.0, |n| native_score(&p.query.normalized.native, n));
    let raw = latin.max(native);
    let factor = if listed.quality == Quality::Weak {
        WEAK_ALIAS_FACTOR
    } else {
        1.0
    };
    NameMatch {
        name,
        score: raw * factor,
        raw,
        detail: None,
        native,
        query: query_no,
    }
}

/// `m` with the token pairs of its Latin comparison, for the explanation.
pub fn with_detail(index: &Index, p: &Prepared, mut m: NameMatch) -> NameMatch {
    if m.detail.is_none()
        && !p.query.tokens.is_empty()
        && !index.names[m.name as usize].tokens.is_empty()
    {
        m.detail = Some(index.score_name(p, m.name));
    }
    m
}

/// A screening request, already validated.
#[derive(Debug, Clone)]
pub struct ScreenParams<'a> {
    pub name: &'a str,
    pub kind: Option<Kind>,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: Option<String>,
    pub threshold: f64,
    pub max_matches: usize,
    pub exclude: &'a [String],
}

impl<'a> ScreenParams<'a> {
    /// `name` alone: no kind or country filter, nothing excluded.
    pub fn for_name(name: &'a str, threshold: f64, max_matches: usize) -> ScreenParams<'a> {
        ScreenParams {
            name,
            kind: None,
            country: None,
            threshold,
            max_matches,
            exclude: &[],
        }
    }
}

/// One entry that matched.
#[derive(Debug, Clone)]
pub struct Hit {
    pub entry: u32,
    pub best: NameMatch,
    pub score: f64,
    pub country_match: bool,
    pub signals: Vec<Signal>,
}

/// The least retrieval estimate worth scoring for a threshold (the estimate ignores the
/// lower weight of middle names, so it leaves a margin).
pub fn min_estimate(threshold: f64) -> f64 {
    (threshold - 0.4).clamp(0.2, 0.6)
}

/// The best name of each candidate entry, from the candidates of every query.
pub fn best_per_entry(
    index: &Index,
    queries: &[Prepared],
    exclude: &[String],
    threshold: f64,
) -> Vec<NameMatch> {
    let mut best: FxHashMap<u32, NameMatch> = FxHashMap::default();
    for (q, query) in queries.iter().enumerate() {
        if query.query.is_empty() {
            continue;
        }
        let candidates: Vec<Candidate> =
            index.candidates(query, CANDIDATES, min_estimate(threshold));
        for c in candidates {
            let entry = index.names[c.name as usize].entry;
            if !exclude.is_empty() && exclude.contains(&index.entries[entry as usize].id) {
                continue;
            }
            let m = score_name(index, query, c.name, q);
            match best.get(&entry) {
                Some(old) if old.score >= m.score => {}
                _ => {
                    best.insert(entry, m);
                }
            }
        }
    }
    let mut out: Vec<NameMatch> = best.into_values().collect();
    out.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.name.cmp(&b.name)));
    out
}

/// The name signals of a match: similarity, phonetic, token overlap, transliteration.
pub fn name_signals(index: &Index, query: &Query, query_text: &str, m: &NameMatch) -> Vec<Signal> {
    let listed = &index.names[m.name as usize];
    let entry = &index.entries[listed.entry as usize];
    let name = &entry.names[listed.name as usize];
    let mut signals = Vec::new();
    let role = if name.primary {
        "primary name"
    } else if listed.quality == Quality::Weak {
        "weak alias"
    } else {
        "alias"
    };
    let kind = if name.primary {
        SignalKind::NameSimilarity
    } else {
        SignalKind::AliasSimilarity
    };
    let mut detail = format!(
        "\"{}\" against the {role} \"{}\"",
        query_text.trim(),
        name.text
    );
    if let Some(d) = &m.detail {
        detail.push_str(&format!(
            ": {} of {} tokens paired, query coverage {:.0}%, name coverage {:.0}%",
            d.pairs.len(),
            query.tokens.len(),
            d.query_coverage * 100.0,
            d.name_coverage * 100.0
        ));
        if d.joined {
            detail.push_str(", compared as one word");
        }
    }
    if listed.quality == Quality::Weak {
        detail.push_str(&format!("; weak alias, weighted ×{WEAK_ALIAS_FACTOR}"));
    }
    signals.push(Signal {
        kind,
        score: round4(m.raw),
        detail,
    });
    if let Some(d) = &m.detail {
        let tokens = index.name_tokens(m.name);
        let phonetic: Vec<String> = d
            .pairs
            .iter()
            .filter(|p| p.3 == PairKind::Phonetic)
            .map(|p| {
                format!(
                    "{} ~ {} ({})",
                    query.tokens[p.0].text, tokens[p.1].text, tokens[p.1].codes.0
                )
            })
            .collect();
        if !phonetic.is_empty() {
            signals.push(Signal {
                kind: SignalKind::Phonetic,
                score: round4(phonetic.len() as f64 / query.tokens.len().max(1) as f64),
                detail: format!("sound alike (Double Metaphone): {}", phonetic.join(", ")),
            });
        }
        let exact = d.count(PairKind::Exact);
        signals.push(Signal {
            kind: SignalKind::TokenOverlap,
            score: round4(exact as f64 / query.tokens.len().max(tokens.len()).max(1) as f64),
            detail: format!(
                "{exact} identical token(s) of {} in the query and {} in the name",
                query.tokens.len(),
                tokens.len()
            ),
        });
        let skeleton = d.count(PairKind::Skeleton);
        if skeleton > 0 {
            signals.push(Signal {
                kind: SignalKind::Transliteration,
                score: round4(skeleton as f64 / query.tokens.len().max(1) as f64),
                detail: format!(
                    "{skeleton} token(s) transliterated from {} script agree by consonants",
                    query.normalized.script.map_or("another", |s| s.name())
                ),
            });
        }
        let korean = d.count(PairKind::Romanization);
        if korean > 0 {
            signals.push(Signal {
                kind: SignalKind::Transliteration,
                score: round4(korean as f64 / query.tokens.len().max(1) as f64),
                detail: format!(
                    "{korean} token(s) are romanizations of the same Korean syllables (Revised Romanization against McCune-Reischauer and passport spellings)"
                ),
            });
        }
    }
    if m.native > 0.0 {
        signals.push(Signal {
            kind: SignalKind::Transliteration,
            score: round4(m.native),
            detail: format!(
                "written in {} script: agrees with the list's original-script name \"{}\"",
                query.normalized.script.map_or("another", |s| s.name()),
                name.text
            ),
        });
    } else if query
        .normalized
        .script
        .is_some_and(|s| s != super::normalize::Script::Latin)
        && !signals
            .iter()
            .any(|s| s.kind == SignalKind::Transliteration)
    {
        signals.push(Signal {
            kind: SignalKind::Transliteration,
            score: round4(m.raw),
            detail: format!(
                "transliterated from {} script to \"{}\"",
                query.normalized.script.map_or("another", |s| s.name()),
                query.normalized.tokens.join(" ")
            ),
        });
    }
    signals
}

pub fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// Screens one name.
pub fn screen(index: &Index, params: &ScreenParams<'_>) -> Vec<Hit> {
    let prepared = index.prepare(Query::new(params.name));
    let query = &prepared.query;
    let mut hits = Vec::new();
    for m in best_per_entry(
        index,
        std::slice::from_ref(&prepared),
        params.exclude,
        params.threshold,
    ) {
        let entry_id = index.names[m.name as usize].entry;
        let entry = &index.entries[entry_id as usize];
        if params.kind.is_some_and(|k| k != entry.kind) {
            continue;
        }
        let country_match = params
            .country
            .as_ref()
            .is_some_and(|c| entry.countries.iter().any(|e| e == c));
        let score = if country_match {
            (m.score + COUNTRY_BONUS).min(1.0)
        } else {
            m.score
        };
        if score < params.threshold {
            continue;
        }
        let m = with_detail(index, &prepared, m);
        let mut signals = name_signals(index, query, params.name, &m);
        if let Some(country) = &params.country {
            signals.push(Signal {
                kind: SignalKind::Country,
                score: if country_match { 1.0 } else { 0.0 },
                detail: country_detail(entry, country, country_match),
            });
        }
        if let Some(kind) = params.kind {
            signals.push(Signal {
                kind: SignalKind::EntityType,
                score: 1.0,
                detail: format!("both are of type {}", kind.as_str()),
            });
        }
        signals.sort_by(|a, b| b.score.total_cmp(&a.score));
        hits.push(Hit {
            entry: entry_id,
            best: m,
            score: round4(score),
            country_match,
            signals,
        });
    }
    hits.sort_by(|a, b| {
        b.score.total_cmp(&a.score).then_with(|| {
            index.entries[a.entry as usize]
                .id
                .cmp(&index.entries[b.entry as usize].id)
        })
    });
    hits.truncate(params.max_matches);
    hits
}

/// How a country given with the subject compares with the entry's, in words.
pub fn country_detail(entry: &Entry, country: &str, linked: bool) -> String {
    if linked {
        format!("the entry is linked to {country}")
    } else if entry.countries.is_empty() {
        "the entry names no country".to_owned()
    } else {
        format!(
            "the entry is linked to {}, not {country}",
            entry.countries.join(", ")
        )
    }
}
