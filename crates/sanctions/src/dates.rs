//! Dates of birth as lists write them ("10 Dec 1948", "circa 1951", "1960 to 1962",
//! `<YEAR>`, `yearRangeFrom`...) to one form: `YYYY-MM-DD`, `YYYY-MM`, `YYYY` or `YYYY/YYYY`;
//! and how a subject's date of birth agrees with a listed one.

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

fn month(word: &str) -> Option<u32> {
    let lower = word.to_ascii_lowercase();
    let prefix = lower.get(..3)?;
    MONTHS
        .iter()
        .position(|m| *m == prefix)
        .map(|i| i as u32 + 1)
}

fn year(word: &str) -> Option<u32> {
    let y: u32 = word.parse().ok()?;
    (word.len() == 4 && (1800..=2100).contains(&y)).then_some(y)
}

/// An OFAC-style date of birth ("10 Dec 1948", "Dec 1948", "1948", "circa 1951", "1960 to
/// 1962", "01 Jan 1960 to 31 Dec 1962", ISO "1948-12-10") in normalized form.
pub fn parse_listed(text: &str) -> Option<String> {
    let cleaned = text
        .trim()
        .trim_end_matches('.')
        .replace("circa", "")
        .replace("approximately", "")
        .replace("Approximately", "");
    let cleaned = cleaned.trim();
    if let Some((from, to)) = cleaned.split_once(" to ").or_else(|| {
        let (a, b) = cleaned.split_once('-')?;
        (year(a.trim()).is_some() && year(b.trim()).is_some()).then_some((a, b))
    }) {
        let from = parse_listed(from)?;
        let to = parse_listed(to)?;
        let (fy, ty) = (from.get(..4)?, to.get(..4)?);
        return Some(if fy == ty {
            fy.to_owned()
        } else {
            format!("{fy}/{ty}")
        });
    }
    if let Some(iso) = parse_iso(cleaned) {
        return Some(iso);
    }
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    match words.as_slice() {
        [y] => year(y).map(|y| format!("{y:04}")),
        [m, y] => Some(format!("{:04}-{:02}", year(y)?, month(m)?)),
        [d, m, y] => {
            let d: u32 = d.parse().ok()?;
            (1..=31)
                .contains(&d)
                .then_some(())
                .and_then(|_| Some(format!("{:04}-{:02}-{d:02}", year(y)?, month(m)?)))
        }
        _ => None,
    }
}

/// `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (a time part is ignored), checked.
pub fn parse_iso(text: &str) -> Option<String> {
    let date = text.trim().split(['T', ' ']).next()?;
    let parts: Vec<&str> = date.split('-').collect();
    match parts.as_slice() {
        [y] => year(y).map(|y| format!("{y:04}")),
        [y, m] => {
            let m: u32 = m.parse().ok()?;
            ((1..=12).contains(&m)).then_some(format!("{:04}-{m:02}", year(y)?))
        }
        [y, m, d] => {
            let (m, d): (u32, u32) = (m.parse().ok()?, d.parse().ok()?);
            ((1..=12).contains(&m) && (1..=31).contains(&d))
                .then_some(format!("{:04}-{m:02}-{d:02}", year(y)?))
        }
        _ => None,
    }
}

/// A range of years.
pub fn year_range(from: u32, to: u32) -> String {
    if from == to {
        format!("{from:04}")
    } else {
        format!("{from:04}/{to:04}")
    }
}

/// How a subject's date of birth agrees with a listed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DobAgreement {
    /// Same day.
    Exact,
    /// Same year and month, or the same year when one side gives only the year.
    SameYear,
    /// Inside a listed range of years.
    InRange,
    /// One year apart (lists and documents often disagree by a year).
    Near,
    /// Incompatible.
    Conflict,
}

impl DobAgreement {
    pub fn score(self) -> f64 {
        match self {
            DobAgreement::Exact => 1.0,
            DobAgreement::SameYear => 0.8,
            DobAgreement::InRange => 0.7,
            DobAgreement::Near => 0.5,
            DobAgreement::Conflict => 0.0,
        }
    }
}

/// Compares the subject's `YYYY[-MM[-DD]]` with a listed normalized date.
pub fn agreement(subject: &str, listed: &str) -> Option<DobAgreement> {
    let sy: i32 = subject.get(..4)?.parse().ok()?;
    if let Some((from, to)) = listed.split_once('/') {
        let (from, to): (i32, i32) = (from.parse().ok()?, to.parse().ok()?);
        return Some(if (from..=to).contains(&sy) {
            DobAgreement::InRange
        } else if (from - 1..=to + 1).contains(&sy) {
            DobAgreement::Near
        } else {
            DobAgreement::Conflict
        });
    }
    let ly: i32 = listed.get(..4)?.parse().ok()?;
    if sy != ly {
        return Some(if (sy - ly).abs() == 1 {
            DobAgreement::Near
        } else {
            DobAgreement::Conflict
        });
    }
    let (sm, lm) = (subject.get(5..7), listed.get(5..7));
    let (sd, ld) = (subject.get(8..10), listed.get(8..10));
    Some(match (sm, lm) {
        (Some(a), Some(b)) if a != b => DobAgreement::Conflict,
        (Some(_), Some(_)) => match (sd, ld) {
            (Some(a), Some(b)) if a != b => DobAgreement::Conflict,
            (Some(_), Some(_)) => DobAgreement::Exact,
            _ => DobAgreement::SameYear,
        },
        _ => DobAgreement::SameYear,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ofac_forms() {
        assert_eq!(parse_listed("10 Dec 1948").as_deref(), Some("1948-12-10"));
        assert_eq!(parse_listed("Dec 1948").as_deref(), Some("1948-12"));
        assert_eq!(parse_listed("1962").as_deref(), Some("1962"));
        assert_eq!(parse_listed("circa 1951").as_deref(), Some("1951"));
        assert_eq!(parse_listed("1960 to 1962").as_deref(), Some("1960/1962"));
        assert_eq!(
            parse_listed("01 Jan 1960 to 31 Dec 1962").as_deref(),
            Some("1960/1962")
        );
        assert_eq!(parse_listed("1971-05-25").as_deref(), Some("1971-05-25"));
        assert_eq!(parse_listed("unknown"), None);
    }

    #[test]
    fn agreements() {
        assert_eq!(
            agreement("1948-12-10", "1948-12-10"),
            Some(DobAgreement::Exact)
        );
        assert_eq!(
            agreement("1948-12-10", "1948"),
            Some(DobAgreement::SameYear)
        );
        assert_eq!(
            agreement("1948", "1948-12-10"),
            Some(DobAgreement::SameYear)
        );
        assert_eq!(agreement("1961", "1960/1962"), Some(DobAgreement::InRange));
        assert_eq!(agreement("1949-01-01", "1948"), Some(DobAgreement::Near));
        assert_eq!(
            agreement("1970-01-01", "1948-12-10"),
            Some(DobAgreement::Conflict)
        );
        assert_eq!(
            agreement("1948-11-10", "1948-12-10"),
            Some(DobAgreement::Conflict)
        );
    }
}
