//! Unusually large transactions by the robust (modified) z-score of Iglewicz and Hoaglin:
//! z = 0.6745 (x - median) / MAD, flagged above 3.5. Debits and credits are scored
//! separately, on the log of their size (amounts are skewed: on the raw scale an ordinary
//! rent among coffees would stand out). When the MAD is 0 (most amounts equal) the mean
//! absolute deviation stands in (z = (x - median) / (1.253314 · MeanAD)). Only the large
//! side is reported, with at least 10 amounts of the kind.

use super::describe::row_ref;
use super::money::format_cents;
use super::types::{Anomaly, AnomalyKind, Severity, Statement, Transaction};

const THRESHOLD: f64 = 3.5;
const MIN_AMOUNTS: usize = 10;

pub fn check(statement: &Statement) -> Vec<Anomaly> {
    let debits: Vec<&Transaction> = statement
        .transactions
        .iter()
        .filter(|t| t.amount < 0)
        .collect();
    let credits: Vec<&Transaction> = statement
        .transactions
        .iter()
        .filter(|t| t.amount > 0)
        .collect();
    let mut anomalies = scored(&debits, "debit");
    anomalies.extend(scored(&credits, "credit"));
    anomalies.sort_by_key(|a| a.transactions.first().copied());
    anomalies
}

fn scored(transactions: &[&Transaction], kind: &str) -> Vec<Anomaly> {
    if transactions.len() < MIN_AMOUNTS {
        return Vec::new();
    }
    let logs: Vec<f64> = transactions
        .iter()
        .map(|t| (t.amount.unsigned_abs() as f64).ln())
        .collect();
    let Some(center) = median(&logs) else {
        return Vec::new();
    };
    let deviations: Vec<f64> = logs.iter().map(|x| (x - center).abs()).collect();
    let Some(mad) = median(&deviations) else {
        return Vec::new();
    };
    let scale = if mad > 1e-9 {
        mad / 0.6745
    } else {
        let mean_ad = deviations.iter().sum::<f64>() / deviations.len() as f64;
        1.253_314 * mean_ad
    };
    if scale <= 1e-9 {
        return Vec::new();
    }
    let typical = center.exp().round() as i64;
    transactions
        .iter()
        .zip(&logs)
        .filter_map(|(t, log)| {
            let z = (log - center) / scale;
            if z <= THRESHOLD {
                return None;
            }
            let times = (log - center).exp();
            let severity = if z > 2.0 * THRESHOLD { Severity::High } else { Severity::Medium };
            Some(Anomaly {
                kind: AnomalyKind::LargeTransaction,
                severity,
                description: format!(
                    "{}: {times:.0} times the median {kind} of {} (robust z-score {z:.1} on the log scale, threshold {THRESHOLD}): ask for the document behind it.",
                    row_ref(t),
                    format_cents(typical),
                ),
                transactions: vec![t.index],
                amount: Some(t.amount),
            })
        })
        .collect()
}

/// The median (mean of the two middle values for an even count).
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    Some(if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    } else {
        sorted[middle]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }
}
