//! A statement's transactions from the words of its pages (PDF text layer or OCR). Page by
//! page: rows are grouped (`rows`), the header row gives the columns (`layout`; a page
//! without one reuses the previous page's), and each row under it is a transaction (a
//! date or an amount), an opening/closing/carried-forward balance row, a totals row (its
//! figures are the sums so far; "TOTAL ENERGIES" is a merchant), or a
//! description continuing the transaction above (close below it, no date, no amount). A
//! row with an amount but no date is a transaction of the date above; a row with a date
//! but no amount starts the transaction the next amount row completes. Rows before the
//! header (title, summary box) and after a closing or carried-forward row are outside the
//! table: the period, a printed currency and balances are looked for there.

use super::amounts::{Strictness, is_zero_decimal};
use super::assemble::{RawStatement, RawTransaction, assemble};
use super::currency;
use super::error::AuditError;
use super::labels::{RowLabel, row_label};
use super::layout::{Cells, Layout};
use super::rows::{Row, group_rows, reading_order, text_of, typical_height};
use super::types::{Cents, Hints, Statement};
use suite_engines::words::Word;

/// Reads the transactions of a statement's pages (each page's words in any order).
pub fn read_pages(pages: &[Vec<Word>], hints: &Hints) -> Result<Statement, AuditError> {
    if pages
        .iter()
        .all(|page| page.iter().all(|w| w.text.trim().is_empty()))
    {
        return Err(AuditError::Empty);
    }
    // Amounts without decimals are read for currencies without minor units: the caller's,
    // else one printed on the first page.
    let currency = hints.currency.clone().or_else(|| {
        let first_page = pages.first().map(Vec::as_slice).unwrap_or_default();
        currency::detect(first_page.iter().map(|w| w.text.as_str()), hints.language())
    });
    let strictness = Strictness::Money {
        zero_decimal: is_zero_decimal(currency.as_deref())
            || matches!(hints.language(), "ja" | "ko"),
    };
    let mut reader = PageReader {
        strictness,
        layout: None,
        raw: RawStatement::default(),
        pending: None,
        carried_after: None,
        page_start: 0,
    };
    for page in pages {
        reader.read_page(page);
    }
    if reader.layout.is_none() {
        return Err(AuditError::NoHeaderRow);
    }
    if reader.raw.closing_balance.is_none()
        && let Some((balance, count)) = reader.carried_after
        && count == reader.raw.transactions.len()
    {
        reader.raw.closing_balance = Some(balance);
    }
    assemble(reader.raw, hints)
}

/// A dated row without an amount: the amount comes on a row below.
#[derive(Debug, Clone)]
struct Pending {
    date_text: String,
    description: String,
}

struct PageReader {
    strictness: Strictness,
    layout: Option<Layout>,
    raw: RawStatement,
    pending: Option<Pending>,
    /// The last carried-forward balance and the number of transactions before it.
    carried_after: Option<(Cents, usize)>,
    /// The number of transactions before the current page.
    page_start: usize,
}

impl PageReader {
    fn read_page(&mut self, words: &[Word]) {
        let rows = group_rows(words);
        let height = typical_height(&rows);
        self.page_start = self.raw.transactions.len();
        let header_at = rows.iter().position(|row| {
            Layout::from_header(row).is_some_and(|layout| {
                self.raw.header_texts.push(text_of(&row.words));
                self.layout = Some(layout);
                true
            })
        });
        let table_from = header_at.map_or(0, |at| at + 1);
        for row in &rows[..table_from.min(rows.len())] {
            self.outside(row);
        }
        let Some(layout) = self.layout.clone() else {
            return;
        };
        let mut table_open = true;
        // The bottom of the last transaction row of this page (continuations follow it).
        let mut last_bottom: Option<u32> = None;
        self.pending = None;
        for row in &rows[table_from.min(rows.len())..] {
            if !table_open {
                self.outside(row);
                continue;
            }
            let cells = layout.cells(row, self.strictness);
            match self.special_row(&cells, last_bottom.is_none()) {
                Some(RowLabel::Closing | RowLabel::CarriedForward) => {
                    table_open = false;
                    continue;
                }
                Some(_) => continue,
                None => {}
            }
            if self.transaction_row(&cells) {
                last_bottom = Some(row.bottom);
            } else if cells.date_text.is_none() && !cells.description.is_empty() {
                let close = last_bottom
                    .is_some_and(|bottom| row.top <= bottom + height.saturating_mul(3) / 2);
                if close {
                    self.continue_description(&cells.description);
                    last_bottom = Some(row.bottom);
                }
            } else if cells.date_text.is_some() {
                last_bottom = Some(row.bottom);
            }
        }
    }

    /// Handles a balance or totals row; `None` when the row is not one. Some languages
    /// use one word for carried and brought forward ("Übertrag", "Transport"): before any
    /// transaction of the page it is brought forward.
    fn special_row(&mut self, cells: &Cells, page_top: bool) -> Option<RowLabel> {
        let mut label = row_label(&cells.description, false)?;
        if label == RowLabel::CarriedForward && page_top {
            label = RowLabel::BroughtForward;
        }
        let balance = cells.balance_or_last();
        let before_any = self.raw.transactions.is_empty();
        match label {
            RowLabel::Opening => {
                if self.raw.opening_balance.is_none() {
                    self.raw.opening_balance = balance;
                }
            }
            RowLabel::BroughtForward => {
                if before_any && self.raw.opening_balance.is_none() {
                    self.raw.opening_balance = balance;
                }
            }
            RowLabel::Closing => self.raw.closing_balance = balance.or(self.raw.closing_balance),
            RowLabel::CarriedForward => {
                if let Some(balance) = balance {
                    self.carried_after = Some((balance, self.raw.transactions.len()));
                }
            }
            RowLabel::Total => {
                if !self.is_totals_row(cells) {
                    return None;
                }
            }
        }
        Some(label)
    }

    /// A row labelled "Total..." is a totals row when it has no date and its figures are
    /// none, or the sums of the page's or the statement's debits or credits so far;
    /// otherwise it is a merchant ("TOTAL ENERGIES").
    fn is_totals_row(&self, cells: &Cells) -> bool {
        if cells.date_text.is_some() {
            return false;
        }
        let figures: Vec<Cents> = [cells.debit, cells.credit, cells.amount]
            .iter()
            .flatten()
            .map(|a| a.cents.abs())
            .collect();
        if figures.is_empty() {
            return true;
        }
        let sums = |from: usize| -> (Cents, Cents) {
            let amounts = self.raw.transactions.get(from..).unwrap_or_default();
            let debits = amounts
                .iter()
                .map(|t| t.amount)
                .filter(|a| *a < 0)
                .sum::<Cents>();
            let credits = amounts
                .iter()
                .map(|t| t.amount)
                .filter(|a| *a > 0)
                .sum::<Cents>();
            (-debits, credits)
        };
        let (page_debits, page_credits) = sums(self.page_start);
        let (all_debits, all_credits) = sums(0);
        figures.iter().any(|f| {
            [page_debits, page_credits, all_debits, all_credits].contains(f)
                || *f == (page_credits - page_debits).abs()
                || *f == (all_credits - all_debits).abs()
        })
    }

    /// Takes a row with an amount as a transaction, or a dated row without one as the start
    /// of the next; a balance alone updates the row above. True when the row was used.
    fn transaction_row(&mut self, cells: &Cells) -> bool {
        let Some(amount) = cells.signed_amount() else {
            if let Some(date_text) = &cells.date_text {
                self.pending = Some(Pending {
                    date_text: date_text.clone(),
                    description: cells.description.clone(),
                });
                return true;
            }
            if let Some(balance) = cells.balance
                && let Some(last) = self.raw.transactions.last_mut()
                && last.balance.is_none()
            {
                last.balance = Some(balance.cents);
                return true;
            }
            return false;
        };
        let (date_text, description) = match (cells.date_text.clone(), self.pending.take()) {
            (Some(date), _) => (Some(date), cells.description.clone()),
            (None, Some(pending)) => (
                Some(pending.date_text),
                join_description(&pending.description, &cells.description),
            ),
            (None, None) => (None, cells.description.clone()),
        };
        self.raw.transactions.push(RawTransaction {
            date_text,
            description,
            amount,
            balance: cells.balance.map(|b| b.cents),
            sign_explicit: cells.sign_is_explicit(),
        });
        true
    }

    fn continue_description(&mut self, text: &str) {
        if let Some(pending) = &mut self.pending {
            pending.description = join_description(&pending.description, text);
        } else if let Some(last) = self.raw.transactions.last_mut() {
            last.description = join_description(&last.description, text);
        }
    }

    fn outside(&mut self, row: &Row<'_>) {
        self.raw.outside_lines.push(
            reading_order(&row.words)
                .iter()
                .map(|w| w.text.clone())
                .collect(),
        );
    }
}

fn join_description(first: &str, second: &str) -> String {
    match (first.is_empty(), second.is_empty()) {
        (true, _) => second.to_owned(),
        (_, true) => first.to_owned(),
        _ => format!("{first} {second}"),
    }
}
