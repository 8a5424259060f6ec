//! Amount patterns people make and statements rarely show: round amounts (`round_amount`:
//! one large round amount, or many round ones) and amounts just below a threshold
//! (`just_below_threshold`): within 1% under a cash reporting threshold (10,000 — US CTR,
//! many AML regimes; 15,000 — EU) each, or several within 3% under a common approval limit
//! (1,000, 2,500, 5,000, 10,000, 25,000, 50,000, 100,000): at least 3, and three times
//! (plus one) what the density of the neighbouring bands (6% below the band, 3% above the
//! limit) leads to expect — the cliff that splitting payments to stay under a limit leaves.

use super::describe::{row_list, row_ref};
use super::money::format_cents;
use super::types::{Anomaly, AnomalyKind, Cents, Severity, Statement};

/// Round: a whole multiple of 100.00.
const ROUND_UNIT: Cents = 10_000;
/// Large round: a multiple of 1,000.00 from 10,000.00.
const LARGE_ROUND_UNIT: Cents = 100_000;
const LARGE_ROUND_FROM: Cents = 1_000_000;
/// Many round: at least this many, and at least this share (percent) of the transactions.
const MANY_ROUND_COUNT: usize = 5;
const MANY_ROUND_PERCENT: usize = 15;

/// Cash reporting thresholds (currency units) and the band under them (percent).
const REPORTING_THRESHOLDS: &[Cents] = &[10_000, 15_000];
const REPORTING_BAND_PERCENT: Cents = 1;
/// Approval limits (currency units), the band under them (percent), how many below make a
/// pattern.
const APPROVAL_LIMITS: &[Cents] = &[1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000];
const APPROVAL_BAND_PERCENT: Cents = 3;
const APPROVAL_PATTERN_COUNT: usize = 3;

pub fn check_round(statement: &Statement) -> Vec<Anomaly> {
    let mut anomalies = Vec::new();
    let mut round: Vec<usize> = Vec::new();
    for t in &statement.transactions {
        let magnitude = t.amount.abs();
        if magnitude >= ROUND_UNIT && magnitude % ROUND_UNIT == 0 {
            round.push(t.index);
        }
        if magnitude >= LARGE_ROUND_FROM && magnitude % LARGE_ROUND_UNIT == 0 {
            anomalies.push(Anomaly {
                kind: AnomalyKind::RoundAmount,
                severity: Severity::Medium,
                description: format!(
                    "{}: a large round amount; ask for the invoice or agreement behind it.",
                    row_ref(t)
                ),
                transactions: vec![t.index],
                amount: Some(t.amount),
            });
        }
    }
    let count = statement.transactions.len();
    if round.len() >= MANY_ROUND_COUNT && round.len() * 100 >= count * MANY_ROUND_PERCENT {
        let total: Cents = round
            .iter()
            .filter_map(|i| statement.transactions.get(*i))
            .map(|t| t.amount)
            .sum();
        anomalies.push(Anomaly {
            kind: AnomalyKind::RoundAmount,
            severity: Severity::Medium,
            description: format!(
                "{} of {count} transactions ({}%) are whole hundreds ({}), {} in total: everyday payments rarely are; ask for the documents behind them.",
                round.len(),
                round.len() * 100 / count.max(1),
                row_list(&round, 10),
                format_cents(total),
            ),
            transactions: round,
            amount: Some(total),
        });
    }
    anomalies
}

pub fn check_just_below(statement: &Statement) -> Vec<Anomaly> {
    let mut anomalies = Vec::new();
    let mut reported: Vec<usize> = Vec::new();
    for &threshold in REPORTING_THRESHOLDS {
        let limit = threshold * 100;
        let floor = limit - limit * REPORTING_BAND_PERCENT / 100;
        reported.extend(
            statement
                .transactions
                .iter()
                .filter(|t| (floor..limit).contains(&t.amount.abs()))
                .map(|t| t.index),
        );
    }
    reported.sort_unstable();
    reported.dedup();
    let severity = if reported.len() >= 2 {
        Severity::High
    } else {
        Severity::Medium
    };
    for &index in &reported {
        let Some(t) = statement.transactions.get(index) else {
            continue;
        };
        let threshold = REPORTING_THRESHOLDS
            .iter()
            .find(|th| t.amount.abs() < **th * 100)
            .copied()
            .unwrap_or(10_000);
        let others = if reported.len() >= 2 {
            format!(" ({} such amounts on this statement)", reported.len())
        } else {
            String::new()
        };
        anomalies.push(Anomaly {
            kind: AnomalyKind::JustBelowThreshold,
            severity,
            description: format!(
                "{}: just below the {} cash reporting threshold{others}: check whether payments were split to avoid reporting.",
                row_ref(t),
                format_cents(threshold * 100),
            ),
            transactions: vec![index],
            amount: Some(t.amount),
        });
    }
    for &limit_units in APPROVAL_LIMITS {
        let limit = limit_units * 100;
        let band = limit * APPROVAL_BAND_PERCENT / 100;
        let count_in = |range: std::ops::Range<Cents>| {
            statement
                .transactions
                .iter()
                .filter(|t| range.contains(&t.amount.abs()))
                .count()
        };
        let below: Vec<usize> = statement
            .transactions
            .iter()
            .filter(|t| {
                (limit - band..limit).contains(&t.amount.abs()) && !reported.contains(&t.index)
            })
            .map(|t| t.index)
            .collect();
        // What the band would hold without a cliff: the density of the two bands below it
        // and the one above it.
        let neighbours = count_in(limit - 3 * band..limit - band) + count_in(limit..limit + band);
        let expected = neighbours as f64 / 3.0;
        if below.len() >= APPROVAL_PATTERN_COUNT && below.len() as f64 >= 3.0 * (expected + 1.0) {
            let total: Cents = below
                .iter()
                .filter_map(|i| statement.transactions.get(*i))
                .map(|t| t.amount)
                .sum();
            anomalies.push(Anomaly {
                kind: AnomalyKind::JustBelowThreshold,
                severity: Severity::Medium,
                description: format!(
                    "{} amounts fall within {APPROVAL_BAND_PERCENT}% below {} ({}), {} in total, where the amounts around would lead to expect {expected:.1}: check whether payments were split to stay under an approval limit.",
                    below.len(),
                    format_cents(limit),
                    row_list(&below, 10),
                    format_cents(total),
                ),
                transactions: below,
                amount: Some(total),
            });
        }
    }
    anomalies
}
