//! The overview after the cover: the summary, the parties, and the table of findings by
//! category and severity.

use crate::model::{Analysis, Category, Severity};

use super::ReportInput;
use super::blocks::{badge, heading};
use super::canvas::Canvas;
use super::theme::{CONTENT_WIDTH, FAINT, INK, MARGIN_X, MUTED, PANEL, RULE, SEVERITIES_DESC};
use super::wrap::Style;

const ROW_HEIGHT: f32 = 22.0;
const CATEGORY_COLUMN: f32 = 175.0;
const COUNT_COLUMN: f32 = 58.0;

/// Draws the summary, the parties and the findings table from the cursor down.
pub(super) fn draw(canvas: &mut Canvas, input: &ReportInput) {
    let analysis = input.analysis;
    heading(canvas, "Summary", 1, 30.0);
    let summary = if analysis.summary.trim().is_empty() {
        "No summary was produced for this contract."
    } else {
        analysis.summary.as_str()
    };
    canvas.paragraph(MARGIN_X, CONTENT_WIDTH, summary, Style::regular(10.5), INK);

    heading(canvas, "Parties", 2, 16.0);
    if analysis.parties.is_empty() {
        canvas.paragraph(
            MARGIN_X,
            CONTENT_WIDTH,
            "No party names were found.",
            Style::regular(10.0),
            MUTED,
        );
    }
    for party in &analysis.parties {
        let lines = canvas.wrap(party, Style::regular(10.0), CONTENT_WIDTH - 14.0);
        canvas.ensure(14.0);
        canvas.fill_rect(MARGIN_X + 2.0, canvas.y - 8.0, 3.5, 3.5, MUTED);
        canvas.lines(MARGIN_X + 14.0, &lines, Style::regular(10.0), INK);
    }

    heading(canvas, "Findings by category", 1, ROW_HEIGHT * 3.0);
    draw_table(canvas, analysis);
}

/// Number of findings of a category and severity.
fn count(analysis: &Analysis, category: Category, severity: Severity) -> usize {
    analysis
        .findings
        .iter()
        .filter(|f| f.category == category && f.severity == severity)
        .count()
}

fn draw_table(canvas: &mut Canvas, analysis: &Analysis) {
    draw_header_row(canvas);
    for category in Category::ALL {
        canvas.ensure(ROW_HEIGHT);
        let baseline = canvas.y - 14.5;
        canvas.text(
            MARGIN_X + 8.0,
            baseline,
            category.title(),
            Style::regular(10.0),
            INK,
        );
        for (column, severity) in SEVERITIES_DESC.into_iter().enumerate() {
            let n = count(analysis, category, severity);
            let (style, colour) = if n == 0 {
                (Style::regular(10.0), FAINT)
            } else {
                (Style::bold(10.0), INK)
            };
            let centre = MARGIN_X + CATEGORY_COLUMN + (column as f32 + 0.5) * COUNT_COLUMN;
            canvas.text_centred(centre, baseline, &n.to_string(), style, colour);
        }
        let worst = analysis
            .findings
            .iter()
            .filter(|f| f.category == category)
            .map(|f| f.severity)
            .max();
        let worst_left = MARGIN_X + CATEGORY_COLUMN + 4.0 * COUNT_COLUMN + 12.0;
        match worst {
            Some(severity) => {
                badge(canvas, worst_left, baseline + 0.5, severity);
            }
            None => {
                canvas.text(worst_left, baseline, "none", Style::regular(9.0), MUTED);
            }
        }
        canvas.advance(ROW_HEIGHT);
        canvas.rule(MARGIN_X, canvas.y, CONTENT_WIDTH, 0.5, RULE);
    }
    draw_total_row(canvas, analysis);
}

fn draw_header_row(canvas: &mut Canvas) {
    canvas.ensure(ROW_HEIGHT * 2.0);
    canvas.fill_rect(
        MARGIN_X,
        canvas.y - ROW_HEIGHT,
        CONTENT_WIDTH,
        ROW_HEIGHT,
        PANEL,
    );
    let baseline = canvas.y - 14.0;
    let label = Style::bold(7.5);
    canvas.text(MARGIN_X + 8.0, baseline, "CATEGORY", label, MUTED);
    for (column, severity) in SEVERITIES_DESC.into_iter().enumerate() {
        let centre = MARGIN_X + CATEGORY_COLUMN + (column as f32 + 0.5) * COUNT_COLUMN;
        let name = severity.name().to_uppercase();
        canvas.text_centred(centre, baseline, &name, label, MUTED);
    }
    let worst_left = MARGIN_X + CATEGORY_COLUMN + 4.0 * COUNT_COLUMN + 12.0;
    canvas.text(worst_left, baseline, "WORST", label, MUTED);
    canvas.advance(ROW_HEIGHT);
}

fn draw_total_row(canvas: &mut Canvas, analysis: &Analysis) {
    canvas.ensure(ROW_HEIGHT);
    let baseline = canvas.y - 14.5;
    canvas.text(MARGIN_X + 8.0, baseline, "Total", Style::bold(10.0), INK);
    for (column, severity) in SEVERITIES_DESC.into_iter().enumerate() {
        let n = analysis
            .findings
            .iter()
            .filter(|f| f.severity == severity)
            .count();
        let centre = MARGIN_X + CATEGORY_COLUMN + (column as f32 + 0.5) * COUNT_COLUMN;
        canvas.text_centred(centre, baseline, &n.to_string(), Style::bold(10.0), INK);
    }
    let worst_left = MARGIN_X + CATEGORY_COLUMN + 4.0 * COUNT_COLUMN + 12.0;
    if let Some(worst) = analysis.findings.iter().map(|f| f.severity).max() {
        badge(canvas, worst_left, baseline + 0.5, worst);
    }
    canvas.advance(ROW_HEIGHT);
}
