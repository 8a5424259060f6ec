//! Balance continuity: opening + credits - debits must equal the closing balance
//! (`balance_mismatch`, or `balance_unverifiable` when a balance is not printed), and each
//! printed running balance must follow from the previous printed one and the transactions
//! in between (`running_balance_error`). Every row is checked against its own previous
//! printed balance, so one wrong figure does not make every later row wrong; the first
//! broken row comes first. Statements printed newest first (their balances follow
//! bottom-up) are checked in that order.

use super::describe::row_ref;
use super::money::format_cents;
use super::types::{Anomaly, AnomalyKind, Cents, Severity, Statement, Transaction};

/// A difference from which a balance finding is critical (1,000.00).
const CRITICAL_DIFFERENCE: Cents = 100_000;

/// The continuity check's outcome.
#[derive(Debug, Clone)]
pub struct Continuity {
    pub passed: bool,
    pub anomalies: Vec<Anomaly>,
}

/// Opening + credits - debits against closing.
pub fn check_continuity(statement: &Statement) -> Continuity {
    let credits: Cents = statement
        .transactions
        .iter()
        .map(|t| t.amount)
        .filter(|a| *a > 0)
        .sum();
    let debits: Cents = -statement
        .transactions
        .iter()
        .map(|t| t.amount)
        .filter(|a| *a < 0)
        .sum::<Cents>();
    let (opening, closing) = match (statement.opening_balance, statement.closing_balance) {
        (Some(opening), Some(closing)) => (opening, closing),
        (opening, closing) => {
            return Continuity {
                passed: false,
                anomalies: vec![unverifiable(statement, opening, closing)],
            };
        }
    };
    let expected = opening + credits - debits;
    let difference = closing - expected;
    if difference == 0 {
        return Continuity {
            passed: true,
            anomalies: Vec::new(),
        };
    }
    let severity = if difference.abs() >= CRITICAL_DIFFERENCE {
        Severity::Critical
    } else {
        Severity::High
    };
    let description = format!(
        "Opening balance {} plus credits {} minus debits {} gives {}, but the closing balance printed is {} (difference {}): a transaction may be missing, added or altered; reconcile the statement with the bank's original.",
        format_cents(opening),
        format_cents(credits),
        format_cents(debits),
        format_cents(expected),
        format_cents(closing),
        format_cents(difference),
    );
    Continuity {
        passed: false,
        anomalies: vec![Anomaly {
            kind: AnomalyKind::BalanceMismatch,
            severity,
            description,
            transactions: Vec::new(),
            amount: Some(difference),
        }],
    }
}

fn unverifiable(statement: &Statement, opening: Option<Cents>, closing: Option<Cents>) -> Anomaly {
    let missing = match (opening, closing) {
        (None, None) => "neither an opening nor a closing balance",
        (None, Some(_)) => "no opening balance",
        _ => "no closing balance",
    };
    let mut description = format!(
        "The statement prints {missing}, so opening + credits - debits cannot be reconciled with the closing balance"
    );
    let first = statement.transactions.first();
    if opening.is_none()
        && let Some(first) = first
        && let Some(balance) = first.balance
    {
        description.push_str(&format!(
            " (the first running balance {} implies an opening balance of {})",
            format_cents(balance),
            format_cents(balance - first.amount)
        ));
    }
    description.push_str("; ask for the complete statement with its balances.");
    Anomaly {
        kind: AnomalyKind::BalanceUnverifiable,
        severity: Severity::Medium,
        description,
        transactions: Vec::new(),
        amount: None,
    }
}

/// Each printed running balance against the previous printed one (or the opening balance)
/// plus the transactions since. A row following a broken one is also checked against what
/// the broken row should have printed: when that fits, the broken row's figure alone is
/// wrong (a misprint or an edit of that one balance) and the row is not reported again.
pub fn check_running(statement: &Statement) -> Vec<Anomaly> {
    let oldest_first: Vec<&Transaction> = statement.transactions.iter().collect();
    let newest_first: Vec<&Transaction> = statement.transactions.iter().rev().collect();
    let rows = if consistent_steps(&newest_first) > consistent_steps(&oldest_first) {
        newest_first
    } else {
        oldest_first
    };
    let mut anomalies: Vec<Anomaly> = Vec::new();
    let mut previous: Option<Cents> = statement.opening_balance;
    // What the last broken row should have printed.
    let mut should_have_printed: Option<Cents> = None;
    let mut since: Cents = 0;
    let mut rows_since = 0usize;
    for t in rows {
        since += t.amount;
        rows_since += 1;
        let Some(printed) = t.balance else {
            continue;
        };
        if let Some(before) = previous {
            let expected = before + since;
            let echo = should_have_printed.is_some_and(|should| should + since == printed);
            should_have_printed = None;
            if echo {
                if let Some(last) = anomalies.last_mut() {
                    last.description.push_str(
                        " The next printed balance follows from the corrected figure: only this row's printed balance is wrong.",
                    );
                }
            } else if expected != printed {
                let first = anomalies.is_empty();
                anomalies.push(running_error(
                    t, printed, expected, before, rows_since, first,
                ));
                should_have_printed = Some(expected);
            }
        }
        previous = Some(printed);
        since = 0;
        rows_since = 0;
    }
    anomalies
}

/// How many printed balances follow from the one before in this order: statements
/// printed newest first are checked bottom-up.
fn consistent_steps(rows: &[&Transaction]) -> usize {
    let mut consistent = 0;
    let mut previous: Option<Cents> = None;
    let mut since: Cents = 0;
    for t in rows {
        since += t.amount;
        if let Some(printed) = t.balance {
            if previous.is_some_and(|before| before + since == printed) {
                consistent += 1;
            }
            previous = Some(printed);
            since = 0;
        }
    }
    consistent
}

fn running_error(
    t: &Transaction,
    printed: Cents,
    expected: Cents,
    before: Cents,
    rows_since: usize,
    first: bool,
) -> Anomaly {
    let difference = printed - expected;
    let after = if rows_since > 1 {
        format!(
            "after the previous balance {} and {} transactions",
            format_cents(before),
            rows_since
        )
    } else {
        format!("after the previous balance {}", format_cents(before))
    };
    let lead = if first {
        "first broken running balance: "
    } else {
        ""
    };
    let description = format!(
        "{}: {lead}the printed balance {} should be {} {after} (difference {}); check the statement against the bank's original.",
        row_ref(t),
        format_cents(printed),
        format_cents(expected),
        format_cents(difference),
    );
    Anomaly {
        kind: AnomalyKind::RunningBalanceError,
        severity: if difference.abs() >= CRITICAL_DIFFERENCE {
            Severity::Critical
        } else {
            Severity::High
        },
        description,
        transactions: vec![t.index],
        amount: Some(difference),
    }
}
