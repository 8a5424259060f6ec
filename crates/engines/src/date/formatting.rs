//! strftime output: the answer's `converted` text in the asked format, and the
//! `detected_format` that describes how the input was read.

use std::fmt::Write as _;

use chrono::NaiveTime;
use chrono::format::{Item, StrftimeItems};

use super::Moment;
use super::tokenizer::{Kind, Role, Token};
use super::zones::Zone;

/// Formats `moment`; in a named zone `%Z` is the zone's abbreviation (`CEST`).
pub(super) fn format_moment(
    moment: &Moment,
    format: &str,
    zone: Option<&Zone>,
) -> Result<String, String> {
    let items: Vec<Item<'_>> = StrftimeItems::new(format).collect();
    if items.iter().any(|i| matches!(i, Item::Error)) {
        return Err(format!(
            "output_format: {format:?} is not a valid strftime format"
        ));
    }
    let mut out = String::new();
    let written = match moment {
        // A date formats as its midnight.
        Moment::Date(d) => write!(
            out,
            "{}",
            d.and_time(NaiveTime::MIN).format_with_items(items.iter())
        ),
        Moment::Local(dt) => write!(out, "{}", dt.format_with_items(items.iter())),
        Moment::Instant(dt) => match zone {
            Some(Zone::Named(tz)) => write!(
                out,
                "{}",
                dt.with_timezone(tz).format_with_items(items.iter())
            ),
            _ => write!(out, "{}", dt.format_with_items(items.iter())),
        },
    };
    match written {
        Ok(()) => Ok(out),
        Err(_) => Err(format!(
            "output_format: {format:?} needs a UTC offset, and the date has none (give `timezone`, or a date with an offset)"
        )),
    }
}

/// The strftime format of the input as read: specifiers for what was read, the input's own
/// text for separators and small words.
pub(super) fn format_string(
    input: &str,
    tokens: &[Token],
    roles: &[(usize, Role)],
    year_digits: usize,
    twelve_hour: bool,
) -> String {
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        match roles.iter().find(|(j, _)| *j == i) {
            Some((_, Role::Year)) => out.push_str(if year_digits == 2 { "%y" } else { "%Y" }),
            Some((_, Role::Month)) => out.push_str("%m"),
            Some((_, Role::Day)) => out.push_str("%d"),
            None => push_token_format(&mut out, input, t, twelve_hour),
        }
    }
    out
}

pub(super) fn push_token_format(out: &mut String, input: &str, t: &Token, twelve_hour: bool) {
    match &t.kind {
        Kind::Month { abbreviated, .. } => out.push_str(if *abbreviated { "%b" } else { "%B" }),
        Kind::Weekday { abbreviated, .. } => out.push_str(if *abbreviated { "%a" } else { "%A" }),
        Kind::Time { format, .. } => {
            if twelve_hour {
                out.push_str(&format.replacen("%H", "%I", 1));
            } else {
                out.push_str(format);
            }
        }
        Kind::Meridiem { .. } => out.push_str("%p"),
        Kind::Offset { format, .. } => out.push_str(format),
        _ => out.push_str(&input[t.span.clone()].replace('%', "%%")),
    }
}
