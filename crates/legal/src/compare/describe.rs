//! English descriptions of clause changes and the comparison's one-line summary.

use super::{ChangeKind, Comparison};
use crate::model::{Analysis, Clause, Finding};

/// "Section 9 (Limitation of Liability) changed: new finding — … (high); finding resolved — …".
pub(super) fn change(
    kind: ChangeKind,
    old: Option<&Clause>,
    new: Option<&Clause>,
    added: &[Finding],
    removed: &[Finding],
) -> String {
    let name = new
        .or(old)
        .map_or_else(|| "A clause".to_string(), clause_name);
    let mut text = match (kind, old, new) {
        (ChangeKind::Added, _, _) => format!("{name} added"),
        (ChangeKind::Removed, _, _) => format!("{name} removed"),
        (ChangeKind::Modified, Some(o), Some(n)) if o.number != n.number && o.number.is_some() => {
            format!("{name} changed (was {})", clause_name(o))
        }
        (ChangeKind::Modified, _, _) => format!("{name} changed"),
        (ChangeKind::Moved, Some(o), Some(n)) => {
            let was = if o.number != n.number {
                format!(" (was {})", clause_name(o))
            } else {
                String::new()
            };
            format!("{name} moved{was}")
        }
        (ChangeKind::Moved, _, _) => format!("{name} moved"),
    };
    let notes: Vec<String> = added
        .iter()
        .map(|f| format!("new finding — {}", finding_note(f)))
        .chain(
            removed
                .iter()
                .map(|f| format!("finding resolved — {}", finding_note(f))),
        )
        .collect();
    if !notes.is_empty() {
        text.push_str(": ");
        text.push_str(&notes.join("; "));
    }
    text
}

/// "Section 9 (Limitation of Liability)", "Section 9", "\"Governing Law\"", "Preamble".
fn clause_name(clause: &Clause) -> String {
    match (&clause.number, &clause.heading) {
        (Some(number), Some(heading)) => format!("Section {number} ({heading})"),
        (Some(number), None) => format!("Section {number}"),
        (None, Some(heading)) => format!("\"{heading}\""),
        (None, None) if clause.index == 0 => "Preamble".to_string(),
        (None, None) => format!("Clause {}", clause.index + 1),
    }
}

fn finding_note(finding: &Finding) -> String {
    let what = finding.description.trim().trim_end_matches('.');
    format!("{what} ({})", finding.severity.name())
}

/// "3 clauses changed, 1 added, 1 removed, 1 moved; 2 new findings, 1 resolved; risk 42 → 61
/// (+19, medium → high)".
pub(super) fn summary(comparison: &Comparison, original: &Analysis, revised: &Analysis) -> String {
    let plural = |n: usize| if n == 1 { "clause" } else { "clauses" };
    let head = if comparison.changes.is_empty() {
        "No clause changed".to_string()
    } else {
        format!(
            "{} {} changed, {} added, {} removed, {} moved",
            comparison.modified,
            plural(comparison.modified),
            comparison.added,
            comparison.removed,
            comparison.moved
        )
    };
    let mut text = head;
    let (new, resolved) = (
        comparison.findings_added.len(),
        comparison.findings_removed.len(),
    );
    if new + resolved > 0 {
        let noun = if new == 1 { "finding" } else { "findings" };
        text.push_str(&format!("; {new} new {noun}, {resolved} resolved"));
    }
    let delta = i16::from(revised.risk_score) - i16::from(original.risk_score);
    let sign = match delta {
        d if d > 0 => format!("+{d}"),
        0 => "±0".to_string(),
        d => d.to_string(),
    };
    let levels = if original.risk_level == revised.risk_level {
        original.risk_level.name().to_string()
    } else {
        format!(
            "{} → {}",
            original.risk_level.name(),
            revised.risk_level.name()
        )
    };
    text.push_str(&format!(
        "; risk {} → {} ({sign}, {levels})",
        original.risk_score, revised.risk_score
    ));
    text
}
