//! The cover page: title, file and date, the overall risk score with its level on a colour
//! band and a scale, and the number of findings per severity.

use crate::model::{Analysis, Severity};

use super::ReportInput;
use super::canvas::Canvas;
use super::theme::{
    CONTENT_WIDTH, INK, MARGIN_X, MUTED, NAVY, PAGE_HEIGHT, PAGE_WIDTH, PANEL, Rgb,
    SEVERITIES_DESC, WHITE, severity_colour, severity_title,
};
use super::wrap::{Style, fit_line};

const BAND_HEIGHT: f32 = 250.0;
const LABEL: Style = Style::bold(8.0);
const SCORE_PANEL_TOP: f32 = PAGE_HEIGHT - BAND_HEIGHT - 90.0;

/// The band in the risk level's colour: x, y (lower left), width, height.
pub(super) fn level_band() -> [f32; 4] {
    let width = CONTENT_WIDTH * 0.5 - 26.0;
    [
        MARGIN_X + CONTENT_WIDTH * 0.5,
        SCORE_PANEL_TOP - 104.0,
        width,
        58.0,
    ]
}

/// Draws the cover on the current (first) page.
pub(super) fn draw(canvas: &mut Canvas, input: &ReportInput) {
    let top = PAGE_HEIGHT;
    canvas.fill_rect(0.0, top - BAND_HEIGHT, PAGE_WIDTH, BAND_HEIGHT, NAVY);
    let pale = Rgb(0.72, 0.78, 0.88);
    canvas.text(
        MARGIN_X,
        top - 78.0,
        "CONTRACT RISK REVIEW",
        Style::bold(10.0),
        pale,
    );
    draw_title(canvas, input.title, top - 122.0);

    let meta_baseline = top - BAND_HEIGHT - 40.0;
    let column = CONTENT_WIDTH * 0.62;
    canvas.text(MARGIN_X, meta_baseline, "FILE", LABEL, MUTED);
    let file = fit_line(
        canvas.fonts,
        input.file_name,
        Style::regular(11.0),
        column - 16.0,
    );
    canvas.text(
        MARGIN_X,
        meta_baseline - 16.0,
        &file,
        Style::regular(11.0),
        INK,
    );
    canvas.text(MARGIN_X + column, meta_baseline, "DATE", LABEL, MUTED);
    let date = fit_line(
        canvas.fonts,
        input.date,
        Style::regular(11.0),
        CONTENT_WIDTH - column,
    );
    canvas.text(
        MARGIN_X + column,
        meta_baseline - 16.0,
        &date,
        Style::regular(11.0),
        INK,
    );

    draw_score(canvas, input.analysis, SCORE_PANEL_TOP);
    draw_counts(canvas, input.analysis, meta_baseline - 290.0);
}

fn draw_title(canvas: &mut Canvas, title: &str, first_baseline: f32) {
    let style = Style::bold(26.0);
    let mut lines = canvas.wrap(title, style, CONTENT_WIDTH);
    if lines.len() > 3 {
        let rest = lines[2..].join(" ");
        lines.truncate(2);
        lines.push(fit_line(
            canvas.fonts,
            &format!("{rest} …"),
            style,
            CONTENT_WIDTH,
        ));
    }
    if lines.is_empty() {
        lines.push("Untitled contract".to_string());
    }
    for (row, line) in lines.iter().enumerate() {
        let baseline = first_baseline - row as f32 * style.size * 1.22;
        canvas.text(MARGIN_X, baseline, line, style, WHITE);
    }
}

/// The score panel: the score big, the level on a band in its colour, and the 0-100 scale.
fn draw_score(canvas: &mut Canvas, analysis: &Analysis, panel_top: f32) {
    let height = 200.0;
    let bottom = panel_top - height;
    canvas.fill_rect(MARGIN_X, bottom, CONTENT_WIDTH, height, PANEL);
    let level = analysis.risk_level;
    let colour = severity_colour(level);
    canvas.fill_rect(MARGIN_X, bottom, 5.0, height, colour);

    let left = MARGIN_X + 26.0;
    canvas.text(left, panel_top - 28.0, "OVERALL RISK SCORE", LABEL, MUTED);
    let score = analysis.risk_score.min(100).to_string();
    let score_style = Style::bold(72.0);
    let width = canvas.text(left - 4.0, panel_top - 104.0, &score, score_style, colour);
    canvas.text(
        left + width + 2.0,
        panel_top - 104.0,
        "/ 100",
        Style::regular(18.0),
        MUTED,
    );

    let [band_left, band_bottom, band_width, band_height] = level_band();
    canvas.text(band_left, panel_top - 28.0, "RISK LEVEL", LABEL, MUTED);
    canvas.fill_rect(band_left, band_bottom, band_width, band_height, colour);
    let level_text = format!("{} risk", severity_title(level)).to_uppercase();
    let centre = band_left + band_width / 2.0;
    canvas.text_centred(
        centre,
        band_bottom + 22.0,
        &level_text,
        Style::bold(18.0),
        WHITE,
    );

    draw_scale(
        canvas,
        left,
        CONTENT_WIDTH - 52.0,
        panel_top - 150.0,
        analysis.risk_score,
    );
}

/// The 0-100 scale in the four level colours, with a marker at the score.
fn draw_scale(canvas: &mut Canvas, left: f32, width: f32, y: f32, score: u8) {
    let bands = [(0.0, 25.0), (25.0, 50.0), (50.0, 75.0), (75.0, 101.0)];
    let levels = [
        Severity::Low,
        Severity::Medium,
        Severity::High,
        Severity::Critical,
    ];
    let unit = width / 101.0;
    for ((from, to), level) in bands.into_iter().zip(levels) {
        let x = left + from * unit;
        canvas.fill_rect(x, y, (to - from) * unit - 1.5, 8.0, severity_colour(level));
        let label = severity_title(level);
        canvas.text(x, y - 14.0, label, Style::regular(8.0), MUTED);
    }
    let marker_x = left + (f32::from(score.min(100)) + 0.5) * unit;
    canvas.fill_rect(marker_x - 1.5, y - 4.0, 3.0, 16.0, INK);
    canvas.text_centred(
        marker_x,
        y + 18.0,
        &score.min(100).to_string(),
        Style::bold(8.0),
        INK,
    );
}

/// One tile per severity with its number of findings.
fn draw_counts(canvas: &mut Canvas, analysis: &Analysis, top: f32) {
    let total = analysis.findings.len();
    let missing = analysis
        .findings
        .iter()
        .filter(|finding| finding.clause_index.is_none())
        .count();
    canvas.text(MARGIN_X, top, "FINDINGS BY SEVERITY", LABEL, MUTED);
    let summary = match (total, missing) {
        (0, _) => "No findings".to_string(),
        (1, 0) => "1 finding".to_string(),
        (n, 0) => format!("{n} findings"),
        (n, m) => format!(
            "{n} finding{} · {m} on missing terms",
            if n == 1 { "" } else { "s" }
        ),
    };
    canvas.text_right(
        MARGIN_X + CONTENT_WIDTH,
        top,
        &summary,
        Style::regular(9.0),
        MUTED,
    );

    let gap = 12.0;
    let tile_width = (CONTENT_WIDTH - 3.0 * gap) / 4.0;
    let tile_height = 74.0;
    let tile_top = top - 14.0;
    for (column, severity) in SEVERITIES_DESC.into_iter().enumerate() {
        let x = MARGIN_X + column as f32 * (tile_width + gap);
        let count = analysis
            .findings
            .iter()
            .filter(|finding| finding.severity == severity)
            .count();
        let colour = severity_colour(severity);
        canvas.fill_rect(x, tile_top - tile_height, tile_width, tile_height, PANEL);
        canvas.fill_rect(x, tile_top - 4.0, tile_width, 4.0, colour);
        let count_colour = if count == 0 { MUTED } else { INK };
        canvas.text(
            x + 14.0,
            tile_top - 42.0,
            &count.to_string(),
            Style::bold(28.0),
            count_colour,
        );
        canvas.text(
            x + 14.0,
            tile_top - 60.0,
            severity_title(severity),
            Style::regular(10.0),
            MUTED,
        );
    }
}
