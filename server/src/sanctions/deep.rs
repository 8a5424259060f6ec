//! Deep analysis ("AI-enhanced", all in process): the subject's name and aliases screened
//! against every name of every candidate entry (retrieved by name or by identifier), then a
//! multi-signal model — name and alias similarity, phonetics, transliteration, date of
//! birth, nationality, country, identifiers, entity type — combined in log-odds into a
//! calibrated score, with a verdict and an explanation of every signal. Exact-name ties are
//! ranked by how many independent fields agree.

use super::dates::{self, DobAgreement};
use super::index::{Index, Prepared, Query, identifier_key};
use super::model::Kind;
use super::screen::{self, NameMatch, Signal, SignalKind, round4};

/// A subject described by more than a name.
#[derive(Debug, Clone, Default)]
pub struct Subject {
    pub name: String,
    pub aliases: Vec<String>,
    pub kind: Option<Kind>,
    /// ISO 3166-1 alpha-2, upper case.
    pub country: Option<String>,
    /// `YYYY[-MM[-DD]]`.
    pub date_of_birth: Option<String>,
    /// ISO 3166-1 alpha-2, upper case.
    pub nationality: Option<String>,
    /// (type, value, issuing country).
    pub identifiers: Vec<(String, String, Option<String>)>,
    pub exclude: Vec<String>,
    pub threshold: f64,
    pub max_matches: usize,
}

/// Verdict on one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Likely,
    Possible,
    Unlikely,
}

/// What to do with the subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recommendation {
    Clear,
    Review,
    Escalate,
}

/// One analyzed match.
#[derive(Debug, Clone)]
pub struct DeepHit {
    pub entry: u32,
    pub best: NameMatch,
    pub score: f64,
    pub signals: Vec<Signal>,
    pub supporting: Vec<SignalKind>,
    pub conflicting: Vec<SignalKind>,
    /// Independent fields (date of birth, nationality, country, identifier, entity type)
    /// that agree.
    pub agreeing_fields: usize,
    pub verdict: Verdict,
    pub summary: String,
}

/// The outcome of a deep analysis.
#[derive(Debug, Clone)]
pub struct DeepOutcome {
    pub hits: Vec<DeepHit>,
    pub recommendation: Recommendation,
    pub summary: String,
}

/// Log-odds weights of the model, hand-calibrated so that a name alone never reaches
/// "likely" and each independent agreement moves the score the way a reviewer would.
mod weights {
    /// Slope of the name score around `NAME_PIVOT`.
    pub const NAME_SLOPE: f64 = 12.0;
    pub const NAME_PIVOT: f64 = 0.85;
    pub const NAME_FLOOR: f64 = 0.5;
    pub const DOB_EXACT: f64 = 2.2;
    pub const DOB_YEAR: f64 = 1.2;
    pub const DOB_RANGE: f64 = 0.8;
    pub const DOB_NEAR: f64 = 0.3;
    pub const DOB_CONFLICT: f64 = -2.5;
    pub const NATIONALITY_MATCH: f64 = 0.9;
    pub const NATIONALITY_CONFLICT: f64 = -1.5;
    pub const COUNTRY_MATCH: f64 = 0.5;
    pub const IDENTIFIER_MATCH: f64 = 8.0;
    pub const IDENTIFIER_CONFLICT: f64 = -0.8;
    pub const TYPE_MATCH: f64 = 0.3;
    pub const TYPE_CONFLICT: f64 = -3.0;
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn same_identifier_type(subject: &str, listed: &str) -> bool {
    let s = subject.to_ascii_lowercase();
    let l = listed.to_ascii_lowercase();
    (s.contains("passport") && l.contains("passport"))
        || (s.contains("imo") && (l.contains("imo") || l.contains("vessel registration")))
        || ((s.contains("national") || s == "id") && l.contains("national"))
        || ((s.contains("tax") || s.contains("inn")) && l.contains("tax"))
        || ((s.contains("swift") || s.contains("bic")) && l.contains("swift"))
}

/// Analyzes `subject`.
pub fn analyze(index: &Index, subject: &Subject) -> DeepOutcome {
    use weights::*;
    let texts: Vec<&str> = std::iter::once(subject.name.as_str())
        .chain(subject.aliases.iter().map(String::as_str))
        .collect();
    let queries: Vec<Prepared> = texts.iter().map(|t| index.prepare(Query::new(t))).collect();
    let mut matches = screen::best_per_entry(index, &queries, &subject.exclude, subject.threshold);
    // Entries found by identifier, whatever their names.
    for (_, value, _) in &subject.identifiers {
        for entry in index.entries_with_identifier(value) {
            if matches
                .iter()
                .any(|m| index.names[m.name as usize].entry == *entry)
                || subject.exclude.contains(&index.entries[*entry as usize].id)
            {
                continue;
            }
            // Names are indexed in entry order: the entry's names are one run.
            let first = index.names.partition_point(|n| n.entry < *entry);
            if index.names.get(first).is_some_and(|n| n.entry == *entry) {
                let best = (first as u32..index.names.len() as u32)
                    .take_while(|n| index.names[*n as usize].entry == *entry)
                    .flat_map(|n| {
                        queries
                            .iter()
                            .enumerate()
                            .map(move |(q, query)| (n, q, query))
                    })
                    .map(|(n, q, query)| screen::score_name(index, query, n, q))
                    .max_by(|a, b| a.score.total_cmp(&b.score));
                if let Some(best) = best {
                    matches.push(best);
                }
            }
        }
    }
    let mut hits = Vec::new();
    for m in matches {
        let entry_no = index.names[m.name as usize].entry;
        let entry = &index.entries[entry_no as usize];
        let m = screen::with_detail(index, &queries[m.query], m);
        let query = &queries[m.query].query;
        let mut signals = screen::name_signals(index, query, texts[m.query], &m);
        let mut supporting = Vec::new();
        let mut conflicting = Vec::new();
        let mut agreeing = 0usize;
        // Below NAME_FLOOR the name says "different" with the same force: other evidence
        // (an identifier above all) can still carry the match.
        let mut z = NAME_SLOPE * (m.score.max(NAME_FLOOR) - NAME_PIVOT);
        if m.score >= 0.85 {
            supporting.push(signals[0].kind);
        } else if m.score < 0.7 {
            conflicting.push(signals[0].kind);
        }
        if signals.iter().any(|s| s.kind == SignalKind::Phonetic) {
            supporting.push(SignalKind::Phonetic);
        }
        if signals
            .iter()
            .any(|s| s.kind == SignalKind::Transliteration && s.score >= 0.85)
        {
            supporting.push(SignalKind::Transliteration);
        }
        if let Some(dob) = &subject.date_of_birth {
            let best = entry
                .dates_of_birth
                .iter()
                .filter_map(|d| dates::agreement(dob, d).map(|a| (a, d)))
                .max_by(|a, b| a.0.score().total_cmp(&b.0.score()));
            match best {
                Some((agreement, listed)) => {
                    let (dz, words) = match agreement {
                        DobAgreement::Exact => (DOB_EXACT, "the same date"),
                        DobAgreement::SameYear => (DOB_YEAR, "the same year"),
                        DobAgreement::InRange => (DOB_RANGE, "inside the listed range"),
                        DobAgreement::Near => (DOB_NEAR, "one year apart"),
                        DobAgreement::Conflict => (DOB_CONFLICT, "a different date"),
                    };
                    z += dz;
                    if agreement == DobAgreement::Conflict {
                        conflicting.push(SignalKind::DateOfBirth);
                    } else {
                        supporting.push(SignalKind::DateOfBirth);
                        agreeing += 1;
                    }
                    signals.push(Signal {
                        kind: SignalKind::DateOfBirth,
                        score: agreement.score(),
                        detail: format!("{dob} against the listed {listed}: {words}"),
                    });
                }
                None => signals.push(Signal {
                    kind: SignalKind::DateOfBirth,
                    score: 0.5,
                    detail: format!("{dob} not compared: the entry lists no date of birth"),
                }),
            }
        }
        if let Some(nationality) = &subject.nationality {
            if entry.nationalities.iter().any(|n| n == nationality) {
                z += NATIONALITY_MATCH;
                supporting.push(SignalKind::Nationality);
                agreeing += 1;
                signals.push(Signal {
                    kind: SignalKind::Nationality,
                    score: 1.0,
                    detail: format!("nationality {nationality} is listed"),
                });
            } else if entry.nationalities.is_empty() {
                signals.push(Signal {
                    kind: SignalKind::Nationality,
                    score: 0.5,
                    detail: format!("{nationality} not compared: the entry lists no nationality"),
                });
            } else {
                z += NATIONALITY_CONFLICT;
                conflicting.push(SignalKind::Nationality);
                signals.push(Signal {
                    kind: SignalKind::Nationality,
                    score: 0.0,
                    detail: format!(
                        "nationality {nationality}; the entry lists {}",
                        entry.nationalities.join(", ")
                    ),
                });
            }
        }
        if let Some(country) = &subject.country {
            let linked = entry.countries.iter().any(|c| c == country);
            if linked {
                z += COUNTRY_MATCH;
                supporting.push(SignalKind::Country);
                agreeing += 1;
            }
            signals.push(Signal {
                kind: SignalKind::Country,
                score: if linked { 1.0 } else { 0.0 },
                detail: if linked {
                    format!("the entry is linked to {country}")
                } else if entry.countries.is_empty() {
                    "the entry names no country".to_owned()
                } else {
                    format!(
                        "the entry is linked to {}, not {country}",
                        entry.countries.join(", ")
                    )
                },
            });
        }
        if !subject.identifiers.is_empty() {
            let matched = subject.identifiers.iter().find_map(|(kind, value, _)| {
                let key = identifier_key(value);
                entry
                    .identifiers
                    .iter()
                    .find(|i| key.len() >= 4 && identifier_key(&i.value) == key)
                    .map(|i| (kind, i))
            });
            if let Some((kind, listed)) = matched {
                z += IDENTIFIER_MATCH;
                supporting.push(SignalKind::Identifier);
                agreeing += 1;
                signals.push(Signal {
                    kind: SignalKind::Identifier,
                    score: 1.0,
                    detail: format!(
                        "{kind} {} is listed as {} {}",
                        listed.value, listed.kind, listed.value
                    ),
                });
            } else {
                let same_type = subject.identifiers.iter().find(|(kind, _, _)| {
                    entry
                        .identifiers
                        .iter()
                        .any(|i| same_identifier_type(kind, &i.kind))
                });
                match same_type {
                    Some((kind, _, _)) => {
                        z += IDENTIFIER_CONFLICT;
                        conflicting.push(SignalKind::Identifier);
                        signals.push(Signal {
                            kind: SignalKind::Identifier,
                            score: 0.0,
                            detail: format!("the entry lists a different {kind}"),
                        });
                    }
                    None => signals.push(Signal {
                        kind: SignalKind::Identifier,
                        score: 0.5,
                        detail: "not compared: the entry lists no identifier of these types"
                            .to_owned(),
                    }),
                }
            }
        }
        if let Some(kind) = subject.kind {
            if kind == entry.kind {
                z += TYPE_MATCH;
                supporting.push(SignalKind::EntityType);
                agreeing += 1;
            } else {
                z += TYPE_CONFLICT;
                conflicting.push(SignalKind::EntityType);
            }
            signals.push(Signal {
                kind: SignalKind::EntityType,
                score: if kind == entry.kind { 1.0 } else { 0.0 },
                detail: format!("{} against a listed {}", kind.as_str(), entry.kind.as_str()),
            });
        }
        let score = round4(sigmoid(z));
        if score < subject.threshold {
            continue;
        }
        signals.sort_by(|a, b| b.score.total_cmp(&a.score));
        supporting.dedup();
        conflicting.dedup();
        let verdict = if score >= 0.9 {
            Verdict::Likely
        } else if score >= 0.75 {
            Verdict::Possible
        } else {
            Verdict::Unlikely
        };
        let summary = summarize(
            entry.primary_name(),
            &entry.id,
            verdict,
            score,
            &supporting,
            &conflicting,
        );
        hits.push(DeepHit {
            entry: entry_no,
            best: m,
            score,
            signals,
            supporting,
            conflicting,
            agreeing_fields: agreeing,
            verdict,
            summary,
        });
    }
    hits.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.agreeing_fields.cmp(&a.agreeing_fields))
            .then_with(|| {
                index.entries[a.entry as usize]
                    .id
                    .cmp(&index.entries[b.entry as usize].id)
            })
    });
    hits.truncate(subject.max_matches);
    let recommendation = if hits.iter().any(|h| h.verdict == Verdict::Likely) {
        Recommendation::Escalate
    } else if hits.iter().any(|h| h.verdict == Verdict::Possible) {
        Recommendation::Review
    } else {
        Recommendation::Clear
    };
    let summary = match (hits.first(), recommendation) {
        (None, _) => format!(
            "No entry of the loaded lists scored at least {:.2}; the subject is clear.",
            subject.threshold
        ),
        (Some(best), Recommendation::Escalate) => format!(
            "{} match(es); the best, {} ({}), is a likely match at {:.2}: block pending review.",
            hits.len(),
            index.entries[best.entry as usize].primary_name(),
            index.entries[best.entry as usize].id,
            best.score
        ),
        (Some(best), Recommendation::Review) => format!(
            "{} match(es); the best, {} ({}), is a possible match at {:.2}: a reviewer should decide.",
            hits.len(),
            index.entries[best.entry as usize].primary_name(),
            index.entries[best.entry as usize].id,
            best.score
        ),
        (Some(best), Recommendation::Clear) => format!(
            "{} weak match(es), the best {} ({}) at {:.2}; none is credible: clear.",
            hits.len(),
            index.entries[best.entry as usize].primary_name(),
            index.entries[best.entry as usize].id,
            best.score
        ),
    };
    DeepOutcome {
        hits,
        recommendation,
        summary,
    }
}

fn names(kinds: &[SignalKind]) -> String {
    kinds
        .iter()
        .map(|k| k.as_str().replace('_', " "))
        .collect::<Vec<_>>()
        .join(", ")
}

fn summarize(
    name: &str,
    id: &str,
    verdict: Verdict,
    score: f64,
    supporting: &[SignalKind],
    conflicting: &[SignalKind],
) -> String {
    let verdict = match verdict {
        Verdict::Likely => "Likely match",
        Verdict::Possible => "Possible match",
        Verdict::Unlikely => "Unlikely match",
    };
    let mut text = format!("{verdict} with {name} ({id}) at {score:.2}.");
    if !supporting.is_empty() {
        text.push_str(&format!(" Supported by: {}.", names(supporting)));
    }
    if !conflicting.is_empty() {
        text.push_str(&format!(" Contradicted by: {}.", names(conflicting)));
    }
    if supporting.len() <= 1 && conflicting.is_empty() {
        text.push_str(
            " Only the name could be compared; more details about the subject would settle it.",
        );
    }
    text
}
