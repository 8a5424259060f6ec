//! Benford's law on the first digits of the amounts (from 10.00: smaller amounts skew the
//! test, Nigrini), only with at least 300 of them. The mean absolute deviation (MAD) of
//! the observed proportions from log10(1 + 1/d) gives Nigrini's verdict for first digits:
//! close conformity up to 0.006, acceptable up to 0.012, marginal up to 0.015,
//! nonconformity above (`benford_deviation`, the only verdict reported as an anomaly).

use serde::Serialize;

use super::types::{Anomaly, AnomalyKind, Cents, Severity, Statement};

/// Fewest amounts the test runs on.
pub const MIN_SAMPLE: usize = 300;
/// Amounts below this (10.00) are left out.
const SMALLEST: Cents = 1_000;

/// Nigrini's first-digit conformity ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BenfordVerdict {
    Close,
    Acceptable,
    Marginal,
    Nonconformity,
}

/// The test's figures (proportions for digits 1 to 9).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenfordResult {
    pub sample_size: usize,
    pub observed: [f64; 9],
    pub expected: [f64; 9],
    pub mad: f64,
    pub verdict: BenfordVerdict,
}

/// The test on the statement's amounts, `None` with fewer than `MIN_SAMPLE` of them.
pub fn test(statement: &Statement) -> Option<BenfordResult> {
    let digits: Vec<usize> = statement
        .transactions
        .iter()
        .map(|t| t.amount.unsigned_abs())
        .filter(|a| *a >= SMALLEST.unsigned_abs())
        .map(first_digit)
        .collect();
    if digits.len() < MIN_SAMPLE {
        return None;
    }
    let mut counts = [0usize; 9];
    for d in &digits {
        if let Some(slot) = d.checked_sub(1).and_then(|i| counts.get_mut(i)) {
            *slot += 1;
        }
    }
    let n = digits.len() as f64;
    let mut observed = [0.0; 9];
    let mut expected = [0.0; 9];
    let mut total_deviation = 0.0;
    for d in 0..9 {
        observed[d] = counts[d] as f64 / n;
        expected[d] = (1.0 + 1.0 / (d as f64 + 1.0)).log10();
        total_deviation += (observed[d] - expected[d]).abs();
    }
    let mad = total_deviation / 9.0;
    Some(BenfordResult {
        sample_size: digits.len(),
        observed,
        expected,
        mad,
        verdict: verdict(mad),
    })
}

fn first_digit(mut value: u64) -> usize {
    while value >= 10 {
        value /= 10;
    }
    value as usize
}

fn verdict(mad: f64) -> BenfordVerdict {
    if mad <= 0.006 {
        BenfordVerdict::Close
    } else if mad <= 0.012 {
        BenfordVerdict::Acceptable
    } else if mad <= 0.015 {
        BenfordVerdict::Marginal
    } else {
        BenfordVerdict::Nonconformity
    }
}

/// The finding for a nonconforming result.
pub fn anomaly(result: &BenfordResult) -> Option<Anomaly> {
    if result.verdict != BenfordVerdict::Nonconformity {
        return None;
    }
    let (digit, _) = (0..9)
        .map(|d| (d + 1, result.observed[d] - result.expected[d]))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    Some(Anomaly {
        kind: AnomalyKind::BenfordDeviation,
        severity: Severity::Medium,
        description: format!(
            "The first digits of {} amounts deviate from Benford's law (mean absolute deviation {:.4}, above Nigrini's nonconformity limit 0.015); digit {digit} leads {:.1}% of amounts against {:.1}% expected: review how these amounts were produced.",
            result.sample_size,
            result.mad,
            100.0 * result.observed[digit - 1],
            100.0 * result.expected[digit - 1],
        ),
        transactions: Vec::new(),
        amount: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_digits_and_verdicts() {
        assert_eq!(first_digit(125_000), 1);
        assert_eq!(first_digit(9), 9);
        assert_eq!(verdict(0.004), BenfordVerdict::Close);
        assert_eq!(verdict(0.010), BenfordVerdict::Acceptable);
        assert_eq!(verdict(0.014), BenfordVerdict::Marginal);
        assert_eq!(verdict(0.03), BenfordVerdict::Nonconformity);
    }
}
