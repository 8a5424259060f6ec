//! A statement's transactions from a CSV export: the delimiter sniffed (`,` `;` tab), the
//! header row found among the first records (bank exports often start with account
//! details), its cells named in the 12 languages (`columns`), then one transaction per
//! record: a signed amount column or debit and credit columns, an optional balance.
//! Opening and closing balance records ("Anfangssaldo;1.234,56") are read before, within
//! or after the data. Bounded: more than `max_rows` transactions is an error (and records
//! that are not transactions count against twice the bound).

use super::amounts::{Mark, Strictness, parse_amount};
use super::assemble::{RawStatement, RawTransaction, assemble};
use super::columns::{ColumnRole, is_table_header, role_of};
use super::error::AuditError;
use super::labels::{RowLabel, row_label};
use super::types::{Cents, Hints, Statement};

/// Records before the header row looked at, at most.
const MAX_PREAMBLE: usize = 50;

/// Reads the transactions of a CSV statement of at most `max_rows` data records.
pub fn read_csv(bytes: &[u8], hints: &Hints, max_rows: usize) -> Result<Statement, AuditError> {
    let text = decode(bytes);
    if text.trim().is_empty() {
        return Err(AuditError::Empty);
    }
    let delimiter = sniff_delimiter(&text);
    let mut records = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .into_records();

    let mut raw = RawStatement::default();
    let mut header: Option<Vec<Option<ColumnRole>>> = None;
    let mut preamble = 0usize;
    let mut data_rows = 0usize;
    for record in records.by_ref() {
        let record = record.map_err(|e| AuditError::Csv(csv_reason(&e)))?;
        let cells: Vec<&str> = record.iter().map(str::trim).collect();
        if cells.iter().all(|c| c.is_empty()) {
            continue;
        }
        let Some(roles) = &header else {
            if let Some(roles) = header_roles(&cells) {
                raw.header_texts.push(cells.join(" "));
                header = Some(roles);
                continue;
            }
            preamble += 1;
            if preamble > MAX_PREAMBLE {
                return Err(AuditError::NoHeaderRow);
            }
            raw.outside_lines.push(words_of(&cells));
            continue;
        };
        // Records that are not transactions (balances, totals, notes) are bounded too.
        data_rows += 1;
        if data_rows > max_rows.saturating_mul(2).saturating_add(MAX_PREAMBLE) {
            return Err(AuditError::TooManyRows { max_rows });
        }
        read_record(&cells, roles, &mut raw);
        if raw.transactions.len() > max_rows {
            return Err(AuditError::TooManyRows { max_rows });
        }
    }
    if header.is_none() {
        return Err(AuditError::NoHeaderRow);
    }
    assemble(raw, hints)
}

/// UTF-8 (a BOM dropped), else Latin-1 (Windows exports).
fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// The delimiter splitting the first lines most consistently into the most fields.
fn sniff_delimiter(text: &str) -> u8 {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(30)
        .collect();
    let mut best = (b',', (0usize, 0usize));
    for delimiter in [b',', b';', b'\t'] {
        let counts: Vec<usize> = lines
            .iter()
            .map(|l| count_outside_quotes(l, delimiter))
            .collect();
        let mut frequency: Vec<(usize, usize)> = Vec::new();
        for &count in counts.iter().filter(|c| **c > 0) {
            match frequency.iter_mut().find(|(c, _)| *c == count) {
                Some((_, n)) => *n += 1,
                None => frequency.push((count, 1)),
            }
        }
        let score = frequency
            .iter()
            .map(|&(count, lines)| (lines, count))
            .max()
            .unwrap_or((0, 0));
        if score > best.1 {
            best = (delimiter, score);
        }
    }
    best.0
}

fn count_outside_quotes(line: &str, delimiter: u8) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for b in line.bytes() {
        if b == b'"' {
            quoted = !quoted;
        } else if b == delimiter && !quoted {
            count += 1;
        }
    }
    count
}

/// Each cell's role when the record is a transaction table's header.
fn header_roles(cells: &[&str]) -> Option<Vec<Option<ColumnRole>>> {
    let mut roles: Vec<Option<ColumnRole>> = cells.iter().map(|c| role_of(c)).collect();
    let mut seen_date = false;
    for role in roles.iter_mut() {
        if *role == Some(ColumnRole::Date) {
            if seen_date {
                *role = Some(ColumnRole::ValueDate);
            }
            seen_date = true;
        }
    }
    let named: Vec<ColumnRole> = roles.iter().flatten().copied().collect();
    is_table_header(&named).then_some(roles)
}

fn read_record(cells: &[&str], roles: &[Option<ColumnRole>], raw: &mut RawStatement) {
    let cell = |role: ColumnRole| -> Vec<&str> {
        cells
            .iter()
            .zip(roles)
            .filter(|(text, r)| **r == Some(role) && !text.is_empty())
            .map(|(text, _)| *text)
            .collect()
    };
    let amount_of = |role: ColumnRole| {
        cell(role)
            .first()
            .and_then(|text| parse_amount(text, Strictness::Lenient))
    };
    let date_text = cell(ColumnRole::Date).first().map(|d| (*d).to_owned());
    let description = cell(ColumnRole::Description).join(" ");
    let debit = amount_of(ColumnRole::Debit);
    let credit = amount_of(ColumnRole::Credit);
    let signed = amount_of(ColumnRole::Amount);
    let balance = amount_of(ColumnRole::Balance).map(|a| a.cents);

    // A label in any cell ("Closing balance" may sit in the date column); a totals label
    // only on a row without a date ("TOTAL ENERGIES" is a merchant).
    let label = cells.iter().zip(roles).find_map(|(text, role)| {
        let label = row_label(text, false)?;
        let dated_total =
            label == RowLabel::Total && *role != Some(ColumnRole::Date) && date_text.is_some();
        (!dated_total).then_some(label)
    });
    match label {
        Some(RowLabel::Opening | RowLabel::BroughtForward) => {
            if raw.opening_balance.is_none() && raw.transactions.is_empty() {
                raw.opening_balance = balance.or_else(|| last_amount(cells));
            }
            return;
        }
        Some(RowLabel::Closing) => {
            raw.closing_balance = balance.or_else(|| last_amount(cells));
            return;
        }
        Some(RowLabel::CarriedForward | RowLabel::Total) => return,
        None => {}
    }

    let amount: Option<Cents> = match (debit, credit, signed) {
        (None, None, Some(a)) => Some(a.cents),
        (None, None, None) => None,
        (d, c, _) => {
            let debit = d.map_or(0, |a| a.cents.abs());
            let credit = c.map_or(0, |a| match a.mark {
                Mark::Debit => a.cents,
                _ => a.cents.abs(),
            });
            Some(credit - debit)
        }
    };
    let Some(amount) = amount else {
        return;
    };
    raw.transactions.push(RawTransaction {
        date_text,
        description,
        amount,
        balance,
        sign_explicit: debit.is_some()
            || credit.is_some()
            || signed.is_some_and(|a| a.mark != Mark::Unsigned),
    });
}

/// The last cell that is an amount.
fn last_amount(cells: &[&str]) -> Option<Cents> {
    cells
        .iter()
        .rev()
        .find_map(|c| parse_amount(c, Strictness::Lenient))
        .map(|a| a.cents)
}

fn words_of(cells: &[&str]) -> Vec<String> {
    cells
        .iter()
        .flat_map(|c| c.split_whitespace())
        .map(str::to_owned)
        .collect()
}

/// The csv crate's error without the record's content.
fn csv_reason(error: &csv::Error) -> String {
    match error.kind() {
        csv::ErrorKind::Utf8 { pos, .. } => match pos {
            Some(pos) => format!("invalid UTF-8 at line {}", pos.line()),
            None => "invalid UTF-8".into(),
        },
        csv::ErrorKind::Io(_) => "read error".into(),
        _ => "malformed record".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_the_delimiter() {
        assert_eq!(
            sniff_delimiter("Date,Description,Amount\n2024-03-01,Shop,-12.50\n"),
            b','
        );
        assert_eq!(
            sniff_delimiter("Datum;Verwendungszweck;Betrag\n01.03.2024;Laden;-12,50\n"),
            b';'
        );
        assert_eq!(
            sniff_delimiter("Date\tDescription\tAmount\n1/3/2024\tShop\t-1,250.00\n"),
            b'\t'
        );
        assert_eq!(
            sniff_delimiter("Date,Description,Amount\n2024-03-01,\"Shop, London\",\"-1,250.00\"\n"),
            b','
        );
    }
}
