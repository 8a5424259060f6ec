//! Whether the tax rates on the document exist in its country (`tax_mismatch`): a made-up
//! or foreign rate betrays a document written outside the tax system it claims.
//!
//! Judged: the printed rate and every breakdown rate, against `vat_rates` on the document's
//! date. Without a printed rate, the effective rate tax ÷ subtotal is judged only against
//! the country's highest rate (a mix of rates lands between them; above the highest rate
//! is impossible), with a one-cent allowance on the tax. Unknown countries, countries
//! without a national rate (US, BR …) and 0 % are never flagged.

use super::money::{format_amount, format_percent};
use super::scoring::WEIGHT_TAX_MISMATCH;
use super::vat_rates::{CountryTaxRates, RATE_MATCH_TOLERANCE, RateVerdict, judge_rate, rates_for};
use super::{Facts, Signal, SignalKind};

/// The `tax_mismatch` signal, when a rate is not one of the country's.
pub fn tax_rate_signal(facts: &Facts) -> Option<Signal> {
    let country = facts.country.as_deref()?;
    let mut printed_rates: Vec<f64> = facts.tax_rate_percent.into_iter().collect();
    printed_rates.extend(facts.tax_breakdown.iter().map(|row| row.rate_percent));
    let mut foreign_rates = Vec::new();
    let mut country_rates = None;
    for rate in printed_rates.iter().copied() {
        if let RateVerdict::Unknown(entry) = judge_rate(country, rate, facts.date)
            && !foreign_rates.contains(&rate)
        {
            foreign_rates.push(rate);
            country_rates = Some(entry);
        }
    }
    if let Some(entry) = country_rates {
        let listed = foreign_rates
            .iter()
            .map(|rate| format_percent(*rate))
            .collect::<Vec<_>>()
            .join(", ");
        return Some(Signal {
            kind: SignalKind::TaxMismatch,
            weight: WEIGHT_TAX_MISMATCH,
            detail: format!(
                "The tax rate {listed} is not a {} rate of {} (its rates: {}).",
                entry.tax_name,
                entry.country,
                list_rates(entry)
            ),
        });
    }
    if printed_rates.is_empty() {
        return effective_rate_signal(facts, country);
    }
    None
}

fn list_rates(entry: &CountryTaxRates) -> String {
    entry
        .rates
        .iter()
        .map(|rate| format_percent(*rate))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Tax ÷ subtotal above the country's highest rate.
fn effective_rate_signal(facts: &Facts, country: &str) -> Option<Signal> {
    let (subtotal, tax) = (facts.subtotal?, facts.tax?);
    if subtotal <= 0 || tax <= 0 {
        return None;
    }
    let entry = rates_for(country).filter(|entry| entry.checked)?;
    let highest = entry.rates.iter().copied().fold(0.0_f64, f64::max);
    let lowest_possible_rate = (tax as f64 - 1.0) / subtotal as f64 * 100.0;
    if lowest_possible_rate <= highest + RATE_MATCH_TOLERANCE {
        return None;
    }
    let effective = tax as f64 / subtotal as f64 * 100.0;
    let currency = facts.currency.as_deref();
    Some(Signal {
        kind: SignalKind::TaxMismatch,
        weight: WEIGHT_TAX_MISMATCH,
        detail: format!(
            "The tax {} on the subtotal {} is {:.2} %, above {}'s highest {} rate {} (its rates: {}).",
            format_amount(tax, currency),
            format_amount(subtotal, currency),
            effective,
            entry.country,
            entry.tax_name,
            format_percent(highest),
            list_rates(entry)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::{DocKind, TaxBreakdownFacts};

    fn facts(country: &str, rate: Option<f64>) -> Facts {
        let mut facts = Facts::empty(DocKind::Invoice);
        facts.country = Some(country.into());
        facts.tax_rate_percent = rate;
        facts.subtotal = Some(10000);
        facts.currency = Some("EUR".into());
        facts
    }

    #[test]
    fn the_countrys_rates_are_clean() {
        for (country, rate) in [
            ("DE", 19.0),
            ("FR", 5.5),
            ("JP", 8.0),
            ("CA", 13.0),
            ("PL", 23.0),
        ] {
            assert!(
                tax_rate_signal(&facts(country, Some(rate))).is_none(),
                "{country}"
            );
        }
    }

    #[test]
    fn a_foreign_rate_trips() {
        let signal = tax_rate_signal(&facts("DE", Some(20.0))).expect("signal");
        assert_eq!(signal.kind, SignalKind::TaxMismatch);
        assert_eq!(signal.weight, 20);
        assert_eq!(
            signal.detail,
            "The tax rate 20 % is not a USt rate of DE (its rates: 19 %, 7 %)."
        );
    }

    #[test]
    fn breakdown_rates_are_judged_too() {
        let mut facts = facts("NL", None);
        facts.date = chrono::NaiveDate::from_ymd_opt(2026, 3, 1); // 6 % ended in 2018
        facts.tax_breakdown = vec![
            TaxBreakdownFacts {
                rate_percent: 21.0,
                ..Default::default()
            },
            TaxBreakdownFacts {
                rate_percent: 6.0,
                ..Default::default()
            },
        ];
        let signal = tax_rate_signal(&facts).expect("signal");
        assert!(
            signal.detail.starts_with("The tax rate 6 % is not"),
            "{}",
            signal.detail
        );
    }

    #[test]
    fn us_brazil_unknown_and_zero_are_never_flagged() {
        assert!(tax_rate_signal(&facts("US", Some(8.875))).is_none());
        assert!(tax_rate_signal(&facts("BR", Some(17.0))).is_none());
        assert!(tax_rate_signal(&facts("XX", Some(17.0))).is_none());
        assert!(tax_rate_signal(&facts("DE", Some(0.0))).is_none());
        let mut no_country = facts("DE", Some(33.0));
        no_country.country = None;
        assert!(tax_rate_signal(&no_country).is_none());
    }

    #[test]
    fn an_effective_rate_above_the_highest_trips() {
        let mut mixed = facts("DE", None);
        mixed.tax = Some(1300); // a mix of 19 % and 7 %
        assert!(tax_rate_signal(&mixed).is_none());
        let mut impossible = facts("DE", None);
        impossible.tax = Some(2500);
        let signal = tax_rate_signal(&impossible).expect("signal");
        assert!(
            signal
                .detail
                .contains("is 25.00 %, above DE's highest USt rate 19 %"),
            "{}",
            signal.detail
        );
    }
}
