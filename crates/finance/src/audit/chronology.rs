//! Dates against the statement's order and period: postings out of date order
//! (`date_out_of_order`: the rows outside a longest ordered subsequence, so one misplaced
//! row is one finding; statements printed newest first are recognised and checked the
//! other way), and postings outside the printed period (`date_outside_period`).

use chrono::NaiveDate;

use super::describe::row_ref;
use super::types::{Anomaly, AnomalyKind, Severity, Statement};

/// Days outside the period from which the finding is high severity.
const FAR_OUTSIDE_DAYS: i64 = 31;

pub fn check_order(statement: &Statement) -> Vec<Anomaly> {
    let dated: Vec<(usize, NaiveDate)> = statement
        .transactions
        .iter()
        .filter_map(|t| Some((t.index, t.date?)))
        .collect();
    let (mut rising, mut falling) = (0usize, 0usize);
    for pair in dated.windows(2) {
        if pair[1].1 > pair[0].1 {
            rising += 1;
        } else if pair[1].1 < pair[0].1 {
            falling += 1;
        }
    }
    let newest_first = falling > rising;
    let keys: Vec<NaiveDate> = dated.iter().map(|(_, d)| *d).collect();
    let in_order = longest_ordered(&keys, newest_first);
    let order = if newest_first {
        "newest first"
    } else {
        "oldest first"
    };
    let mut anomalies = Vec::new();
    for (position, &(index, date)) in dated.iter().enumerate() {
        if in_order[position] {
            continue;
        }
        let Some(t) = statement.transactions.get(index) else {
            continue;
        };
        // The nearest row above that is in order: the date this one breaks with.
        let above = (0..position)
            .rev()
            .find(|p| in_order[*p])
            .map(|p| dated[p].1);
        let detail = match above {
            Some(above) => {
                let days = (date - above).num_days().abs();
                let side = if date < above { "before" } else { "after" };
                format!("dated {days} days {side} the row above it ({above})")
            }
            None => format!("dated {date}, out of sequence with the rows below it"),
        };
        let far = above.is_some_and(|a| (date - a).num_days().abs() > 7);
        anomalies.push(Anomaly {
            kind: AnomalyKind::DateOutOfOrder,
            severity: if far { Severity::Medium } else { Severity::Low },
            description: format!(
                "{}: {detail} although the statement is printed {order}: check whether the row was inserted or its date altered.",
                row_ref(t),
            ),
            transactions: vec![index],
            amount: Some(t.amount),
        });
    }
    anomalies
}

/// Which dates belong to a longest non-decreasing (non-increasing when `falling`)
/// subsequence: the rows outside it are the fewest that break the order, so one
/// misplaced row does not make every later row out of order.
fn longest_ordered(dates: &[NaiveDate], falling: bool) -> Vec<bool> {
    let key = |d: NaiveDate| {
        let days = i64::from(chrono::Datelike::num_days_from_ce(&d));
        if falling { -days } else { days }
    };
    // tails[k]: the position ending the best subsequence of length k + 1 found so far.
    let mut tails: Vec<usize> = Vec::new();
    let mut previous: Vec<Option<usize>> = vec![None; dates.len()];
    for (position, &date) in dates.iter().enumerate() {
        let value = key(date);
        let slot = tails.partition_point(|&p| key(dates[p]) <= value);
        previous[position] = slot.checked_sub(1).and_then(|s| tails.get(s).copied());
        if slot == tails.len() {
            tails.push(position);
        } else {
            tails[slot] = position;
        }
    }
    let mut in_order = vec![false; dates.len()];
    let mut cursor = tails.last().copied();
    while let Some(position) = cursor {
        in_order[position] = true;
        cursor = previous[position];
    }
    in_order
}

pub fn check_period(statement: &Statement) -> Vec<Anomaly> {
    let (Some(start), Some(end)) = (statement.period_start, statement.period_end) else {
        return Vec::new();
    };
    statement
        .transactions
        .iter()
        .filter_map(|t| {
            let date = t.date?;
            let days = if date < start {
                (start - date).num_days()
            } else if date > end {
                (date - end).num_days()
            } else {
                return None;
            };
            Some(Anomaly {
                kind: AnomalyKind::DateOutsidePeriod,
                severity: if days > FAR_OUTSIDE_DAYS { Severity::High } else { Severity::Medium },
                description: format!(
                    "{}: dated {days} days {} the statement period {start} to {end}: check whether it belongs to this statement.",
                    row_ref(t),
                    if date < start { "before" } else { "after" },
                ),
                transactions: vec![t.index],
                amount: Some(t.amount),
            })
        })
        .collect()
}
