//! Time as the platform sees it: injectable, so tests can cross a month boundary or an expiry.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Datelike, TimeZone, Utc};

/// Where "now" comes from.
#[derive(Clone)]
pub enum Clock {
    /// The system clock.
    System,
    /// A clock tests set by hand.
    Manual(Arc<Mutex<DateTime<Utc>>>),
}

impl Clock {
    pub fn manual(start: DateTime<Utc>) -> Self {
        Clock::Manual(Arc::new(Mutex::new(start)))
    }

    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Manual(at) => *at.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Moves a manual clock; the system clock cannot be moved.
    pub fn set(&self, to: DateTime<Utc>) {
        if let Clock::Manual(at) = self {
            *at.lock().unwrap_or_else(|e| e.into_inner()) = to;
        }
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Clock::System => f.write_str("Clock::System"),
            Clock::Manual(_) => write!(f, "Clock::Manual({})", self.now()),
        }
    }
}

/// The quota period containing `at`: the calendar month in UTC, as `YYYY-MM`.
pub fn period_of(at: DateTime<Utc>) -> String {
    format!("{:04}-{:02}", at.year(), at.month())
}

/// 00:00Z on the first day of the month after `at`, when quotas reset.
pub fn next_period_start(at: DateTime<Utc>) -> DateTime<Utc> {
    let (year, month) = if at.month() == 12 {
        (at.year() + 1, 1)
    } else {
        (at.year(), at.month() + 1)
    };
    Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0)
        .single()
        .unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_calendar_months() {
        let at = Utc.with_ymd_and_hms(2026, 12, 31, 23, 59, 59).unwrap();
        assert_eq!(period_of(at), "2026-12");
        assert_eq!(
            next_period_start(at),
            Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap()
        );
        let feb = Utc.with_ymd_and_hms(2028, 2, 29, 12, 0, 0).unwrap();
        assert_eq!(
            next_period_start(feb),
            Utc.with_ymd_and_hms(2028, 3, 1, 0, 0, 0).unwrap()
        );
    }
}
