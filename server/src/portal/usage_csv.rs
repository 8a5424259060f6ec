//! The portal's "Download CSV" of daily usage: one row per day and API, safe to open in a
//! spreadsheet.
//!
//! Format: RFC 4180 with its CRLF line ends (every line, the last one included), the header
//! `date,api,calls`, dates as ISO 8601 (`YYYY-MM-DD`), calls as plain integers. A field is
//! quoted only when it holds a comma, a double quote (doubled inside the quotes), CR or LF.
//!
//! Formula injection: a spreadsheet reads a cell starting with `=`, `+`, `-` or `@` (and, in
//! some, a tab or CR) as a formula. The only text field is the API name; when it starts with
//! one of those it gets a leading apostrophe, which spreadsheets show as text. Dates and calls
//! are written by this module from typed values, so they are never formulas (a negative count,
//! which usage never has, would stay a number).

use chrono::NaiveDate;

/// The header line's fields.
pub const HEADER: &str = "date,api,calls";

/// The CSV of `rows` (day, API name, calls), sorted by date then API; rows with the same day
/// and API keep their given order.
pub fn daily_csv(rows: &[(NaiveDate, &str, i64)]) -> String {
    let mut sorted: Vec<&(NaiveDate, &str, i64)> = rows.iter().collect();
    sorted.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let mut out = String::with_capacity(16 + rows.len() * 32);
    out.push_str(HEADER);
    out.push_str("\r\n");
    for (date, api, calls) in sorted {
        out.push_str(&date.format("%Y-%m-%d").to_string());
        out.push(',');
        push_text(&mut out, api);
        out.push(',');
        out.push_str(&calls.to_string());
        out.push_str("\r\n");
    }
    out
}

/// Appends a text field: neutralised against formulas, then quoted if RFC 4180 needs it.
fn push_text(out: &mut String, field: &str) {
    let neutral = if field.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{field}")
    } else {
        field.to_owned()
    };
    if neutral.contains([',', '"', '\r', '\n']) {
        out.push('"');
        out.push_str(&neutral.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(&neutral);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a valid date")
    }

    #[test]
    fn empty_is_the_header_alone() {
        assert_eq!(daily_csv(&[]), "date,api,calls\r\n");
    }

    #[test]
    fn rows_sorted_by_date_then_api_with_crlf() {
        let rows = [
            (day(2026, 6, 2), "validate", 7),
            (day(2026, 6, 1), "validate", 3),
            (day(2026, 6, 2), "docgen", 1),
            (day(2026, 5, 31), "sanctions", 120),
        ];
        assert_eq!(
            daily_csv(&rows),
            "date,api,calls\r\n\
             2026-05-31,sanctions,120\r\n\
             2026-06-01,validate,3\r\n\
             2026-06-02,docgen,1\r\n\
             2026-06-02,validate,7\r\n"
        );
    }

    #[test]
    fn same_day_and_api_keep_their_order() {
        let rows = [(day(2026, 1, 1), "pii", 2), (day(2026, 1, 1), "pii", 1)];
        assert_eq!(
            daily_csv(&rows),
            "date,api,calls\r\n2026-01-01,pii,2\r\n2026-01-01,pii,1\r\n"
        );
    }

    #[test]
    fn fields_quoted_when_needed() {
        let rows = [
            (day(2026, 1, 1), "a,b", 1),
            (day(2026, 1, 2), "say \"hi\"", 2),
            (day(2026, 1, 3), "two\nlines", 3),
        ];
        assert_eq!(
            daily_csv(&rows),
            "date,api,calls\r\n\
             2026-01-01,\"a,b\",1\r\n\
             2026-01-02,\"say \"\"hi\"\"\",2\r\n\
             2026-01-03,\"two\nlines\",3\r\n"
        );
    }

    #[test]
    fn formulas_neutralised() {
        for (api, want) in [
            ("=1+1", "'=1+1"),
            ("+cmd", "'+cmd"),
            ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("=HYPERLINK(\"x\",\"y\")", "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""),
            ("a=b", "a=b"),
        ] {
            let csv = daily_csv(&[(day(2026, 2, 3), api, 5)]);
            assert_eq!(csv, format!("date,api,calls\r\n2026-02-03,{want},5\r\n"), "{api}");
        }
    }

    #[test]
    fn large_counts_are_plain_integers() {
        let csv = daily_csv(&[(day(2026, 12, 31), "finance", 1_234_567_890_123)]);
        assert!(csv.ends_with("2026-12-31,finance,1234567890123\r\n"));
    }
}
