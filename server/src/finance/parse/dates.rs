//! The document date. Candidate substrings are found with patterns (numeric `dd/mm/yyyy`,
//! `dd.mm.yy`, `yyyy-mm-dd`, `yyyy年m月d日`, `2024년 3월 5일`, month names either side of the
//! day) and read by the validation API's date engine (`validate::date::convert`): this module
//! only finds and ranks; it parses nothing itself. Dates labelled as the document's date win;
//! due, delivery and expiry dates lose against any other.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use crate::validate::date::{Request, convert};

use super::currency::names_us_dollars;
use super::labels::{DATE_LABELS, OTHER_DATE_LABELS};
use super::rows::Row;
use super::text::{ascii_digits, has_any};

static CANDIDATES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        // 2024年3月5日, 2024년 3월 5일
        r"\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*[日일]?",
        // 25/12/2018, 05.03.24, 2018-12-25 (no spaces: "3-7 - 15" is no date)
        r"(?:^|[^\w])(\d{1,4}[./-]\d{1,2}[./-]\d{2,4})(?:[^\d]|$)",
        // 2024. 3. 5. (Korean)
        r"(?:^|[^\w])(\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\.?)(?:[^\d]|$)",
        // 12 mars 2024, 5. März 2024, 5 de marzo de 2024, 25-DEC-2018, 1st January 2024
        r"(?:^|[^\d])(\d{1,2}(?:st|nd|rd|th|er|º|°)?\.?[\s/-]*(?:de\s+)?\p{L}{3,}\.?,?[\s/-]*(?:de\s+)?'?\d{2,4})(?:[^\d]|$)",
        // March 5, 2024, Dec 25 2018
        r"(\p{L}{3,}\.?[\s-]+\d{1,2}(?:st|nd|rd|th)?,?[\s-]+\d{4})(?:[^\d]|$)",
    ]
    .iter()
    .map(|pattern| Regex::new(pattern).expect("static regex"))
    .collect()
});

/// US state codes: a `CA 94105` in the header says month-first dates.
static US_ADDRESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC),?\s+\d{5}(?:-\d{4})?\b")
        .expect("static regex")
});

/// The date found, with the certainty of the rule that chose it (0..1) and its row.
#[derive(Debug, Clone, PartialEq)]
pub struct DateFound {
    pub date: NaiveDate,
    pub row: usize,
    pub certainty: f32,
}

/// North American phone numbers: `(415) 555-0100`.
static NANP_PHONE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(\d{3}\)\s?\d{3}-\d{4}\b").expect("static regex"));

/// Whether numeric dates read day first. Month first only with US cues: US dollars named
/// (`USD`, `US$`), a US state and ZIP code, or dollars (`$`) with a North American phone
/// number. A bare `$` alone is no cue: most dollar countries write the day first.
pub fn day_first(currency: Option<&str>, rows: &[Row]) -> bool {
    let us_address = rows.iter().any(|row| US_ADDRESS.is_match(&row.text));
    let named_dollars = rows.iter().any(|row| names_us_dollars(&row.text));
    let dollars_and_phone =
        currency == Some("USD") && rows.iter().any(|row| NANP_PHONE.is_match(&row.text));
    !(us_address || named_dollars || dollars_and_phone)
}

/// The document's date.
pub fn date_of(rows: &[Row], day_first: bool) -> Option<DateFound> {
    let mut best: Option<(i32, DateFound)> = None;
    for (index, row) in rows.iter().enumerate() {
        let Some((date, ambiguous)) = first_date_in(&row.text, day_first) else {
            continue;
        };
        let previous = index.checked_sub(1).and_then(|i| rows.get(i));
        let label_before = previous.is_some_and(|p| {
            has_any(&p.folded, DATE_LABELS) && first_date_in(&p.text, day_first).is_none()
        });
        let mut score = 0;
        if has_any(&row.folded, DATE_LABELS) || label_before {
            score += 2;
        }
        if has_any(&row.folded, OTHER_DATE_LABELS) {
            score -= 3;
        }
        let certainty = match (score > 0, ambiguous) {
            (true, false) => 0.97,
            (true, true) => 0.85,
            (false, false) => 0.9,
            (false, true) => 0.75,
        } * if score < 0 { 0.6 } else { 1.0 };
        let found = DateFound {
            date,
            row: index,
            certainty,
        };
        if best
            .as_ref()
            .is_none_or(|(best_score, _)| score > *best_score)
        {
            best = Some((score, found));
        }
    }
    best.map(|(_, found)| found)
}

/// The first date written in `text` and whether the other day/month order was also valid.
fn first_date_in(text: &str, day_first: bool) -> Option<(NaiveDate, bool)> {
    let text = ascii_digits(text);
    let mut found: Vec<(usize, NaiveDate, bool)> = Vec::new();
    for pattern in CANDIDATES.iter() {
        for captures in pattern.captures_iter(&text) {
            let Some(candidate) = captures.get(1).or_else(|| captures.get(0)) else {
                continue;
            };
            if let Some((date, ambiguous)) = read_date(candidate.as_str(), day_first) {
                found.push((candidate.start(), date, ambiguous));
            }
        }
    }
    found
        .into_iter()
        .min_by_key(|(start, _, _)| *start)
        .map(|(_, date, ambiguous)| (date, ambiguous))
}

/// A candidate read by the date engine, kept when it is a plausible document date.
fn read_date(candidate: &str, day_first: bool) -> Option<(NaiveDate, bool)> {
    let trimmed = candidate.trim().trim_end_matches([',', '-', '/']);
    let answer = convert(&Request {
        date: trimmed,
        day_first,
        ..Request::default()
    });
    if !answer.valid {
        return None;
    }
    let date = NaiveDate::from_ymd_opt(answer.year?, answer.month?, answer.day?)?;
    let year = answer.year?;
    (1990..=2100)
        .contains(&year)
        .then_some((date, answer.ambiguous))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid")
    }

    #[test]
    fn dates_in_local_orders_and_month_names() {
        let cases = [
            ("Date: 25/12/2018 10:21", true, ymd(2018, 12, 25)),
            ("Datum 05.03.24 14:02", true, ymd(2024, 3, 5)),
            ("Fecha: 5 de marzo de 2024", true, ymd(2024, 3, 5)),
            ("Le 12 mars 2024 à 12h30", true, ymd(2024, 3, 12)),
            ("Invoice date March 5, 2024", false, ymd(2024, 3, 5)),
            ("03/05/2024", false, ymd(2024, 3, 5)),
            ("03/05/2024", true, ymd(2024, 5, 3)),
            ("2024年3月5日 12:30", true, ymd(2024, 3, 5)),
            ("날짜 2024년 3월 5일", true, ymd(2024, 3, 5)),
            ("2024-03-05T10:00", true, ymd(2024, 3, 5)),
            ("التاريخ ٠٥/٠٣/٢٠٢٤", true, ymd(2024, 3, 5)),
            ("Data: 5 marca 2024 r.", true, ymd(2024, 3, 5)),
            ("25-DEC-2018", true, ymd(2018, 12, 25)),
        ];
        for (text, day_first, expected) in cases {
            assert_eq!(
                first_date_in(text, day_first).map(|(d, _)| d),
                Some(expected),
                "{text}"
            );
        }
        assert_eq!(first_date_in("TOTAL 12.50", true), None);
        assert_eq!(first_date_in("Tel 03-1234 5678", true), None);
        assert_eq!(first_date_in("HCO3-7 - 15", true), None);
        assert_eq!(
            first_date_in("ORD #50 -REG #19- 18/01/2018 10:27", true).map(|(d, _)| d),
            Some(ymd(2018, 1, 18))
        );
        assert_eq!(
            first_date_in("2024. 3. 5. 12:00", false).map(|(d, _)| d),
            Some(ymd(2024, 3, 5))
        );
    }
}
