//! Why a statement could not be read: the HTTP layer maps `TooManyRows` to 413 (the
//! finance API's `MAX_CSV_ROWS`) and every other variant to 422, with its message.

use std::fmt;

/// A statement from which no transaction could be read, or one over the caller's bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuditError {
    /// The pages or the CSV have no words or records at all.
    Empty,
    /// No row names both a date column and an amount (or debit/credit) column.
    NoHeaderRow,
    /// A header was found but no row under it has a readable date and amount.
    NoTransactions,
    /// The CSV has more data rows than the caller allows.
    TooManyRows { max_rows: usize },
    /// The CSV itself is malformed (the `csv` crate's reason, no document content).
    Csv(String),
}

impl fmt::Display for AuditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuditError::Empty => f.write_str("the statement has no readable text"),
            AuditError::NoHeaderRow => f.write_str(
                "no header row with a date and an amount column (amount, debit or credit) was found",
            ),
            AuditError::NoTransactions => f.write_str(
                "a header row was found but no row under it has both a readable date and an amount",
            ),
            AuditError::TooManyRows { max_rows } => {
                write!(f, "the statement has more than {max_rows} rows")
            }
            AuditError::Csv(reason) => write!(f, "the CSV file cannot be read: {reason}"),
        }
    }
}

impl std::error::Error for AuditError {}
