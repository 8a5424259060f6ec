//! Each check tripped by its injected anomaly, with the figures it reports.

use super::super::audit as run_audit;
use super::super::fixtures::{AmountProfile, Inject, Spec, generate};
use super::super::*;
use super::{assert_same, hints, injected, kinds, ymd};

// ───────────── each check ─────────────

#[test]
fn balance_mismatch_names_the_difference() {
    let audit = run_audit(
        &injected(Inject {
            balance_mismatch: true,
            ..Inject::default()
        })
        .truth(),
    );
    assert_eq!(kinds(&audit), [AnomalyKind::BalanceMismatch]);
    assert_eq!(audit.anomalies[0].amount, Some(10_000));
    assert!(audit.anomalies[0].description.contains("difference 100.00"));
    assert!(!audit.balance_check_passed);
}

#[test]
fn a_missing_closing_balance_is_unverifiable() {
    let audit = run_audit(
        &injected(Inject {
            missing_closing: true,
            ..Inject::default()
        })
        .truth(),
    );
    assert_eq!(kinds(&audit), [AnomalyKind::BalanceUnverifiable]);
    assert!(
        audit.anomalies[0]
            .description
            .contains("no closing balance")
    );
    assert!(!audit.balance_check_passed);
}

#[test]
fn a_running_balance_misprint_is_named_once() {
    let generated = injected(Inject {
        running_balance_error_at: Some(13),
        ..Inject::default()
    });
    let audit = run_audit(&generated.truth());
    assert_eq!(kinds(&audit), [AnomalyKind::RunningBalanceError]);
    let anomaly = &audit.anomalies[0];
    assert_eq!(anomaly.transactions, [13]);
    assert_eq!(anomaly.amount, Some(900));
    let row = &generated.rows[13];
    let expected = format!(
        "Row 14 ({}, '{}', {}): first broken running balance: the printed balance {} should be {} after the previous balance {}",
        row.date,
        generated.truth().transactions[13].description,
        format_cents(row.amount),
        format_cents(row.balance),
        format_cents(row.balance - 900),
        format_cents(generated.rows[12].balance),
    );
    assert!(
        anomaly.description.starts_with(&expected),
        "{}",
        anomaly.description
    );
    assert!(
        anomaly
            .description
            .contains("only this row's printed balance is wrong")
    );
}

#[test]
fn an_altered_amount_breaks_one_row_and_the_totals() {
    let mut statement = generate(&Spec::new(5, 60)).truth();
    statement.transactions[20].amount -= 5_000;
    let audit = run_audit(&statement);
    let running: Vec<&Anomaly> = audit.of_kind(AnomalyKind::RunningBalanceError).collect();
    assert_eq!(running.len(), 1);
    assert_eq!(running[0].transactions, [20]);
    assert_eq!(audit.of_kind(AnomalyKind::BalanceMismatch).count(), 1);
    assert_eq!(audit.anomalies[0].kind, AnomalyKind::BalanceMismatch);
}

#[test]
fn two_independent_running_errors_are_both_reported_first_first() {
    let mut statement = generate(&Spec::new(5, 60)).truth();
    statement.transactions[10].amount += 1_000;
    statement.transactions[40].amount += 2_000;
    let audit = run_audit(&statement);
    let rows: Vec<usize> = audit
        .of_kind(AnomalyKind::RunningBalanceError)
        .map(|a| a.transactions[0])
        .collect();
    assert_eq!(rows, [10, 40]);
}

#[test]
fn duplicates_are_grouped() {
    let audit = run_audit(
        &injected(Inject {
            duplicate_at: Some(30),
            ..Inject::default()
        })
        .truth(),
    );
    assert_eq!(kinds(&audit), [AnomalyKind::DuplicateTransaction]);
    assert_eq!(audit.anomalies[0].transactions, [30, 31]);
}

#[test]
fn dates_out_of_order_and_outside_the_period() {
    let audit = run_audit(
        &injected(Inject {
            date_out_of_order_at: Some(100),
            ..Inject::default()
        })
        .truth(),
    );
    assert!(
        kinds(&audit).contains(&AnomalyKind::DateOutOfOrder),
        "{:#?}",
        audit.anomalies
    );
    let found = audit.of_kind(AnomalyKind::DateOutOfOrder).next().unwrap();
    assert_eq!(found.transactions, [100]);
    let audit = run_audit(
        &injected(Inject {
            date_outside_period_at: Some(199),
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::DateOutsidePeriod).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].transactions, [199]);
    assert!(found[0].description.contains("after the statement period"));
}

#[test]
fn newest_first_statements_check_their_balances_bottom_up() {
    let mut statement = generate(&Spec::new(6, 120)).truth();
    statement.transactions.reverse();
    for (i, t) in statement.transactions.iter_mut().enumerate() {
        t.index = i;
    }
    let audit = run_audit(&statement);
    assert!(audit.anomalies.is_empty(), "{:#?}", audit.anomalies);
    statement.transactions[30].balance = statement.transactions[30].balance.map(|b| b + 100);
    let audit = run_audit(&statement);
    assert_eq!(kinds(&audit), [AnomalyKind::RunningBalanceError]);
    assert_eq!(audit.anomalies[0].transactions, [30]);
}

#[test]
fn newest_first_statements_are_not_out_of_order() {
    let mut statement = generate(&Spec::new(2, 80)).truth();
    statement.transactions.reverse();
    for (i, t) in statement.transactions.iter_mut().enumerate() {
        t.index = i;
        t.balance = None;
    }
    assert!(
        audit(&statement)
            .of_kind(AnomalyKind::DateOutOfOrder)
            .next()
            .is_none()
    );
}

#[test]
fn round_amounts_many_or_large() {
    let audit = run_audit(
        &injected(Inject {
            round_amounts: 40,
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::RoundAmount).collect();
    assert_eq!(found.len(), 1);
    assert!(found[0].transactions.len() >= 40);
    let audit = run_audit(
        &injected(Inject {
            large_round_at: Some(50),
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::RoundAmount).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].transactions, [50]);
}

#[test]
fn amounts_just_below_thresholds() {
    let audit = run_audit(
        &injected(Inject {
            just_below_threshold: 2,
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::JustBelowThreshold).collect();
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|a| a.severity == Severity::High));
    assert!(
        found[0]
            .description
            .contains("10,000.00 cash reporting threshold")
    );
    let audit = run_audit(
        &injected(Inject {
            below_approval_limit: 4,
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::JustBelowThreshold).collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].transactions.len(), 4);
    assert!(found[0].description.contains("below 5,000.00"));
    for seed in 1..=20 {
        let clean = run_audit(&generate(&Spec::new(seed, 300)).truth());
        assert!(
            clean
                .of_kind(AnomalyKind::JustBelowThreshold)
                .next()
                .is_none(),
            "seed {seed}"
        );
    }
}

#[test]
fn weekend_and_holiday_postings() {
    let audit = run_audit(
        &injected(Inject {
            weekend_at: Some(60),
            ..Inject::default()
        })
        .truth(),
    );
    assert_eq!(kinds(&audit), [AnomalyKind::WeekendPosting]);
    assert_eq!(audit.anomalies[0].transactions, [60]);
    assert!(audit.anomalies[0].description.contains("Saturday"));
    // Early March: the next English holiday is Good Friday, 29 March 2024.
    let audit = run_audit(
        &injected(Inject {
            holiday_at: Some(5),
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::HolidayPosting).collect();
    assert_eq!(found.len(), 1);
    assert!(
        found[0].description.contains("Good Friday"),
        "{}",
        found[0].description
    );
    let mut spec = Spec::new(7, 100).in_language("ar", "SAR");
    spec.inject.weekend_at = Some(40);
    let audit = run_audit(&generate(&spec).truth());
    assert_eq!(kinds(&audit), [AnomalyKind::WeekendPosting]);
    assert!(audit.anomalies[0].description.contains("Friday"));
}

#[test]
fn many_weekend_postings_make_one_summary() {
    let mut statement = generate(&Spec::new(9, 100)).truth();
    for t in statement.transactions.iter_mut().take(20) {
        t.date = Some(ymd(2024, 3, 2));
    }
    let audit = run_audit(&statement);
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::WeekendPosting).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].transactions.len(), 20);
}

#[test]
fn a_large_transaction_is_an_outlier() {
    let audit = run_audit(
        &injected(Inject {
            large_at: Some(120),
            ..Inject::default()
        })
        .truth(),
    );
    let found: Vec<&Anomaly> = audit.of_kind(AnomalyKind::LargeTransaction).collect();
    assert_eq!(found.len(), 1, "{:#?}", audit.anomalies);
    assert_eq!(found[0].transactions, [120]);
    assert!(found[0].description.contains("robust z-score"));
}

#[test]
fn benford_conforming_and_not() {
    let mut spec = Spec::new(21, 1_000);
    spec.profile = AmountProfile::LogUniform;
    let audit_clean = run_audit(&generate(&spec).truth());
    let result = audit_clean.benford.clone().unwrap();
    assert!(result.sample_size >= 300);
    assert_ne!(
        result.verdict,
        BenfordVerdict::Nonconformity,
        "MAD {}",
        result.mad
    );
    assert!(
        audit_clean
            .of_kind(AnomalyKind::BenfordDeviation)
            .next()
            .is_none()
    );

    spec.profile = AmountProfile::UniformDigits;
    let audit_uniform = run_audit(&generate(&spec).truth());
    let result = audit_uniform.benford.clone().unwrap();
    assert_eq!(
        result.verdict,
        BenfordVerdict::Nonconformity,
        "MAD {}",
        result.mad
    );
    let found: Vec<&Anomaly> = audit_uniform
        .of_kind(AnomalyKind::BenfordDeviation)
        .collect();
    assert_eq!(found.len(), 1);

    let small = run_audit(&generate(&Spec::new(21, 200)).truth());
    assert!(small.benford.is_none());
}

#[test]
fn injected_anomalies_survive_reading_from_words() {
    let mut spec = Spec::new(17, 90).in_language("de", "EUR");
    spec.inject = Inject {
        running_balance_error_at: Some(25),
        duplicate_at: Some(40),
        ..Inject::default()
    };
    let generated = generate(&spec);
    let read = read_pages(&generated.words(), &hints("de", Some("EUR"))).unwrap();
    assert_same(&read, &generated.truth());
    let audit = run_audit(&read);
    let mut found = kinds(&audit);
    found.sort_by_key(|k| k.as_str());
    assert_eq!(
        found,
        [
            AnomalyKind::DuplicateTransaction,
            AnomalyKind::RunningBalanceError
        ]
    );
}

#[test]
fn anomalies_come_most_severe_first() {
    let mut spec = Spec::new(4, 200);
    spec.inject = Inject {
        balance_mismatch: true,
        weekend_at: Some(10),
        duplicate_at: Some(100),
        ..Inject::default()
    };
    let audit = run_audit(&generate(&spec).truth());
    let severities: Vec<Severity> = audit.anomalies.iter().map(|a| a.severity).collect();
    let mut sorted = severities.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(severities, sorted);
    assert_eq!(audit.anomalies[0].kind, AnomalyKind::BalanceMismatch);
}
