//! The resolver: decides which number of the tokens is the year, the month and the day
//! (markers, a month name, or the day/month order), and builds every valid reading with
//! its time of day and offset.

use chrono::{Datelike, FixedOffset, NaiveDate, NaiveTime, TimeZone};

use super::formatting::{format_string, push_token_format};
use super::names::{self, Lang};
use super::tokenizer::{Kind, Role, Token, language_of};
use super::{Moment, Reading, weekday_name};

/// Assigns year, month and day to the tokens and builds every valid reading.
pub(super) fn resolve(
    input: &str,
    tokens: &[Token],
    day_first: bool,
) -> Result<Vec<Reading>, String> {
    if let Some(Kind::Unknown(word)) = tokens
        .iter()
        .map(|t| &t.kind)
        .find(|k| matches!(k, Kind::Unknown(_)))
    {
        return Err(format!(
            "date: {word:?} is not a month, weekday or date word"
        ));
    }
    if let Some(t) = tokens
        .iter()
        .find(|t| matches!(t.kind, Kind::Sep(c) if !matches!(c, '/' | '-' | '.' | ',' | '(' | ')' | '\'' | '—' | '–')))
    {
        return Err(format!(
            "date: {:?} is not a date separator",
            &input[t.span.clone()]
        ));
    }

    let times: Vec<&Token> = tokens
        .iter()
        .filter(|t| matches!(t.kind, Kind::Time { .. }))
        .collect();
    if times.len() > 1 {
        return Err("date: more than one time of day".into());
    }
    let offsets: Vec<&Token> = tokens
        .iter()
        .filter(|t| matches!(t.kind, Kind::Offset { .. }))
        .collect();
    if offsets.len() > 1 {
        return Err("date: more than one UTC offset".into());
    }
    if !offsets.is_empty() && times.is_empty() {
        return Err("date: a UTC offset without a time of day".into());
    }
    let meridiem = tokens.iter().find_map(|t| match t.kind {
        Kind::Meridiem { pm } => Some(pm),
        _ => None,
    });

    let nums: Vec<usize> = (0..tokens.len())
        .filter(|&i| matches!(tokens[i].kind, Kind::Num { .. }))
        .collect();
    let months: Vec<usize> = (0..tokens.len())
        .filter(|&i| matches!(tokens[i].kind, Kind::Month { .. }))
        .collect();
    let weekday = tokens.iter().find_map(|t| match t.kind {
        Kind::Weekday { weekday, .. } => Some(weekday),
        _ => None,
    });
    let language = language_of(input, tokens);
    if months.len() > 1 {
        return Err("date: more than one month name".into());
    }

    // Candidate role assignments: (token index → role) lists, preferred first.
    let value = |i: usize| match tokens[i].kind {
        Kind::Num { value, .. } => value,
        _ => 0,
    };
    let digits = |i: usize| match tokens[i].kind {
        Kind::Num { digits, .. } => digits,
        _ => 0,
    };
    let mut candidates: Vec<Vec<(usize, Role)>> = Vec::new();
    let markers: Vec<(usize, Role)> = nums
        .iter()
        .filter_map(|&i| match tokens.get(i + 1).map(|t| &t.kind) {
            Some(Kind::Marker(role)) => Some((i, *role)),
            _ => None,
        })
        .collect();
    if !markers.is_empty() {
        if markers.len() != nums.len() {
            return Err("date: numbers without 年/月/日 next to ones with".into());
        }
        candidates.push(markers);
    } else if !months.is_empty() {
        match nums.as_slice() {
            [a, b] => {
                // The long number is the year; with two short ones the first is the day
                // ("15 Mar 24", "Mar 15, 24").
                let (day, year) = if digits(*a) >= 3 { (*b, *a) } else { (*a, *b) };
                candidates.push(vec![(day, Role::Day), (year, Role::Year)]);
            }
            [_] => return Err("date: a day and a year are needed with the month name".into()),
            [] => return Err("date: a day and a year are needed with the month name".into()),
            _ => return Err("date: too many numbers for a date with a month name".into()),
        }
    } else {
        match nums.as_slice() {
            [a, b, c] => {
                if digits(*a) >= 3 {
                    candidates.push(vec![(*a, Role::Year), (*b, Role::Month), (*c, Role::Day)]);
                } else if digits(*c) >= 3 || digits(*c) == 2 {
                    let mdy = vec![(*a, Role::Month), (*b, Role::Day), (*c, Role::Year)];
                    let dmy = vec![(*a, Role::Day), (*b, Role::Month), (*c, Role::Year)];
                    if day_first {
                        candidates.push(dmy);
                        candidates.push(mdy);
                    } else {
                        candidates.push(mdy);
                        candidates.push(dmy);
                    }
                } else {
                    return Err("date: which number is the year?".into());
                }
            }
            [a] if digits(*a) == 8 => {
                // 20240315 followed by a time: YYYYMMDD.
                let v = value(*a);
                let (y, m, d) = (v / 10000, v / 100 % 100, v % 100);
                return build_compact(input, tokens, *a, y, m, d, meridiem, language);
            }
            [] => return Err("date: no date in the input".into()),
            [_] => return Err("date: a lone number is not a date".into()),
            [_, _] => return Err("date: a day, a month and a year are needed".into()),
            _ => return Err("date: too many numbers for a date".into()),
        }
    }

    let mut readings = Vec::new();
    let mut first_error = None;
    for roles in &candidates {
        let mut year = None;
        let mut month = months.first().map(|&i| match tokens[i].kind {
            Kind::Month { month, .. } => month,
            _ => 0,
        });
        let mut day = None;
        let mut year_digits = 4;
        for &(i, role) in roles {
            match role {
                Role::Year => {
                    year = Some(value(i));
                    year_digits = digits(i);
                }
                Role::Month => month = Some(value(i)),
                Role::Day => day = Some(value(i)),
            }
        }
        let (Some(year), Some(month), Some(day)) = (year, month, day) else {
            first_error.get_or_insert_with(|| "date: a year, a month and a day are needed".into());
            continue;
        };
        let year = match year_digits {
            2 => {
                if year < 69 {
                    2000 + year as i32
                } else {
                    1900 + year as i32
                }
            }
            1 | 3 => {
                first_error.get_or_insert_with(|| format!("date: {year} is not a year"));
                continue;
            }
            _ => year as i32,
        };
        let Some(date) = NaiveDate::from_ymd_opt(year, month, day) else {
            first_error.get_or_insert_with(|| {
                if !(1..=12).contains(&month) {
                    format!("date: there is no month {month}")
                } else {
                    format!("date: {year:04}-{month:02} has no day {day}")
                }
            });
            continue;
        };
        if let Some(w) = weekday
            && date.weekday().num_days_from_monday() != w
        {
            first_error.get_or_insert_with(|| {
                format!(
                    "date: {} is a {}, not a {}",
                    date.format("%Y-%m-%d"),
                    weekday_name(date.weekday()),
                    names::ENGLISH_WEEKDAYS[w as usize].to_lowercase()
                )
            });
            continue;
        }
        let format = format_string(input, tokens, roles, year_digits, meridiem.is_some());
        let moment = with_time(date, tokens, meridiem)?;
        let reading = Reading {
            moment,
            format,
            language,
        };
        if !readings
            .iter()
            .any(|r: &Reading| r.moment == reading.moment)
        {
            readings.push(reading);
        }
    }
    if readings.is_empty() {
        return Err(first_error.unwrap_or_else(|| "date: not a date".into()));
    }
    Ok(readings)
}

#[allow(clippy::too_many_arguments)]
fn build_compact(
    input: &str,
    tokens: &[Token],
    index: usize,
    y: u32,
    m: u32,
    d: u32,
    meridiem: Option<bool>,
    language: Option<Lang>,
) -> Result<Vec<Reading>, String> {
    let date = NaiveDate::from_ymd_opt(y as i32, m, d)
        .ok_or_else(|| format!("date: {y:04}{m:02}{d:02} read as YYYYMMDD is not a date"))?;
    let mut format = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i == index {
            format.push_str("%Y%m%d");
        } else {
            push_token_format(&mut format, input, t, meridiem.is_some());
        }
    }
    Ok(vec![Reading {
        moment: with_time(date, tokens, meridiem)?,
        format,
        language,
    }])
}

/// The date with the input's time of day and offset, if it has them.
fn with_time(date: NaiveDate, tokens: &[Token], meridiem: Option<bool>) -> Result<Moment, String> {
    let Some((hour, minute, second, nanos)) = tokens.iter().find_map(|t| match t.kind {
        Kind::Time {
            hour,
            minute,
            second,
            nanos,
            ..
        } => Some((hour, minute, second, nanos)),
        _ => None,
    }) else {
        if meridiem.is_some() {
            return Err("date: am/pm without a time of day".into());
        }
        return Ok(Moment::Date(date));
    };
    let hour = match meridiem {
        None => hour,
        Some(pm) => {
            if !(1..=12).contains(&hour) {
                return Err(format!("date: hour {hour} with am/pm (1 to 12)"));
            }
            match (pm, hour) {
                (false, 12) => 0,
                (false, h) => h,
                (true, 12) => 12,
                (true, h) => h + 12,
            }
        }
    };
    // A leap second is 59 s plus a second's worth of nanoseconds.
    let (second, nanos) = if second == 60 {
        (59, nanos + 1_000_000_000)
    } else {
        (second, nanos)
    };
    let time = NaiveTime::from_hms_nano_opt(hour, minute, second, nanos)
        .ok_or_else(|| format!("date: {hour:02}:{minute:02}:{second:02} is not a time"))?;
    let local = date.and_time(time);
    match tokens.iter().find_map(|t| match t.kind {
        Kind::Offset { seconds, .. } => Some(seconds),
        _ => None,
    }) {
        None => Ok(Moment::Local(local)),
        Some(seconds) => {
            let offset = FixedOffset::east_opt(seconds).ok_or("date: offset out of range")?;
            offset
                .from_local_datetime(&local)
                .single()
                .map(Moment::Instant)
                .ok_or_else(|| "date: out of range".into())
        }
    }
}
