//! Line items: the rows between the header and the totals block that end in a money amount.
//! The numbers before the amount are the quantity and the unit price (`2 x 3.50 7.00`,
//! `2  3.50  7.00`, `3.50 x 2  7.00`, `2 Coffee 7.00`); a row without them is one unit. Each
//! item is checked: quantity × unit price = amount. Under an item table's heading, the
//! numbers under its quantity and unit price columns are taken first (`columns`). A row of
//! words alone is the description of the numbers on the row below it (two-line items).

use super::Item;
use super::amounts::Amount;
use super::columns::Columns;
use super::currency::iso_code;
use super::rows::{Row, join_words};
use super::text::letter_count;
use super::totals::RowFacts;

/// Words that sit between numbers of an item row and are no description.
#[rustfmt::skip]
const NOISE_WORDS: &[&str] = &[
    "x", "×", "@", "*", "rm", "€", "$", "£", "¥", "₩", "eur", "zł", "pcs", "pc", "stk", "szt",
    "szt.", "st", "st.", "ea", "un", "uds", "kg",
];

/// The items of `rows[start..end]`; rows for which `skip` is true are not items. `columns`
/// are the item table's, from its heading row, when it has one.
pub fn items_of(
    rows: &[Row],
    facts: &[RowFacts],
    (start, end): (usize, usize),
    columns: Columns,
    zero_decimal: bool,
    skip: &dyn Fn(usize) -> bool,
) -> Vec<Item> {
    let mut items = Vec::new();
    let mut pending_description: Option<(usize, String)> = None;
    for i in start..end.min(rows.len()) {
        if skip(i) || facts[i].label.is_some() {
            pending_description = None;
            continue;
        }
        let money: Vec<&Amount> = facts[i].money(zero_decimal).collect();
        let Some(amount) = money.last() else {
            let words_only = description_of(&rows[i], None);
            pending_description = (letter_count(&words_only) >= 2).then_some((i, words_only));
            continue;
        };
        let own_description = description_of(&rows[i], Some(amount.cell));
        let mut description = own_description;
        let mut line = rows[i].text.clone();
        let mut confidence = rows[i].confidence;
        if letter_count(&description) < 2 {
            match pending_description.take() {
                Some((j, text)) if j + 1 == i => {
                    description = text;
                    line = format!("{}\n{}", rows[j].text, rows[i].text);
                    confidence = (confidence + rows[j].confidence) / 2.0;
                }
                _ => continue,
            }
        }
        pending_description = None;
        let amount_at = facts[i]
            .amounts
            .iter()
            .rposition(|a| std::ptr::eq(a, *amount))
            .unwrap_or(0);
        let before: Vec<&Amount> = facts[i].amounts[..amount_at]
            .iter()
            .filter(|a| !a.percent && a.digits <= 7)
            .filter(|a| {
                a.decimals
                    || a.next
                        .is_none_or(|c| !c.is_alphabetic() || matches!(c, 'x' | 'X' | '×'))
            })
            .collect();
        // The numbers under the quantity and price headings, when they multiply out; else
        // the pair the row's numbers give.
        let (quantity, unit_price, consistent) = match columns
            .quantity_and_price(&rows[i], &before)
            .filter(|(q, p)| fits(q.cents, p.cents, amount.cents))
        {
            Some((q, p)) => (q.cents as f64 / 100.0, p.cents, true),
            None => quantity_and_price(&before, amount.cents),
        };
        items.push(Item {
            description: description.trim().to_owned(),
            quantity,
            unit_price,
            amount: Some(amount.cents),
            consistent,
            line,
            confidence: confidence * if consistent { 0.9 } else { 0.6 },
        });
    }
    items
}

/// The quantity (units, may be fractional) and unit price (hundredths) of an item from the
/// numbers before its amount, and whether they multiply to the amount. Any two of them that
/// multiply to the amount are taken (the nearest to the amount first: other columns are
/// codes, discounts, tax); else one equal to the amount is the unit price of one unit; else
/// a lone whole count or price divides the amount; else the row is kept, inconsistent.
fn quantity_and_price(before: &[&Amount], amount: i64) -> (f64, i64, bool) {
    let fits = |quantity: i64, price: i64| fits(quantity, price, amount);
    let as_quantity = |cents: i64| cents as f64 / 100.0;
    let positive: Vec<&Amount> = before.iter().copied().filter(|a| a.cents > 0).collect();
    for right in (0..positive.len()).rev() {
        for left in (0..right).rev() {
            let (a, b) = (positive[left], positive[right]);
            // The quantity is the whole number, or the first when both are.
            let (quantity, price) = if !a.decimals || b.decimals {
                (a, b)
            } else {
                (b, a)
            };
            if fits(quantity.cents, price.cents) {
                return (as_quantity(quantity.cents), price.cents, true);
            }
        }
    }
    if positive.iter().any(|a| a.cents == amount) {
        return (1.0, amount, true);
    }
    match positive.as_slice() {
        [] => (1.0, amount, true),
        [count] if !count.decimals && count.digits <= 3 && (amount * 100) % count.cents == 0 => {
            (as_quantity(count.cents), amount * 100 / count.cents, true)
        }
        [price] if price.decimals && (amount * 100) % price.cents == 0 => {
            ((amount as f64) / (price.cents as f64), price.cents, true)
        }
        [.., quantity, price] if !quantity.decimals => {
            (as_quantity(quantity.cents), price.cents, false)
        }
        _ => (1.0, amount, false),
    }
}

/// Whether `quantity` (in hundredths) × `price` is `amount`. Quantities are hundredths too:
/// a whole quantity must multiply exactly, a fractional one (0.53 kg) to within a cent.
fn fits(quantity: i64, price: i64, amount: i64) -> bool {
    let tolerance = if quantity % 100 == 0 { 0 } else { 100 };
    quantity > 0
        && price > 0
        && (i128::from(quantity) * i128::from(price) - i128::from(amount) * 100).abs() <= tolerance
}

/// The words of a row that describe the item: those with letters before the amount (a tax
/// code after it, `SR`, is none), less units, signs and currency codes; a number between two
/// words of one cell is part of the name (`Viti 100 pz`).
fn description_of(row: &Row, amount_cell: Option<usize>) -> String {
    let end = match amount_cell.and_then(|c| row.cells.get(c)) {
        Some(cell) => {
            let first_number = row.words[cell.words.clone()]
                .iter()
                .position(|w| w.text.chars().any(|c| c.is_ascii_digit()));
            cell.words.start + first_number.unwrap_or(0)
        }
        None => row.words.len(),
    };
    let words = &row.words[..end];
    let describes = |i: usize| {
        let text = words[i].text.as_str();
        letter_count(text) > 0
            && !NOISE_WORDS.contains(&text.to_lowercase().as_str())
            && iso_code(text).is_none()
    };
    let cell_of = |i: usize| row.cells.iter().position(|c| c.words.contains(&i));
    let inside_name = |i: usize| {
        let same_cell = |j: usize| cell_of(j) == cell_of(i);
        (0..i).rev().take_while(|&j| same_cell(j)).any(describes)
            && (i + 1..words.len())
                .take_while(|&j| same_cell(j))
                .any(describes)
    };
    join_words(
        (0..words.len())
            .filter(|&i| describes(i) || inside_name(i))
            .map(|i| words[i].text.as_str()),
    )
}
