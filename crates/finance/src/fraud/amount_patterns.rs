//! Whether the amounts are suspiciously round (`round_amounts`): invented figures are
//! whole numbers far more often than prices and taxes are.
//!
//! Round means a whole unit for lines and a multiple of ten units for the total (100 and
//! 1000 units for currencies without decimals: JPY, KRW …). The signal needs a round,
//! positive total and, with two or more line amounts, at least three quarters of them
//! round; without line amounts the total alone must be a multiple of 100 units (1000 for
//! zero-decimal currencies). A document with tax is judged on the same figures: a round
//! total after tax is already unusual. Bank statements are not judged (rent, transfers and
//! withdrawals are round by nature).

use super::money::{format_amount, is_zero_decimal};
use super::scoring::WEIGHT_ROUND_AMOUNTS;
use super::{DocKind, Facts, Signal, SignalKind};

/// Share of round line amounts that counts as "most".
pub const ROUND_LINES_SHARE: f64 = 0.75;

/// The `round_amounts` signal, when the total and most lines are round.
pub fn round_amounts_signal(facts: &Facts) -> Option<Signal> {
    if facts.doc_type == DocKind::BankStatement {
        return None;
    }
    let total = facts.total.filter(|total| *total > 0)?;
    let currency = facts.currency.as_deref();
    let unit: i64 = if is_zero_decimal(currency) {
        100 * 100
    } else {
        100
    };
    let line_amounts: Vec<i64> = facts.items.iter().filter_map(|item| item.amount).collect();
    if line_amounts.len() >= 2 {
        if total % (unit * 10) != 0 {
            return None;
        }
        let round_lines = line_amounts
            .iter()
            .filter(|amount| *amount % unit == 0)
            .count();
        let share = round_lines as f64 / line_amounts.len() as f64;
        if share < ROUND_LINES_SHARE {
            return None;
        }
        return Some(Signal {
            kind: SignalKind::RoundAmounts,
            weight: WEIGHT_ROUND_AMOUNTS,
            detail: format!(
                "The total {} and {round_lines} of the {} line amounts are round numbers.",
                format_amount(total, currency),
                line_amounts.len()
            ),
        });
    }
    if total % (unit * 100) != 0 {
        return None;
    }
    Some(Signal {
        kind: SignalKind::RoundAmounts,
        weight: WEIGHT_ROUND_AMOUNTS,
        detail: format!(
            "The total {} is a round number and no line amounts support it.",
            format_amount(total, currency)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::ItemFacts;

    fn receipt(total: i64, amounts: &[i64], currency: &str) -> Facts {
        let mut facts = Facts::empty(DocKind::Receipt);
        facts.total = Some(total);
        facts.currency = Some(currency.into());
        facts.items = amounts
            .iter()
            .map(|amount| ItemFacts {
                description: "item".into(),
                amount: Some(*amount),
                ..Default::default()
            })
            .collect();
        facts
    }

    #[test]
    fn round_total_and_lines_trip() {
        let signal =
            round_amounts_signal(&receipt(50000, &[20000, 20000, 10000], "USD")).expect("signal");
        assert_eq!(signal.kind, SignalKind::RoundAmounts);
        assert_eq!(signal.weight, 10);
        assert_eq!(
            signal.detail,
            "The total 500.00 USD and 3 of the 3 line amounts are round numbers."
        );
        assert!(round_amounts_signal(&receipt(500000, &[], "EUR")).is_some());
    }

    #[test]
    fn ordinary_prices_are_clean() {
        assert!(round_amounts_signal(&receipt(4787, &[1299, 2999, 489], "USD")).is_none());
        // Round total, lines not.
        assert!(round_amounts_signal(&receipt(5000, &[1299, 3701], "USD")).is_none());
        // Round lines, total not a multiple of ten.
        assert!(round_amounts_signal(&receipt(4500, &[2000, 2500], "USD")).is_none());
        // A small round total without lines.
        assert!(round_amounts_signal(&receipt(2000, &[], "EUR")).is_none());
        assert!(round_amounts_signal(&Facts::empty(DocKind::Receipt)).is_none());
    }

    #[test]
    fn yen_prices_are_judged_in_hundreds() {
        // ¥1,280 + ¥3,520 = ¥4,800: whole yen but not round.
        assert!(round_amounts_signal(&receipt(480000, &[128000, 352000], "JPY")).is_none());
        assert!(round_amounts_signal(&receipt(5000000, &[2000000, 3000000], "JPY")).is_some());
    }
}
