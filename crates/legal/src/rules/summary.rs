//! The review's summary in two to four sentences: level and score, findings by severity, the
//! most serious ones and the categories the contract does not address.

use super::matcher::Hit;
use crate::model::{Category, Clause, Severity};

fn join_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn place(hit: &Hit, clauses: &[Clause]) -> String {
    match hit
        .clause_index
        .and_then(|i| clauses.iter().find(|c| c.index == i))
    {
        Some(c) => match &c.number {
            Some(n) => format!("clause {n}"),
            None => format!("clause #{}", c.index + 1),
        },
        None => "missing".to_string(),
    }
}

/// The summary of sorted hits (most severe first).
pub fn summarize(hits: &[Hit], score: u8, level: Severity, clauses: &[Clause]) -> String {
    let mut sentences = vec![format!("Overall risk is {} ({score}/100).", level.name())];
    let counts: Vec<String> = [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Low,
    ]
    .into_iter()
    .filter_map(|s| {
        let n = hits.iter().filter(|h| h.severity == s).count();
        (n > 0).then(|| format!("{n} {}", s.name()))
    })
    .collect();
    let noun = if hits.len() == 1 {
        "finding"
    } else {
        "findings"
    };
    sentences.push(if counts.is_empty() {
        "No findings.".to_string()
    } else {
        format!("{} {noun}: {}.", hits.len(), join_words(&counts))
    });
    let serious: Vec<String> = hits
        .iter()
        .filter(|h| h.severity >= Severity::Medium)
        .take(3)
        .map(|h| format!("{} ({})", h.title, place(h, clauses)))
        .collect();
    if !serious.is_empty() {
        sentences.push(format!("Most serious: {}.", serious.join("; ")));
    }
    let absent: Vec<String> = Category::ALL
        .into_iter()
        .filter(|c| {
            !hits
                .iter()
                .any(|h| h.category == *c && h.clause_index.is_some())
        })
        .map(|c| c.title().to_lowercase())
        .collect();
    if !absent.is_empty() {
        sentences.push(format!("Not addressed: {}.", join_words(&absent)));
    }
    sentences.join(" ")
}
