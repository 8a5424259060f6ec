//! Dates OCR misread. A document date after today (`2048` for `2018`: a `1` read as `4`) is
//! implausible; it is repaired when exactly one common digit confusion of its year gives a
//! plausible year, and otherwise loses to any plausible date. A date with no such day or
//! month (`42 Mar 2018`, `30/83/2018`) is repaired the same way.

use chrono::{Datelike, NaiveDate};

/// Digit pairs OCR confuses on receipts (thin strokes lost or added).
const CONFUSABLE_DIGITS: &[(char, char)] = &[
    ('1', '4'),
    ('1', '7'),
    ('4', '7'),
    ('0', '8'),
    ('0', '6'),
    ('5', '6'),
    ('3', '8'),
    ('6', '8'),
];

/// The first year a document still in use may bear.
pub const EARLIEST_YEAR: i32 = 1990;
/// The last year read when today is unknown.
pub const LATEST_YEAR: i32 = 2100;

/// Whether two digits are a common OCR confusion.
pub(super) fn confusable(a: char, b: char) -> bool {
    CONFUSABLE_DIGITS.contains(&(a, b)) || CONFUSABLE_DIGITS.contains(&(b, a))
}

/// Whether a document may bear this date: from 1990 to the year after today (to 2100 when
/// today is unknown).
pub fn plausible(date: NaiveDate, today: Option<NaiveDate>) -> bool {
    let latest = today.map_or(LATEST_YEAR, |t| t.year() + 1);
    (EARLIEST_YEAR..=latest).contains(&date.year())
}

/// The implausible date with its year repaired, when exactly one confusion of one year digit
/// gives a plausible date.
pub fn repaired(date: NaiveDate, today: Option<NaiveDate>) -> Option<NaiveDate> {
    if plausible(date, today) {
        return None;
    }
    let year = format!("{:04}", date.year());
    let mut repairs: Vec<NaiveDate> = Vec::new();
    for (at, digit) in year.char_indices() {
        for &(a, b) in CONFUSABLE_DIGITS {
            let other = match digit {
                d if d == a => b,
                d if d == b => a,
                _ => continue,
            };
            let mut candidate = year.clone();
            candidate.replace_range(at..at + 1, &other.to_string());
            let Some(fixed) = candidate
                .parse::<i32>()
                .ok()
                .and_then(|y| date.with_year(y))
            else {
                continue;
            };
            if plausible(fixed, today) && !repairs.contains(&fixed) {
                repairs.push(fixed);
            }
        }
    }
    match repairs.as_slice() {
        [only] => Some(*only),
        _ => None,
    }
}

/// The text with one digit swapped for a look-alike, every way it can be.
pub fn digit_slips(text: &str) -> Vec<String> {
    let mut variants = Vec::new();
    for (at, digit) in text.char_indices().filter(|(_, c)| c.is_ascii_digit()) {
        for &(a, b) in CONFUSABLE_DIGITS {
            let other = match digit {
                d if d == a => b,
                d if d == b => a,
                _ => continue,
            };
            let mut variant = text.to_owned();
            variant.replace_range(at..at + 1, &other.to_string());
            variants.push(variant);
        }
    }
    variants
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
    }

    #[test]
    fn a_year_after_today_is_repaired_by_one_digit_confusion() {
        let today = Some(ymd(2026, 11, 25));
        assert_eq!(repaired(ymd(2048, 3, 14), today), Some(ymd(2018, 3, 14)));
        assert_eq!(repaired(ymd(2078, 3, 10), today), Some(ymd(2018, 3, 10)));
        // Plausible dates are left alone; several repairs (2020, 2023, 2026) are no repair.
        assert_eq!(repaired(ymd(2018, 3, 14), today), None);
        assert_eq!(repaired(ymd(2028, 3, 14), today), None);
        // Without a clock only years past 2100 are implausible.
        assert!(plausible(ymd(2048, 3, 14), None));
        assert!(digit_slips("42 Mar").contains(&"12 Mar".to_owned()));
        assert_eq!(digit_slips("29").len(), 0);
        assert!(!plausible(ymd(2048, 3, 14), today));
    }
}
