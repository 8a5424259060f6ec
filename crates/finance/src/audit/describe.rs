//! How anomaly descriptions name a transaction: "Row 14 (2024-03-09, 'ACME LTD',
//! -1,250.00)", 1-based as a person counts, the description shortened.

use super::money::format_cents;
use super::types::Transaction;

/// Longest description quoted, in chars.
const QUOTED_CHARS: usize = 40;

/// "Row 14 (2024-03-09, 'ACME LTD', -1,250.00)".
pub fn row_ref(t: &Transaction) -> String {
    let date = t.date.map_or_else(
        || "no date".to_owned(),
        |d| d.format("%Y-%m-%d").to_string(),
    );
    format!(
        "Row {} ({date}, '{}', {})",
        t.index + 1,
        shorten(&t.description),
        format_cents(t.amount)
    )
}

/// At most `QUOTED_CHARS` chars, an ellipsis when cut.
pub fn shorten(text: &str) -> String {
    if text.chars().count() <= QUOTED_CHARS {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(QUOTED_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// "rows 3, 7 and 12" (1-based), at most `shown` listed then "and N more".
pub fn row_list(indices: &[usize], shown: usize) -> String {
    let numbers: Vec<String> = indices
        .iter()
        .take(shown)
        .map(|i| (i + 1).to_string())
        .collect();
    let more = indices.len().saturating_sub(shown);
    let word = if indices.len() == 1 { "row" } else { "rows" };
    match (numbers.as_slice(), more) {
        ([], _) => String::new(),
        ([one], 0) => format!("{word} {one}"),
        (_, 0) => {
            let (last, rest) = numbers
                .split_last()
                .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
            format!("{word} {} and {last}", rest.join(", "))
        }
        (_, more) => format!("{word} {} and {more} more", numbers.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_rows_as_people_count_them() {
        let t = Transaction {
            index: 13,
            date: chrono::NaiveDate::from_ymd_opt(2024, 3, 9),
            description: "ACME LTD".into(),
            amount: -125_000,
            balance: None,
        };
        assert_eq!(row_ref(&t), "Row 14 (2024-03-09, 'ACME LTD', -1,250.00)");
        assert_eq!(row_list(&[2], 5), "row 3");
        assert_eq!(row_list(&[2, 6, 11], 5), "rows 3, 7 and 12");
        assert_eq!(row_list(&[0, 1, 2, 3], 2), "rows 1, 2 and 2 more");
        assert_eq!(shorten(&"x".repeat(50)).chars().count(), 40);
    }
}
