//! Tests of the rules: per category (a clause that must fire and a near miss that must not, in
//! every language) and of the engine (parties, perspective, score, sorting, summary).

mod cases_a;
mod cases_b;
mod concepts;
mod engine;
mod near_misses;

use crate::model::{Analysis, Clause, Language};
use crate::rules::analyze;

/// One clause per text, indexed in order.
pub fn clauses(texts: &[&str]) -> Vec<Clause> {
    texts
        .iter()
        .enumerate()
        .map(|(index, t)| Clause {
            index,
            number: None,
            heading: None,
            range: 0..t.chars().count(),
            text: (*t).to_string(),
        })
        .collect()
}

pub fn analyze_one(text: &str, language: Language) -> Analysis {
    analyze(&clauses(&[text]), language, None)
}

/// Rule ids reported on the clause (not missing-findings).
pub fn fired(text: &str, language: Language) -> Vec<&'static str> {
    analyze_one(text, language)
        .findings
        .iter()
        .filter(|f| f.clause_index.is_some())
        .map(|f| f.rule)
        .collect()
}

/// A rule case: the rule id, language, a clause that must fire it and a near miss that must not.
pub type Case = (&'static str, Language, &'static str, &'static str);

pub fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for (rule, language, positive, near_miss) in cases {
        let on_positive = fired(positive, *language);
        if !on_positive.contains(rule) {
            failures.push(format!(
                "{rule} {language:?} did not fire on {positive:?}: {on_positive:?}"
            ));
        }
        let on_miss = fired(near_miss, *language);
        if on_miss.contains(rule) {
            failures.push(format!(
                "{rule} {language:?} fired on near miss {near_miss:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
