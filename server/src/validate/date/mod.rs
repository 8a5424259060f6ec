//! Date parsing and conversion: reads a date or date-time written in any common way (ISO 8601,
//! RFC 2822, Unix time, numeric with an explicit day/month order, month and weekday names in
//! the SPEC's 12 languages, CJK `年月日`), or with a caller's strftime format, then places it in
//! a time zone and formats it. chrono does the calendar, formats and offsets; chrono-tz the
//! IANA zones. Pure (no clock: nothing is relative to "today").

mod names;

use std::fmt::Write as _;
use std::ops::Range;

use chrono::format::{Item, Parsed, StrftimeItems};
use chrono::{
    DateTime, Datelike, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone,
    Timelike, Utc, Weekday,
};

pub use names::Lang;
use names::Word;

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

/// A time zone: an IANA zone or a fixed offset.
#[derive(Debug, Clone)]
enum Zone {
    Fixed(FixedOffset, String),
    Named(chrono_tz::Tz),
}

impl Zone {
    fn parse(name: &str) -> Option<Zone> {
        let upper = name.to_ascii_uppercase();
        if matches!(upper.as_str(), "UTC" | "Z" | "GMT" | "UT" | "ZULU") {
            return Some(Zone::Fixed(FixedOffset::east_opt(0)?, "UTC".into()));
        }
        let offset_text = upper
            .strip_prefix("UTC")
            .or_else(|| upper.strip_prefix("GMT"))
            .unwrap_or(&upper);
        if offset_text.starts_with(['+', '-']) {
            let seconds = parse_offset(offset_text, true)?;
            let offset = FixedOffset::east_opt(seconds)?;
            return Some(Zone::Fixed(offset, offset.to_string()));
        }
        if let Ok(tz) = name.parse::<chrono_tz::Tz>() {
            return Some(Zone::Named(tz));
        }
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().eq_ignore_ascii_case(name))
            .map(|tz| Zone::Named(*tz))
    }

    fn name(&self) -> String {
        match self {
            Zone::Fixed(_, name) => name.clone(),
            Zone::Named(tz) => tz.name().to_owned(),
        }
    }

    /// Expresses `moment` in this zone: an instant is converted, a local date-time is taken
    /// as this zone's (both instants when clocks go back), a date stays a date.
    fn place(&self, moment: Moment) -> Result<(Moment, Vec<String>), String> {
        match moment {
            Moment::Date(_) => Ok((moment, Vec::new())),
            Moment::Instant(dt) => Ok((Moment::Instant(self.convert(dt)), Vec::new())),
            Moment::Local(local) => match self {
                Zone::Fixed(offset, _) => match offset.from_local_datetime(&local) {
                    LocalResult::Single(dt) => Ok((Moment::Instant(dt), Vec::new())),
                    _ => Err("date: out of range".into()),
                },
                Zone::Named(tz) => match tz.from_local_datetime(&local) {
                    LocalResult::Single(dt) => Ok((Moment::Instant(dt.fixed_offset()), vec![])),
                    LocalResult::Ambiguous(early, late) => Ok((
                        Moment::Instant(early.fixed_offset()),
                        vec![Moment::Instant(late.fixed_offset()).iso()],
                    )),
                    LocalResult::None => Err(format!(
                        "timezone: {} does not exist in {} (clocks moved forward)",
                        iso_naive(&local),
                        tz.name()
                    )),
                },
            },
        }
    }

    fn convert(&self, dt: DateTime<FixedOffset>) -> DateTime<FixedOffset> {
        match self {
            Zone::Fixed(offset, _) => dt.with_timezone(offset),
            Zone::Named(tz) => dt.with_timezone(tz).fixed_offset(),
        }
    }
}

/// `+02:00`, `+0200`, `+02`, `+2` (the last two only when `short` allowed) → seconds east.
fn parse_offset(text: &str, short: bool) -> Option<i32> {
    if !text.is_ascii() {
        return None;
    }
    let (sign, rest) = match text.as_bytes().first()? {
        b'+' => (1, &text[1..]),
        b'-' => (-1, &text[1..]),
        _ => return None,
    };
    let (hours, minutes) = match rest.split_once(':') {
        Some((h, m)) => (h, m),
        None if rest.len() == 4 => rest.split_at(2),
        None if short && (1..=2).contains(&rest.len()) => (rest, "0"),
        None => return None,
    };
    if hours.is_empty()
        || hours.len() > 2
        || minutes.len() > 2
        || !hours
            .bytes()
            .chain(minutes.bytes())
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let h: i32 = hours.parse().ok()?;
    let m: i32 = minutes.parse().ok()?;
    if h > 18 || m > 59 {
        return None;
    }
    Some(sign * (h * 3600 + m * 60))
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

// ---------------------------------------------------------------------------------------
// Parsing with the caller's format.

fn parse_with_format(input: &str, format: &str) -> Result<Reading, String> {
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

// ---------------------------------------------------------------------------------------
// Formatting.

/// Formats `moment`; in a named zone `%Z` is the zone's abbreviation (`CEST`).
fn format_moment(moment: &Moment, format: &str, zone: Option<&Zone>) -> Result<String, String> {
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

// ---------------------------------------------------------------------------------------
// Detection.

/// Every reading of `input`, the preferred one first.
fn detect(input: &str, day_first: bool) -> Result<Vec<Reading>, String> {
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

/// A piece of the input.
#[derive(Debug, Clone, PartialEq)]
struct Token {
    kind: Kind,
    span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Num {
        value: u32,
        digits: usize,
    },
    Time {
        hour: u32,
        minute: u32,
        second: u32,
        nanos: u32,
        /// strftime for this piece, with `%H` (`%I` when a meridiem follows is fixed later).
        format: String,
    },
    Meridiem {
        pm: bool,
    },
    Offset {
        seconds: i32,
        format: String,
    },
    Month {
        month: u32,
        lang: Lang,
        abbreviated: bool,
    },
    Weekday {
        weekday: u32,
        lang: Lang,
        abbreviated: bool,
    },
    /// CJK and Korean markers after a number: 年/년 (year), 月/월 (month), 日/号/일 (day).
    Marker(Role),
    Filler,
    Sep(char),
    Space,
    Unknown(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Year,
    Month,
    Day,
}

fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}' // kana
        | '\u{3400}'..='\u{9fff}' // CJK ideographs
        | '\u{ac00}'..='\u{d7af}' // Hangul syllables
        | '\u{f900}'..='\u{faff}')
}

fn marker(c: char) -> Option<Role> {
    match c {
        '年' | '년' => Some(Role::Year),
        '月' | '월' => Some(Role::Month),
        '日' | '号' | '號' | '일' => Some(Role::Day),
        _ => None,
    }
}

/// Zone abbreviations (RFC 2822's and common European and Asian ones) → seconds east.
fn zone_word(word: &str) -> Option<i32> {
    Some(match word {
        "z" | "utc" | "gmt" | "ut" => 0,
        "est" => -5 * 3600,
        "edt" => -4 * 3600,
        "cst" => -6 * 3600,
        "cdt" => -5 * 3600,
        "mst" => -7 * 3600,
        "mdt" => -6 * 3600,
        "pst" => -8 * 3600,
        "pdt" => -7 * 3600,
        "wet" => 0,
        "west" | "bst" | "cet" => 3600,
        "cest" | "eet" => 2 * 3600,
        "eest" | "msk" => 3 * 3600,
        "hkt" | "sgt" => 8 * 3600,
        "jst" | "kst" => 9 * 3600,
        "aest" => 10 * 3600,
        "aedt" => 11 * 3600,
        _ => return None,
    })
}

/// Splits the input into numbers, times, offsets, names, markers and separators.
fn tokenize(input: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    let end_of = |i: usize| chars.get(i).map_or(input.len(), |(b, _)| *b);
    let mut tokens: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let text = &input[start..end_of(j)];
            // An offset right after a time or a zone word: +02:00, -0500, +2.
            if let Some(prev) = tokens.last()
                && matches!(prev.kind, Kind::Sep('+') | Kind::Sep('-'))
                && offset_allowed(&tokens[..tokens.len() - 1])
            {
                let mut k = j;
                let mut text_end = end_of(j);
                if chars.get(k).is_some_and(|(_, c)| *c == ':')
                    && chars.get(k + 1).is_some_and(|(_, c)| c.is_ascii_digit())
                {
                    k += 1;
                    while k < chars.len() && chars[k].1.is_ascii_digit() {
                        k += 1;
                    }
                    text_end = end_of(k);
                }
                let sign_start = prev.span.start;
                let text = &input[sign_start..text_end];
                let after_zone_word = tokens.len() >= 2
                    && matches!(tokens[tokens.len() - 2].kind, Kind::Offset { .. });
                if let Some(seconds) = parse_offset(text, after_zone_word) {
                    let format = if text.contains(':') {
                        "%:z"
                    } else if text.len() == 5 {
                        "%z"
                    } else {
                        "%#z"
                    };
                    tokens.pop();
                    // `UTC+2`: the zone word and its offset are one offset.
                    if let Some(Token {
                        kind:
                            Kind::Offset {
                                seconds: 0,
                                format: word,
                            },
                        span,
                    }) = tokens.last().cloned()
                        && after_zone_word
                    {
                        tokens.pop();
                        tokens.push(Token {
                            kind: Kind::Offset {
                                seconds,
                                format: format!("{word}{format}"),
                            },
                            span: span.start..text_end,
                        });
                        i = k;
                        continue;
                    }
                    tokens.push(Token {
                        kind: Kind::Offset {
                            seconds,
                            format: format.into(),
                        },
                        span: sign_start..text_end,
                    });
                    i = k;
                    continue;
                }
            }
            // A time of day: H:MM[:SS[.fff]], or 14h30 (French).
            if let Some((time, next)) = time_at(input, &chars, i, j) {
                tokens.push(Token {
                    kind: time,
                    span: start..end_of(next),
                });
                i = next;
                continue;
            }
            let value = text.parse::<u32>().unwrap_or(u32::MAX);
            tokens.push(Token {
                kind: Kind::Num {
                    value,
                    digits: j - i,
                },
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        if c.is_whitespace() {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_whitespace() {
                j += 1;
            }
            tokens.push(Token {
                kind: Kind::Space,
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        // Japanese and Korean one-character weekdays in parentheses: (金), (금).
        if c == '(' && i + 2 < chars.len() && chars[i + 2].1 == ')' && is_cjk(chars[i + 1].1) {
            let word = format!("({})", chars[i + 1].1);
            if let Some(Word::Weekday {
                weekday,
                lang,
                abbreviated,
            }) = names::lookup(&word)
            {
                tokens.push(Token {
                    kind: Kind::Weekday {
                        weekday,
                        lang,
                        abbreviated,
                    },
                    span: start..end_of(i + 3),
                });
                i += 3;
                continue;
            }
        }
        if is_cjk(c) {
            // A marker right after a number; otherwise a word of CJK characters.
            if let Some(role) = marker(c)
                && matches!(tokens.last().map(|t| &t.kind), Some(Kind::Num { .. }))
            {
                tokens.push(Token {
                    kind: Kind::Marker(role),
                    span: start..end_of(i + 1),
                });
                i += 1;
                continue;
            }
            let mut j = i;
            while j < chars.len() && is_cjk(chars[j].1) {
                j += 1;
            }
            // The longest known name that starts here, else a run up to the next marker.
            let mut matched = None;
            for k in (i + 1..=j).rev() {
                let word = &input[start..end_of(k)];
                if let Some(w) = names::lookup(word) {
                    matched = Some((w, k));
                    break;
                }
            }
            match matched {
                Some((word, k)) => {
                    tokens.push(Token {
                        kind: word_kind(word),
                        span: start..end_of(k),
                    });
                    i = k;
                }
                None => {
                    let word = &input[start..end_of(i + 1)];
                    let kind = match word {
                        "午前" | "上午" | "오전" => Kind::Meridiem { pm: false },
                        "午後" | "下午" | "오후" => Kind::Meridiem { pm: true },
                        _ => Kind::Unknown(word.to_owned()),
                    };
                    // Two-character meridiem words.
                    let two = if i + 2 <= j {
                        Some(&input[start..end_of(i + 2)])
                    } else {
                        None
                    };
                    match two {
                        Some("午前" | "上午" | "오전") => {
                            tokens.push(Token {
                                kind: Kind::Meridiem { pm: false },
                                span: start..end_of(i + 2),
                            });
                            i += 2;
                        }
                        Some("午後" | "下午" | "오후") => {
                            tokens.push(Token {
                                kind: Kind::Meridiem { pm: true },
                                span: start..end_of(i + 2),
                            });
                            i += 2;
                        }
                        _ => {
                            tokens.push(Token {
                                kind,
                                span: start..end_of(i + 1),
                            });
                            i += 1;
                        }
                    }
                }
            }
            continue;
        }
        if c.is_alphabetic() {
            let mut j = i;
            while j < chars.len()
                && (chars[j].1.is_alphabetic()
                    || (chars[j].1 == '-'
                        && chars.get(j + 1).is_some_and(|(_, c)| c.is_alphabetic()))
                    || matches!(chars[j].1, 'º' | 'ª'))
                && !is_cjk(chars[j].1)
            {
                j += 1;
            }
            let word = input[start..end_of(j)].to_lowercase();
            let kind = classify_word(&word, &tokens);
            tokens.push(Token {
                kind,
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        tokens.push(Token {
            kind: Kind::Sep(c),
            span: start..end_of(i + 1),
        });
        i += 1;
    }
    merge_pairs(input, tokens)
}

/// Merges two-word names (`كانون الثاني`).
fn merge_pairs(input: &str, tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if i + 2 < tokens.len()
            && tokens[i + 1].kind == Kind::Space
            && matches!(tokens[i].kind, Kind::Unknown(_))
        {
            let first = input[tokens[i].span.clone()].to_lowercase();
            let second = input[tokens[i + 2].span.clone()].to_lowercase();
            if let Some(word) = names::lookup_pair(&first, &second) {
                out.push(Token {
                    kind: word_kind(word),
                    span: tokens[i].span.start..tokens[i + 2].span.end,
                });
                i += 3;
                continue;
            }
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}

fn word_kind(word: Word) -> Kind {
    match word {
        Word::Month {
            month,
            lang,
            abbreviated,
        } => Kind::Month {
            month,
            lang,
            abbreviated,
        },
        Word::Weekday {
            weekday,
            lang,
            abbreviated,
        } => Kind::Weekday {
            weekday,
            lang,
            abbreviated,
        },
    }
}

/// The last significant token (not a space).
fn last_significant(tokens: &[Token]) -> Option<&Kind> {
    tokens
        .iter()
        .rev()
        .map(|t| &t.kind)
        .find(|k| !matches!(k, Kind::Space))
}

/// An offset may follow a time of day, a meridiem, or a zone word.
fn offset_allowed(before: &[Token]) -> bool {
    matches!(
        last_significant(before),
        Some(Kind::Time { .. } | Kind::Meridiem { .. } | Kind::Offset { .. })
    )
}

fn classify_word(word: &str, before: &[Token]) -> Kind {
    let after_time = matches!(last_significant(before), Some(Kind::Time { .. }));
    // `am`/`pm` (and Arabic ص/م) only mean a half of the day right after a time.
    match word {
        "am" | "pm" | "ص" | "م" if after_time => {
            return Kind::Meridiem {
                pm: word == "pm" || word == "م",
            };
        }
        "am" | "م" => return Kind::Filler, // German "am" (on), Arabic year suffix
        _ => {}
    }
    if let Some(w) = names::lookup(word) {
        return word_kind(w);
    }
    if let Some(seconds) = zone_word(word)
        && (after_time
            || matches!(
                last_significant(before),
                Some(Kind::Meridiem { .. } | Kind::Num { .. })
            ))
    {
        return Kind::Offset {
            seconds,
            format: if seconds == 0 && word == "z" {
                "Z".into()
            } else {
                word.to_uppercase()
            },
        };
    }
    if names::is_filler(word) {
        return Kind::Filler;
    }
    Kind::Unknown(word.to_owned())
}

/// A time of day starting at the digit run `chars[i..j]`: `H:MM[:SS[.f]]`, `HhMM`, `H時MM分`.
fn time_at(input: &str, chars: &[(usize, char)], i: usize, j: usize) -> Option<(Kind, usize)> {
    let digits = |from: usize| {
        let mut k = from;
        while k < chars.len() && chars[k].1.is_ascii_digit() {
            k += 1;
        }
        k
    };
    let text = |a: usize, b: usize| {
        let start = chars[a].0;
        let end = chars.get(b).map_or(input.len(), |(e, _)| *e);
        &input[start..end]
    };
    let hour: u32 = text(i, j).parse().ok()?;
    if j - i > 2 {
        return None;
    }
    let sep = chars.get(j).map(|(_, c)| *c)?;
    match sep {
        ':' => {
            let m_end = digits(j + 1);
            if m_end - (j + 1) != 2 {
                return None;
            }
            let minute: u32 = text(j + 1, m_end).parse().ok()?;
            let mut format = String::from("%H:%M");
            let mut second = 0;
            let mut nanos = 0;
            let mut end = m_end;
            if chars.get(m_end).is_some_and(|(_, c)| *c == ':') {
                let s_end = digits(m_end + 1);
                if s_end - (m_end + 1) == 2 {
                    second = text(m_end + 1, s_end).parse().ok()?;
                    format.push_str(":%S");
                    end = s_end;
                    if chars
                        .get(s_end)
                        .is_some_and(|(_, c)| *c == '.' || *c == ',')
                        && chars
                            .get(s_end + 1)
                            .is_some_and(|(_, c)| c.is_ascii_digit())
                    {
                        let f_end = digits(s_end + 1);
                        let frac: String = text(s_end + 1, f_end)
                            .chars()
                            .chain(std::iter::repeat('0'))
                            .take(9)
                            .collect();
                        nanos = frac.parse().ok()?;
                        format.push_str("%.f");
                        end = f_end;
                    }
                }
            }
            Some((time_kind(hour, minute, second, nanos, format)?, end))
        }
        'h' | 'H' => {
            // 14h30, 14h (not "14hours").
            let m_end = digits(j + 1);
            let next_is_letter = chars.get(m_end).is_some_and(|(_, c)| c.is_alphabetic());
            if next_is_letter {
                return None;
            }
            match m_end - (j + 1) {
                0 => Some((time_kind(hour, 0, 0, 0, "%Hh".into())?, m_end)),
                2 => {
                    let minute = text(j + 1, m_end).parse().ok()?;
                    Some((time_kind(hour, minute, 0, 0, "%Hh%M".into())?, m_end))
                }
                _ => None,
            }
        }
        '時' | '时' | '点' | '點' | '시' => {
            // 14時30分15秒, 14시 30분
            let mut k = j + 1;
            let mut format = format!("%H{sep}");
            let skip_space = |k: usize| {
                let mut k = k;
                while chars.get(k).is_some_and(|(_, c)| *c == ' ') {
                    k += 1;
                }
                k
            };
            let mut minute = 0;
            let mut second = 0;
            let k2 = skip_space(k);
            let m_end = digits(k2);
            if m_end > k2
                && let Some(&(_, unit)) = chars.get(m_end)
                && matches!(unit, '分' | '분')
            {
                minute = text(k2, m_end).parse().ok()?;
                format.push_str(&" ".repeat(k2 - k));
                format.push_str(&format!("%M{unit}"));
                k = m_end + 1;
                let k3 = skip_space(k);
                let s_end = digits(k3);
                if s_end > k3
                    && let Some(&(_, unit)) = chars.get(s_end)
                    && matches!(unit, '秒' | '초')
                {
                    second = text(k3, s_end).parse().ok()?;
                    format.push_str(&" ".repeat(k3 - k));
                    format.push_str(&format!("%S{unit}"));
                    k = s_end + 1;
                }
            }
            Some((time_kind(hour, minute, second, 0, format)?, k))
        }
        _ => None,
    }
}

fn time_kind(hour: u32, minute: u32, second: u32, nanos: u32, format: String) -> Option<Kind> {
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    Some(Kind::Time {
        hour,
        minute,
        second,
        nanos,
        format,
    })
}

/// The first language (in the SPEC's order) that has every month and weekday name of the
/// input; the first name's language when none has them all.
fn language_of(input: &str, tokens: &[Token]) -> Option<Lang> {
    let mut common: Option<Vec<Lang>> = None;
    let mut first = None;
    for t in tokens {
        let lang = match t.kind {
            Kind::Month { lang, .. } | Kind::Weekday { lang, .. } => lang,
            _ => continue,
        };
        first.get_or_insert(lang);
        let word = input[t.span.clone()].to_lowercase();
        let langs = names::languages(&word);
        common = Some(match common {
            None => langs,
            Some(c) => c.into_iter().filter(|l| langs.contains(l)).collect(),
        });
    }
    common.and_then(|c| c.first().copied()).or(first)
}

/// Assigns year, month and day to the tokens and builds every valid reading.
fn resolve(input: &str, tokens: &[Token], day_first: bool) -> Result<Vec<Reading>, String> {
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

/// The strftime format of the input as read: specifiers for what was read, the input's own
/// text for separators and small words.
fn format_string(
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

fn push_token_format(out: &mut String, input: &str, t: &Token, twelve_hour: bool) {
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

#[cfg(test)]
mod tests;
