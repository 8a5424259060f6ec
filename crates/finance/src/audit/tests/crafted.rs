//! Hand-built words and CSV for the reading corner cases, and the readers' errors.

use super::super::audit as run_audit;

use super::super::*;
use super::{hints, ymd};
use chrono::NaiveDate;

use suite_engines::words::{Rect, Word};

// ───────────── errors ─────────────

fn word(text: &str, x: u32, y: u32, line: u32) -> Word {
    Word {
        text: text.into(),
        bbox: Rect {
            x,
            y,
            width: 7 * text.chars().count() as u32,
            height: 12,
        },
        confidence: 0.9,
        line,
    }
}

#[test]
fn unreadable_statements_are_typed_errors() {
    assert_eq!(read_pages(&[], &Hints::default()), Err(AuditError::Empty));
    let prose = vec![vec![word("Dear", 10, 10, 1), word("customer", 60, 10, 1)]];
    assert_eq!(
        read_pages(&prose, &Hints::default()),
        Err(AuditError::NoHeaderRow)
    );
    let header_only = vec![vec![
        word("Date", 10, 10, 1),
        word("Description", 100, 10, 1),
        word("Amount", 400, 10, 1),
    ]];
    let error = read_pages(&header_only, &Hints::default()).unwrap_err();
    assert_eq!(error, AuditError::NoTransactions);
    assert!(
        AuditError::NoHeaderRow
            .to_string()
            .contains("date and an amount column")
    );
    assert_eq!(read_csv(b"", &Hints::default(), 10), Err(AuditError::Empty));
    assert_eq!(
        read_csv(b"a,b\n1,2\n", &Hints::default(), 10),
        Err(AuditError::NoHeaderRow)
    );
}

// ───────────── crafted words ─────────────

/// A statement typed by hand: a signed amount column with CR/DR, trailing minus and
/// parentheses, rows without a date (same day), a description on two lines, a totals row.
#[test]
fn reads_signs_same_day_rows_continuations_and_totals() {
    let rows: &[(&str, &str, &str, &str)] = &[
        ("", "Opening balance", "", "1,000.00"),
        ("12 Mar", "SHOP ONE", "25.00 DR", "975.00"),
        ("", "SHOP TWO", "(5.00)", "970.00"),
        ("", "CONTINUED TEXT", "", ""),
        ("13 Mar", "REFUND", "30.00 CR", "1,000.00"),
        ("14 Mar", "FEE", "1.50-", "998.50"),
        ("", "TOTAL ENERGIES", "40.00 DR", "958.50"),
        ("", "Totals", "71.50", ""),
        ("", "Closing balance", "", "958.50"),
    ];
    let mut words = vec![
        word("Statement", 10, 10, 1),
        word("period", 80, 10, 1),
        word("1", 130, 10, 1),
        word("March", 140, 10, 1),
        word("2024", 185, 10, 1),
        word("to", 220, 10, 1),
        word("31", 240, 10, 1),
        word("March", 260, 10, 1),
        word("2024", 305, 10, 1),
        word("Date", 10, 40, 2),
        word("Details", 100, 40, 2),
        word("Amount", 400, 40, 2),
        word("Balance", 520, 40, 2),
    ];
    for (i, (date, text, amount, balance)) in rows.iter().enumerate() {
        let y = 60 + 20 * i as u32;
        let line = 10 + i as u32;
        let mut x = 10;
        for part in date.split_whitespace() {
            words.push(word(part, x, y, line));
            x += 7 * part.len() as u32 + 7;
        }
        let mut x = 100;
        for part in text.split_whitespace() {
            words.push(word(part, x, y, line));
            x += 7 * part.len() as u32 + 7;
        }
        if !amount.is_empty() {
            let w = 7 * amount.len() as u32;
            for (k, part) in amount.split_whitespace().enumerate() {
                let offset = if k == 0 {
                    0
                } else {
                    7 * (amount.len() - part.len()) as u32
                };
                words.push(word(part, 442 - w + offset, y, line));
            }
        }
        if !balance.is_empty() {
            words.push(word(balance, 569 - 7 * balance.len() as u32, y, line));
        }
    }
    let read = read_pages(&[words], &hints("en", Some("GBP"))).unwrap();
    let amounts: Vec<Cents> = read.transactions.iter().map(|t| t.amount).collect();
    assert_eq!(amounts, [-2_500, -500, 3_000, -150, -4_000]);
    let dates: Vec<Option<NaiveDate>> = read.transactions.iter().map(|t| t.date).collect();
    assert_eq!(
        dates,
        [
            Some(ymd(2024, 3, 12)),
            Some(ymd(2024, 3, 12)),
            Some(ymd(2024, 3, 13)),
            Some(ymd(2024, 3, 14)),
            Some(ymd(2024, 3, 14)),
        ]
    );
    assert_eq!(read.transactions[1].description, "SHOP TWO CONTINUED TEXT");
    assert_eq!(read.opening_balance, Some(100_000));
    assert_eq!(read.closing_balance, Some(95_850));
    assert_eq!(read.period_end, Some(ymd(2024, 3, 31)));
    let audit = run_audit(&read);
    assert!(audit.balance_check_passed);
    assert!(
        audit
            .of_kind(AnomalyKind::RunningBalanceError)
            .next()
            .is_none()
    );
}

#[test]
fn unsigned_amount_column_takes_its_signs_from_the_balance() {
    let csv = "Date,Description,Amount,Balance\n2024-03-04,Shop,25.00,975.00\n2024-03-05,Refund,30.00,1005.00\n";
    let read = read_csv(csv.as_bytes(), &hints("en", None), 10).unwrap();
    assert_eq!(read.transactions[0].amount, 2_500, "no opening: unknown");
    let with_opening = format!("Opening balance,1000.00\n{csv}");
    let read = read_csv(with_opening.as_bytes(), &hints("en", None), 10).unwrap();
    let amounts: Vec<Cents> = read.transactions.iter().map(|t| t.amount).collect();
    assert_eq!(amounts, [-2_500, 3_000]);
}

#[test]
fn two_unrelated_dates_are_not_taken_for_the_period() {
    let csv = "Account opened 01/01/2010 last statement 29/02/2024\n\
               Date,Description,Amount\n\
               04/03/2024,Shop,-25.00\n\
               05/03/2024,Refund,30.00\n";
    let read = read_csv(csv.as_bytes(), &hints("en", Some("GBP")), 10).unwrap();
    assert_eq!(read.period_start, None);
    let csv = "Period 01/03/2024 - 31/03/2024\n\
               Date,Description,Amount\n\
               04/03/2024,Shop,-25.00\n\
               05/03/2024,Refund,30.00\n";
    let read = read_csv(csv.as_bytes(), &hints("en", Some("GBP")), 10).unwrap();
    assert_eq!(read.period_start, Some(ymd(2024, 3, 1)));
    assert_eq!(read.transactions[0].date, Some(ymd(2024, 3, 4)));
}
