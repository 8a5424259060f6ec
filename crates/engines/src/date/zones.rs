//! Time zones: an IANA zone name, `UTC` or a fixed offset as the caller names it, and how a
//! reading is placed in one (converted, or taken as the zone's local time, both instants
//! when clocks go back).

use chrono::{DateTime, FixedOffset, LocalResult, TimeZone};

use super::{Moment, iso_naive};

/// A time zone: an IANA zone or a fixed offset.
#[derive(Debug, Clone)]
pub(super) enum Zone {
    Fixed(FixedOffset, String),
    Named(chrono_tz::Tz),
}

impl Zone {
    pub(super) fn parse(name: &str) -> Option<Zone> {
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

    pub(super) fn name(&self) -> String {
        match self {
            Zone::Fixed(_, name) => name.clone(),
            Zone::Named(tz) => tz.name().to_owned(),
        }
    }

    /// Expresses `moment` in this zone: an instant is converted, a local date-time is taken
    /// as this zone's (both instants when clocks go back), a date stays a date.
    pub(super) fn place(&self, moment: Moment) -> Result<(Moment, Vec<String>), String> {
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
pub(super) fn parse_offset(text: &str, short: bool) -> Option<i32> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_parse() {
        assert_eq!(parse_offset("+02:00", false), Some(7200));
        assert_eq!(parse_offset("-0530", false), Some(-19800));
        assert_eq!(parse_offset("+2", false), None);
        assert_eq!(parse_offset("+2", true), Some(7200));
        assert_eq!(parse_offset("+25:00", false), None);
        assert_eq!(parse_offset("+1é1", false), None);
    }
}
