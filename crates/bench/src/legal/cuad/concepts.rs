//! The twelve-label table of issue 38: per CUAD concept, document-level precision and recall
//! of `analyze` (a contract counts when the experts marked the concept and when the review
//! reports a finding of one of the concept's rules), on the development and the test split.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::dataset::Contract;
use super::split::Part;
use crate::support::Counts;
use suite_legal::classify::labels::CONCEPTS;
use suite_legal::model::Language;
use suite_legal::review::review;
use suite_legal::text::{self, plain};

/// Counts per concept (index in `CONCEPTS`) and split, and the time the reviews took.
#[derive(Debug, Default)]
pub struct Table {
    pub counts: BTreeMap<(Part, usize), Counts>,
    pub contracts: BTreeMap<Part, usize>,
    /// The reviews, and the classifier's share of them (every clause classified again).
    pub time: Duration,
    pub classifier_time: Duration,
}

impl Table {
    /// All twelve concepts of one split together (micro average).
    pub fn all(&self, part: Part) -> Counts {
        let mut total = Counts::default();
        for ((p, _), c) in &self.counts {
            if *p == part {
                total += *c;
            }
        }
        total
    }
}

/// Reviews each contract as the API reviews a TXT upload and scores it per concept.
pub fn evaluate<'a>(contracts: impl Iterator<Item = (&'a Contract, Part)>) -> Table {
    let mut table = Table::default();
    for (contract, part) in contracts {
        let Ok(extracted) = text::assemble(plain::blocks(&contract.text)) else {
            continue;
        };
        let started = Instant::now();
        let reviewed = review(extracted, Language::En, None);
        table.time += started.elapsed();
        if let Ok(model) = suite_legal::classify::shipped() {
            let started = Instant::now();
            for clause in &reviewed.clauses {
                std::hint::black_box(suite_legal::classify::subjects(model, clause));
            }
            table.classifier_time += started.elapsed();
        }
        *table.contracts.entry(part).or_default() += 1;
        for (i, concept) in CONCEPTS.iter().enumerate() {
            let predicted = reviewed
                .analysis
                .findings
                .iter()
                .any(|f| f.clause_index.is_some() && concept.rules.contains(&f.rule));
            table
                .counts
                .entry((part, i))
                .or_default()
                .record(contract.labelled(concept.cuad), predicted);
        }
    }
    table
}

fn cell(c: &Counts) -> String {
    format!(
        "{:.2} | {:.2} ({} of {})",
        c.precision(),
        c.recall(),
        c.true_positives,
        c.true_positives + c.false_negatives
    )
}

/// The table in Markdown, development and test side by side.
pub fn markdown(table: &Table) -> String {
    let n = |p: Part| table.contracts.get(&p).copied().unwrap_or_default();
    let mut out = format!(
        "| CUAD label | dev precision | dev recall ({} contracts) | test precision | test recall ({} contracts) |\n|---|---|---|---|---|\n",
        n(Part::Dev),
        n(Part::Test)
    );
    let row = |name: &str, dev: &Counts, test: &Counts| {
        format!("| {name} | {} | {} |\n", cell(dev), cell(test))
    };
    for (i, concept) in CONCEPTS.iter().enumerate() {
        let get = |p: Part| table.counts.get(&(p, i)).copied().unwrap_or_default();
        out.push_str(&row(concept.cuad, &get(Part::Dev), &get(Part::Test)));
    }
    out.push_str(&row(
        "**all twelve**",
        &table.all(Part::Dev),
        &table.all(Part::Test),
    ));
    out
}

/// Thresholds the classifier-alone figures are shown at.
pub const THRESHOLDS: [f32; 9] = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

/// The classifier alone, for tuning: per concept and threshold, document-level counts of
/// "some clause's probability reaches the threshold" on the contracts given.
pub fn classifier_alone<'a>(contracts: impl Iterator<Item = &'a Contract>) -> Vec<Vec<Counts>> {
    let mut out = vec![vec![Counts::default(); THRESHOLDS.len()]; CONCEPTS.len()];
    let Ok(model) = suite_legal::classify::shipped() else {
        return out;
    };
    for contract in contracts {
        let clauses = super::clauses_of(&contract.text, Language::En);
        let mut best = [0.0f32; CONCEPTS.len()];
        for clause in &clauses {
            let s = suite_legal::classify::subjects(model, clause);
            for (i, b) in best.iter_mut().enumerate() {
                *b = b.max(s.concept(i));
            }
        }
        for (i, concept) in CONCEPTS.iter().enumerate() {
            for (t, threshold) in THRESHOLDS.iter().enumerate() {
                out[i][t].record(contract.labelled(concept.cuad), best[i] >= *threshold);
            }
        }
    }
    out
}
