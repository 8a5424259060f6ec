//! Date parsing and conversion: reads a date or date-time written in any common way (ISO 8601,
//! RFC 2822, Unix time, numeric with an explicit day/month order, month and weekday names in
//! the SPEC's 12 languages, CJK `年月日`), or with a caller's strftime format, then places it in
//! a time zone and formats it. chrono does the calendar, formats and offsets; chrono-tz the
//! IANA zones. Pure (no clock: nothing is relative to "today").
//!
//! The way through, in `convert`: `prepare` maps other digit scripts and punctuation to
//! ASCII; the input is read with the caller's format (`with_format`) or detected
//! (`detect`: Unix time, ISO week and ordinal dates, RFC 2822, else `tokenizer` then
//! `resolver`, which assigns year, month and day and keeps every valid reading); the
//! reading is placed in the asked time zone (`zones`) and formatted (`formatting`).
//! `names` holds the month and weekday names of the 12 languages.

mod detect;
mod formatting;
mod names;
mod resolver;
mod tokenizer;
mod with_format;
mod zones;

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, Timelike, Weekday};

use detect::detect;
use formatting::format_moment;
pub use names::Lang;
use with_format::parse_with_format;
use zones::Zone;

/// What the caller asks.
#[derive(Debug, Clone, Default)]
pub struct Request<'a> {
    pub date: &'a str,
    pub input_format: Option<&'a str>,
    pub day_first: bool,
    pub output_format: Option<&'a str>,
    pub timezone: Option<&'a str>,
}

/// The answer. When `valid` is false only `error` is set (and `ambiguous` is false).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Answer {
    pub valid: bool,
    pub error: Option<String>,
    pub iso8601: Option<String>,
    pub year: Option<i32>,
    pub month: Option<u32>,
    pub day: Option<u32>,
    pub hour: Option<u32>,
    pub minute: Option<u32>,
    pub second: Option<u32>,
    pub nanosecond: Option<u32>,
    pub weekday: Option<Weekday>,
    pub utc_offset: Option<String>,
    pub timezone: Option<String>,
    pub unix_seconds: Option<i64>,
    pub detected_format: Option<String>,
    pub language: Option<Lang>,
    pub ambiguous: bool,
    pub alternatives: Vec<String>,
    pub converted: Option<String>,
}

impl Answer {
    fn invalid(error: impl Into<String>) -> Answer {
        Answer {
            valid: false,
            error: Some(error.into()),
            ..Answer::default()
        }
    }
}

/// A point in time as precisely as the input gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moment {
    Date(NaiveDate),
    Local(NaiveDateTime),
    Instant(DateTime<FixedOffset>),
}

impl Moment {
    fn iso(&self) -> String {
        match self {
            Moment::Date(d) => d.format("%Y-%m-%d").to_string(),
            Moment::Local(dt) => iso_naive(dt),
            Moment::Instant(dt) => format!("{}{}", iso_naive(&dt.naive_local()), dt.offset()),
        }
    }

    fn date(&self) -> NaiveDate {
        match self {
            Moment::Date(d) => *d,
            Moment::Local(dt) => dt.date(),
            Moment::Instant(dt) => dt.date_naive(),
        }
    }
}

fn iso_naive(dt: &NaiveDateTime) -> String {
    let fraction = if dt.nanosecond().is_multiple_of(1_000_000_000) {
        ""
    } else {
        "%.f"
    };
    dt.format(&format!("%Y-%m-%dT%H:%M:%S{fraction}"))
        .to_string()
}

/// One way of reading the input.
#[derive(Debug, Clone)]
struct Reading {
    moment: Moment,
    format: String,
    language: Option<Lang>,
}

/// Parses, converts and formats as `request` asks. Never fails: what cannot be done is an
/// answer with `valid: false` and the reason.
pub fn convert(request: &Request<'_>) -> Answer {
    let zone = match request.timezone.map(str::trim).filter(|s| !s.is_empty()) {
        Some(name) => match Zone::parse(name) {
            Some(zone) => Some(zone),
            None => {
                return Answer::invalid(format!(
                    "timezone: {name:?} is not an IANA time zone name (`Europe/Paris`), `UTC` or an offset (`+02:00`)"
                ));
            }
        },
        None => None,
    };
    let prepared = prepare(request.date);
    let readings = match request.input_format {
        Some(format) if !format.is_empty() => parse_with_format(&prepared, format).map(|r| vec![r]),
        _ => detect(&prepared, request.day_first),
    };
    let mut readings = match readings {
        Ok(readings) => readings,
        Err(error) => return Answer::invalid(error),
    };
    if readings.is_empty() {
        return Answer::invalid("date: not a date");
    }
    let first = readings.remove(0);

    // Place the reading in the zone; a local time that happens twice is ambiguous.
    let (moment, mut alternatives) = match &zone {
        Some(zone) => match zone.place(first.moment) {
            Ok(placed) => placed,
            Err(error) => return Answer::invalid(error),
        },
        None => (first.moment, Vec::new()),
    };
    for other in &readings {
        let placed = match &zone {
            Some(zone) => zone.place(other.moment).map(|(m, _)| m).ok(),
            None => Some(other.moment),
        };
        if let Some(placed) = placed {
            let iso = placed.iso();
            if iso != moment.iso() && !alternatives.contains(&iso) {
                alternatives.push(iso);
            }
        }
    }

    let converted = match request.output_format {
        Some(format) if !format.is_empty() => match format_moment(&moment, format, zone.as_ref()) {
            Ok(text) => Some(text),
            Err(error) => return Answer::invalid(error),
        },
        _ => None,
    };

    let date = moment.date();
    let (time, offset) = match moment {
        Moment::Date(_) => (None, None),
        Moment::Local(dt) => (Some(dt.time()), None),
        Moment::Instant(dt) => (Some(dt.time()), Some(*dt.offset())),
    };
    Answer {
        valid: true,
        error: None,
        iso8601: Some(moment.iso()),
        year: Some(date.year()),
        month: Some(date.month()),
        day: Some(date.day()),
        hour: time.map(|t| t.hour()),
        minute: time.map(|t| t.minute()),
        // chrono keeps a leap second as 59 s + 1e9 ns.
        second: time.map(|t| t.second() + u32::from(t.nanosecond() >= 1_000_000_000)),
        nanosecond: time
            .map(|t| t.nanosecond() % 1_000_000_000)
            .filter(|&n| n != 0),
        weekday: Some(date.weekday()),
        utc_offset: offset.map(|o| o.to_string()),
        timezone: zone.as_ref().map(Zone::name),
        unix_seconds: match moment {
            Moment::Instant(dt) => Some(dt.timestamp()),
            _ => None,
        },
        detected_format: Some(first.format),
        language: first.language,
        ambiguous: !alternatives.is_empty(),
        alternatives,
        converted,
    }
}

fn weekday_name(w: Weekday) -> &'static str {
    match w {
        Weekday::Mon => "monday",
        Weekday::Tue => "tuesday",
        Weekday::Wed => "wednesday",
        Weekday::Thu => "thursday",
        Weekday::Fri => "friday",
        Weekday::Sat => "saturday",
        Weekday::Sun => "sunday",
    }
}

/// ASCII digits and punctuation for the Arabic-Indic, Persian and full-width forms, `a.m.`
/// and `p.m.` as one word; trimmed.
fn prepare(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.trim().chars() {
        let mapped = match c {
            '٠'..='٩' => char::from_digit(c as u32 - '٠' as u32, 10),
            '۰'..='۹' => char::from_digit(c as u32 - '۰' as u32, 10),
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10),
            '／' => Some('/'),
            '－' => Some('-'),
            '：' => Some(':'),
            '．' => Some('.'),
            '，' | '،' => Some(','),
            '（' => Some('('),
            '）' => Some(')'),
            '\u{3000}' | '\u{a0}' | '\u{202f}' => Some(' '),
            '\u{200e}' | '\u{200f}' | '\u{061c}' => None, // direction marks
            other => Some(other),
        };
        if let Some(m) = mapped {
            out.push(m);
        }
    }
    for (from, to) in [
        ("a.m.", "am"),
        ("p.m.", "pm"),
        ("A.M.", "AM"),
        ("P.M.", "PM"),
    ] {
        if out.contains(from) {
            out = out.replace(from, to);
        }
    }
    out
}

#[cfg(test)]
mod tests;
