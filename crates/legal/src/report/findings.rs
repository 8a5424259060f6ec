//! The findings in detail: per category, each finding with its severity badge, the clause it
//! is about (quoted, continuing across pages), why it matters and what to do; then the
//! subjects the contract does not address.

use crate::model::{Category, Clause, Finding};

use super::ReportInput;
use super::blocks::{badge, badge_width, heading, labelled, separator};
use super::canvas::{Canvas, LEADING};
use super::theme::{CONTENT_WIDTH, INK, MARGIN_X, MUTED, RULE, Rgb};
use super::wrap::{Style, truncate_chars};

/// Longest clause quote, in characters; longer ones are cut with "…".
pub(super) const MAX_QUOTE_CHARS: usize = 1500;

const REFERENCE: Style = Style::bold(10.5);
const QUOTE: Style = Style::regular(9.0);
const QUOTE_INK: Rgb = Rgb(0.30, 0.32, 0.37);

/// Draws the detailed findings and the missing subjects from the cursor down.
pub(super) fn draw(canvas: &mut Canvas, input: &ReportInput) {
    let findings = &input.analysis.findings;
    heading(canvas, "Findings", 1, 60.0);
    if findings.iter().all(|f| f.clause_index.is_none()) {
        let note = "No clause of the contract raised a finding.";
        canvas.paragraph(MARGIN_X, CONTENT_WIDTH, note, Style::regular(10.0), MUTED);
    }
    for category in Category::ALL {
        let in_category: Vec<&Finding> = findings
            .iter()
            .filter(|f| f.category == category && f.clause_index.is_some())
            .collect();
        if in_category.is_empty() {
            continue;
        }
        let title = format!("{} ({})", category.title(), in_category.len());
        heading(canvas, &title, 2, 60.0);
        for (position, finding) in in_category.iter().enumerate() {
            if position > 0 {
                separator(canvas);
            }
            draw_finding(canvas, finding, input.clauses);
        }
    }

    let missing: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.clause_index.is_none())
        .collect();
    if missing.is_empty() {
        return;
    }
    heading(canvas, "Not addressed by the contract", 1, 60.0);
    let intro = "The contract has no clause on the following subjects.";
    canvas.paragraph(MARGIN_X, CONTENT_WIDTH, intro, Style::regular(10.0), MUTED);
    canvas.advance(6.0);
    for (position, finding) in missing.iter().enumerate() {
        if position > 0 {
            separator(canvas);
        }
        draw_finding(canvas, finding, input.clauses);
    }
}

/// "12.3 — Limitation of Liability", the clause's number and heading as far as it has them.
pub(super) fn clause_reference(finding: &Finding, clauses: &[Clause]) -> String {
    let Some(index) = finding.clause_index else {
        return finding.category.title().to_string();
    };
    let Some(clause) = clauses.get(index) else {
        return format!("Clause {} (text not available)", index + 1);
    };
    match (clause.number.as_deref(), clause.heading.as_deref()) {
        (Some(number), Some(heading)) => format!("{number} — {heading}"),
        (Some(number), None) => format!("Section {number}"),
        (None, Some(heading)) => heading.to_string(),
        (None, None) => format!("Clause {}", index + 1),
    }
}

fn draw_finding(canvas: &mut Canvas, finding: &Finding, clauses: &[Clause]) {
    let quote = finding
        .clause_index
        .and_then(|index| clauses.get(index))
        .map(|clause| format!("“{}”", truncate_chars(clause.text.trim(), MAX_QUOTE_CHARS)));

    // Keep the badge line with the start of what follows it.
    let badge_room = badge_width(canvas, finding.severity) + 10.0;
    let reference = clause_reference(finding, clauses);
    let reference_lines = canvas.wrap(&reference, REFERENCE, CONTENT_WIDTH - badge_room);
    let reference_height = reference_lines.len().max(1) as f32 * REFERENCE.size * LEADING;
    canvas.ensure(reference_height + 3.0 * QUOTE.size * LEADING + 6.0);
    let baseline = canvas.y - REFERENCE.size * 1.02;
    badge(canvas, MARGIN_X, baseline + 0.5, finding.severity);
    canvas.lines(MARGIN_X + badge_room, &reference_lines, REFERENCE, INK);
    canvas.advance(5.0);

    if let Some(quote) = quote {
        draw_quote(canvas, &quote);
        canvas.advance(7.0);
    }
    labelled(canvas, "Why it matters", &finding.description);
    canvas.advance(4.0);
    labelled(canvas, "Recommendation", &finding.recommendation);
}

/// The quoted clause, indented with a bar on its left on each page it spans.
fn draw_quote(canvas: &mut Canvas, quote: &str) {
    let indent = 14.0;
    let lines = canvas.wrap(quote, QUOTE, CONTENT_WIDTH - indent);
    let segments = canvas.lines(MARGIN_X + indent, &lines, QUOTE, QUOTE_INK);
    for (page, top, bottom) in segments {
        canvas.with_page(page, |canvas| {
            canvas.fill_rect(MARGIN_X + 3.0, bottom + 2.0, 2.0, top - bottom - 2.0, RULE);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Severity;

    fn finding(clause_index: Option<usize>) -> Finding {
        Finding {
            category: Category::PaymentTerms,
            severity: Severity::Medium,
            clause_index,
            rule: "payment.late",
            description: "d".into(),
            recommendation: "r".into(),
        }
    }

    fn clause(number: Option<&str>, heading: Option<&str>) -> Clause {
        Clause {
            index: 0,
            number: number.map(String::from),
            heading: heading.map(String::from),
            range: 0..1,
            text: "x".into(),
        }
    }

    #[test]
    fn references_name_the_clause_as_far_as_it_is_known() {
        let clauses = [
            clause(Some("12.3"), Some("Limitation of Liability")),
            clause(Some("IV"), None),
            clause(None, Some("Fees")),
            clause(None, None),
        ];
        let reference = |index| clause_reference(&finding(Some(index)), &clauses);
        assert_eq!(reference(0), "12.3 — Limitation of Liability");
        assert_eq!(reference(1), "Section IV");
        assert_eq!(reference(2), "Fees");
        assert_eq!(reference(3), "Clause 4");
        assert_eq!(reference(9), "Clause 10 (text not available)");
        assert_eq!(clause_reference(&finding(None), &clauses), "Payment terms");
    }
}
