//! Checks of a labelled total against the arithmetic of the receipt. What was paid in cash
//! (cash handed over − change given) is the rounded total; a total that differs from it by
//! the rounding adjustment is the unrounded one. A total that agrees with no sum but is one
//! OCR digit slip (`34.00` for `31.00`, `7.55` for `27.55`) off a sum of the receipt (cash −
//! change, subtotal + tax + rounding, total + rounding) is that misread sum.

use super::amounts::Amount;
use super::date_repair::confusable;
use super::labels::Label;
use super::text::has_any;
use super::totals::{Pick, RowFacts};

/// Words of the line recording the cash handed over.
#[rustfmt::skip]
const CASH_WORDS: &[&str] = &[
    "cash", "tendered", "bar", "bargeld", "gegeben", "efectivo", "entregado", "espèces",
    "especes", "contanti", "dinheiro", "contant", "gotówka", "gotowka", "お預り", "お預かり", "現金", "现金",
    "현금", "받은금액", "نقدا", "نقداً",
];

/// Words of the line recording the change given back.
#[rustfmt::skip]
const CHANGE_WORDS: &[&str] = &[
    "change", "rückgeld", "ruckgeld", "wechselgeld", "cambio", "su cambio", "vuelto",
    "rendu", "à rendre", "monnaie", "resto", "troco", "wisselgeld", "terug", "reszta", "お釣り",
    "おつり", "釣銭", "找零", "找赎", "거스름돈", "الباقي",
];

/// What the receipt's arithmetic says of its total.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Evidence {
    /// Cash handed over minus change given, when both are written.
    pub paid: Option<i64>,
    /// The rounding adjustment, when a rounding line has one.
    pub rounding: Option<i64>,
    /// Sums the total should equal (subtotal + tax + rounding, a total above the rounding
    /// line + rounding).
    pub sums: Vec<i64>,
    /// The labelled total is confirmed by items that multiply out, by subtotal + tax, or by a
    /// second total line of the same amount.
    pub verified: bool,
}

/// The labelled total, or the amount the arithmetic says was misread as it.
pub fn reconciled(labelled: Pick, consistent: bool, evidence: &Evidence) -> Pick {
    let replaced = |cents: i64, certainty: f32| Pick {
        cents,
        certainty,
        ..labelled
    };
    if let Some(paid) = evidence.paid.filter(|&p| p > 0 && p != labelled.cents) {
        let off_by_rounding = evidence
            .rounding
            .is_some_and(|r| r != 0 && (paid - labelled.cents).abs() == r.abs());
        if off_by_rounding {
            return replaced(paid, labelled.certainty.min(0.9));
        }
        if !evidence.verified
            && (ocr_slip(paid, labelled.cents, false) || lost_decimal_mark(paid, labelled.cents))
        {
            return replaced(paid, 0.6);
        }
    }
    if consistent || evidence.verified {
        return labelled;
    }
    match evidence.sums.iter().find(|&&sum| {
        sum > 0
            && sum != labelled.cents
            && (ocr_slip(sum, labelled.cents, true) || lost_decimal_mark(sum, labelled.cents))
    }) {
        Some(&sum) => replaced(sum, 0.6),
        None => labelled,
    }
}

/// Cash handed over minus change given: the first cash line of the block and the first
/// change line after it, each with a money amount (the change line may be `0.00`).
pub fn paid_in_cash(facts: &[RowFacts], from: usize, zero_decimal: bool) -> Option<i64> {
    let last_money = |i: usize| -> Option<i64> {
        let row: &RowFacts = facts.get(i)?;
        row.money(zero_decimal).last().map(|a: &Amount| a.cents)
    };
    let is_change = |i: usize| has_any(&facts[i].folded, CHANGE_WORDS);
    let cash_row = (from..facts.len()).find(|&i| {
        facts[i].label == Some(Label::Rejected)
            && has_any(&facts[i].folded, CASH_WORDS)
            && !is_change(i)
            && last_money(i).is_some()
    })?;
    let change_row = (cash_row + 1..facts.len().min(cash_row + 4)).find(|&i| is_change(i))?;
    let (cash, change) = (last_money(cash_row)?, last_money(change_row)?);
    (cash > 0 && change >= 0 && cash > change).then_some(cash - change)
}

/// Whether OCR may have read `printed` as `read` without its decimal mark (`7,37` read as
/// `737`): the small comma or point is the mark a faint scan loses first.
pub fn lost_decimal_mark(printed: i64, read: i64) -> bool {
    printed > 0 && read == printed * 100
}

/// Whether OCR may have read `printed` as `read`: one digit swapped for a look-alike
/// (`1`↔`4`↔`7`, `0`↔`8`, `5`↔`6`, `3`↔`8` …) or, when `lost_digit`, one digit lost (`7.55`
/// for `27.55`; too loose against cash − change, where a misread change line also differs).
pub fn ocr_slip(printed: i64, read: i64, lost_digit: bool) -> bool {
    let (a, b) = (printed.abs().to_string(), read.abs().to_string());
    if a.len() == b.len() {
        let differing: Vec<(char, char)> =
            a.chars().zip(b.chars()).filter(|(x, y)| x != y).collect();
        return matches!(differing.as_slice(), [(x, y)] if confusable(*x, *y));
    }
    let (longer, shorter) = if a.len() > b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    lost_digit
        && longer.len() == shorter.len() + 1
        && shorter.len() >= 3
        && (0..longer.len()).any(|k| {
            let mut without = longer.clone();
            without.remove(k);
            &without == shorter
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_total_that_lost_its_decimal_mark_is_the_sum_it_misreads() {
        let sums = Evidence {
            sums: vec![737],
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(73_700), false, &sums).cents, 737);
        let paid = Evidence {
            paid: Some(737),
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(73_700), false, &paid).cents, 737);
        // A total that agrees with the items stays.
        assert_eq!(reconciled(pick(73_700), true, &sums).cents, 73_700);
        assert!(!lost_decimal_mark(737, 7_370));
    }

    fn pick(cents: i64) -> Pick {
        Pick {
            cents,
            row: 0,
            certainty: 0.8,
        }
    }

    #[test]
    fn one_digit_slips_are_told_from_other_differences() {
        assert!(ocr_slip(3100, 3400, false));
        assert!(ocr_slip(5450, 6450, false));
        assert!(ocr_slip(2755, 755, true));
        assert!(!ocr_slip(2755, 755, false));
        assert!(ocr_slip(1800, 4800, false));
        assert!(!ocr_slip(3100, 3200, false));
        assert!(!ocr_slip(3100, 4700, true));
        assert!(!ocr_slip(5, 15, true));
    }

    #[test]
    fn cash_minus_change_repairs_a_misread_total_or_rounds_it() {
        let paid = Evidence {
            paid: Some(3100),
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(3400), false, &paid).cents, 3100);
        // A total confirmed by its items stays.
        let verified = Evidence {
            verified: true,
            ..paid.clone()
        };
        assert_eq!(reconciled(pick(3400), true, &verified).cents, 3400);
        // Unrelated amounts (a tip, a misread change) change nothing.
        assert_eq!(reconciled(pick(2500), false, &paid).cents, 2500);
        let lost_digit = Evidence {
            paid: Some(4900),
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(900), false, &lost_digit).cents, 900);
        let rounded = Evidence {
            paid: Some(6030),
            rounding: Some(1),
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(6031), true, &rounded).cents, 6030);
    }

    #[test]
    fn a_total_one_slip_off_a_sum_is_that_sum() {
        let sums = Evidence {
            sums: vec![2755],
            ..Evidence::default()
        };
        assert_eq!(reconciled(pick(755), false, &sums).cents, 2755);
        assert_eq!(reconciled(pick(755), true, &sums).cents, 755);
        assert_eq!(reconciled(pick(1990), false, &sums).cents, 1990);
    }
}
