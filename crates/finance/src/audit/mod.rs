//! Bank statement audit (`POST /v1/compliance/finance/audit`): reads a statement's
//! transactions from the words of its pages (`statement`) or from a CSV export
//! (`csv_statement`), then checks them (`audit`): balance continuity and running balances,
//! duplicates, chronology, calendar (weekends, public holidays), amount patterns (round,
//! just below thresholds), robust outliers and Benford's law. Pure: no I/O, no clock, no
//! logging of document contents. Amounts are `i64` hundredths (cents) throughout, so every
//! sum is exact; `cents_to_f64` converts at the wire.

mod amount_patterns;
mod amounts;
mod assemble;
mod balances;
mod benford;
mod calendar;
mod chronology;
mod columns;
mod csv_statement;
mod currency;
mod dates;
mod describe;
mod duplicates;
mod error;
mod labels;
mod layout;
mod money;
mod outliers;
mod rows;
mod statement;
mod types;

/// Generated statements with known anomalies, for tests, the benchmarks and the conformance
/// suite (never in the server: the `test-support` feature).
#[cfg(any(test, feature = "test-support"))]
pub mod fixtures;

#[cfg(test)]
mod tests;

pub use benford::{BenfordResult, BenfordVerdict};
pub use calendar::HolidayRegion;
pub use csv_statement::read_csv;
pub use error::AuditError;
pub use money::{cents_to_f64, format_cents};
pub use statement::read_pages;
pub use types::{
    Anomaly, AnomalyKind, Audit, Cents, Hints, Severity, Statement, Summary, Transaction,
};

/// Runs every check on `statement`: anomalies most severe first (then in statement order),
/// the account summary, whether the balances reconcile, and the Benford figures when the
/// statement has enough amounts.
pub fn audit(statement: &Statement) -> Audit {
    let summary = Summary::of(statement);
    let mut anomalies = Vec::new();
    let continuity = balances::check_continuity(statement);
    let balance_check_passed = continuity.passed;
    anomalies.extend(continuity.anomalies);
    anomalies.extend(balances::check_running(statement));
    anomalies.extend(duplicates::check(statement));
    anomalies.extend(chronology::check_order(statement));
    anomalies.extend(chronology::check_period(statement));
    anomalies.extend(calendar::check(statement));
    anomalies.extend(amount_patterns::check_round(statement));
    anomalies.extend(amount_patterns::check_just_below(statement));
    anomalies.extend(outliers::check(statement));
    let benford = benford::test(statement);
    if let Some(result) = &benford {
        anomalies.extend(benford::anomaly(result));
    }
    // Stable: equal severities keep the order of the checks and rows.
    anomalies.sort_by_key(|a| std::cmp::Reverse(a.severity));
    Audit {
        summary,
        anomalies,
        balance_check_passed,
        benford,
    }
}
