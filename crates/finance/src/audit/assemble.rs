//! From what a reader (words or CSV) collected to a `Statement`: the currency, the
//! day/month order, the period and the balances printed outside the table, the dates
//! (year-less ones placed in the period; a row without a date takes the one above), and the
//! signs of an unsigned amount column recovered from the running balance.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};

use super::amounts::{Strictness, parse_amount};
use super::currency;
use super::dates::{DateReader, dates_in};
use super::error::AuditError;
use super::labels::{RowLabel, announces_period, row_label};
use super::types::{Cents, Hints, Statement, Transaction};

/// Outside lines looked at for the period and a statement date: the first ones (title,
/// summary box), and any announcing a period.
const FIRST_LINES_SCANNED: usize = 40;
/// Words of an outside line looked at, at most.
const MAX_WORDS_SCANNED: usize = 60;

/// A transaction as read, before its date is resolved.
#[derive(Debug, Clone)]
pub struct RawTransaction {
    /// `None`: the row printed no date (same day as the row above).
    pub date_text: Option<String>,
    pub description: String,
    pub amount: Cents,
    pub balance: Option<Cents>,
    /// The amount showed its sign (debit/credit columns, `-`, `CR`/`DR`).
    pub sign_explicit: bool,
}

/// What a reader collected.
#[derive(Debug, Clone, Default)]
pub struct RawStatement {
    pub transactions: Vec<RawTransaction>,
    /// Lines outside the transaction table (title, summary box, footers), as words.
    pub outside_lines: Vec<Vec<String>>,
    /// Header texts, for the currency ("Amount (EUR)").
    pub header_texts: Vec<String>,
    pub opening_balance: Option<Cents>,
    pub closing_balance: Option<Cents>,
}

/// A date text and the year and month of the row above (which settle a missing year).
type DateKey<'a> = (&'a str, Option<(i32, u32)>);

/// The statement, or `NoTransactions` when nothing was read.
pub fn assemble(raw: RawStatement, hints: &Hints) -> Result<Statement, AuditError> {
    if raw.transactions.is_empty() {
        return Err(AuditError::NoTransactions);
    }
    let language = hints.language().to_owned();
    let outside_texts: Vec<String> = raw.outside_lines.iter().map(|l| l.join(" ")).collect();
    let currency = hints.currency.clone().or_else(|| {
        currency::detect(
            outside_texts
                .iter()
                .chain(raw.header_texts.iter())
                .map(String::as_str),
            &language,
        )
    });

    let mut reader = DateReader::for_statement(&language, currency.as_deref());
    reader.infer_order(
        raw.transactions
            .iter()
            .filter_map(|t| t.date_text.as_deref()),
    );
    let printed = printed_dates(&raw.outside_lines, &reader);
    reader.around = printed
        .announced
        .or(printed.two_dates)
        .or(printed.first_date.map(|d| (d, d)));

    let zero_decimal = super::amounts::is_zero_decimal(currency.as_deref());
    let (mut opening, mut closing) = (raw.opening_balance, raw.closing_balance);
    let labelled_lines = raw
        .outside_lines
        .iter()
        .filter(|line| row_label(&line.join(" "), true).is_some());
    for line in labelled_lines {
        for (label, amount) in labelled_amounts(line, zero_decimal) {
            match label {
                RowLabel::Opening | RowLabel::BroughtForward if opening.is_none() => {
                    opening = Some(amount);
                }
                RowLabel::Closing if closing.is_none() => closing = Some(amount),
                _ => {}
            }
        }
    }

    let mut transactions = Vec::with_capacity(raw.transactions.len());
    let mut previous_date: Option<NaiveDate> = None;
    // Statements repeat their dates: one reading per text and month of the row above.
    let mut read_dates: HashMap<DateKey<'_>, Option<NaiveDate>> = HashMap::new();
    for (index, t) in raw.transactions.iter().enumerate() {
        reader.anchor = previous_date;
        let date = match &t.date_text {
            Some(text) => *read_dates
                .entry((text.as_str(), previous_date.map(|d| (d.year(), d.month()))))
                .or_insert_with(|| reader.read(text)),
            None => previous_date,
        };
        if date.is_some() {
            previous_date = date;
        }
        transactions.push(Transaction {
            index,
            date,
            description: t.description.trim().to_owned(),
            amount: t.amount,
            balance: t.balance,
        });
    }
    // Two dates on a line that does not say "period" are taken for it only when they hold
    // most of the transactions ("Statement date 05/04/2024, customer since 01/01/2010").
    let period = printed.announced.or(printed
        .two_dates
        .filter(|period| holds_most(*period, &transactions)));
    if raw.transactions.iter().all(|t| !t.sign_explicit) {
        recover_signs(&mut transactions, opening);
    }
    Ok(Statement {
        transactions,
        opening_balance: opening,
        closing_balance: closing,
        period_start: period.map(|p| p.0),
        period_end: period.map(|p| p.1),
        currency,
        language,
    })
}

/// Dates printed outside the table.
#[derive(Debug, Clone, Copy, Default)]
struct PrintedDates {
    /// From a line announcing the period ("Statement period", "Zeitraum", "期間").
    announced: Option<(NaiveDate, NaiveDate)>,
    /// From the first line with exactly two dates.
    two_dates: Option<(NaiveDate, NaiveDate)>,
    /// The first full date (a statement date).
    first_date: Option<NaiveDate>,
}

fn printed_dates(lines: &[Vec<String>], reader: &DateReader) -> PrintedDates {
    let mut printed = PrintedDates::default();
    // Bounded work on long documents: the first lines, and lines announcing the period.
    let candidates = lines.iter().enumerate().filter(|(number, line)| {
        line.len() <= MAX_WORDS_SCANNED
            && (*number < FIRST_LINES_SCANNED || announces_period(&line.join(" ")))
    });
    for (_, line) in candidates {
        let words: Vec<&str> = line.iter().map(String::as_str).collect();
        let dates = dates_in(&words, reader);
        if printed.first_date.is_none() {
            printed.first_date = dates.first().copied();
        }
        let (Some(start), Some(end)) = (dates.iter().min().copied(), dates.iter().max().copied())
        else {
            continue;
        };
        if start >= end {
            continue;
        }
        if printed.announced.is_none() && announces_period(&line.join(" ")) {
            printed.announced = Some((start, end));
        }
        if printed.two_dates.is_none() && dates.len() == 2 {
            printed.two_dates = Some((start, end));
        }
    }
    printed
}

/// Whether at least 80% of the dated transactions fall in `period`.
fn holds_most(period: (NaiveDate, NaiveDate), transactions: &[Transaction]) -> bool {
    let dated: Vec<NaiveDate> = transactions.iter().filter_map(|t| t.date).collect();
    let inside = dated
        .iter()
        .filter(|d| (period.0..=period.1).contains(*d))
        .count();
    !dated.is_empty() && inside * 5 >= dated.len() * 4
}

/// The balances a line outside the table names ("Opening balance 1 234,56 EUR", or a
/// summary "Opening balance 1,000.00 Paid out 200.00 Closing balance 800.00"): each label
/// with the first amount after it (up to three words joined, the longest reading).
fn labelled_amounts(words: &[String], zero_decimal: bool) -> Vec<(RowLabel, Cents)> {
    let strictness = Strictness::Money { zero_decimal };
    let words = &words[..words.len().min(MAX_WORDS_SCANNED)];
    let mut found = Vec::new();
    for start in 0..words.len() {
        let Some(label) = row_label(&words[start..].join(" "), false) else {
            continue;
        };
        let amount = (start + 1..words.len()).find_map(|at| {
            (1..=3)
                .rev()
                .filter(|width| at + width <= words.len())
                .find_map(|width| parse_amount(&words[at..at + width].join(" "), strictness))
        });
        if let Some(amount) = amount {
            found.push((label, amount.cents));
        }
    }
    found
}

/// A single unsigned amount column with a running balance: each amount takes the sign of
/// the balance's move when the move equals it.
fn recover_signs(transactions: &mut [Transaction], opening: Option<Cents>) {
    let mut previous = opening;
    let mut rows_since_balance = 0usize;
    for t in transactions.iter_mut() {
        rows_since_balance += 1;
        let Some(balance) = t.balance else {
            continue;
        };
        if let Some(before) = previous
            && rows_since_balance == 1
            && (balance - before).abs() == t.amount.abs()
        {
            t.amount = balance - before;
        }
        previous = Some(balance);
        rows_since_balance = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_after_their_labels() {
        let words =
            |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_owned).collect() };
        assert_eq!(
            labelled_amounts(&words("Anfangssaldo 1 234,56 EUR"), false),
            [(RowLabel::Opening, 123_456)]
        );
        assert_eq!(
            labelled_amounts(
                &words("Opening balance 1,000.00 Paid out 200.00 Closing balance 800.00"),
                false
            ),
            [(RowLabel::Opening, 100_000), (RowLabel::Closing, 80_000)]
        );
        assert_eq!(
            labelled_amounts(&words("Opening balance on 1 March 2024 £1,000.00"), false),
            [(RowLabel::Opening, 100_000)]
        );
    }
}
