//! Total, subtotal and tax from labelled rows. A label's amount is the last money amount of
//! its row, or of the next row when the label stands alone. Cash, change, rounding, card and
//! balance rows never give the total. Among the labelled totals the one that sums with the
//! items and the tax wins, then a payable total (grand, rounded, tax-inclusive: the amount
//! actually paid, so "Total Rounded" beats "Total" when a rounding adjustment exists) over a
//! plain one, then the larger. The choice is then checked against cash − change and the
//! sums of the receipt (`cross_checks`). A subtotal or tax whose decimal mark OCR lost
//! (`5142` for `51.42`) is read in hundredths.

use super::amounts::Amount;
use super::cross_checks::{Evidence, paid_in_cash, reconciled};
use super::labelled_rows::{
    ROUNDING_WORDS, labelled_amounts, labelled_or_undotted, rounding_line, rounding_of,
    total_above, total_rows_reading,
};
use super::labels::{INCLUDED, Label, SUMMARY_HEADINGS, TOTAL};
use super::text::has_any;

/// What the rules know of one row.
#[derive(Debug, Clone)]
pub struct RowFacts {
    pub label: Option<Label>,
    /// Every number of the row, in reading order.
    pub amounts: Vec<Amount>,
    /// The row's folded text.
    pub folded: String,
    /// Read from a PDF's text layer (every word certain): its figures are as printed, so
    /// the repairs of OCR slips never apply to them.
    pub exact: bool,
}

impl RowFacts {
    /// The money amounts of the row.
    pub fn money(&self, zero_decimal: bool) -> impl Iterator<Item = &Amount> {
        self.amounts
            .iter()
            .filter(move |a| a.is_money(zero_decimal))
    }
}

/// An amount chosen for a field: its value, the row it was read from and the rule's
/// certainty (0..1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    pub cents: i64,
    pub row: usize,
    pub certainty: f32,
}

/// The totals block's fields.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Totals {
    pub total: Option<Pick>,
    pub subtotal: Option<Pick>,
    pub tax: Option<Pick>,
    /// The tax rate in percent and its row.
    pub tax_rate: Option<(f64, usize)>,
    /// Whether the total agrees with the rest of the document (the items, subtotal + tax,
    /// cash − change, a second total line), or was printed in a text layer.
    pub checked: bool,
}

/// The first row of the totals block: the first subtotal, total or tax row with an amount.
pub fn block_start(facts: &[RowFacts], zero_decimal: bool) -> Option<usize> {
    // A table's heading row names its columns ("Artículo Cant. Precio Importe"): its
    // "Importe" or "Amount" labels a column, not a total.
    (0..facts.len()).find(|&i| match facts[i].label {
        _ if super::vendor::is_item_heading(&facts[i].folded) => false,
        Some(Label::Payable | Label::Total) => labelled_amounts(facts, i, zero_decimal).is_some(),
        Some(Label::Subtotal | Label::Tax) => {
            labelled_or_undotted(facts, i, zero_decimal).is_some()
        }
        _ => false,
    })
}

/// The totals of the rows from `from` on (the totals block and below), checked against the
/// sum of the items when there are some.
pub fn totals_of(
    facts: &[RowFacts],
    from: usize,
    items_sum: Option<i64>,
    items_verified: bool,
    zero_decimal: bool,
) -> Totals {
    // The tax summary table below the totals repeats subtotal and tax per rate: it ends the
    // block.
    let end = (from..facts.len())
        .find(|&i| {
            has_any(&facts[i].folded, SUMMARY_HEADINGS) && facts[i].label != Some(Label::Payable)
        })
        .unwrap_or(facts.len());
    let block = &facts[..end];
    let subtotal = subtotal_of(block, from, items_sum, zero_decimal);
    let (tax, tax_rate) = tax_of(block, from, zero_decimal);
    let derived = derived_total(subtotal, tax, items_sum).map(|pick| Pick {
        cents: pick.cents + rounding_of(block, from, zero_decimal),
        ..pick
    });
    let rounding = rounding_line(block, from, zero_decimal);
    let mut sums: Vec<i64> = Vec::new();
    if let (Some(subtotal), Some(tax)) = (subtotal, tax) {
        sums.push(subtotal.cents + tax.cents + rounding.map_or(0, |(r, _)| r));
    }
    if let Some((r, row)) = rounding
        && let Some(above) = total_above(block, from, row, zero_decimal)
    {
        sums.push(above + r);
    }
    let labelled = total_of(block, from, items_sum, subtotal, tax, zero_decimal);
    let evidence = Evidence {
        paid: paid_in_cash(block, from, zero_decimal),
        rounding: rounding.map(|(r, _)| r),
        verified: labelled.is_some_and(|(pick, consistent)| {
            (consistent && (items_verified || sums.contains(&pick.cents)))
                || total_rows_reading(block, from, pick.cents, zero_decimal) >= 2
        }),
        sums,
    };
    let paid = paid_amounts(block, from, zero_decimal);
    let printed_exactly = labelled.is_some_and(|(pick, _)| facts[pick.row].exact);
    let total = match labelled.map(|(pick, consistent)| {
        if printed_exactly {
            // A text layer's total is what the document says, right or wrong (the fraud
            // check's arithmetic must see a padded total, not a repaired one).
            return (pick, true);
        }
        let checked = reconciled(pick, consistent, &evidence);
        (checked, consistent || checked != pick)
    }) {
        Some((labelled, true)) => Some(labelled),
        // A labelled total that sums with nothing, against a sum that a payment line
        // confirms: the label's amount was misread.
        Some((labelled, false)) => match derived {
            Some(sum) if paid.contains(&sum.cents) => Some(Pick {
                certainty: 0.7,
                ..sum
            }),
            _ => Some(labelled),
        },
        None => derived,
    };
    let confirmed = |cents: i64| {
        evidence.paid == Some(cents) || evidence.sums.contains(&cents) || paid.contains(&cents)
    };
    let checked = match (labelled, total) {
        (Some((pick, consistent)), Some(total)) if total.cents == pick.cents => {
            printed_exactly || consistent || evidence.verified || confirmed(total.cents)
        }
        (_, Some(total)) => confirmed(total.cents),
        (_, None) => false,
    };
    Totals {
        total,
        subtotal,
        tax,
        tax_rate,
        checked,
    }
}

/// When no total label could be read (OCR noise), the subtotal plus the tax, if the items
/// (when any) sum to the subtotal; with a low certainty.
fn derived_total(
    subtotal: Option<Pick>,
    tax: Option<Pick>,
    items_sum: Option<i64>,
) -> Option<Pick> {
    let (subtotal, tax) = (subtotal?, tax?);
    if items_sum.is_some_and(|sum| sum != subtotal.cents) || tax.cents <= 0 {
        return None;
    }
    Some(Pick {
        cents: subtotal.cents + tax.cents,
        row: tax.row.max(subtotal.row),
        certainty: 0.5,
    })
}

/// The amounts of the payment lines of the block (cash, card, paid).
fn paid_amounts(facts: &[RowFacts], from: usize, zero_decimal: bool) -> Vec<i64> {
    (from..facts.len())
        .filter(|&i| {
            facts[i].label == Some(Label::Rejected) && has_any(&facts[i].folded, PAYMENT_WORDS)
        })
        .filter_map(|i| facts[i].money(zero_decimal).last().map(|a| a.cents))
        .collect()
}

/// Words of lines recording a payment.
#[rustfmt::skip]
const PAYMENT_WORDS: &[&str] = &[
    "cash", "card", "visa", "mastercard", "paid", "payment", "bar", "karte", "efectivo", "tarjeta",
    "espèces", "carte", "contanti", "carta", "dinheiro", "cartão", "contant", "pin", "gotówka",
    "karta", "現金", "现金", "현금", "카드", "نقدا", "نقداً", "بطاقة",
];

fn subtotal_of(
    facts: &[RowFacts],
    from: usize,
    items_sum: Option<i64>,
    zero_decimal: bool,
) -> Option<Pick> {
    let candidates: Vec<Pick> = (from..facts.len())
        .filter(|&i| facts[i].label == Some(Label::Subtotal))
        .filter_map(|i| {
            let (values, row) = labelled_or_undotted(facts, i, zero_decimal)?;
            let cents = *values.last()?;
            let certainty = if row == i { 0.9 } else { 0.8 };
            Some(Pick {
                cents,
                row,
                certainty,
            })
        })
        .collect();
    if let Some(sum) = items_sum
        && let Some(matching) = candidates.iter().find(|p| p.cents == sum)
    {
        return Some(Pick {
            certainty: 0.97,
            ..*matching
        });
    }
    candidates.first().copied()
}

fn tax_of(
    facts: &[RowFacts],
    from: usize,
    zero_decimal: bool,
) -> (Option<Pick>, Option<(f64, usize)>) {
    let mut rows: Vec<(Pick, Option<f64>, bool)> = Vec::new();
    for i in (from..facts.len()).filter(|&i| facts[i].label == Some(Label::Tax)) {
        let Some((values, row)) = labelled_or_undotted(facts, i, zero_decimal) else {
            continue;
        };
        let Some(&cents) = values.last() else {
            continue;
        };
        let rate = facts[i].amounts.iter().find_map(|a| a.rate);
        let is_tax_total = has_any(&facts[i].folded, TOTAL);
        let certainty = if row == i { 0.9 } else { 0.8 };
        rows.push((
            Pick {
                cents,
                row,
                certainty,
            },
            rate,
            is_tax_total,
        ));
    }
    let rate_of = |rows: &[(Pick, Option<f64>, bool)]| {
        rows.iter()
            .find_map(|(pick, rate, _)| rate.map(|r| (r, pick.row)))
    };
    if let Some((pick, rate, _)) = rows.iter().find(|(_, _, total)| *total) {
        return (
            Some(*pick),
            rate.map(|r| (r, pick.row)).or_else(|| rate_of(&rows)),
        );
    }
    let mut rates: Vec<f64> = rows.iter().filter_map(|(_, rate, _)| *rate).collect();
    rates.dedup();
    let tax = if rates.len() > 1 {
        // One line per rate (19 % and 7 %): the tax is their sum.
        let mut seen: Vec<f64> = Vec::new();
        let mut sum = 0i64;
        let mut first_row = None;
        for (pick, rate, _) in &rows {
            if let Some(rate) = rate
                && !seen.contains(rate)
            {
                seen.push(*rate);
                sum += pick.cents;
                first_row.get_or_insert(pick.row);
            }
        }
        first_row.map(|row| Pick {
            cents: sum,
            row,
            certainty: 0.8,
        })
    } else {
        rows.first().map(|(pick, _, _)| *pick)
    };
    let rate = if rates.len() == 1 {
        rate_of(&rows)
    } else {
        None
    };
    (tax, rate)
}

fn total_of(
    facts: &[RowFacts],
    from: usize,
    items_sum: Option<i64>,
    subtotal: Option<Pick>,
    tax: Option<Pick>,
    zero_decimal: bool,
) -> Option<(Pick, bool)> {
    // The sums a total may be checked against.
    let mut expected: Vec<i64> = Vec::new();
    if let (Some(sub), Some(tax)) = (subtotal, tax) {
        expected.push(sub.cents + tax.cents);
    }
    if let Some(sum) = items_sum {
        expected.push(sum);
        if let Some(tax) = tax {
            expected.push(sum + tax.cents);
        }
    }
    let tax_included = (from..facts.len())
        .any(|i| facts[i].label == Some(Label::Tax) && has_any(&facts[i].folded, INCLUDED));
    if let Some(sub) = subtotal
        && (tax.is_none() || tax_included)
    {
        expected.push(sub.cents);
    }
    struct Candidate {
        pick: Pick,
        rounded: bool,
        payable: bool,
        consistent: bool,
        last_on_row: bool,
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    for i in from..facts.len() {
        let payable = match facts[i].label {
            Some(Label::Payable) => true,
            Some(Label::Total) => false,
            _ => continue,
        };
        let Some((values, row)) = labelled_amounts(facts, i, zero_decimal) else {
            continue;
        };
        let rounded = has_any(&facts[i].folded, ROUNDING_WORDS);
        let count = values.len();
        for (k, &cents) in values.iter().enumerate() {
            if cents <= 0 {
                continue;
            }
            // A rounded total is within the rounding step (up to 0.10) of the exact sum.
            let tolerance = if rounded { 10 } else { 0 };
            let consistent = expected.iter().any(|e| (e - cents).abs() <= tolerance);
            let certainty = if row == i { 1.0 } else { 0.9 };
            candidates.push(Candidate {
                pick: Pick {
                    cents,
                    row,
                    certainty,
                },
                rounded,
                payable,
                consistent,
                last_on_row: k + 1 == count,
            });
        }
    }
    let best = candidates.iter().max_by_key(|c| {
        (
            c.consistent,
            c.last_on_row,
            c.rounded,
            c.payable,
            c.pick.cents,
        )
    })?;
    let distinct_values = {
        let mut values: Vec<i64> = candidates
            .iter()
            .filter(|c| c.last_on_row)
            .map(|c| c.pick.cents)
            .collect();
        values.sort_unstable();
        values.dedup();
        values.len()
    };
    let rule = match (best.consistent, best.payable, distinct_values) {
        (true, _, _) => 0.98,
        (false, true, 1) => 0.92,
        (false, false, 1) => 0.88,
        (false, true, _) => 0.8,
        (false, false, _) => 0.7,
    };
    Some((
        Pick {
            certainty: best.pick.certainty * rule,
            ..best.pick
        },
        best.consistent,
    ))
}
