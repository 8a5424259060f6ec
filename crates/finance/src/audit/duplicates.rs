//! Duplicate transactions: the same date, amount and description (lowercased, letters and
//! digits only, spaces collapsed) more than once. One finding per group, naming every row.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::describe::{row_list, row_ref};
use super::money::format_cents;
use super::types::{Anomaly, AnomalyKind, Cents, Severity, Statement};

/// Below this a repeat is low severity (two coffees the same day happen): 100.00.
const SMALL: Cents = 10_000;
/// From this a repeat is high severity: 10,000.00.
const LARGE: Cents = 1_000_000;

pub fn check(statement: &Statement) -> Vec<Anomaly> {
    let mut groups: HashMap<(Option<NaiveDate>, Cents, String), Vec<usize>> = HashMap::new();
    for t in &statement.transactions {
        groups
            .entry((t.date, t.amount, normalize(&t.description)))
            .or_default()
            .push(t.index);
    }
    let mut repeated: Vec<Vec<usize>> =
        groups.into_values().filter(|rows| rows.len() > 1).collect();
    repeated.sort();
    repeated
        .into_iter()
        .filter_map(|rows| {
            let first = statement.transactions.get(*rows.first()?)?;
            let magnitude = first.amount.abs();
            let severity = if magnitude >= LARGE {
                Severity::High
            } else if magnitude >= SMALL {
                Severity::Medium
            } else {
                Severity::Low
            };
            let description = format!(
                "{} appears {} times ({}) with the same date, amount and description, {} in total: check with the bank or the payee whether it was charged more than once.",
                row_ref(first),
                rows.len(),
                row_list(&rows, 10),
                format_cents(first.amount * rows.len() as Cents),
            );
            Some(Anomaly {
                kind: AnomalyKind::DuplicateTransaction,
                severity,
                description,
                transactions: rows,
                amount: Some(first.amount),
            })
        })
        .collect()
}

/// Lowercase letters and digits, single spaces.
fn normalize(description: &str) -> String {
    description
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_case_punctuation_and_spaces() {
        assert_eq!(normalize("  ACME  Ltd. - London "), "acme ltd london");
    }
}
