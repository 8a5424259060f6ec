//! Deep analysis ("AI-enhanced", all in process): the subject's name and aliases screened
//! against every name of every candidate entry (retrieved by name or by identifier), then a
//! multi-signal model — name and alias similarity, phonetics, transliteration, date of
//! birth, nationality, country, identifiers, entity type — combined in log-odds into a
//! calibrated score, with a verdict and an explanation of every signal. Exact-name ties are
//! ranked by how many independent fields agree.

mod evidence;

use super::index::{Index, Prepared, Query};
use super::model::Kind;
use super::screen::{self, NameMatch, Signal, SignalKind, round4};
use evidence::Evidence;

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

/// Analyzes `subject`: finds the candidates, weighs each one's evidence, ranks the hits
/// and recommends what to do.
pub fn analyze(index: &Index, subject: &Subject) -> DeepOutcome {
    let texts: Vec<&str> = std::iter::once(subject.name.as_str())
        .chain(subject.aliases.iter().map(String::as_str))
        .collect();
    let queries: Vec<Prepared> = texts.iter().map(|t| index.prepare(Query::new(t))).collect();
    let mut hits: Vec<DeepHit> = candidates(index, subject, &queries)
        .into_iter()
        .filter_map(|m| assess(index, subject, &queries, &texts, m))
        .collect();
    rank(index, &mut hits);
    hits.truncate(subject.max_matches);
    let recommendation = recommend(&hits);
    let summary = outcome_summary(index, subject, &hits, recommendation);
    DeepOutcome {
        hits,
        recommendation,
        summary,
    }
}

/// The best name match of every entry found by name, then of every entry found by one of
/// the subject's identifiers, whatever its names.
fn candidates(index: &Index, subject: &Subject, queries: &[Prepared]) -> Vec<NameMatch> {
    let mut matches = screen::best_per_entry(index, queries, &subject.exclude, subject.threshold);
    for (_, value, _) in &subject.identifiers {
        for entry in index.entries_with_identifier(value) {
            if matches
                .iter()
                .any(|m| index.names[m.name as usize].entry == *entry)
                || subject.exclude.contains(&index.entries[*entry as usize].id)
            {
                continue;
            }
            if let Some(best) = best_name_of_entry(index, queries, *entry) {
                matches.push(best);
            }
        }
    }
    matches
}

/// The best match of any query against any name of `entry`.
fn best_name_of_entry(index: &Index, queries: &[Prepared], entry: u32) -> Option<NameMatch> {
    // Names are indexed in entry order: the entry's names are one run.
    let first = index.names.partition_point(|n| n.entry < entry);
    if index.names.get(first).is_none_or(|n| n.entry != entry) {
        return None;
    }
    (first as u32..index.names.len() as u32)
        .take_while(|n| index.names[*n as usize].entry == entry)
        .flat_map(|n| {
            queries
                .iter()
                .enumerate()
                .map(move |(q, query)| (n, q, query))
        })
        .map(|(n, q, query)| screen::score_name(index, query, n, q))
        .max_by(|a, b| a.score.total_cmp(&b.score))
}

/// Weighs every signal of one candidate into a scored, explained hit; `None` below the
/// subject's threshold.
fn assess(
    index: &Index,
    subject: &Subject,
    queries: &[Prepared],
    texts: &[&str],
    candidate: NameMatch,
) -> Option<DeepHit> {
    let entry_no = index.names[candidate.name as usize].entry;
    let entry = &index.entries[entry_no as usize];
    let m = screen::with_detail(index, &queries[candidate.query], candidate);
    let signals = screen::name_signals(index, &queries[m.query].query, texts[m.query], &m);
    let mut evidence = Evidence::from_name(m.score, signals);
    evidence.weigh_date_of_birth(subject, entry);
    evidence.weigh_nationality(subject, entry);
    evidence.weigh_country(subject, entry);
    evidence.weigh_identifiers(subject, entry);
    evidence.weigh_entity_type(subject, entry);
    let score = round4(evidence.probability());
    if score < subject.threshold {
        return None;
    }
    let Evidence {
        mut signals,
        mut supporting,
        mut conflicting,
        agreeing,
        ..
    } = evidence;
    signals.sort_by(|a, b| b.score.total_cmp(&a.score));
    supporting.dedup();
    conflicting.dedup();
    let verdict = verdict(score);
    let summary = summarize(
        entry.primary_name(),
        &entry.id,
        verdict,
        score,
        &supporting,
        &conflicting,
    );
    Some(DeepHit {
        entry: entry_no,
        best: m,
        score,
        signals,
        supporting,
        conflicting,
        agreeing_fields: agreeing,
        verdict,
        summary,
    })
}

fn verdict(score: f64) -> Verdict {
    if score >= 0.9 {
        Verdict::Likely
    } else if score >= 0.75 {
        Verdict::Possible
    } else {
        Verdict::Unlikely
    }
}

/// Best score first; exact ties by how many independent fields agree, then by entity id.
fn rank(index: &Index, hits: &mut [DeepHit]) {
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
}

fn recommend(hits: &[DeepHit]) -> Recommendation {
    if hits.iter().any(|h| h.verdict == Verdict::Likely) {
        Recommendation::Escalate
    } else if hits.iter().any(|h| h.verdict == Verdict::Possible) {
        Recommendation::Review
    } else {
        Recommendation::Clear
    }
}

/// The analysis in one sentence, naming the best hit and what to do.
fn outcome_summary(
    index: &Index,
    subject: &Subject,
    hits: &[DeepHit],
    recommendation: Recommendation,
) -> String {
    let Some(best) = hits.first() else {
        return format!(
            "No entry of the loaded lists scored at least {:.2}; the subject is clear.",
            subject.threshold
        );
    };
    let entry = &index.entries[best.entry as usize];
    let (count, name, id, score) = (hits.len(), entry.primary_name(), &entry.id, best.score);
    match recommendation {
        Recommendation::Escalate => format!(
            "{count} match(es); the best, {name} ({id}), is a likely match at {score:.2}: block pending review."
        ),
        Recommendation::Review => format!(
            "{count} match(es); the best, {name} ({id}), is a possible match at {score:.2}: a reviewer should decide."
        ),
        Recommendation::Clear => format!(
            "{count} weak match(es), the best {name} ({id}) at {score:.2}; none is credible: clear."
        ),
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
