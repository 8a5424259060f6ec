//! Reading a date without a format: Unix time and compact `YYYYMMDD`, ISO 8601 week and
//! ordinal dates, RFC 2822, and else the tokenizer and the resolver.

use chrono::{DateTime, NaiveDate, NaiveDateTime};

use super::resolver::resolve;
use super::tokenizer::tokenize;
use super::{Moment, Reading};

/// Every reading of `input`, the preferred one first.
pub(super) fn detect(input: &str, day_first: bool) -> Result<Vec<Reading>, String> {
    if input.is_empty() {
        return Err("date: empty".into());
    }
    if let Some(result) = numeric_only(input) {
        return result.map(|r| vec![r]);
    }
    if let Some(reading) = iso_week_or_ordinal(input) {
        return Ok(vec![reading]);
    }
    if let Ok(dt) = DateTime::parse_from_rfc2822(input) {
        return Ok(vec![Reading {
            moment: Moment::Instant(dt),
            format: "%a, %d %b %Y %H:%M:%S %z".into(),
            language: None,
        }]);
    }
    let tokens = tokenize(input);
    resolve(input, &tokens, day_first)
}

/// Unix timestamps and compact `YYYYMMDD[HHMMSS]`: `None` when the input is not a number.
fn numeric_only(input: &str) -> Option<Result<Reading, String>> {
    let unsigned = input.strip_prefix('-').unwrap_or(input);
    let (int, frac) = match unsigned.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (unsigned, None),
    };
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || frac.is_some_and(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let negative = input.starts_with('-');
    let plain = !negative && frac.is_none();
    let reading = |moment, format: &str| Reading {
        moment,
        format: format.to_owned(),
        language: None,
    };
    if plain && int.len() == 8 {
        return Some(
            NaiveDate::parse_from_str(int, "%Y%m%d")
                .map(|d| reading(Moment::Date(d), "%Y%m%d"))
                .map_err(|_| format!("date: {int} read as YYYYMMDD is not a date")),
        );
    }
    if plain
        && int.len() == 14
        && let Ok(dt) = NaiveDateTime::parse_from_str(int, "%Y%m%d%H%M%S")
    {
        return Some(Ok(reading(Moment::Local(dt), "%Y%m%d%H%M%S")));
    }
    let (unit_per_second, format): (i64, &str) = match int.len() {
        9..=11 => (1, "unix_seconds"),
        12..=14 => (1000, "unix_millis"),
        n => {
            return Some(Err(format!(
                "date: a number of {n} digits is neither a Unix time (9 to 11 digits in seconds, 12 to 14 in milliseconds) nor a YYYYMMDD date"
            )));
        }
    };
    let whole: i64 = match int.parse::<i64>() {
        Ok(v) => v,
        Err(_) => return Some(Err("date: number out of range".into())),
    };
    let frac_nanos_of_unit: i64 = frac.map_or(0, |f| {
        let digits: String = f.chars().chain(std::iter::repeat('0')).take(9).collect();
        digits.parse().unwrap_or(0)
    });
    // Total nanoseconds since the epoch.
    let nanos_per_unit = 1_000_000_000 / unit_per_second;
    let total = whole
        .checked_mul(nanos_per_unit)
        .and_then(|n| n.checked_add(frac_nanos_of_unit / unit_per_second));
    let Some(mut total) = total else {
        return Some(Err("date: Unix time out of range".into()));
    };
    if negative {
        total = -total;
    }
    let dt = DateTime::from_timestamp(
        total.div_euclid(1_000_000_000),
        total.rem_euclid(1_000_000_000) as u32,
    );
    Some(match dt {
        Some(dt) => Ok(reading(Moment::Instant(dt.fixed_offset()), format)),
        None => Err("date: Unix time out of range".into()),
    })
}

/// ISO 8601 week dates (`2024-W11-5`, `2024W115`) and ordinal dates (`2024-075`).
fn iso_week_or_ordinal(input: &str) -> Option<Reading> {
    let upper = input.to_ascii_uppercase();
    for (format, text) in [
        ("%G-W%V-%u", upper.clone()),
        ("%GW%V%u", upper.clone()),
        ("%G-W%V", upper.clone()),
    ] {
        // chrono needs the weekday; a bare week is its Monday.
        let (fmt, text) = if format == "%G-W%V" {
            ("%G-W%V-%u", format!("{text}-1"))
        } else {
            (format, text)
        };
        if let Ok(d) = NaiveDate::parse_from_str(&text, fmt) {
            return Some(Reading {
                moment: Moment::Date(d),
                format: format.to_owned(),
                language: None,
            });
        }
    }
    let bytes = input.as_bytes();
    if bytes.len() == 8
        && bytes[4] == b'-'
        && bytes[..4].iter().chain(&bytes[5..]).all(u8::is_ascii_digit)
        && let Ok(d) = NaiveDate::parse_from_str(input, "%Y-%j")
    {
        return Some(Reading {
            moment: Moment::Date(d),
            format: "%Y-%j".into(),
            language: None,
        });
    }
    None
}
