//! Applies the compiled rules to one clause: RegexSet filter per category, then each candidate
//! rule's near-miss checks, detail, subject and perspective, giving the clause's hits.

use super::compiled::{CompiledRule, compiled};
use super::parties::{PartyMatcher, Subject};
use super::rule::{Burden, OnMutual};
use super::sentences::sentence_around;
use crate::model::{Category, Clause, Language, Severity};
use std::collections::{BTreeMap, HashMap};

/// At most this many matches of one pattern are examined per clause.
const MATCHES_PER_PATTERN: usize = 8;

/// A finding in the making, with what the summary needs.
#[derive(Debug, Clone)]
pub struct Hit {
    pub rule: &'static str,
    pub title: &'static str,
    pub category: Category,
    pub severity: Severity,
    pub clause_index: Option<usize>,
    pub description: String,
    pub recommendation: &'static str,
    pub detail: Option<String>,
}

/// What the whole review shares while matching clauses.
#[derive(Debug)]
pub struct Review<'a> {
    pub language: Language,
    pub parties: &'a PartyMatcher,
    /// Index in `parties.names()` of the party the reviewer represents.
    pub perspective: Option<usize>,
    pub document: &'a [Clause],
    /// Per rule id: does some clause of the document match its `unless_in_document`?
    pub document_exceptions: HashMap<&'static str, bool>,
}

fn raise(s: Severity) -> Severity {
    match s {
        Severity::Low => Severity::Medium,
        Severity::Medium => Severity::High,
        _ => Severity::Critical,
    }
}

fn lower(s: Severity) -> Severity {
    match s {
        Severity::Critical => Severity::High,
        Severity::High => Severity::Medium,
        _ => Severity::Low,
    }
}

/// Which side a clause is on, from the subjects of its matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Mutual,
    One(usize),
    Unknown,
}

fn side_of(subjects: &[Subject]) -> Side {
    let mut party = None;
    for s in subjects {
        match s {
            Subject::Mutual => return Side::Mutual,
            Subject::Party(i) => match party {
                Some(p) if p != *i => return Side::Mutual,
                _ => party = Some(*i),
            },
        }
    }
    party.map_or(Side::Unknown, Side::One)
}

impl Review<'_> {
    /// The hits of one clause: specific rules, or the category's catch-all when none fired.
    pub fn clause_hits(&mut self, clause: &Clause) -> Vec<Hit> {
        let mut hits = Vec::new();
        for category in &compiled(self.language).categories {
            let mut per_rule: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for i in category.set.matches(&clause.text).into_iter() {
                let (rule, pattern) = category.owners[i];
                per_rule.entry(rule).or_default().push(pattern);
            }
            let mut found: Vec<(bool, Hit)> = per_rule
                .into_iter()
                .filter_map(|(r, patterns)| {
                    let compiled = &category.rules[r];
                    self.rule_hit(compiled, &patterns, clause)
                        .map(|h| (compiled.rule.general, h))
                })
                .collect();
            if found.iter().any(|(general, _)| !general) {
                found.retain(|(general, _)| !general);
            }
            hits.extend(found.into_iter().map(|(_, h)| h));
        }
        hits
    }

    fn document_has_exception(&mut self, compiled: &CompiledRule) -> bool {
        if compiled.unless_in_document.is_empty() {
            return false;
        }
        let document = self.document;
        *self
            .document_exceptions
            .entry(compiled.rule.id)
            .or_insert_with(|| {
                document.iter().any(|c| {
                    compiled
                        .unless_in_document
                        .iter()
                        .any(|re| re.is_match(&c.text))
                })
            })
    }

    fn rule_hit(
        &mut self,
        compiled: &CompiledRule,
        patterns: &[usize],
        clause: &Clause,
    ) -> Option<Hit> {
        let rule = compiled.rule;
        let text = clause.text.as_str();
        if !compiled.context.is_empty() && !compiled.context.iter().any(|re| re.is_match(text)) {
            return None;
        }
        if compiled.unless_in_clause.iter().any(|re| re.is_match(text))
            || self.document_has_exception(compiled)
        {
            return None;
        }
        let sided = rule.burden != Burden::Neutral || rule.require_party;
        let mut subjects = Vec::new();
        let mut detail = None;
        let mut accepted = 0;
        for &p in patterns {
            for m in compiled.patterns[p]
                .find_iter(text)
                .take(MATCHES_PER_PATTERN)
            {
                let (start, end) = sentence_around(text, m.start(), m.end());
                let sentence = &text[start..end];
                if compiled.unless.iter().any(|re| re.is_match(sentence)) {
                    continue;
                }
                let found = rule
                    .detail
                    .and_then(|d| (d.extract)(sentence, self.language));
                if rule.detail.is_some_and(|d| d.required) && found.is_none() {
                    continue;
                }
                accepted += 1;
                detail = detail.or(found);
                if sided {
                    subjects.extend(self.parties.subject(&text[start..m.start()], m.as_str()));
                }
            }
        }
        if accepted == 0 {
            return None;
        }
        let side = if sided {
            side_of(&subjects)
        } else {
            Side::Unknown
        };
        if rule.require_party && side == Side::Unknown {
            return None;
        }
        let fill = |template: &str| {
            template.replace(
                "{detail}",
                detail
                    .as_deref()
                    .unwrap_or(rule.detail.map_or("", |d| d.fallback)),
            )
        };
        let mut hit = Hit {
            rule: rule.id,
            title: rule.title,
            category: rule.category,
            severity: rule.severity,
            clause_index: Some(clause.index),
            description: fill(rule.description),
            recommendation: rule.recommendation,
            detail: detail.clone(),
        };
        match side {
            Side::Mutual if rule.burden != Burden::Neutral => match rule.on_mutual {
                OnMutual::Same => {}
                OnMutual::Skip => return None,
                OnMutual::Variant(v) => {
                    hit.rule = v.id;
                    hit.title = v.title;
                    hit.severity = v.severity;
                    hit.description = fill(v.description);
                    hit.recommendation = v.recommendation;
                }
            },
            Side::One(party) if rule.burden != Burden::Neutral => {
                self.apply_side(&mut hit, rule.burden, party)
            }
            _ => {}
        }
        Some(hit)
    }

    fn apply_side(&self, hit: &mut Hit, burden: Burden, party: usize) {
        let name = &self.parties.names()[party];
        let bears = burden == Burden::SubjectBears;
        hit.description.push_str(&if bears {
            format!(" This weighs on {name}.")
        } else {
            format!(" This favours {name}.")
        });
        let Some(ours) = self.perspective else { return };
        let against_us = (party == ours) == bears;
        let before = hit.severity;
        hit.severity = if against_us {
            raise(before)
        } else {
            lower(before)
        };
        if hit.severity != before {
            let who = &self.parties.names()[ours];
            hit.description.push_str(&if against_us {
                format!(" Rated higher because it is against {who}, the party you represent.")
            } else {
                format!(" Rated lower because it favours {who}, the party you represent.")
            });
        }
    }
}
