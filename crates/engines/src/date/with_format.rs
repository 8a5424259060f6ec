//! Reading a date with the caller's strftime `input_format`, month and weekday names of any
//! language first translated to the English ones chrono reads.

use chrono::format::{Item, Parsed, StrftimeItems};
use chrono::{FixedOffset, TimeZone, Utc};

use super::names::{self, Lang};
use super::tokenizer::{Kind, language_of, tokenize};
use super::{Moment, Reading};

pub(super) fn parse_with_format(input: &str, format: &str) -> Result<Reading, String> {
    let items: Vec<Item<'_>> = StrftimeItems::new(format).collect();
    if items.iter().any(|i| matches!(i, Item::Error)) {
        return Err(format!(
            "input_format: {format:?} is not a valid strftime format"
        ));
    }
    // Month and weekday names of any language become English ones, which chrono reads:
    // short ones for `%b`/`%a`, full ones for `%B`/`%A`.
    let translated = translate_names(input, !format.contains("%B"), !format.contains("%A"));
    let mut last_error = None;
    for candidate in [input, translated.0.as_str()] {
        let mut parsed = Parsed::new();
        match chrono::format::parse(&mut parsed, candidate, items.iter()) {
            Ok(()) => {
                return moment_from_parsed(&parsed).map(|moment| Reading {
                    moment,
                    format: format.to_owned(),
                    language: translated.1,
                });
            }
            Err(e) => last_error = Some(e),
        }
    }
    Err(match last_error {
        Some(e) => format!("date: does not match input_format {format:?} ({e})"),
        None => format!("date: does not match input_format {format:?}"),
    })
}

fn moment_from_parsed(parsed: &Parsed) -> Result<Moment, String> {
    let explain = |e: chrono::format::ParseError| format!("date: {e} for input_format");
    if parsed.timestamp().is_some() {
        let dt = match parsed.offset() {
            Some(_) => parsed.to_datetime().map_err(explain)?,
            None => parsed
                .to_datetime_with_timezone(&Utc)
                .map_err(explain)?
                .fixed_offset(),
        };
        return Ok(Moment::Instant(dt));
    }
    let date = parsed.to_naive_date().map_err(|e| match e.kind() {
        chrono::format::ParseErrorKind::NotEnough => {
            "date: input_format does not give a whole date (year, month and day)".to_owned()
        }
        _ => format!("date: {e}"),
    })?;
    let time = match parsed.to_naive_time() {
        Ok(time) => Some(time),
        Err(e) if e.kind() == chrono::format::ParseErrorKind::NotEnough => {
            if parsed.hour_div_12().is_some() || parsed.minute().is_some() {
                return Err("date: input_format gives part of a time of day".into());
            }
            None
        }
        Err(e) => return Err(format!("date: {e}")),
    };
    match (time, parsed.offset()) {
        (None, _) => Ok(Moment::Date(date)),
        (Some(time), None) => Ok(Moment::Local(date.and_time(time))),
        (Some(time), Some(offset)) => {
            let offset = FixedOffset::east_opt(offset).ok_or("date: offset out of range")?;
            offset
                .from_local_datetime(&date.and_time(time))
                .single()
                .map(Moment::Instant)
                .ok_or_else(|| "date: out of range".to_owned())
        }
    }
}

/// The input with every month and weekday name (any language) replaced by the English
/// name, and the language of the first name replaced.
fn translate_names(
    input: &str,
    short_months: bool,
    short_weekdays: bool,
) -> (String, Option<Lang>) {
    let mut out = String::with_capacity(input.len());
    let tokens = tokenize(input);
    let lang = language_of(input, &tokens);
    let mut last = 0;
    for token in &tokens {
        let english = match token.kind {
            Kind::Month { month, .. } => {
                let name = names::ENGLISH_MONTHS[month as usize - 1];
                Some(if short_months { &name[..3] } else { name })
            }
            Kind::Weekday { weekday, .. } => {
                let name = names::ENGLISH_WEEKDAYS[weekday as usize];
                Some(if short_weekdays { &name[..3] } else { name })
            }
            _ => None,
        };
        if let Some(english) = english {
            out.push_str(&input[last..token.span.start]);
            out.push_str(english);
            last = token.span.end;
        }
    }
    out.push_str(&input[last..]);
    (out, lang)
}
