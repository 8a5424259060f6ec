//! Whether the document shows what its type must show (`missing_required_fields`): a
//! forged or cut-down document often lacks them, and the other checks need them.
//!
//! Required: invoice — vendor, date, total, tax (a tax amount or rate; 0 counts as shown);
//! receipt — date, total; expense report — date, total; bank statement — bank (vendor),
//! date. 5 points per missing field, at most 15.

use super::scoring::{WEIGHT_MISSING_FIELD_EACH, WEIGHT_MISSING_FIELDS_MAX};
use super::{DocKind, Facts, Signal, SignalKind};

/// The required fields `facts` lacks, in the order of the rule above.
pub fn missing_fields(facts: &Facts) -> Vec<&'static str> {
    let vendor = facts.vendor_present;
    let date = facts.date.is_some() || facts.date_text_invalid.is_some();
    let total = facts.total.is_some();
    let tax =
        facts.tax.is_some() || facts.tax_rate_percent.is_some() || !facts.tax_breakdown.is_empty();
    let required: &[(&'static str, bool)] = match facts.doc_type {
        DocKind::Invoice => &[
            ("vendor", vendor),
            ("date", date),
            ("total", total),
            ("tax", tax),
        ],
        DocKind::Receipt | DocKind::ExpenseReport => &[("date", date), ("total", total)],
        DocKind::BankStatement => &[("bank", vendor), ("date", date)],
    };
    required
        .iter()
        .filter(|(_, present)| !present)
        .map(|(name, _)| *name)
        .collect()
}

/// The `missing_required_fields` signal, when any is missing.
pub fn missing_fields_signal(facts: &Facts) -> Option<Signal> {
    let missing = missing_fields(facts);
    if missing.is_empty() {
        return None;
    }
    let count = u32::try_from(missing.len()).unwrap_or(u32::MAX);
    let weight = count
        .saturating_mul(WEIGHT_MISSING_FIELD_EACH)
        .min(WEIGHT_MISSING_FIELDS_MAX);
    let kind = match facts.doc_type {
        DocKind::Invoice => "invoice",
        DocKind::Receipt => "receipt",
        DocKind::ExpenseReport => "expense report",
        DocKind::BankStatement => "bank statement",
    };
    let plural = if missing.len() == 1 {
        "field"
    } else {
        "fields"
    };
    Some(Signal {
        kind: SignalKind::MissingRequiredFields,
        weight,
        detail: format!(
            "The {kind} lacks {} required {plural}: {}.",
            missing.len(),
            missing.join(", ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn a_complete_invoice_and_receipt_are_clean() {
        let mut invoice = Facts::empty(DocKind::Invoice);
        invoice.vendor_present = true;
        invoice.date = NaiveDate::from_ymd_opt(2026, 1, 5);
        invoice.total = Some(100);
        invoice.tax = Some(0);
        assert!(missing_fields_signal(&invoice).is_none());
        let mut receipt = Facts::empty(DocKind::Receipt);
        receipt.date = NaiveDate::from_ymd_opt(2026, 1, 5);
        receipt.total = Some(100);
        assert!(missing_fields_signal(&receipt).is_none());
    }

    #[test]
    fn an_empty_invoice_scores_at_most_fifteen() {
        let signal = missing_fields_signal(&Facts::empty(DocKind::Invoice)).expect("signal");
        assert_eq!(signal.kind, SignalKind::MissingRequiredFields);
        assert_eq!(signal.weight, 15);
        assert_eq!(
            signal.detail,
            "The invoice lacks 4 required fields: vendor, date, total, tax."
        );
    }

    #[test]
    fn a_receipt_without_total_scores_five() {
        let mut receipt = Facts::empty(DocKind::Receipt);
        receipt.date = NaiveDate::from_ymd_opt(2026, 1, 5);
        let signal = missing_fields_signal(&receipt).expect("signal");
        assert_eq!(signal.weight, 5);
        assert_eq!(signal.detail, "The receipt lacks 1 required field: total.");
        let statement =
            missing_fields_signal(&Facts::empty(DocKind::BankStatement)).expect("signal");
        assert_eq!(statement.weight, 10);
    }
}
