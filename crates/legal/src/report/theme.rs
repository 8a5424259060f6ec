//! The report's look in one place: page geometry, colours, type sizes.

use crate::model::Severity;

/// An RGB colour, components 0..1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Rgb(pub(super) f32, pub(super) f32, pub(super) f32);

/// A4 portrait, in points.
pub(super) const PAGE_WIDTH: f32 = 595.28;
pub(super) const PAGE_HEIGHT: f32 = 841.89;
pub(super) const MARGIN_X: f32 = 56.0;
pub(super) const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN_X;
/// Where body content starts (below the running header) and must end (above the footer).
pub(super) const CONTENT_TOP: f32 = PAGE_HEIGHT - 74.0;
pub(super) const CONTENT_BOTTOM: f32 = 62.0;

pub(super) const INK: Rgb = Rgb(0.12, 0.14, 0.18);
pub(super) const MUTED: Rgb = Rgb(0.42, 0.45, 0.50);
pub(super) const RULE: Rgb = Rgb(0.82, 0.84, 0.87);
/// Text that is there but says little (zero counts).
pub(super) const FAINT: Rgb = Rgb(0.70, 0.72, 0.76);
pub(super) const PANEL: Rgb = Rgb(0.955, 0.96, 0.97);
pub(super) const NAVY: Rgb = Rgb(0.11, 0.17, 0.29);
pub(super) const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);

/// Low green, medium amber, high orange-red, critical red.
pub(super) fn severity_colour(severity: Severity) -> Rgb {
    match severity {
        Severity::Low => Rgb(0.18, 0.56, 0.31),
        Severity::Medium => Rgb(0.90, 0.62, 0.05),
        Severity::High => Rgb(0.91, 0.36, 0.12),
        Severity::Critical => Rgb(0.78, 0.11, 0.13),
    }
}

/// "Low", "Medium" … for people.
pub(super) fn severity_title(severity: Severity) -> &'static str {
    match severity {
        Severity::Low => "Low",
        Severity::Medium => "Medium",
        Severity::High => "High",
        Severity::Critical => "Critical",
    }
}

/// Most severe first, the order of the report's columns and tiles.
pub(super) const SEVERITIES_DESC: [Severity; 4] = [
    Severity::Critical,
    Severity::High,
    Severity::Medium,
    Severity::Low,
];
