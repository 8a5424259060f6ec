//! Whether the document's figures add up, by EN 16931's calculation rules
//! (`arithmetic_mismatch`): a forger who changes one amount rarely fixes all the others.
//!
//! Rules and tolerances (amounts in cents):
//!
//! - Line: quantity × unit price = line amount (EN 16931 BT-131 = BT-146 × BT-129), within
//!   one cent or half a cent per unit, whichever is larger (a unit price printed with two
//!   decimals may have been rounded from more).
//! - BR-CO-10/BR-CO-13: the sum of the line amounts = the subtotal, within one cent. Lines
//!   printed with tax included (B2C receipts) may instead sum to the total. With no subtotal
//!   the sum must equal the total or the total minus the tax. Checked only when every line
//!   has an amount (a partly read table proves nothing).
//! - BR-CO-15: subtotal + tax = total, within one cent per rounding step (the tax is rounded
//!   once per rate, so one cent per rate in the breakdown, at least one), or within two
//!   cents when the total is a multiple of 0.05 (cash rounding, EN 16931 BT-114: CH, NL, BE,
//!   FI …). A subtotal equal to the total with a positive tax is a tax-included total and
//!   is not checked.
//! - BR-CO-14: the tax total = the sum of the breakdown's tax amounts, within one cent.
//! - BR-CO-17: each rate's tax = its taxable amount × rate, rounded to cents, ±0.01; with a
//!   single printed rate and no breakdown, against the subtotal, or for tax-included totals
//!   total × rate / (100 + rate). The ±0.01 grows by half a cent per line beyond the first,
//!   because tills that tax each line round each line.
//!
//! Bank statements are not checked here: their lines are transactions and their totals
//! balances (the bank-statement API reconciles those).

use super::money::{format_amount, format_percent};
use super::scoring::WEIGHT_ARITHMETIC_MISMATCH;
use super::{DocKind, Facts, Signal, SignalKind};

/// How many failing lines the detail names before summarising the rest.
const LINES_NAMED_IN_DETAIL: usize = 3;

/// The `arithmetic_mismatch` signal, when any rule fails.
pub fn arithmetic_signal(facts: &Facts) -> Option<Signal> {
    let findings = arithmetic_findings(facts);
    if findings.is_empty() {
        return None;
    }
    Some(Signal {
        kind: SignalKind::ArithmeticMismatch,
        weight: WEIGHT_ARITHMETIC_MISMATCH,
        detail: findings.join(" "),
    })
}

/// One sentence per failed rule.
pub fn arithmetic_findings(facts: &Facts) -> Vec<String> {
    let mut findings = Vec::new();
    if facts.doc_type == DocKind::BankStatement {
        return findings;
    }
    findings.extend(line_findings(facts));
    findings.extend(line_sum_finding(facts));
    findings.extend(total_finding(facts));
    findings.extend(breakdown_sum_finding(facts));
    findings.extend(tax_calculation_findings(facts));
    findings
}

fn currency(facts: &Facts) -> Option<&str> {
    facts.currency.as_deref()
}

/// `value` rounded to whole cents, or `None` when it is not a finite amount.
fn round_to_cents(value: f64) -> Option<i64> {
    if !value.is_finite() || value.abs() > 9.0e15 {
        return None;
    }
    // In range: the cast cannot saturate.
    Some(value.round() as i64)
}

fn format_quantity(quantity: f64) -> String {
    let text = format!("{quantity:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Lines whose quantity × unit price is not their amount.
fn line_findings(facts: &Facts) -> Option<String> {
    let mut failing = Vec::new();
    for (index, item) in facts.items.iter().enumerate() {
        let (Some(quantity), Some(unit_price), Some(amount)) =
            (item.quantity, item.unit_price, item.amount)
        else {
            continue;
        };
        let Some(expected) = round_to_cents(quantity * unit_price as f64) else {
            continue;
        };
        let tolerance = round_to_cents(quantity.abs() * 0.5).unwrap_or(1).max(1);
        if (i128::from(expected) - i128::from(amount)).abs() > i128::from(tolerance) {
            failing.push(format!(
                "line {}: {} × {} = {}, but the line amount is {}",
                index + 1,
                format_quantity(quantity),
                format_amount(unit_price, currency(facts)),
                format_amount(expected, currency(facts)),
                format_amount(amount, currency(facts)),
            ));
        }
    }
    if failing.is_empty() {
        return None;
    }
    let more = failing.len().saturating_sub(LINES_NAMED_IN_DETAIL);
    let named = failing
        .into_iter()
        .take(LINES_NAMED_IN_DETAIL)
        .collect::<Vec<_>>()
        .join("; ");
    let suffix = if more > 0 {
        format!(" (and {more} more lines)")
    } else {
        String::new()
    };
    Some(format!(
        "EN 16931 line amount (BT-131 = quantity × unit price): {named}{suffix}."
    ))
}

/// BR-CO-10/13: the line amounts against the subtotal (or a tax-included total).
fn line_sum_finding(facts: &Facts) -> Option<String> {
    if facts.items.is_empty() {
        return None;
    }
    let amounts: Option<Vec<i64>> = facts.items.iter().map(|item| item.amount).collect();
    let line_sum: i128 = amounts?.iter().copied().map(i128::from).sum();
    let close = |target: i64| (line_sum - i128::from(target)).abs() <= 1;
    let mut candidates = Vec::new();
    candidates.extend(facts.subtotal);
    candidates.extend(facts.total);
    if facts.subtotal.is_none()
        && let (Some(total), Some(tax)) = (facts.total, facts.tax)
    {
        candidates.push(total.saturating_sub(tax));
    }
    if candidates.is_empty() || candidates.into_iter().any(close) {
        return None;
    }
    let line_sum = i64::try_from(line_sum).ok()?;
    let (label, target) = match (facts.subtotal, facts.total) {
        (Some(subtotal), _) => ("subtotal", subtotal),
        (None, Some(total)) => ("total", total),
        (None, None) => return None,
    };
    Some(format!(
        "EN 16931 BR-CO-10/BR-CO-13: the {} line amounts sum to {}, but the {label} is {} (off by {}).",
        facts.items.len(),
        format_amount(line_sum, currency(facts)),
        format_amount(target, currency(facts)),
        format_amount(
            line_sum.saturating_sub(target).saturating_abs(),
            currency(facts)
        ),
    ))
}

/// BR-CO-15: subtotal + tax = total.
fn total_finding(facts: &Facts) -> Option<String> {
    let (subtotal, tax, total) = (facts.subtotal?, facts.tax?, facts.total?);
    if subtotal == total && tax > 0 {
        return None; // a tax-included total: the tax is "of which"
    }
    let expected = i128::from(subtotal) + i128::from(tax);
    let difference = (expected - i128::from(total)).abs();
    let rounding_steps = i128::try_from(facts.tax_breakdown.len().max(1)).unwrap_or(1);
    let cash_rounded = total % 5 == 0 && difference <= 2;
    if difference <= rounding_steps || cash_rounded {
        return None;
    }
    let (Ok(expected), Ok(difference)) = (i64::try_from(expected), i64::try_from(difference))
    else {
        return Some(format!(
            "EN 16931 BR-CO-15: subtotal {} + tax {} is beyond any amount, but the total is {}.",
            format_amount(subtotal, currency(facts)),
            format_amount(tax, currency(facts)),
            format_amount(total, currency(facts)),
        ));
    };
    Some(format!(
        "EN 16931 BR-CO-15: subtotal {} + tax {} = {}, but the total is {} (off by {}).",
        format_amount(subtotal, currency(facts)),
        format_amount(tax, currency(facts)),
        format_amount(expected, currency(facts)),
        format_amount(total, currency(facts)),
        format_amount(difference, currency(facts)),
    ))
}

/// BR-CO-14: the tax total against the breakdown's tax amounts.
fn breakdown_sum_finding(facts: &Facts) -> Option<String> {
    let tax = facts.tax?;
    if facts.tax_breakdown.is_empty() {
        return None;
    }
    let amounts: Option<Vec<i64>> = facts
        .tax_breakdown
        .iter()
        .map(|row| row.tax_amount)
        .collect();
    let sum: i128 = amounts?.iter().copied().map(i128::from).sum();
    if (sum - i128::from(tax)).abs() <= 1 {
        return None;
    }
    Some(format!(
        "EN 16931 BR-CO-14: the tax per rate sums to {}, but the tax total is {}.",
        format_amount(i64::try_from(sum).ok()?, currency(facts)),
        format_amount(tax, currency(facts)),
    ))
}

/// The BR-CO-17 tolerance in cents: one, plus half a cent per line beyond the first.
fn tax_tolerance(facts: &Facts) -> i64 {
    let extra_lines = i64::try_from(facts.items.len().saturating_sub(1)).unwrap_or(0);
    1 + extra_lines / 2
}

/// BR-CO-17: tax = taxable amount × rate, per breakdown row or for the single rate.
fn tax_calculation_findings(facts: &Facts) -> Vec<String> {
    let tolerance = tax_tolerance(facts);
    let within = |expected: i64, actual: i64| {
        (i128::from(expected) - i128::from(actual)).abs() <= i128::from(tolerance)
    };
    let mut findings = Vec::new();
    for row in &facts.tax_breakdown {
        let (Some(taxable), Some(tax)) = (row.taxable_amount, row.tax_amount) else {
            continue;
        };
        let Some(expected) = round_to_cents(taxable as f64 * row.rate_percent / 100.0) else {
            continue;
        };
        if !within(expected, tax) {
            findings.push(format!(
                "EN 16931 BR-CO-17: {} of {} is {}, but the tax at that rate is {}.",
                format_percent(row.rate_percent),
                format_amount(taxable, currency(facts)),
                format_amount(expected, currency(facts)),
                format_amount(tax, currency(facts)),
            ));
        }
    }
    if !facts.tax_breakdown.is_empty() {
        return findings;
    }
    let (Some(rate), Some(tax)) = (facts.tax_rate_percent, facts.tax) else {
        return findings;
    };
    if !rate.is_finite() || rate <= 0.0 {
        return findings;
    }
    let on_subtotal = facts
        .subtotal
        .and_then(|subtotal| Some((subtotal, round_to_cents(subtotal as f64 * rate / 100.0)?)));
    let included_in_total = facts
        .total
        .and_then(|total| round_to_cents(total as f64 * rate / (100.0 + rate)));
    let consistent = on_subtotal.is_some_and(|(_, expected)| within(expected, tax))
        || included_in_total.is_some_and(|expected| within(expected, tax));
    if consistent {
        return findings;
    }
    let sentence = match (on_subtotal, included_in_total, facts.total) {
        (Some((subtotal, expected)), _, _) => format!(
            "EN 16931 BR-CO-17: {} of the subtotal {} is {}, but the tax is {}.",
            format_percent(rate),
            format_amount(subtotal, currency(facts)),
            format_amount(expected, currency(facts)),
            format_amount(tax, currency(facts)),
        ),
        (None, Some(expected), Some(total)) => format!(
            "EN 16931 BR-CO-17: {} included in the total {} is {}, but the tax is {}.",
            format_percent(rate),
            format_amount(total, currency(facts)),
            format_amount(expected, currency(facts)),
            format_amount(tax, currency(facts)),
        ),
        _ => return findings,
    };
    findings.push(sentence);
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::{ItemFacts, TaxBreakdownFacts};

    fn item(description: &str, quantity: f64, unit_price: i64, amount: i64) -> ItemFacts {
        ItemFacts {
            description: description.into(),
            quantity: Some(quantity),
            unit_price: Some(unit_price),
            amount: Some(amount),
        }
    }

    /// A German invoice that adds up: 2 × 12.50 + 1 × 75.00 = 100.00, 19 % = 19.00.
    fn clean_invoice() -> Facts {
        let mut facts = Facts::empty(DocKind::Invoice);
        facts.items = vec![
            item("Widget", 2.0, 1250, 2500),
            item("Service", 1.0, 7500, 7500),
        ];
        facts.subtotal = Some(10000);
        facts.tax = Some(1900);
        facts.tax_rate_percent = Some(19.0);
        facts.total = Some(11900);
        facts.currency = Some("EUR".into());
        facts
    }

    #[test]
    fn a_consistent_invoice_has_no_finding() {
        assert!(arithmetic_findings(&clean_invoice()).is_empty());
        assert!(arithmetic_signal(&clean_invoice()).is_none());
    }

    #[test]
    fn a_line_whose_amount_is_not_quantity_times_price_trips() {
        let mut facts = clean_invoice();
        facts.items[0].amount = Some(3500);
        facts.subtotal = Some(11000);
        facts.tax = Some(2090);
        facts.total = Some(13090);
        let signal = arithmetic_signal(&facts).expect("signal");
        assert_eq!(signal.kind, SignalKind::ArithmeticMismatch);
        assert_eq!(signal.weight, 30);
        assert!(
            signal
                .detail
                .contains("line 1: 2 × 12.50 EUR = 25.00 EUR, but the line amount is 35.00 EUR"),
            "{}",
            signal.detail
        );
    }

    #[test]
    fn fractional_quantities_round_within_tolerance() {
        let mut facts = clean_invoice();
        // 1.255 kg × 3.99 = 5.00745 → 5.01; printed 5.01.
        facts.items = vec![item("Cheese", 1.255, 399, 501)];
        facts.subtotal = Some(501);
        facts.tax_rate_percent = Some(7.0);
        facts.tax = Some(35);
        facts.total = Some(536);
        assert!(
            arithmetic_findings(&facts).is_empty(),
            "{:?}",
            arithmetic_findings(&facts)
        );
    }

    #[test]
    fn lines_not_summing_to_the_subtotal_trip_br_co_10() {
        let mut facts = clean_invoice();
        facts.items[1] = item("Service", 1.0, 6500, 6500);
        let findings = arithmetic_findings(&facts);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert!(findings[0].contains("BR-CO-10"));
        assert!(findings[0].contains("sum to 90.00 EUR, but the subtotal is 100.00 EUR"));
    }

    #[test]
    fn gross_lines_summing_to_the_total_are_fine() {
        let mut facts = Facts::empty(DocKind::Receipt);
        facts.items = vec![item("Coffee", 1.0, 350, 350), item("Cake", 2.0, 400, 800)];
        facts.total = Some(1150);
        facts.tax = Some(184); // 19 % included: 11.50 × 19 / 119 = 1.836…
        facts.tax_rate_percent = Some(19.0);
        assert!(
            arithmetic_findings(&facts).is_empty(),
            "{:?}",
            arithmetic_findings(&facts)
        );
    }

    #[test]
    fn a_total_other_than_subtotal_plus_tax_trips_br_co_15() {
        let mut facts = clean_invoice();
        facts.total = Some(12900);
        let findings = arithmetic_findings(&facts);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(
            findings[0],
            "EN 16931 BR-CO-15: subtotal 100.00 EUR + tax 19.00 EUR = 119.00 EUR, but the total is 129.00 EUR (off by 10.00 EUR)."
        );
    }

    #[test]
    fn one_cent_and_cash_rounding_are_tolerated() {
        let mut facts = clean_invoice();
        facts.total = Some(11901);
        assert!(total_finding(&facts).is_none());
        facts.total = Some(11898);
        assert!(total_finding(&facts).is_some());
        // Swiss cash rounding: 100.00 + 8.13 = 108.13 → 108.15.
        let mut swiss = Facts::empty(DocKind::Receipt);
        swiss.subtotal = Some(10000);
        swiss.tax = Some(813);
        swiss.total = Some(10815);
        assert!(total_finding(&swiss).is_none());
    }

    #[test]
    fn breakdown_rows_must_sum_and_compute() {
        let mut facts = clean_invoice();
        facts.items.clear();
        facts.tax_rate_percent = None;
        facts.subtotal = Some(20000);
        facts.tax = Some(2600);
        facts.total = Some(22600);
        facts.tax_breakdown = vec![
            TaxBreakdownFacts {
                rate_percent: 19.0,
                taxable_amount: Some(10000),
                tax_amount: Some(1900),
            },
            TaxBreakdownFacts {
                rate_percent: 7.0,
                taxable_amount: Some(10000),
                tax_amount: Some(700),
            },
        ];
        assert!(
            arithmetic_findings(&facts).is_empty(),
            "{:?}",
            arithmetic_findings(&facts)
        );

        facts.tax = Some(2700);
        facts.total = Some(22700);
        let findings = arithmetic_findings(&facts);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert!(findings[0].contains("BR-CO-14"));

        facts.tax = Some(2600);
        facts.total = Some(22600);
        facts.tax_breakdown[1].tax_amount = Some(800);
        facts.tax_breakdown[0].tax_amount = Some(1800);
        let findings = arithmetic_findings(&facts);
        assert_eq!(findings.len(), 2, "{findings:?}");
        assert!(findings.iter().all(|f| f.contains("BR-CO-17")));
        assert!(
            findings[0]
                .contains("19 % of 100.00 EUR is 19.00 EUR, but the tax at that rate is 18.00 EUR")
        );
    }

    #[test]
    fn a_tax_not_matching_the_rate_trips_br_co_17() {
        let mut facts = clean_invoice();
        facts.tax = Some(2000);
        facts.total = Some(12000);
        let findings = arithmetic_findings(&facts);
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(
            findings[0],
            "EN 16931 BR-CO-17: 19 % of the subtotal 100.00 EUR is 19.00 EUR, but the tax is 20.00 EUR."
        );
    }

    #[test]
    fn absurd_figures_do_not_panic_and_contradictory_totals_are_found() {
        let mut facts = clean_invoice();
        facts.items = vec![
            item("x", f64::MAX, i64::MAX, i64::MIN),
            item("y", f64::NAN, 1, 1),
        ];
        facts.subtotal = Some(i64::MAX);
        facts.tax = Some(i64::MAX);
        facts.total = Some(i64::MIN);
        facts.tax_rate_percent = Some(f64::INFINITY);
        let findings = arithmetic_findings(&facts);
        assert!(
            findings
                .iter()
                .any(|f| f.starts_with("EN 16931 BR-CO-15:") && f.contains("is beyond any amount")),
            "{findings:?}"
        );
    }
}
