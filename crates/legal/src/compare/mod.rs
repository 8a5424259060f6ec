//! Comparison of two versions of a contract: aligns their clauses, reports what was added,
//! removed, modified or moved with a word diff, and how the findings and risk changed.

mod align;
mod describe;
#[cfg(test)]
mod tests;
mod word_diff;

use crate::model::{Analysis, Category, Clause, Finding, Severity};
use align::{Prepared, align};
use word_diff::word_diff;

/// What happened to a clause between the versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChangeKind {
    Added,
    Removed,
    Modified,
    Moved,
}

/// Kind of a word-diff part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiffOp {
    Equal,
    Insert,
    Delete,
}

/// One run of the word diff; whitespace is kept so parts concatenate back to the texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffPart {
    pub op: DiffOp,
    pub text: String,
}

/// One changed clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub kind: ChangeKind,
    /// Index of the clause in the original version (None when added).
    pub original_index: Option<usize>,
    /// Index of the clause in the revised version (None when removed).
    pub revised_index: Option<usize>,
    /// Category of the worst finding involved, else of the clause's own worst finding.
    pub category: Option<Category>,
    /// The worst finding that appears or disappears; Low when none does.
    pub severity: Severity,
    /// Modified (and moved-and-changed): word diff of the clause texts; Added: one Insert;
    /// Removed: one Delete; moved without change: empty.
    pub diff: Vec<DiffPart>,
    /// Findings of the revised clause whose rule the original clause did not trigger.
    pub findings_added: Vec<Finding>,
    /// Findings of the original clause whose rule the revised clause does not trigger.
    pub findings_removed: Vec<Finding>,
    /// English sentence for people.
    pub description: String,
}

/// The comparison of two versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// In the order of the revised contract; removed clauses where they were.
    pub changes: Vec<Change>,
    pub added: usize,
    pub removed: usize,
    pub modified: usize,
    pub moved: usize,
    /// Document level: findings of the revised version whose rule the original never
    /// triggered (missing-category findings included).
    pub findings_added: Vec<Finding>,
    /// Document level: findings of the original whose rule the revised never triggers.
    pub findings_removed: Vec<Finding>,
    /// "3 clauses changed, 1 added, 1 removed; risk 42 → 61 (+19, medium → high)".
    pub summary: String,
}

/// Compares two versions, each given as its clauses and their analysis. Clauses whose text
/// is unchanged apart from whitespace and numbering produce no change.
pub fn compare(original: (&[Clause], &Analysis), revised: (&[Clause], &Analysis)) -> Comparison {
    let (original_clauses, original_analysis) = original;
    let (revised_clauses, revised_analysis) = revised;
    let original_prepared: Vec<Prepared> = original_clauses.iter().map(Prepared::new).collect();
    let revised_prepared: Vec<Prepared> = revised_clauses.iter().map(Prepared::new).collect();
    let alignment = align(&original_prepared, &revised_prepared);

    // (sort key, change): revised clause j sorts at (j + 1, 0); a removed clause right after
    // the revised partner of the nearest earlier paired original clause.
    let mut keyed: Vec<((usize, usize), Change)> = Vec::new();
    let mut revised_paired = vec![false; revised_clauses.len()];
    let mut original_paired = vec![false; original_clauses.len()];
    // Removed clauses are placed after the partner of an earlier clause that did not move.
    let mut anchor_of_original: Vec<Option<usize>> = vec![None; original_clauses.len()];
    for (&(o, r), &moved) in alignment.pairs.iter().zip(&alignment.moved) {
        revised_paired[r] = true;
        original_paired[o] = true;
        if !moved {
            anchor_of_original[o] = Some(r);
        }
        let changed = original_prepared[o].body != revised_prepared[r].body;
        if !changed && !moved {
            continue;
        }
        let kind = if moved {
            ChangeKind::Moved
        } else {
            ChangeKind::Modified
        };
        let diff = if changed {
            word_diff(&original_clauses[o].text, &revised_clauses[r].text)
        } else {
            Vec::new()
        };
        let old = Side::new(&original_clauses[o], original_analysis);
        let new = Side::new(&revised_clauses[r], revised_analysis);
        keyed.push(((r + 1, 0), build_change(kind, Some(old), Some(new), diff)));
    }
    for (r, clause) in revised_clauses
        .iter()
        .enumerate()
        .filter(|(r, _)| !revised_paired[*r])
    {
        let diff = vec![DiffPart {
            op: DiffOp::Insert,
            text: clause.text.clone(),
        }];
        let new = Side::new(clause, revised_analysis);
        keyed.push((
            (r + 1, 0),
            build_change(ChangeKind::Added, None, Some(new), diff),
        ));
    }
    let mut last_anchor = 0;
    for (o, clause) in original_clauses.iter().enumerate() {
        if let Some(r) = anchor_of_original[o] {
            last_anchor = r + 1;
        }
        if !original_paired[o] {
            {
                let diff = vec![DiffPart {
                    op: DiffOp::Delete,
                    text: clause.text.clone(),
                }];
                let old = Side::new(clause, original_analysis);
                keyed.push((
                    (last_anchor, o + 1),
                    build_change(ChangeKind::Removed, Some(old), None, diff),
                ));
            }
        }
    }
    keyed.sort_by_key(|(key, _)| *key);
    let changes: Vec<Change> = keyed.into_iter().map(|(_, change)| change).collect();

    let count = |kind| changes.iter().filter(|c| c.kind == kind).count();
    let findings_added = unmatched_rules(&revised_analysis.findings, &original_analysis.findings);
    let findings_removed = unmatched_rules(&original_analysis.findings, &revised_analysis.findings);
    let mut comparison = Comparison {
        added: count(ChangeKind::Added),
        removed: count(ChangeKind::Removed),
        modified: count(ChangeKind::Modified),
        moved: count(ChangeKind::Moved),
        changes,
        findings_added,
        findings_removed,
        summary: String::new(),
    };
    comparison.summary = describe::summary(&comparison, original_analysis, revised_analysis);
    comparison
}

/// A clause with the findings its analysis made about it.
struct Side<'a> {
    clause: &'a Clause,
    findings: Vec<&'a Finding>,
}

impl<'a> Side<'a> {
    fn new(clause: &'a Clause, analysis: &'a Analysis) -> Self {
        let findings = analysis
            .findings
            .iter()
            .filter(|f| f.clause_index == Some(clause.index))
            .collect();
        Self { clause, findings }
    }
}

fn build_change(
    kind: ChangeKind,
    old: Option<Side>,
    new: Option<Side>,
    diff: Vec<DiffPart>,
) -> Change {
    let old_findings: &[&Finding] = old.as_ref().map_or(&[], |s| &s.findings);
    let new_findings: &[&Finding] = new.as_ref().map_or(&[], |s| &s.findings);
    let findings_added = rules_not_in(new_findings, old_findings);
    let findings_removed = rules_not_in(old_findings, new_findings);
    let involved = findings_added.iter().chain(&findings_removed);
    let worst_involved = involved.max_by_key(|f| f.severity);
    let worst_own = new_findings
        .iter()
        .chain(old_findings)
        .max_by_key(|f| f.severity);
    let category = worst_involved
        .map(|f| f.category)
        .or(worst_own.map(|f| f.category));
    let severity = worst_involved.map_or(Severity::Low, |f| f.severity);
    let description = describe::change(
        kind,
        old.as_ref().map(|s| s.clause),
        new.as_ref().map(|s| s.clause),
        &findings_added,
        &findings_removed,
    );
    Change {
        kind,
        original_index: old.as_ref().map(|s| s.clause.index),
        revised_index: new.as_ref().map(|s| s.clause.index),
        category,
        severity,
        diff,
        findings_added,
        findings_removed,
        description,
    }
}

/// The findings of `these` whose rule does not occur among `others`.
fn rules_not_in(these: &[&Finding], others: &[&Finding]) -> Vec<Finding> {
    these
        .iter()
        .filter(|f| !others.iter().any(|o| o.rule == f.rule))
        .map(|f| (*f).clone())
        .collect()
}

fn unmatched_rules(these: &[Finding], others: &[Finding]) -> Vec<Finding> {
    these
        .iter()
        .filter(|f| !others.iter().any(|o| o.rule == f.rule))
        .cloned()
        .collect()
}
