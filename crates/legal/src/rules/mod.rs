//! Contract review rules: places each clause in risk categories, rates what it says (as a
//! neutral reviewer or for the party the reviewer represents), reports what is missing, and
//! scores the whole. Rule data lives in `catalog/`, one file per category.

mod catalog;
pub mod compiled;
mod details;
mod matcher;
mod parties;
mod places;
mod rule;
mod scoring;
pub(crate) mod sentences;
mod subject;
mod summary;

#[cfg(test)]
mod tests;

use crate::model::{Analysis, Category, Clause, Finding, Language, Severity};
use matcher::{Hit, Review};
use parties::PartyMatcher;
use std::collections::HashMap;

pub use parties::detect_parties;
pub use rule::{Burden, MissingRule, OnMutual, Patterns, Rule, Variant};
pub use scoring::{SCORING, risk_score, severity_points};

/// Compiles the patterns of every language now, instead of on the first contract of each
/// (`suite serve` calls it in the background at start).
pub fn prepare() {
    for language in [Language::En, Language::De, Language::Fr, Language::Es] {
        compiled::compiled(language);
    }
}

/// Every rule of the checklist (for documentation and listings).
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    catalog::all_rules()
}

/// Reviews a contract's clauses.
///
/// `perspective` names the party the reviewer represents as the contract calls it
/// ("Licensee", "Customer", or a party's name); one-sided clauses against it are rated one
/// step more severe, those in its favour one step less (never below low). Without it,
/// one-sided clauses are rated as a neutral reviewer would.
pub fn analyze(clauses: &[Clause], language: Language, perspective: Option<&str>) -> Analysis {
    let full_text: String = clauses
        .iter()
        .map(|c| c.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let parties = detect_parties(&full_text);
    let mut names = parties.clone();
    let perspective_index = perspective
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let lower = p.to_lowercase();
            names
                .iter()
                .position(|n| n.to_lowercase() == lower)
                .or_else(|| {
                    names.iter().position(|n| {
                        lower.contains(&n.to_lowercase()) || n.to_lowercase().contains(&lower)
                    })
                })
                .unwrap_or_else(|| {
                    names.push(p.to_string());
                    names.len() - 1
                })
        });
    let matcher = PartyMatcher::new(&names);
    let mut review = Review {
        language,
        parties: &matcher,
        perspective: perspective_index,
        document: clauses,
        document_exceptions: HashMap::new(),
    };
    let mut hits: Vec<Hit> = clauses.iter().flat_map(|c| review.clause_hits(c)).collect();
    if let Some(subjects) = subject::subjects_of(clauses, language) {
        subject::apply(&mut hits, &subjects, |sentence| {
            review.clause_hits(&Clause {
                index: usize::MAX,
                number: None,
                heading: None,
                range: 0..sentence.chars().count(),
                text: sentence.to_string(),
            })
        });
    }
    drop_heading_echoes(&mut hits, clauses);
    hits.extend(law_forum_mismatch(&hits));
    hits.extend(missing_hits(&hits));
    hits.sort_by_key(|h| {
        (
            std::cmp::Reverse(h.severity),
            h.clause_index.is_none(),
            h.clause_index,
        )
    });
    let findings: Vec<Finding> = hits.iter().map(to_finding).collect();
    let risk_score = risk_score(&findings);
    let risk_level = Severity::of_score(risk_score);
    let summary = summary::summarize(&hits, risk_score, risk_level, clauses);
    Analysis {
        findings,
        risk_score,
        risk_level,
        summary,
        parties,
    }
}

/// A clause that is only a heading ("7. Limitation of Liability") says nothing of its own:
/// its findings go when a sub-clause ("7.1 …") has a finding in the same category, so the
/// review does not list the heading and its first sentence as two findings.
fn drop_heading_echoes(hits: &mut Vec<Hit>, clauses: &[Clause]) {
    let heading_only = |clause: &Clause| {
        let mut rest = clause.text.as_str();
        if let Some(number) = &clause.number {
            rest = rest
                .split_once(number.as_str())
                .map_or(rest, |(_, after)| after);
        }
        if let Some(heading) = &clause.heading {
            rest = rest
                .split_once(heading.as_str())
                .map_or(rest, |(_, after)| after);
        }
        !rest.chars().any(char::is_alphanumeric)
    };
    let under = |parent: &Clause, child: &Clause| {
        matches!((&parent.number, &child.number), (Some(p), Some(c))
            if c.len() > p.len() && c.starts_with(p.as_str()) && c[p.len()..].starts_with('.'))
    };
    let echoes: Vec<(usize, Category)> = hits
        .iter()
        .filter_map(|hit| {
            let clause = clauses.get(hit.clause_index?)?;
            let echoed = heading_only(clause)
                && hits.iter().any(|other| {
                    other.category == hit.category
                        && other
                            .clause_index
                            .and_then(|i| clauses.get(i))
                            .is_some_and(|child| under(clause, child))
                });
            echoed.then_some((clause.index, hit.category))
        })
        .collect();
    hits.retain(|hit| {
        !hit.clause_index
            .is_some_and(|i| echoes.contains(&(i, hit.category)))
    });
}

fn to_finding(hit: &Hit) -> Finding {
    Finding {
        category: hit.category,
        severity: hit.severity,
        clause_index: hit.clause_index,
        rule: hit.rule,
        description: hit.description.clone(),
        recommendation: hit.recommendation.to_string(),
    }
}

fn from_missing(m: &MissingRule, clause_index: Option<usize>, description: String) -> Hit {
    Hit {
        rule: m.id,
        title: m.title,
        category: m.category,
        severity: m.severity,
        clause_index,
        description,
        recommendation: m.recommendation,
        detail: None,
    }
}

/// Missing-category findings for categories without any clause.
fn missing_hits(hits: &[Hit]) -> Vec<Hit> {
    Category::ALL
        .into_iter()
        .filter(|c| !hits.iter().any(|h| h.category == *c))
        .filter_map(catalog::missing_rule)
        .map(|m| from_missing(m, None, m.description.to_string()))
        .collect()
}

/// A finding on the first forum clause whose place differs from the governing law's.
fn law_forum_mismatch(hits: &[Hit]) -> Option<Hit> {
    let law = hits
        .iter()
        .find(|h| h.rule == "governing_law.chosen")
        .and_then(|h| h.detail.as_deref())?;
    let forum_hit = hits
        .iter()
        .filter(|h| h.rule == "governing_law.forum")
        .find(|h| {
            h.detail
                .as_deref()
                .is_some_and(|f| places::mismatched(law, f))
        })?;
    let forum = forum_hit.detail.as_deref()?;
    let m = &catalog::LAW_FORUM_MISMATCH;
    let description = m
        .description
        .replace("{law}", law)
        .replace("{forum}", forum);
    Some(from_missing(m, forum_hit.clause_index, description))
}
