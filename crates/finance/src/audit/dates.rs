//! Statement dates through the engines' date parser (`suite_engines::date::convert`):
//! the day/month order from the language and currency, confirmed by the statement's own
//! dates (a first number above 12 settles it); dates printed without a year ("12 Mar",
//! "12.03.", "3月12日") take the year that puts them nearest the row above, or inside the
//! statement period for the first.

use chrono::{Datelike, NaiveDate};

use suite_engines::date::{Request, convert};

/// Reads a statement's dates.
#[derive(Debug, Clone)]
pub struct DateReader {
    pub day_first: bool,
    /// Year-first languages (zh, ja, ko): a year-less date gets the year in front.
    pub year_first: bool,
    /// The period (or a statement date as both ends) year-less dates fall in.
    pub around: Option<(NaiveDate, NaiveDate)>,
    /// The date of the row above: a year-less date takes the year that puts it nearest
    /// (statements longer than a year).
    pub anchor: Option<NaiveDate>,
}

impl DateReader {
    /// The reader for a language and currency, before looking at the dates.
    pub fn for_statement(language: &str, currency: Option<&str>) -> DateReader {
        let day_first = match language {
            "en" => !matches!(currency, None | Some("USD" | "PHP" | "CAD")),
            _ => true,
        };
        DateReader {
            day_first,
            year_first: matches!(language, "zh" | "ja" | "ko"),
            around: None,
            anchor: None,
        }
    }

    /// Settles the day/month order from numeric dates like `13/03/2024` or `03/13/2024`.
    pub fn infer_order<'a>(&mut self, texts: impl Iterator<Item = &'a str>) {
        let (mut day_first_votes, mut month_first_votes) = (0, 0);
        for text in texts {
            let numbers: Vec<u32> = text
                .split(['/', '.', '-'])
                .map_while(|part| part.trim().parse().ok())
                .collect();
            if numbers.len() < 2 || text.trim().len() > 10 || numbers[0] > 31 {
                continue;
            }
            if numbers[0] > 12 && numbers[1] <= 12 {
                day_first_votes += 1;
            } else if numbers[1] > 12 && numbers[0] <= 12 {
                month_first_votes += 1;
            }
        }
        if day_first_votes > month_first_votes {
            self.day_first = true;
        } else if month_first_votes > day_first_votes {
            self.day_first = false;
        }
    }

    /// The date `text` shows, with the year from the period when it has none.
    pub fn read(&self, text: &str) -> Option<NaiveDate> {
        let text = text.trim();
        if !text
            .chars()
            .any(|c| c.is_ascii_digit() || is_other_digit(c))
            || text.len() > 40
        {
            return None;
        }
        if let Some(date) = self.convert(text) {
            return Some(date);
        }
        let (start, end) = match self.anchor {
            Some(anchor) => (anchor, anchor),
            None => self.around?,
        };
        let mut best: Option<(NaiveDate, i64)> = None;
        let mut years = vec![start.year() - 1, start.year(), end.year(), end.year() + 1];
        years.dedup();
        for year in years {
            let date = self
                .with_year(text, year)
                .iter()
                .find_map(|candidate| self.convert(candidate));
            if let Some(date) = date {
                let distance = distance_outside(date, start, end);
                if best.is_none_or(|(_, d)| distance < d) {
                    best = Some((date, distance));
                }
            }
        }
        best.map(|(date, _)| date)
    }

    fn convert(&self, text: &str) -> Option<NaiveDate> {
        let answer = convert(&Request {
            date: text,
            day_first: self.day_first,
            ..Request::default()
        });
        if !answer.valid {
            return None;
        }
        NaiveDate::from_ymd_opt(answer.year?, answer.month?, answer.day?)
    }

    fn with_year(&self, text: &str, year: i32) -> Vec<String> {
        let mut forms = Vec::new();
        if text.contains('月') {
            forms.push(format!("{year}年{text}"));
        }
        if text.contains('월') {
            forms.push(format!("{year}년 {text}"));
        }
        let separator = ['/', '.', '-'].into_iter().find(|s| text.contains(*s));
        if self.year_first {
            if let Some(s) = separator {
                forms.push(format!("{year}{s}{text}"));
            }
        } else if let Some(stripped) = text.strip_suffix('.') {
            forms.push(format!("{stripped}.{year}"));
        } else if let Some(s) = separator {
            forms.push(format!("{text}{s}{year}"));
        }
        forms.push(format!("{text} {year}"));
        forms
    }
}

fn is_other_digit(c: char) -> bool {
    matches!(c, '٠'..='٩' | '۰'..='۹' | '０'..='９')
}

/// Days outside `[start, end]` (0 inside).
fn distance_outside(date: NaiveDate, start: NaiveDate, end: NaiveDate) -> i64 {
    if date < start {
        (start - date).num_days()
    } else if date > end {
        (date - end).num_days()
    } else {
        0
    }
}

/// Every date found in a line of text (windows of up to three words, longest first, each
/// word used once), in order.
pub fn dates_in(words: &[&str], reader: &DateReader) -> Vec<NaiveDate> {
    let mut found = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let mut step = 1;
        for width in (1..=3).rev() {
            if at + width > words.len() {
                continue;
            }
            let window = words[at..at + width].join(" ");
            if let Some(date) = reader
                .convert(&window)
                .filter(|_| plausible_full_date(&window))
            {
                found.push(date);
                step = width;
                break;
            }
        }
        at += step;
    }
    found
}

/// A window read as a date must show a year (four digits or a CJK year marker) so that
/// "12 Mar" next to other words is not taken as a full date.
fn plausible_full_date(window: &str) -> bool {
    let digits_run = window
        .split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() == 4);
    digits_run || window.contains('年') || window.contains('년')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn full_dates_in_several_forms() {
        let reader = DateReader::for_statement("de", Some("EUR"));
        assert_eq!(reader.read("09.03.2024"), Some(ymd(2024, 3, 9)));
        assert_eq!(reader.read("2024-03-09"), Some(ymd(2024, 3, 9)));
        let us = DateReader::for_statement("en", Some("USD"));
        assert_eq!(us.read("03/09/2024"), Some(ymd(2024, 3, 9)));
        let uk = DateReader::for_statement("en", Some("GBP"));
        assert_eq!(uk.read("09/03/2024"), Some(ymd(2024, 3, 9)));
        assert_eq!(uk.read("9 Mar 2024"), Some(ymd(2024, 3, 9)));
        let ja = DateReader::for_statement("ja", Some("JPY"));
        assert_eq!(ja.read("2024年3月9日"), Some(ymd(2024, 3, 9)));
        assert_eq!(reader.read("ACME"), None);
        assert_eq!(reader.read("12"), None);
    }

    #[test]
    fn year_less_dates_take_the_period_year() {
        let mut reader = DateReader::for_statement("en", Some("GBP"));
        reader.around = Some((ymd(2023, 12, 1), ymd(2024, 1, 31)));
        assert_eq!(reader.read("12 Mar"), Some(ymd(2024, 3, 12)));
        assert_eq!(reader.read("28 Dec"), Some(ymd(2023, 12, 28)));
        assert_eq!(reader.read("03 Jan"), Some(ymd(2024, 1, 3)));
        let mut german = DateReader::for_statement("de", Some("EUR"));
        german.around = Some((ymd(2024, 3, 1), ymd(2024, 3, 31)));
        assert_eq!(german.read("12.03."), Some(ymd(2024, 3, 12)));
        let mut japanese = DateReader::for_statement("ja", Some("JPY"));
        japanese.around = Some((ymd(2024, 3, 1), ymd(2024, 3, 31)));
        assert_eq!(japanese.read("3月12日"), Some(ymd(2024, 3, 12)));
        assert_eq!(japanese.read("03/12"), Some(ymd(2024, 3, 12)));
        let mut french = DateReader::for_statement("fr", Some("EUR"));
        french.around = Some((ymd(2024, 3, 1), ymd(2024, 3, 31)));
        assert_eq!(french.read("12 mars"), Some(ymd(2024, 3, 12)));
        assert_eq!(french.read("12/03"), Some(ymd(2024, 3, 12)));
        assert_eq!(german.read("12. März"), Some(ymd(2024, 3, 12)));
        let mut spanish = DateReader::for_statement("es", Some("EUR"));
        spanish.around = Some((ymd(2024, 3, 1), ymd(2024, 3, 31)));
        assert_eq!(spanish.read("12 mar"), Some(ymd(2024, 3, 12)));
        let mut korean = DateReader::for_statement("ko", Some("KRW"));
        korean.around = Some((ymd(2024, 3, 1), ymd(2024, 3, 31)));
        assert_eq!(korean.read("3월 12일"), Some(ymd(2024, 3, 12)));
        assert_eq!(korean.read("03.12"), Some(ymd(2024, 3, 12)));
    }

    #[test]
    fn order_is_inferred_from_the_dates() {
        let mut reader = DateReader::for_statement("en", None);
        assert!(!reader.day_first);
        reader.infer_order(["01/03/2024", "13/03/2024", "02/03/2024"].into_iter());
        assert!(reader.day_first);
        assert_eq!(reader.read("01/03/2024"), Some(ymd(2024, 3, 1)));
    }

    #[test]
    fn dates_in_a_period_line() {
        let reader = DateReader::for_statement("en", Some("GBP"));
        let words = [
            "Statement",
            "period:",
            "1",
            "March",
            "2024",
            "to",
            "31",
            "March",
            "2024",
        ];
        assert_eq!(
            dates_in(&words, &reader),
            vec![ymd(2024, 3, 1), ymd(2024, 3, 31)]
        );
        let words = ["Zeitraum:", "01.03.2024", "-", "31.03.2024"];
        let german = DateReader::for_statement("de", None);
        assert_eq!(
            dates_in(&words, &german),
            vec![ymd(2024, 3, 1), ymd(2024, 3, 31)]
        );
    }
}
