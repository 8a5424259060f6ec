//! Clean generated statements: no anomaly, exact totals.

use super::super::audit as run_audit;
use super::super::fixtures::{Spec, generate};
use super::super::*;
use super::ymd;

// ───────────── clean statements ─────────────

#[test]
fn a_clean_200_row_statement_raises_no_anomaly() {
    for seed in 1..=5 {
        let generated = generate(&Spec::new(seed, 200));
        let audit = run_audit(&generated.truth());
        assert!(
            audit.anomalies.is_empty(),
            "seed {seed}: {:#?}",
            audit.anomalies
        );
        assert!(audit.balance_check_passed);
        assert_eq!(audit.summary.transaction_count, 200);
        assert!(audit.benford.is_none());
    }
}

#[test]
fn a_clean_1000_row_statement_raises_no_anomaly_and_conforms_to_benford() {
    for seed in [1, 2] {
        let audit = run_audit(&generate(&Spec::new(seed, 1_000)).truth());
        assert!(
            audit.anomalies.is_empty(),
            "seed {seed}: {:#?}",
            audit.anomalies
        );
        let benford = audit.benford.unwrap();
        assert_ne!(
            benford.verdict,
            BenfordVerdict::Nonconformity,
            "MAD {}",
            benford.mad
        );
    }
}

#[test]
fn summary_totals_are_exact() {
    let generated = generate(&Spec::new(3, 50));
    let truth = generated.truth();
    let audit = run_audit(&truth);
    let credits: Cents = generated
        .rows
        .iter()
        .map(|r| r.amount)
        .filter(|a| *a > 0)
        .sum();
    let debits: Cents = generated
        .rows
        .iter()
        .map(|r| r.amount)
        .filter(|a| *a < 0)
        .sum();
    assert_eq!(audit.summary.total_credits, credits);
    assert_eq!(audit.summary.total_debits, -debits);
    assert_eq!(audit.summary.opening_balance, Some(generated.opening));
    assert_eq!(audit.summary.period_start, Some(ymd(2024, 3, 1)));
}
