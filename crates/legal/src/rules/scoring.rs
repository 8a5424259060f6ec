//! The risk score: how the findings add up to 0..100, documented in `SCORING`.

use crate::model::{Category, Finding, Severity};

/// How `risk_score` is computed (returned to API clients as the explanation).
pub const SCORING: &str = "Each finding scores points by severity: low 1, medium 8, high 20, critical 40. \
Within a category the findings are ranked by points and the n-th one counts 1/2^(n-1) of its points \
(diminishing returns: ten medium findings on payment terms weigh less than ten in different categories). \
The category sums are added and capped at 100; findings for missing clauses count like any other. \
The risk level is the score's band: low 0-24, medium 25-49, high 50-74, critical 75-100.";

/// Points of one finding by its severity (see `SCORING`).
pub fn severity_points(severity: Severity) -> u32 {
    match severity {
        Severity::Low => 1,
        Severity::Medium => 8,
        Severity::High => 20,
        Severity::Critical => 40,
    }
}

/// The 0..100 risk score of the findings (see `SCORING`).
pub fn risk_score(findings: &[Finding]) -> u8 {
    let total: u32 = Category::ALL
        .into_iter()
        .map(|category| {
            let mut points: Vec<u32> = findings
                .iter()
                .filter(|f| f.category == category)
                .map(|f| severity_points(f.severity))
                .collect();
            points.sort_unstable_by(|a, b| b.cmp(a));
            points
                .iter()
                .enumerate()
                .map(|(rank, p)| p >> rank.min(31))
                .sum::<u32>()
        })
        .sum();
    u8::try_from(total.min(100)).unwrap_or(100)
}
