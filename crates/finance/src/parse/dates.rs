//! The document date. Candidate substrings are found with patterns (numeric `dd/mm/yyyy`,
//! `dd.mm.yy`, `yyyy-mm-dd`, `yyyy年m月d日`, `2024년 3월 5일`, month names either side of the
//! day) and read by the engines' date parser (`suite_engines::date::convert`): this module
//! only finds and ranks; it parses nothing itself. Dates labelled as the document's date win;
//! due, delivery and expiry dates lose against any other; a date after today is repaired or
//! loses against any plausible one (`date_repair`).

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use suite_engines::date::{Request, convert};

use super::currency::names_us_dollars;
use super::date_repair::{EARLIEST_YEAR, LATEST_YEAR, digit_slips, plausible, repaired};
use super::labels::{DATE_LABELS, OTHER_DATE_LABELS};
use super::rows::Row;
use super::text::{ascii_digits, has_any};

static CANDIDATES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        // 2024年3月5日, 2024년 3월 5일
        r"\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*[日일]?",
        // 25/12/2018, 05.03.24, 2018-12-25 (no spaces: "3-7 - 15" is no date)
        r"(?:^|[^\w])(\d{1,4}[./-]\d{1,2}[./-]\d{2,4})(?:[^\d]|$)",
        // 25/12/201810:31 (a time glued to the year)
        r"(?:^|[^\w])(\d{1,2}[./-]\d{1,2}[./-]\d{4})\d{1,2}:\d{2}",
        // 25 / 12 / 2018 (OCR split the date into tokens; slashes and a full year only)
        r"(?:^|[^\w])(\d{1,2} ?/ ?\d{1,2} ?/ ?\d{4})(?:[^\d]|$)",
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

/// The document's date; `today` (when known) tells misread years.
pub fn date_of(rows: &[Row], day_first: bool, today: Option<NaiveDate>) -> Option<DateFound> {
    let mut best: Option<(i32, DateFound)> = None;
    for (index, row) in rows.iter().enumerate() {
        let Some(Reading {
            date,
            ambiguous,
            trust,
        }) = plausible_date_in(&row.text, day_first, today, row.confidence >= EXACT)
        else {
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
        match trust {
            Trust::Written => {}
            Trust::Repaired => score -= 1,
            Trust::Implausible => score -= 6,
        }
        let certainty = match (score > 0, ambiguous) {
            (true, false) => 0.97,
            (true, true) => 0.85,
            (false, false) => 0.9,
            (false, true) => 0.75,
        } * if score < 0 { 0.6 } else { 1.0 }
            * trust.certainty();
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

/// A labelled document date that is no date at all (`31/02/2026`, `2026-13-05`), with the
/// row it is written on: a fabricated or altered date. Only when no date could be read.
pub fn impossible_date_of(rows: &[Row], day_first: bool) -> Option<(String, usize)> {
    rows.iter().enumerate().find_map(|(index, row)| {
        if !has_any(&row.folded, DATE_LABELS) || first_date_in(&row.text, day_first).is_some() {
            return None;
        }
        let text = ascii_digits(&row.text);
        CANDIDATES
            .iter()
            .flat_map(|pattern| pattern.captures_iter(&text))
            .filter_map(|captures| captures.get(1).or_else(|| captures.get(0)))
            .map(|candidate| candidate.as_str().trim().to_owned())
            .find(|candidate| candidate.chars().filter(char::is_ascii_digit).count() >= 6)
            .map(|candidate| (candidate, index))
    })
}

/// How far a date read from a row can be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trust {
    /// As written, and plausible.
    Written,
    /// Its year repaired from an OCR digit confusion.
    Repaired,
    /// After today and not repairable: used only when nothing else is found.
    Implausible,
}

impl Trust {
    fn certainty(self) -> f32 {
        match self {
            Trust::Written => 1.0,
            Trust::Repaired => 0.7,
            Trust::Implausible => 0.4,
        }
    }
}

/// A date read from a row.
struct Reading {
    date: NaiveDate,
    /// The other day/month order was also valid.
    ambiguous: bool,
    trust: Trust,
}

/// Words this sure come from a PDF's text layer: what they say is what is printed.
const EXACT: f32 = 0.999;

/// The first plausible date of a row, else the first repairable one (OCR'd rows only: a
/// text layer's date is what it says), else the first one.
fn plausible_date_in(
    text: &str,
    day_first: bool,
    today: Option<NaiveDate>,
    exact: bool,
) -> Option<Reading> {
    let found = dates_in(text, day_first);
    let reading = |(date, ambiguous): (NaiveDate, bool), trust| Reading {
        date,
        ambiguous,
        trust,
    };
    if let Some(&written) = found.iter().find(|(date, _)| plausible(*date, today)) {
        return Some(reading(written, Trust::Written));
    }
    if exact {
        return found
            .first()
            .map(|&first| reading(first, Trust::Implausible));
    }
    if let Some((fixed, ambiguous)) = found
        .iter()
        .find_map(|&(date, ambiguous)| repaired(date, today).map(|d| (d, ambiguous)))
    {
        return Some(reading((fixed, ambiguous), Trust::Repaired));
    }
    if let Some(fixed) = slip_repaired_date_in(text, day_first, today) {
        return Some(reading(fixed, Trust::Repaired));
    }
    found
        .first()
        .map(|&first| reading(first, Trust::Implausible))
}

/// The first date-like text of `text` that is no date (`42 Mar 2018`, `30/83/2018`) but
/// becomes exactly one plausible date with one digit swapped for a look-alike.
fn slip_repaired_date_in(
    text: &str,
    day_first: bool,
    today: Option<NaiveDate>,
) -> Option<(NaiveDate, bool)> {
    let text = ascii_digits(text);
    let mut unread: Vec<(usize, &str)> = CANDIDATES
        .iter()
        .flat_map(|pattern| pattern.captures_iter(&text))
        .filter_map(|captures| captures.get(1).or_else(|| captures.get(0)))
        .filter(|candidate| read_date(candidate.as_str(), day_first).is_none())
        .map(|candidate| (candidate.start(), candidate.as_str()))
        .collect();
    unread.sort_unstable();
    unread.into_iter().find_map(|(_, candidate)| {
        let mut repairs: Vec<(NaiveDate, bool)> = Vec::new();
        for variant in digit_slips(candidate) {
            if let Some((date, ambiguous)) = read_date(&variant, day_first)
                && plausible(date, today)
                && !repairs.iter().any(|(d, _)| *d == date)
            {
                repairs.push((date, ambiguous));
            }
        }
        match repairs.as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    })
}

/// The first date written in `text` and whether the other day/month order was also valid.
fn first_date_in(text: &str, day_first: bool) -> Option<(NaiveDate, bool)> {
    dates_in(text, day_first).into_iter().next()
}

/// The dates written in `text`, left to right, each with whether the other day/month order
/// was also valid.
fn dates_in(text: &str, day_first: bool) -> Vec<(NaiveDate, bool)> {
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
    found.sort_by_key(|(start, _, _)| *start);
    found.dedup_by_key(|(start, _, _)| *start);
    found
        .into_iter()
        .map(|(_, date, ambiguous)| (date, ambiguous))
        .collect()
}

/// A candidate read by the date engine, kept when it is a plausible document date.
fn read_date(candidate: &str, day_first: bool) -> Option<(NaiveDate, bool)> {
    let trimmed = candidate.trim().trim_end_matches([',', '-', '/']);
    let unspaced;
    // Tokens split apart ("25 / 12 / 2018", or "2026 年 3 月 8 日" when a PDF sets the digits
    // in another font than the CJK signs) are read together.
    let split_cjk = trimmed.contains(['年', '月', '년', '월']) && trimmed.contains(' ');
    let trimmed = if trimmed.contains(" /") || trimmed.contains("/ ") || split_cjk {
        unspaced = trimmed.replace(' ', "");
        unspaced.as_str()
    } else {
        trimmed
    };
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
    (EARLIEST_YEAR..=LATEST_YEAR)
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

    #[test]
    fn glued_labels_glued_times_and_split_tokens_still_read() {
        let cases = [
            "Date:25/12/2018",
            "25/12/2018 10:31",
            "25/12/201810:31",
            "Date 25 / 12 / 2018",
            "25/12/ 2018 10:31",
            "25-12-18",
        ];
        for text in cases {
            assert_eq!(
                first_date_in(text, true).map(|(d, _)| d),
                Some(ymd(2018, 12, 25)),
                "{text}"
            );
        }
    }

    fn rows(lines: &[&str]) -> Vec<Row> {
        crate::parse::rows::rows_of(&[crate::parse::test_support::page(lines)])
    }

    #[test]
    fn a_year_after_today_loses_to_a_plausible_date_or_is_repaired() {
        let today = Some(ymd(2026, 11, 25));
        let found = |lines: &[&str]| date_of(&rows(lines), true, today).map(|d| d.date);
        assert_eq!(
            found(&["Date: 14/03/2028", "Printed 15/03/2018 10:00"]),
            Some(ymd(2018, 3, 15))
        );
        assert_eq!(
            found(&["SHOP", "14 Mar 2048 18:40"]),
            Some(ymd(2018, 3, 14))
        );
        // Without a clock the date is read as written.
        assert_eq!(
            date_of(&rows(&["14 Mar 2048 18:40"]), true, None).map(|d| d.date),
            Some(ymd(2048, 3, 14))
        );
    }
}
