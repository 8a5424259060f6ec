//! Whether the document's date is possible (`future_date`, `invalid_date`): a date after
//! today, a day that does not exist, or one from long ago are typed, not printed.
//!
//! - `future_date`: the date is more than one day after `today` (the server's clock, UTC);
//!   the day of grace covers time zones ahead of UTC.
//! - `invalid_date`: the extraction read a date-like string that is not a calendar date
//!   (31/02/2024), weight 30.
//! - stale date, also `invalid_date` (the contract has no kind of its own) with weight 10:
//!   more than ten years before `today`. Nobody claims a ten-year-old receipt; an OCR
//!   misread year (1924 for 2024) lands here too.

use chrono::{Months, NaiveDate};

use super::scoring::{WEIGHT_FUTURE_DATE, WEIGHT_INVALID_DATE, WEIGHT_STALE_DATE};
use super::{Facts, Signal, SignalKind};

/// Days after today a document may be dated without being "in the future".
pub const FUTURE_GRACE_DAYS: i64 = 1;
/// Years before today after which a date is stale.
pub const STALE_AFTER_YEARS: u32 = 10;
/// Characters of an invalid date string quoted in the detail.
const QUOTED_CHARS: usize = 32;

/// The date signals of `facts` on `today`.
pub fn date_signals(facts: &Facts, today: NaiveDate) -> Vec<Signal> {
    let mut signals = Vec::new();
    if let Some(text) = facts.date_text_invalid.as_deref() {
        let quoted: String = text.trim().chars().take(QUOTED_CHARS).collect();
        signals.push(Signal {
            kind: SignalKind::InvalidDate,
            weight: WEIGHT_INVALID_DATE,
            detail: format!("The date \"{quoted}\" is not a calendar date."),
        });
    }
    let Some(date) = facts.date else {
        return signals;
    };
    let days_ahead = (date - today).num_days();
    if days_ahead > FUTURE_GRACE_DAYS {
        signals.push(Signal {
            kind: SignalKind::FutureDate,
            weight: WEIGHT_FUTURE_DATE,
            detail: format!(
                "The document is dated {date}, {days_ahead} days after today ({today})."
            ),
        });
    }
    let stale_before = today.checked_sub_months(Months::new(12 * STALE_AFTER_YEARS));
    if facts.date_text_invalid.is_none() && stale_before.is_some_and(|limit| date < limit) {
        let years = (today - date).num_days() / 365;
        signals.push(Signal {
            kind: SignalKind::InvalidDate,
            weight: WEIGHT_STALE_DATE,
            detail: format!(
                "The document is dated {date}, about {years} years before today ({today}): more than {STALE_AFTER_YEARS} years old."
            ),
        });
    }
    signals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::DocKind;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn dated(date: Option<NaiveDate>) -> Facts {
        let mut facts = Facts::empty(DocKind::Receipt);
        facts.date = date;
        facts
    }

    const TODAY: (i32, u32, u32) = (2026, 11, 25);

    fn today() -> NaiveDate {
        day(TODAY.0, TODAY.1, TODAY.2)
    }

    #[test]
    fn recent_dates_and_tomorrow_are_clean() {
        assert!(date_signals(&dated(Some(day(2026, 11, 20))), today()).is_empty());
        assert!(date_signals(&dated(Some(today())), today()).is_empty());
        assert!(date_signals(&dated(Some(day(2026, 11, 26))), today()).is_empty());
        assert!(date_signals(&dated(Some(day(2017, 1, 1))), today()).is_empty());
        assert!(date_signals(&dated(None), today()).is_empty());
    }

    #[test]
    fn a_future_date_trips() {
        let signals = date_signals(&dated(Some(day(2026, 12, 25))), today());
        assert_eq!(signals.len(), 1);
        assert_eq!(signals[0].kind, SignalKind::FutureDate);
        assert_eq!(signals[0].weight, 25);
        assert_eq!(
            signals[0].detail,
            "The document is dated 2026-12-25, 30 days after today (2026-11-25)."
        );
    }

    #[test]
    fn an_impossible_date_trips() {
        let mut facts = dated(None);
        facts.date_text_invalid = Some("31/02/2024".into());
        let signals = date_signals(&facts, today());
        assert_eq!(signals.len(), 1);
        assert_eq!(signals[0].kind, SignalKind::InvalidDate);
        assert_eq!(signals[0].weight, 30);
        assert_eq!(
            signals[0].detail,
            "The date \"31/02/2024\" is not a calendar date."
        );
    }

    #[test]
    fn a_stale_date_is_a_small_invalid_date() {
        let signals = date_signals(&dated(Some(day(2012, 3, 1))), today());
        assert_eq!(signals.len(), 1);
        assert_eq!(signals[0].kind, SignalKind::InvalidDate);
        assert_eq!(signals[0].weight, 10);
        assert!(
            signals[0].detail.contains("about 14 years before today"),
            "{}",
            signals[0].detail
        );
    }
}
