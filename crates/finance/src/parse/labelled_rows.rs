//! What labelled rows of the totals block give: the amounts of a label (on its row or the
//! next), a subtotal or tax whose decimal mark OCR lost, the rounding adjustment and the
//! total it adjusts, and how many total lines read one amount.

use super::labels::Label;
use super::text::has_any;
use super::totals::RowFacts;

/// Words of rounding lines and rounded totals.
#[rustfmt::skip]
pub(super) const ROUNDING_WORDS: &[&str] = &[
    "rounded", "rounding", "round adj", "adjustment", "arrondi", "gerundet", "rundung",
    "redondeo", "arrotondamento", "arrotondato", "afronding", "zaokrąglenie", "端数", "抹零", "반올림", "تقريب",
];

/// The amounts of a labelled subtotal or tax row; when it has none, a whole number of three
/// to six digits on it read in hundredths (OCR lost the decimal mark: `5142` for `51.42`), if
/// the document writes its amounts with decimals and the row was OCRed.
pub(super) fn labelled_or_undotted(
    facts: &[RowFacts],
    index: usize,
    zero_decimal: bool,
) -> Option<(Vec<i64>, usize)> {
    if let Some(found) = labelled_amounts(facts, index, zero_decimal) {
        return Some(found);
    }
    let writes_decimals = facts
        .iter()
        .any(|row| row.money(zero_decimal).any(|a| a.decimals));
    // A text layer's figures are as printed: never read again as lost decimals.
    if zero_decimal || !writes_decimals || facts[index].exact {
        return None;
    }
    let undotted: Vec<i64> = facts[index]
        .amounts
        .iter()
        .filter(|a| {
            !a.percent
                && !a.decimals
                && a.currency.is_none()
                && (3..=6).contains(&a.digits)
                && !a.next.is_some_and(char::is_alphabetic)
        })
        .map(|a| a.cents / 100)
        .collect();
    (undotted.len() == 1).then_some((undotted, index))
}

/// The money amounts a labelled row gives: its own, else those of the next row when that row
/// has no label, and whether they came from the next row.
pub(super) fn labelled_amounts(
    facts: &[RowFacts],
    index: usize,
    zero_decimal: bool,
) -> Option<(Vec<i64>, usize)> {
    let own: Vec<i64> = facts[index].money(zero_decimal).map(|a| a.cents).collect();
    if !own.is_empty() {
        return Some((own, index));
    }
    let next = facts.get(index + 1)?;
    if next.label.is_some() {
        return None;
    }
    let theirs: Vec<i64> = next.money(zero_decimal).map(|a| a.cents).collect();
    (!theirs.is_empty()).then_some((theirs, index + 1))
}

/// The rounding adjustment of the block (`Rounding -0.01`), 0 when none is written.
pub(super) fn rounding_of(facts: &[RowFacts], from: usize, zero_decimal: bool) -> i64 {
    rounding_line(facts, from, zero_decimal).map_or(0, |(cents, _)| cents)
}

/// The rounding adjustment of the block and its row, when one is written.
pub(super) fn rounding_line(
    facts: &[RowFacts],
    from: usize,
    zero_decimal: bool,
) -> Option<(i64, usize)> {
    (from..facts.len())
        .filter(|&i| {
            facts[i].label == Some(Label::Rejected) && has_any(&facts[i].folded, ROUNDING_WORDS)
        })
        .filter_map(|i| facts[i].money(zero_decimal).last().map(|a| (a.cents, i)))
        .find(|(cents, _)| cents.abs() < 100)
}

/// The number of total rows whose amount is `cents` (two lines agreeing confirm it).
pub(super) fn total_rows_reading(
    facts: &[RowFacts],
    from: usize,
    cents: i64,
    zero_decimal: bool,
) -> usize {
    (from..facts.len())
        .filter(|&i| matches!(facts[i].label, Some(Label::Payable | Label::Total)))
        .filter(|&i| {
            labelled_amounts(facts, i, zero_decimal)
                .is_some_and(|(values, row)| row == i && values.last() == Some(&cents))
        })
        .count()
}

/// The amount of the last plain total row above `row` (the total a rounding line adjusts).
pub(super) fn total_above(
    facts: &[RowFacts],
    from: usize,
    row: usize,
    zero_decimal: bool,
) -> Option<i64> {
    (from..row)
        .rev()
        .find(|&i| facts[i].label == Some(Label::Total))
        .and_then(|i| labelled_amounts(facts, i, zero_decimal))
        .and_then(|(values, _)| values.last().copied())
}
