//! Building blocks shared by the report's sections: headings, severity badges and
//! labelled paragraphs.

use crate::model::Severity;

use super::canvas::{Canvas, LEADING};
use super::theme::{CONTENT_WIDTH, INK, MARGIN_X, MUTED, NAVY, RULE, WHITE, severity_colour};
use super::wrap::Style;

const BADGE_TEXT: Style = Style::bold(7.0);
const BADGE_HEIGHT: f32 = 12.5;
const BADGE_PADDING: f32 = 5.5;

/// Width of the column that holds a labelled paragraph's label.
pub(super) const LABEL_COLUMN: f32 = 96.0;

/// A section heading (level 1) or a sub-heading (level 2), kept with `keep_with` points of
/// what follows it.
pub(super) fn heading(canvas: &mut Canvas, text: &str, level: u8, keep_with: f32) {
    let (style, space_before, space_after) = match level {
        1 => (Style::bold(16.0), 14.0, 10.0),
        _ => (Style::bold(12.5), 12.0, 6.0),
    };
    let height = style.size * LEADING + space_after + keep_with;
    if !canvas.ensure(space_before + height) {
        canvas.advance(space_before);
    }
    let lines = canvas.wrap(text, style, CONTENT_WIDTH);
    canvas.lines(MARGIN_X, &lines, style, NAVY);
    if level == 1 {
        canvas.rule(MARGIN_X, canvas.y - 1.0, CONTENT_WIDTH, 1.2, NAVY);
        canvas.advance(4.0);
    }
    canvas.advance(space_after);
}

/// Width of the badge of a severity.
pub(super) fn badge_width(canvas: &Canvas, severity: Severity) -> f32 {
    canvas.width(&severity.name().to_uppercase(), BADGE_TEXT) + 2.0 * BADGE_PADDING
}

/// A severity badge (white capitals on the severity's colour) whose text sits on
/// `baseline`; returns its width.
pub(super) fn badge(canvas: &mut Canvas, x: f32, baseline: f32, severity: Severity) -> f32 {
    let width = badge_width(canvas, severity);
    let bottom = baseline - (BADGE_HEIGHT - BADGE_TEXT.size * 0.72) / 2.0;
    canvas.fill_rect(x, bottom, width, BADGE_HEIGHT, severity_colour(severity));
    let label = severity.name().to_uppercase();
    canvas.text(x + BADGE_PADDING, baseline, &label, BADGE_TEXT, WHITE);
    width
}

/// A paragraph with a small label in the left column ("Why it matters").
pub(super) fn labelled(canvas: &mut Canvas, label: &str, text: &str) {
    let style = Style::regular(9.5);
    let lines = canvas.wrap(text, style, CONTENT_WIDTH - LABEL_COLUMN);
    // Keep a paragraph of up to a dozen lines on one page, so it reads (and searches) whole.
    let kept_lines = if lines.len() <= 12 {
        lines.len().max(1)
    } else {
        2
    };
    canvas.ensure(kept_lines as f32 * style.size * LEADING);
    let baseline = canvas.y - style.size * 1.02;
    canvas.text(
        MARGIN_X,
        baseline,
        &label.to_uppercase(),
        Style::bold(7.0),
        MUTED,
    );
    canvas.lines(MARGIN_X + LABEL_COLUMN, &lines, style, INK);
}

/// A thin separator between entries.
pub(super) fn separator(canvas: &mut Canvas) {
    canvas.advance(9.0);
    canvas.rule(MARGIN_X, canvas.y, CONTENT_WIDTH, 0.5, RULE);
    canvas.advance(11.0);
}
