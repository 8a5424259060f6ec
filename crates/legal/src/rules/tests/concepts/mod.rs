//! Held-out concept sets: clauses written from general drafting practice (not from the
//! evaluation contracts) that the rules counted for each CUAD concept must recognise, and
//! near misses they must leave alone.

mod intellectual_property;
mod liability;
mod payment;
mod pricing_audit;
mod renewal;
mod termination;

use super::fired;
use crate::model::Language;

/// One concept: the rules that express it, clauses that must fire one of them (with their
/// language) and near misses that must fire none.
pub struct ConceptSet {
    pub concept: &'static str,
    pub rules: &'static [&'static str],
    pub positives: &'static [(Language, &'static str)],
    pub negatives: &'static [(Language, &'static str)],
}

/// Checks a concept set clause by clause and reports every miss at once.
pub fn check_concept(set: &ConceptSet) {
    let mut failures = Vec::new();
    for (language, text) in set.positives {
        let ids = fired(text, *language);
        if !ids.iter().any(|id| set.rules.contains(id)) {
            failures.push(format!("missed {language:?} {text:?}: {ids:?}"));
        }
    }
    for (language, text) in set.negatives {
        let ids = fired(text, *language);
        if let Some(id) = ids.iter().find(|id| set.rules.contains(id)) {
            failures.push(format!("{id} fired on near miss {language:?} {text:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{}: {} of {} clauses wrong\n{}",
        set.concept,
        failures.len(),
        set.positives.len() + set.negatives.len(),
        failures.join("\n")
    );
}
