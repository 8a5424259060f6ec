//! Postings on non-business days: the region's weekend (`weekend_posting`; Friday and
//! Saturday for SAR, QAR, KWD, BHD, OMR, EGP, JOD or Arabic without a currency, else
//! Saturday and Sunday) and its public holidays (`holiday_posting`). The region comes from
//! the currency, else the language. The holiday rules are a small documented set of
//! nationwide banking holidays, fixed dates plus the Easter-based ones (Gregorian
//! computus, `easter`); lunar and lunisolar holidays (Chinese New Year, Eid, Chuseok) and
//! "nth Monday" holidays are not covered, and a holiday moved off a weekend is not either:
//! - Euro (EUR, or de fr es it pt nl without a currency): TARGET2 closing days — 1 Jan,
//!   Good Friday, Easter Monday, 1 May, 25 and 26 Dec.
//! - United Kingdom (GBP): 1 Jan, Good Friday, Easter Monday, 25 and 26 Dec.
//! - United States (USD): 1 Jan, 19 Jun, 4 Jul, 11 Nov, 25 Dec.
//! - Switzerland (CHF): 1 Jan, 2 Jan, Good Friday, Easter Monday, Ascension, Whit Monday,
//!   1 Aug, 25 and 26 Dec.
//! - Poland (PLN, or pl): 1 and 6 Jan, Easter Monday, 1 and 3 May, Corpus Christi, 15 Aug,
//!   1 and 11 Nov, 25 and 26 Dec.
//! - Japan (JPY, or ja): 1-3 Jan, 11 Feb, 23 Feb, 29 Apr, 3-5 May, 3 Nov, 23 Nov, 31 Dec.
//! - China (CNY, or zh): 1 Jan, 1 May, 1-3 Oct.
//! - Korea (KRW, or ko): 1 Jan, 1 Mar, 5 May, 6 Jun, 15 Aug, 3 Oct, 9 Oct, 25 Dec.
//! - Saudi Arabia (SAR): 22 Feb, 23 Sep. United Arab Emirates (AED): 1 Jan, 2 and 3 Dec.
//! - Anything else (en without a currency among them): 1 Jan and 25 Dec.

use chrono::{Datelike, NaiveDate, Weekday};

use super::describe::{row_list, row_ref};
use super::money::format_cents;
use super::types::{Anomaly, AnomalyKind, Cents, Severity, Statement};

/// Above this many postings of one kind, one summary finding instead of one per row.
const LISTED_ONE_BY_ONE: usize = 10;
/// From this amount a non-business-day posting is medium severity (10,000.00).
const NOTABLE: Cents = 1_000_000;

/// The holiday calendar a statement is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HolidayRegion {
    Euro,
    UnitedKingdom,
    UnitedStates,
    Switzerland,
    Poland,
    Japan,
    China,
    Korea,
    SaudiArabia,
    Emirates,
    Generic,
}

impl HolidayRegion {
    /// The region of a currency, else of a language.
    pub fn of(currency: Option<&str>, language: &str) -> HolidayRegion {
        match currency {
            Some("EUR") => HolidayRegion::Euro,
            Some("GBP") => HolidayRegion::UnitedKingdom,
            Some("USD") => HolidayRegion::UnitedStates,
            Some("CHF") => HolidayRegion::Switzerland,
            Some("PLN") => HolidayRegion::Poland,
            Some("JPY") => HolidayRegion::Japan,
            Some("CNY") => HolidayRegion::China,
            Some("KRW") => HolidayRegion::Korea,
            Some("SAR") => HolidayRegion::SaudiArabia,
            Some("AED") => HolidayRegion::Emirates,
            Some(_) => HolidayRegion::Generic,
            None => match language {
                "de" | "fr" | "es" | "it" | "pt" | "nl" => HolidayRegion::Euro,
                "pl" => HolidayRegion::Poland,
                "ja" => HolidayRegion::Japan,
                "zh" => HolidayRegion::China,
                "ko" => HolidayRegion::Korea,
                _ => HolidayRegion::Generic,
            },
        }
    }

    /// The holiday on `date`, by name.
    pub fn holiday(self, date: NaiveDate) -> Option<&'static str> {
        let (month, day) = (date.month(), date.day());
        let fixed: &[(u32, u32, &str)] = match self {
            HolidayRegion::Euro => &[
                (1, 1, "New Year's Day"),
                (5, 1, "Labour Day"),
                (12, 25, "Christmas Day"),
                (12, 26, "Boxing Day / St Stephen's Day"),
            ],
            HolidayRegion::UnitedKingdom => &[
                (1, 1, "New Year's Day"),
                (12, 25, "Christmas Day"),
                (12, 26, "Boxing Day"),
            ],
            HolidayRegion::UnitedStates => &[
                (1, 1, "New Year's Day"),
                (6, 19, "Juneteenth"),
                (7, 4, "Independence Day"),
                (11, 11, "Veterans Day"),
                (12, 25, "Christmas Day"),
            ],
            HolidayRegion::Switzerland => &[
                (1, 1, "New Year's Day"),
                (1, 2, "Berchtold's Day"),
                (8, 1, "Swiss National Day"),
                (12, 25, "Christmas Day"),
                (12, 26, "St Stephen's Day"),
            ],
            HolidayRegion::Poland => &[
                (1, 1, "New Year's Day"),
                (1, 6, "Epiphany"),
                (5, 1, "Labour Day"),
                (5, 3, "Constitution Day"),
                (8, 15, "Assumption Day"),
                (11, 1, "All Saints' Day"),
                (11, 11, "Independence Day"),
                (12, 25, "Christmas Day"),
                (12, 26, "Second Day of Christmas"),
            ],
            HolidayRegion::Japan => &[
                (1, 1, "New Year's Day"),
                (1, 2, "Bank Holiday"),
                (1, 3, "Bank Holiday"),
                (2, 11, "National Foundation Day"),
                (2, 23, "Emperor's Birthday"),
                (4, 29, "Showa Day"),
                (5, 3, "Constitution Memorial Day"),
                (5, 4, "Greenery Day"),
                (5, 5, "Children's Day"),
                (11, 3, "Culture Day"),
                (11, 23, "Labour Thanksgiving Day"),
                (12, 31, "Bank Holiday"),
            ],
            HolidayRegion::China => &[
                (1, 1, "New Year's Day"),
                (5, 1, "Labour Day"),
                (10, 1, "National Day"),
                (10, 2, "National Day"),
                (10, 3, "National Day"),
            ],
            HolidayRegion::Korea => &[
                (1, 1, "New Year's Day"),
                (3, 1, "Independence Movement Day"),
                (5, 5, "Children's Day"),
                (6, 6, "Memorial Day"),
                (8, 15, "Liberation Day"),
                (10, 3, "National Foundation Day"),
                (10, 9, "Hangul Day"),
                (12, 25, "Christmas Day"),
            ],
            HolidayRegion::SaudiArabia => &[(2, 22, "Founding Day"), (9, 23, "National Day")],
            HolidayRegion::Emirates => &[
                (1, 1, "New Year's Day"),
                (12, 2, "National Day"),
                (12, 3, "National Day"),
            ],
            HolidayRegion::Generic => &[(1, 1, "New Year's Day"), (12, 25, "Christmas Day")],
        };
        if let Some((_, _, name)) = fixed.iter().find(|(m, d, _)| *m == month && *d == day) {
            return Some(name);
        }
        let from_easter: &[(i64, &str)] = match self {
            HolidayRegion::Euro | HolidayRegion::UnitedKingdom => {
                &[(-2, "Good Friday"), (1, "Easter Monday")]
            }
            HolidayRegion::Switzerland => &[
                (-2, "Good Friday"),
                (1, "Easter Monday"),
                (39, "Ascension Day"),
                (50, "Whit Monday"),
            ],
            HolidayRegion::Poland => &[(1, "Easter Monday"), (60, "Corpus Christi")],
            _ => &[],
        };
        let easter = easter(date.year())?;
        let offset = (date - easter).num_days();
        from_easter
            .iter()
            .find(|(days, _)| *days == offset)
            .map(|(_, name)| *name)
    }

    /// Whether `date` falls on the region's weekend.
    pub fn is_weekend(self, date: NaiveDate, currency: Option<&str>, language: &str) -> bool {
        let friday_saturday = matches!(
            currency,
            Some("SAR" | "QAR" | "KWD" | "BHD" | "OMR" | "EGP" | "JOD")
        ) || (currency.is_none() && language == "ar");
        match date.weekday() {
            Weekday::Fri => friday_saturday,
            Weekday::Sat => true,
            Weekday::Sun => !friday_saturday,
            _ => false,
        }
    }
}

/// Easter Sunday of `year` (Gregorian calendar; anonymous Gregorian algorithm).
pub fn easter(year: i32) -> Option<NaiveDate> {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15).rem_euclid(30);
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k).rem_euclid(7);
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, u32::try_from(month).ok()?, u32::try_from(day).ok()?)
}

/// Whether `date` is a business day of the region (used by the fixtures).
#[cfg(any(test, feature = "test-support"))]
pub fn is_business_day(
    region: HolidayRegion,
    date: NaiveDate,
    currency: Option<&str>,
    language: &str,
) -> bool {
    !region.is_weekend(date, currency, language) && region.holiday(date).is_none()
}

/// The next business day from `date` (itself when it is one; used by the fixtures).
#[cfg(any(test, feature = "test-support"))]
pub fn business_day_from(
    region: HolidayRegion,
    date: NaiveDate,
    currency: Option<&str>,
    language: &str,
) -> NaiveDate {
    let mut day = date;
    for _ in 0..14 {
        if is_business_day(region, day, currency, language) {
            return day;
        }
        day = day.checked_add_days(chrono::Days::new(1)).unwrap_or(day);
    }
    day
}

pub fn check(statement: &Statement) -> Vec<Anomaly> {
    let currency = statement.currency.as_deref();
    let language = statement.language.as_str();
    let region = HolidayRegion::of(currency, language);
    let mut holidays: Vec<(usize, &'static str)> = Vec::new();
    let mut weekends: Vec<usize> = Vec::new();
    for t in &statement.transactions {
        let Some(date) = t.date else { continue };
        if let Some(name) = region.holiday(date) {
            holidays.push((t.index, name));
        } else if region.is_weekend(date, currency, language) {
            weekends.push(t.index);
        }
    }
    let mut anomalies = Vec::new();
    let severity_of = |amount: Cents| {
        if amount.abs() >= NOTABLE {
            Severity::Medium
        } else {
            Severity::Low
        }
    };
    if holidays.len() <= LISTED_ONE_BY_ONE {
        for (index, name) in &holidays {
            let Some(t) = statement.transactions.get(*index) else {
                continue;
            };
            anomalies.push(Anomaly {
                kind: AnomalyKind::HolidayPosting,
                severity: severity_of(t.amount),
                description: format!("{}: posted on a public holiday ({name}) when banks are closed: check the booking date with the bank.", row_ref(t)),
                transactions: vec![*index],
                amount: Some(t.amount),
            });
        }
    } else {
        let indices: Vec<usize> = holidays.iter().map(|(i, _)| *i).collect();
        anomalies.push(summary(
            statement,
            AnomalyKind::HolidayPosting,
            &indices,
            "on public holidays",
        ));
    }
    if weekends.len() <= LISTED_ONE_BY_ONE {
        for index in &weekends {
            let Some(t) = statement.transactions.get(*index) else {
                continue;
            };
            let day = t.date.map_or(String::new(), |d| d.format("%A").to_string());
            anomalies.push(Anomaly {
                kind: AnomalyKind::WeekendPosting,
                severity: severity_of(t.amount),
                description: format!("{}: posted on a weekend day ({day}) when banks do not book: check the booking date with the bank.", row_ref(t)),
                transactions: vec![*index],
                amount: Some(t.amount),
            });
        }
    } else {
        anomalies.push(summary(
            statement,
            AnomalyKind::WeekendPosting,
            &weekends,
            "on weekend days",
        ));
    }
    anomalies
}

fn summary(statement: &Statement, kind: AnomalyKind, indices: &[usize], when: &str) -> Anomaly {
    let total: Cents = indices
        .iter()
        .filter_map(|i| statement.transactions.get(*i))
        .map(|t| t.amount)
        .sum();
    Anomaly {
        kind,
        severity: Severity::Low,
        description: format!(
            "{} transactions are posted {when} ({}), {} in total: check the booking dates with the bank.",
            indices.len(),
            row_list(indices, 10),
            format_cents(total)
        ),
        transactions: indices.to_vec(),
        amount: Some(total),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn computus_gives_known_easter_sundays() {
        assert_eq!(easter(2024), Some(ymd(2024, 3, 31)));
        assert_eq!(easter(2025), Some(ymd(2025, 4, 20)));
        assert_eq!(easter(2019), Some(ymd(2019, 4, 21)));
        assert_eq!(easter(2000), Some(ymd(2000, 4, 23)));
        assert_eq!(easter(2038), Some(ymd(2038, 4, 25)));
    }

    #[test]
    fn regional_holidays_and_weekends() {
        let euro = HolidayRegion::of(Some("EUR"), "de");
        assert_eq!(euro.holiday(ymd(2024, 3, 29)), Some("Good Friday"));
        assert_eq!(euro.holiday(ymd(2024, 4, 1)), Some("Easter Monday"));
        assert_eq!(euro.holiday(ymd(2024, 4, 2)), None);
        let poland = HolidayRegion::of(None, "pl");
        assert_eq!(poland.holiday(ymd(2024, 5, 30)), Some("Corpus Christi"));
        assert_eq!(
            HolidayRegion::of(Some("USD"), "en").holiday(ymd(2024, 7, 4)),
            Some("Independence Day")
        );
        let saudi = HolidayRegion::of(Some("SAR"), "ar");
        assert!(saudi.is_weekend(ymd(2024, 3, 8), Some("SAR"), "ar"));
        assert!(!saudi.is_weekend(ymd(2024, 3, 10), Some("SAR"), "ar"));
        assert!(euro.is_weekend(ymd(2024, 3, 10), Some("EUR"), "de"));
        assert_eq!(
            business_day_from(euro, ymd(2024, 3, 29), Some("EUR"), "de"),
            ymd(2024, 4, 2)
        );
    }
}
