//! Behaviour of the comparison: edits, additions, removals, moves, renumbering and
//! whitespace-only changes, findings that appear or disappear, and the summary.

use super::*;
use crate::model::{Analysis, Category, Clause, Finding, Severity};

fn clause(index: usize, number: Option<&str>, heading: Option<&str>, body: &str) -> Clause {
    let text = match number {
        Some(n) => format!("{n}. {body}"),
        None => body.to_string(),
    };
    let len = text.chars().count();
    Clause {
        index,
        number: number.map(str::to_string),
        heading: heading.map(str::to_string),
        range: 0..len,
        text,
    }
}

/// Numbered clauses from (heading, body) pairs, numbered 1, 2, 3 … in order.
fn contract(parts: &[(&str, &str)]) -> Vec<Clause> {
    parts
        .iter()
        .enumerate()
        .map(|(i, (heading, body))| {
            let number = (i + 1).to_string();
            clause(
                i,
                Some(&number),
                Some(heading),
                &format!("{heading}. {body}"),
            )
        })
        .collect()
}

fn analysis(score: u8, findings: Vec<Finding>) -> Analysis {
    Analysis {
        findings,
        risk_score: score,
        risk_level: Severity::of_score(score),
        summary: String::new(),
        parties: Vec::new(),
    }
}

fn finding(
    rule: &'static str,
    category: Category,
    severity: Severity,
    clause_index: Option<usize>,
) -> Finding {
    Finding {
        category,
        severity,
        clause_index,
        rule,
        description: format!("Rule {rule} fired."),
        recommendation: String::new(),
    }
}

const BASE: [(&str, &str); 5] = [
    (
        "Services",
        "The Supplier provides consulting services to the Customer as described in Schedule 1.",
    ),
    (
        "Fees",
        "The Customer pays the fees in Schedule 2 within thirty days of receiving an invoice.",
    ),
    (
        "Limitation of Liability",
        "Each party's liability is limited to the fees paid in the last twelve months.",
    ),
    (
        "Confidentiality",
        "Each party keeps the other party's confidential information secret for five years.",
    ),
    (
        "Governing Law",
        "This Agreement is governed by the laws of the State of New York.",
    ),
];

fn kinds(comparison: &Comparison) -> Vec<(ChangeKind, Option<usize>, Option<usize>)> {
    comparison
        .changes
        .iter()
        .map(|c| (c.kind, c.original_index, c.revised_index))
        .collect()
}

#[test]
fn identical_versions_have_no_changes() {
    let clauses = contract(&BASE);
    let risk = analysis(30, Vec::new());
    let comparison = compare((&clauses, &risk), (&clauses, &risk));
    assert!(comparison.changes.is_empty());
    assert_eq!(
        comparison.summary,
        "No clause changed; risk 30 → 30 (±0, medium)"
    );
}

#[test]
fn renumbering_and_whitespace_alone_are_no_change() {
    let original = contract(&BASE);
    let mut parts = BASE.to_vec();
    parts.insert(
        1,
        (
            "Insurance",
            "The Supplier maintains professional liability insurance of two million dollars.",
        ),
    );
    let mut revised = contract(&parts);
    // Whitespace-only edits (hand-built clause texts are not collapsed).
    revised[4].text = revised[4].text.replace(' ', "  \n ");
    revised[5].text = format!("  {}\t", revised[5].text);
    let risk = analysis(20, Vec::new());
    let comparison = compare((&original, &risk), (&revised, &risk));
    assert_eq!(kinds(&comparison), vec![(ChangeKind::Added, None, Some(1))]);
    assert_eq!(
        comparison.changes[0].diff,
        vec![DiffPart {
            op: DiffOp::Insert,
            text: revised[1].text.clone()
        }]
    );
}

#[test]
fn an_edited_clause_is_modified_with_a_word_diff() {
    let original = contract(&BASE);
    let mut parts = BASE.to_vec();
    parts[2].1 = "Each party's liability is unlimited.";
    let revised = contract(&parts);
    let risk = analysis(20, Vec::new());
    let comparison = compare((&original, &risk), (&revised, &risk));
    assert_eq!(
        kinds(&comparison),
        vec![(ChangeKind::Modified, Some(2), Some(2))]
    );
    let diff = &comparison.changes[0].diff;
    let old: String = diff
        .iter()
        .filter(|p| p.op != DiffOp::Insert)
        .map(|p| p.text.as_str())
        .collect();
    let new: String = diff
        .iter()
        .filter(|p| p.op != DiffOp::Delete)
        .map(|p| p.text.as_str())
        .collect();
    assert_eq!(
        (old, new),
        (original[2].text.clone(), revised[2].text.clone())
    );
    assert!(
        diff.iter()
            .any(|p| p.op == DiffOp::Insert && p.text.contains("unlimited"))
    );
    assert_eq!(
        comparison.changes[0].description,
        "Section 3 (Limitation of Liability) changed"
    );
}

#[test]
fn removed_clause_is_reported_where_it_was_and_moved_clause_is_detected() {
    let original = contract(&BASE);
    // Revised: Fees removed, Governing Law moved to the front.
    let parts = [BASE[4], BASE[0], BASE[2], BASE[3]];
    let revised = contract(&parts);
    let risk = analysis(20, Vec::new());
    let comparison = compare((&original, &risk), (&revised, &risk));
    assert_eq!(
        kinds(&comparison),
        vec![
            (ChangeKind::Moved, Some(4), Some(0)),
            (ChangeKind::Removed, Some(1), None)
        ]
    );
    assert!(comparison.changes[0].diff.is_empty());
    assert_eq!(
        comparison.changes[1].diff,
        vec![DiffPart {
            op: DiffOp::Delete,
            text: original[1].text.clone()
        }]
    );
    assert_eq!(
        (
            comparison.moved,
            comparison.removed,
            comparison.modified,
            comparison.added
        ),
        (1, 1, 0, 0)
    );
}

#[test]
fn clause_matched_by_similar_text_when_its_heading_changed() {
    let original = contract(&BASE);
    let mut parts = BASE.to_vec();
    parts[3] = (
        "Secrecy",
        "Each party keeps the other party's confidential information secret for ten years.",
    );
    let revised = contract(&parts);
    let risk = analysis(20, Vec::new());
    let comparison = compare((&original, &risk), (&revised, &risk));
    assert_eq!(
        kinds(&comparison),
        vec![(ChangeKind::Modified, Some(3), Some(3))]
    );
}

#[test]
fn findings_that_appear_and_disappear_set_severity_category_and_text() {
    let original = contract(&BASE);
    let mut parts = BASE.to_vec();
    parts[2].1 = "Each party's liability is unlimited.";
    let revised = contract(&parts);
    let before = analysis(
        42,
        vec![
            finding(
                "liability.capped_low",
                Category::Liability,
                Severity::Low,
                Some(2),
            ),
            finding(
                "confidentiality.short_term",
                Category::Confidentiality,
                Severity::Medium,
                Some(3),
            ),
        ],
    );
    let after = analysis(
        61,
        vec![
            finding(
                "liability.uncapped",
                Category::Liability,
                Severity::High,
                Some(2),
            ),
            finding(
                "confidentiality.short_term",
                Category::Confidentiality,
                Severity::Medium,
                Some(3),
            ),
            finding(
                "dispute_resolution.missing",
                Category::DisputeResolution,
                Severity::Medium,
                None,
            ),
        ],
    );
    let comparison = compare((&original, &before), (&revised, &after));
    assert_eq!(comparison.changes.len(), 1);
    let change = &comparison.changes[0];
    assert_eq!(
        (change.severity, change.category),
        (Severity::High, Some(Category::Liability))
    );
    assert_eq!(
        change
            .findings_added
            .iter()
            .map(|f| f.rule)
            .collect::<Vec<_>>(),
        ["liability.uncapped"]
    );
    assert_eq!(
        change
            .findings_removed
            .iter()
            .map(|f| f.rule)
            .collect::<Vec<_>>(),
        ["liability.capped_low"]
    );
    assert_eq!(
        change.description,
        "Section 3 (Limitation of Liability) changed: new finding — Rule liability.uncapped fired (high); finding resolved — Rule liability.capped_low fired (low)"
    );
    let added: Vec<_> = comparison.findings_added.iter().map(|f| f.rule).collect();
    assert_eq!(added, ["liability.uncapped", "dispute_resolution.missing"]);
    assert_eq!(
        comparison
            .findings_removed
            .iter()
            .map(|f| f.rule)
            .collect::<Vec<_>>(),
        ["liability.capped_low"]
    );
    assert_eq!(
        comparison.summary,
        "1 clause changed, 0 added, 0 removed, 0 moved; 2 new findings, 1 resolved; risk 42 → 61 (+19, medium → high)"
    );
}

#[test]
fn an_added_clause_carries_its_findings_and_unchanged_findings_are_ignored() {
    let original = contract(&BASE[..4]);
    let revised = contract(&BASE);
    let before = analysis(
        10,
        vec![finding(
            "fees.late",
            Category::PaymentTerms,
            Severity::Medium,
            Some(1),
        )],
    );
    let after = analysis(
        5,
        vec![
            finding(
                "fees.late",
                Category::PaymentTerms,
                Severity::Medium,
                Some(1),
            ),
            finding(
                "governing_law.foreign",
                Category::GoverningLaw,
                Severity::Low,
                Some(4),
            ),
        ],
    );
    let comparison = compare((&original, &before), (&revised, &after));
    assert_eq!(kinds(&comparison), vec![(ChangeKind::Added, None, Some(4))]);
    let change = &comparison.changes[0];
    assert_eq!(
        (change.severity, change.category),
        (Severity::Low, Some(Category::GoverningLaw))
    );
    assert!(
        change
            .description
            .starts_with("Section 5 (Governing Law) added: new finding")
    );
    assert!(comparison.summary.ends_with("risk 10 → 5 (-5, low)"));
}

#[test]
fn two_long_versions_align_through_a_removal_an_edit_and_a_move() {
    let body = |n: usize| {
        format!(
            "The Supplier shall perform obligation {n} diligently and report monthly on item {n} to the Customer, who reviews item {} within ten days.",
            n * 7
        )
    };
    let headings: Vec<String> = (0..150).map(|n| format!("Heading {n}")).collect();
    let bodies: Vec<String> = (0..150).map(body).collect();
    let parts: Vec<(&str, &str)> = headings
        .iter()
        .map(String::as_str)
        .zip(bodies.iter().map(String::as_str))
        .collect();
    let original = contract(&parts);
    let mut edited = parts.clone();
    edited.remove(10);
    edited[40].1 = "Completely rewritten text about something else.";
    let moved = edited.remove(100);
    edited.insert(20, moved);
    let revised = contract(&edited);
    let risk = analysis(20, Vec::new());
    let comparison = compare((&original, &risk), (&revised, &risk));
    assert_eq!(
        (comparison.removed, comparison.modified, comparison.moved),
        (1, 1, 1)
    );
}
