//! End-to-end tests: generated statements read back from words (12 languages) and CSV,
//! every check tripped by its injected anomaly and silent on clean statements, crafted
//! statements for the reading corner cases, and the readers' errors.

mod checks;
mod clean;
mod crafted;
mod reading_csv;
mod reading_words;

use chrono::NaiveDate;

use super::fixtures::{Generated, Inject, Spec, generate};
use super::*;

pub(super) fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

pub(super) fn hints(language: &str, currency: Option<&str>) -> Hints {
    Hints {
        language: Some(language.into()),
        currency: currency.map(str::to_owned),
    }
}

pub(super) fn kinds(audit: &Audit) -> Vec<AnomalyKind> {
    audit.anomalies.iter().map(|a| a.kind).collect()
}

pub(super) fn assert_same(read: &Statement, truth: &Statement) {
    assert_eq!(
        read.transactions.len(),
        truth.transactions.len(),
        "transaction count"
    );
    for (r, t) in read.transactions.iter().zip(&truth.transactions) {
        assert_eq!(r, t, "row {}", t.index);
    }
    assert_eq!(read.opening_balance, truth.opening_balance, "opening");
    assert_eq!(read.closing_balance, truth.closing_balance, "closing");
    assert_eq!(read.period_start, truth.period_start, "period start");
    assert_eq!(read.period_end, truth.period_end, "period end");
    assert_eq!(read.currency, truth.currency, "currency");
}

pub(super) fn injected(inject: Inject) -> Generated {
    let mut spec = Spec::new(7, 200);
    spec.inject = inject;
    generate(&spec)
}
