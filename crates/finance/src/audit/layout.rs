//! A transaction table's columns as x-ranges, taken from its header row, and a row's words
//! sorted into cells by them. Text columns (date, value date, description) are
//! left-aligned: a word belongs to the rightmost one starting at or before it. Amounts are
//! right-aligned or centred under their header: an amount-looking word in the amounts'
//! zone goes to the amount column whose header it lines up with best (right edges,
//! centres or left edges). A word there that is not an amount is description text (a long
//! description running under the amount headers). Right-to-left tables (Arabic) are
//! mirrored first.

use super::amounts::{Mark, ParsedAmount, Strictness, parse_amount};
use super::columns::{ColumnRole, is_table_header, role_of};
use super::rows::{Row, text_of};
use suite_engines::words::Word;
use suite_engines::words::is_rtl;

/// Far right of any page: mirrored x is `MIRROR - x`.
const MIRROR: i64 = 1_000_000;

#[derive(Debug, Clone, Copy)]
struct Column {
    role: ColumnRole,
    left: i64,
    right: i64,
}

impl Column {
    fn center(&self) -> i64 {
        (self.left + self.right) / 2
    }
}

/// The columns of a table, from its header row.
#[derive(Debug, Clone)]
pub struct Layout {
    columns: Vec<Column>,
    mirrored: bool,
    /// Words centred at or right of this (mirrored) x may be amounts.
    amounts_from: i64,
}

/// A row's words sorted into cells.
#[derive(Debug, Clone, Default)]
pub struct Cells {
    pub date_text: Option<String>,
    pub description: String,
    pub debit: Option<ParsedAmount>,
    pub credit: Option<ParsedAmount>,
    pub amount: Option<ParsedAmount>,
    pub balance: Option<ParsedAmount>,
}

impl Cells {
    /// The transaction's signed amount: credit minus debit, or the signed amount column.
    pub fn signed_amount(&self) -> Option<i64> {
        if self.debit.is_none() && self.credit.is_none() {
            return self.amount.map(|a| a.cents);
        }
        let debit = self.debit.map_or(0, |a| a.cents.abs());
        let credit = self.credit.map_or(0, |a| match a.mark {
            Mark::Debit => a.cents,
            _ => a.cents.abs(),
        });
        Some(credit - debit)
    }

    /// Whether the amount shows its sign (a debit/credit column, `-`, `CR`...).
    pub fn sign_is_explicit(&self) -> bool {
        self.debit.is_some()
            || self.credit.is_some()
            || self.amount.is_some_and(|a| a.mark != Mark::Unsigned)
    }

    /// The balance cell, or else the last amount of the row (a balance row's figure).
    pub fn balance_or_last(&self) -> Option<i64> {
        self.balance
            .or(self.amount)
            .or(self.credit)
            .or(self.debit)
            .map(|a| a.cents)
    }
}

impl Layout {
    /// The layout a header row shows, or `None` when the row is not a table header (it must
    /// name a date and an amount column, and most of its words must be header words).
    pub fn from_header(row: &Row<'_>) -> Option<Layout> {
        let words = &row.words;
        let mirrored = is_right_to_left(words);
        let mut columns: Vec<Column> = Vec::new();
        let mut matched_words = 0;
        let mut at = 0;
        while at < words.len() {
            let mut step = 1;
            for width in (1..=4usize).rev() {
                let Some(run) = words.get(at..at + width) else {
                    continue;
                };
                let Some(mut role) = role_of(&text_of(run)) else {
                    continue;
                };
                if role == ColumnRole::Date && columns.iter().any(|c| c.role == ColumnRole::Date) {
                    role = ColumnRole::ValueDate;
                }
                let (left, right) = run
                    .iter()
                    .map(|w| span(w, mirrored))
                    .fold((i64::MAX, i64::MIN), |(l, r), (a, b)| (l.min(a), r.max(b)));
                columns.push(Column { role, left, right });
                matched_words += width;
                step = width;
                break;
            }
            at += step;
        }
        let roles: Vec<ColumnRole> = columns.iter().map(|c| c.role).collect();
        if !is_table_header(&roles) || matched_words * 5 < words.len() * 3 {
            return None;
        }
        columns.sort_by_key(|c| c.left);
        let first_amount = columns.iter().find(|c| c.role.holds_amounts())?;
        let last_text_right = columns
            .iter()
            .filter(|c| !c.role.holds_amounts() && c.left < first_amount.left)
            .map(|c| c.right)
            .max()
            .unwrap_or(first_amount.left);
        let amounts_from = (last_text_right + first_amount.left) / 2;
        Some(Layout {
            columns,
            mirrored,
            amounts_from,
        })
    }

    /// The row's cells.
    pub fn cells(&self, row: &Row<'_>, strictness: Strictness) -> Cells {
        let mut text_words: Vec<(ColumnRole, &Word)> = Vec::new();
        let mut amount_words: Vec<(ColumnRole, Vec<&Word>)> = Vec::new();
        for word in &row.words {
            let (left, right) = span(word, self.mirrored);
            let center = (left + right) / 2;
            if center >= self.amounts_from
                && amountish(&word.text)
                && let Some(role) = self.amount_column(left, right)
            {
                match amount_words.iter_mut().find(|(r, _)| *r == role) {
                    Some((_, list)) => list.push(word),
                    None => amount_words.push((role, vec![word])),
                }
                continue;
            }
            text_words.push((self.text_column(left, row.height()), word));
        }
        let mut cells = Cells::default();
        for (role, words) in amount_words {
            let (amount, leftover) = read_amount_cell(&words, strictness);
            text_words.extend(leftover.into_iter().map(|w| (ColumnRole::Description, w)));
            if let Some(amount) = amount {
                let slot = match role {
                    ColumnRole::Debit => &mut cells.debit,
                    ColumnRole::Credit => &mut cells.credit,
                    ColumnRole::Balance => &mut cells.balance,
                    _ => &mut cells.amount,
                };
                *slot = Some(amount);
            }
        }
        let pick = |role: ColumnRole| -> Vec<&Word> {
            let mut words: Vec<&Word> = text_words
                .iter()
                .filter(|(r, _)| *r == role)
                .map(|(_, w)| *w)
                .collect();
            words.sort_by_key(|w| w.bbox.x);
            words
        };
        let date_words = pick(ColumnRole::Date);
        if !date_words.is_empty() {
            cells.date_text = Some(text_of(&date_words));
        }
        cells.description = text_of(&pick(ColumnRole::Description));
        cells
    }

    fn amount_column(&self, left: i64, right: i64) -> Option<ColumnRole> {
        let center = (left + right) / 2;
        self.columns
            .iter()
            .filter(|c| c.role.holds_amounts())
            .min_by_key(|c| {
                (c.right - right)
                    .abs()
                    .min((c.center() - center).abs())
                    .min((c.left - left).abs())
            })
            .map(|c| c.role)
    }

    fn text_column(&self, left: i64, slack: u32) -> ColumnRole {
        let slack = i64::from(slack.max(4));
        let text_columns = self.columns.iter().filter(|c| !c.role.holds_amounts());
        text_columns
            .clone()
            .filter(|c| c.left <= left + slack)
            .max_by_key(|c| c.left)
            .or_else(|| text_columns.min_by_key(|c| c.left))
            .map_or(ColumnRole::Description, |c| c.role)
    }
}

/// A word's left and right edges, mirrored for right-to-left tables.
fn span(word: &Word, mirrored: bool) -> (i64, i64) {
    let left = i64::from(word.bbox.x);
    let right = left + i64::from(word.bbox.width);
    if mirrored {
        (MIRROR - right, MIRROR - left)
    } else {
        (left, right)
    }
}

fn is_right_to_left(words: &[&Word]) -> bool {
    words.iter().filter(|w| is_rtl(&w.text)).count() * 2 > words.len()
}

/// The amount of a cell's words: all of them joined ("1 250,00", "12.00 CR"), else the
/// last word that is one on its own; the words not used are returned (description text).
fn read_amount_cell<'a>(
    words: &[&'a Word],
    strictness: Strictness,
) -> (Option<ParsedAmount>, Vec<&'a Word>) {
    let joined: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    if let Some(amount) = parse_amount(&joined.join(" "), strictness) {
        return (Some(amount), Vec::new());
    }
    let last = words
        .iter()
        .rposition(|w| parse_amount(&w.text, strictness).is_some());
    match last {
        Some(at) => {
            let amount = parse_amount(&words[at].text, strictness);
            let mut leftover = words.to_vec();
            leftover.remove(at);
            (amount, leftover)
        }
        None => (None, words.to_vec()),
    }
}

/// Words that can be part of an amount cell: with a digit, or a sign, `CR`/`DR` or a
/// currency on their own.
fn amountish(text: &str) -> bool {
    const MARKS: &[&str] = &[
        "CR", "DR", "Cr", "Dr", "cr", "dr", "C", "D", "OD", "H", "S", "-", "+", "€", "$", "£", "¥",
        "￥", "₩", "zł", "円", "원", "元", "EUR", "USD", "GBP", "CHF", "PLN", "JPY", "CNY", "KRW",
        "SAR", "AED",
    ];
    text.chars().any(|c| c.is_ascii_digit() || c.is_numeric()) || MARKS.contains(&text.trim())
}
