//! Whether a line is repeated (`duplicate_line_items`): padding an expense claim by
//! copying a line is a cheap forgery. Honest receipts repeat lines too (an article scanned
//! twice), hence a small weight.
//!
//! Two lines are the same when their descriptions match after trimming, lower-casing and
//! collapsing whitespace, and their amounts are equal. Lines without a description or an
//! amount are not compared. At most `MAX_LINES_COMPARED` lines are compared. Bank
//! statements are not judged (the same card payment twice a month is ordinary).

use std::collections::HashMap;

use super::money::format_amount;
use super::scoring::WEIGHT_DUPLICATE_LINE_ITEMS;
use super::{DocKind, Facts, Signal, SignalKind};

/// Lines compared at most (a hash map: linear, but bounded anyway).
pub const MAX_LINES_COMPARED: usize = 2000;
/// Characters of a description quoted in the detail.
const QUOTED_CHARS: usize = 40;
/// Repeated lines named in the detail.
const REPEATS_NAMED: usize = 3;

fn normalized_description(description: &str) -> String {
    description
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The `duplicate_line_items` signal, when a description and amount repeat.
pub fn duplicate_line_items_signal(facts: &Facts) -> Option<Signal> {
    if facts.doc_type == DocKind::BankStatement {
        return None;
    }
    let mut first_seen: HashMap<(String, i64), Vec<usize>> = HashMap::new();
    let mut order = Vec::new();
    for (index, item) in facts.items.iter().take(MAX_LINES_COMPARED).enumerate() {
        let Some(amount) = item.amount else { continue };
        let description = normalized_description(&item.description);
        if description.is_empty() {
            continue;
        }
        let key = (description, amount);
        let lines = first_seen.entry(key.clone()).or_default();
        if lines.is_empty() {
            order.push(key);
        }
        lines.push(index + 1);
    }
    let repeats: Vec<String> = order
        .iter()
        .filter_map(|key| {
            let lines = first_seen.get(key)?;
            if lines.len() < 2 {
                return None;
            }
            let source = facts.items.get(lines[0] - 1)?;
            let quoted: String = source
                .description
                .trim()
                .chars()
                .take(QUOTED_CHARS)
                .collect();
            let numbers = lines
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            Some(format!(
                "\"{quoted}\" at {} appears on lines {numbers}",
                format_amount(key.1, facts.currency.as_deref())
            ))
        })
        .collect();
    if repeats.is_empty() {
        return None;
    }
    let more = repeats.len().saturating_sub(REPEATS_NAMED);
    let mut detail = repeats
        .into_iter()
        .take(REPEATS_NAMED)
        .collect::<Vec<_>>()
        .join("; ");
    if more > 0 {
        detail.push_str(&format!(" (and {more} more repeated lines)"));
    }
    detail.push('.');
    let mut chars = detail.chars();
    let capitalised = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => detail,
    };
    Some(Signal {
        kind: SignalKind::DuplicateLineItems,
        weight: WEIGHT_DUPLICATE_LINE_ITEMS,
        detail: capitalised,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::ItemFacts;

    fn lines(items: &[(&str, i64)]) -> Facts {
        let mut facts = Facts::empty(DocKind::ExpenseReport);
        facts.currency = Some("EUR".into());
        facts.items = items
            .iter()
            .map(|(description, amount)| ItemFacts {
                description: (*description).into(),
                amount: Some(*amount),
                ..Default::default()
            })
            .collect();
        facts
    }

    #[test]
    fn a_repeated_line_trips() {
        let facts = lines(&[
            ("Hotel night", 12000),
            ("Taxi", 2350),
            ("hotel  NIGHT ", 12000),
        ]);
        let signal = duplicate_line_items_signal(&facts).expect("signal");
        assert_eq!(signal.kind, SignalKind::DuplicateLineItems);
        assert_eq!(signal.weight, 10);
        assert_eq!(
            signal.detail,
            "\"Hotel night\" at 120.00 EUR appears on lines 1, 3."
        );
    }

    #[test]
    fn same_description_other_amount_is_clean() {
        let facts = lines(&[
            ("Hotel night", 12000),
            ("Hotel night", 11000),
            ("", 500),
            ("", 500),
        ]);
        assert!(duplicate_line_items_signal(&facts).is_none());
    }
}
