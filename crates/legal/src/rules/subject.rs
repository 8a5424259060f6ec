//! The rules and the clause classifier joined: a clause's catch-all finding (`*.present`)
//! stays only when the clause is about that category (its heading or the classifier says so,
//! not a word in passing); a rule's finding of a CUAD concept stays only when the classifier
//! does not rule the concept out (for the concepts where the rules alone said too much); a
//! concept the classifier finds in a sentence where no rule of its category recognised
//! anything is reported with that concept's rule; and each clause keeps one finding per concept.

use super::catalog;
use super::matcher::Hit;
use super::rule::Rule;
use crate::classify::{self, Subjects, labels};
use crate::model::{Clause, Language};
use std::collections::BTreeMap;

/// A category's catch-all finding needs at least this probability (or the clause's heading).
pub const SUBJECT: f32 = 0.5;

fn rule(id: &str) -> Option<&'static Rule> {
    catalog::all_rules().find(|r| r.id == id)
}

fn is_general(id: &str) -> bool {
    rule(id).is_some_and(|r| r.general)
}

fn found_by_classifier(rule: &'static Rule, clause_index: usize) -> Hit {
    let fallback = rule.detail.map_or("", |d| d.fallback);
    Hit {
        rule: rule.id,
        title: rule.title,
        category: rule.category,
        severity: rule.severity,
        clause_index: Some(clause_index),
        description: format!(
            "{} Recognised by the clause classifier: the wording is not one the rules know, so read the clause.",
            rule.description.replace("{detail}", fallback)
        ),
        recommendation: rule.recommendation,
        detail: None,
    }
}

/// What the classifier says of every clause (English only: CUAD is English), by clause index.
pub fn subjects_of(clauses: &[Clause], language: Language) -> Option<BTreeMap<usize, Subjects>> {
    if language != Language::En {
        return None;
    }
    let model = classify::shipped().ok()?;
    Some(
        clauses
            .iter()
            .map(|c| (c.index, classify::subjects(model, c)))
            .collect(),
    )
}

/// Applies the classifier's view of each clause (by clause index) to the hits; `rules_on` gives
/// the rules' hits on one sentence.
pub fn apply(
    hits: &mut Vec<Hit>,
    subjects: &BTreeMap<usize, Subjects>,
    mut rules_on: impl FnMut(&str) -> Vec<Hit>,
) {
    let of = |hit: &Hit| hit.clause_index.and_then(|i| subjects.get(&i));
    hits.retain(|hit| {
        let Some(s) = of(hit) else { return true };
        if is_general(hit.rule) {
            return s.is_about(hit.category, SUBJECT);
        }
        match labels::concept_of_rule(hit.rule) {
            Some(concept) => s.concept(concept) >= labels::CONCEPTS[concept].confirm,
            None => true,
        }
    });
    for (&index, s) in subjects {
        for (c, concept) in labels::CONCEPTS.iter().enumerate() {
            let on_clause = |h: &Hit| h.clause_index == Some(index);
            let found = hits
                .iter()
                .any(|h| on_clause(h) && concept.rules.contains(&h.rule));
            if found || s.concept(c) < concept.find {
                continue;
            }
            // A sentence the rules recognise as something else of the category (an exclusion
            // of indirect damages, a termination for breach) is theirs to explain.
            let explained = rules_on(s.sentence(c))
                .iter()
                .any(|h| h.category == concept.category && !is_general(h.rule));
            if explained {
                continue;
            }
            let Some(rule) = rule(concept.fallback_rule) else {
                continue;
            };
            hits.retain(|h| !(on_clause(h) && h.category == rule.category && is_general(h.rule)));
            hits.push(found_by_classifier(rule, index));
        }
    }
    one_per_concept(hits);
}

/// Keeps, per clause and concept, the most severe finding (the first of equals).
fn one_per_concept(hits: &mut Vec<Hit>) {
    let mut kept: Vec<(usize, usize, usize)> = Vec::new();
    let mut drop = vec![false; hits.len()];
    for (i, hit) in hits.iter().enumerate() {
        let (Some(clause), Some(concept)) = (hit.clause_index, labels::concept_of_rule(hit.rule))
        else {
            continue;
        };
        match kept
            .iter_mut()
            .find(|(c, k, _)| *c == clause && *k == concept)
        {
            Some((_, _, best)) => {
                if hit.severity > hits[*best].severity {
                    drop[*best] = true;
                    *best = i;
                } else {
                    drop[i] = true;
                }
            }
            None => kept.push((clause, concept, i)),
        }
    }
    let mut i = 0;
    hits.retain(|_| {
        i += 1;
        !drop[i - 1]
    });
}
