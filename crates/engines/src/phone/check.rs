//! The phone number check: parse with the crate, correct its national prefix stripping,
//! then validity, possibility, line type, region and the four notations from the regions'
//! rules.

use std::fmt::Write as _;

use phonenumber::metadata::Database;
use phonenumber::{Mode, ParseError, PhoneNumber};

use super::metadata::with_database;
use super::regions::{Length, Region, Rules};
use super::{Formats, LineType, PhoneCheck, Reason};

/// Validates `input`; `default_region` (ISO 3166-1 alpha-2, any case) is assumed for a
/// number written without `+` and country code.
pub fn check(input: &str, default_region: Option<&str>) -> PhoneCheck {
    let region = default_region.map(str::to_ascii_uppercase);
    // An unknown default region counts as none: the number then needs its own `+`.
    let region_id = region
        .as_deref()
        .and_then(|r| r.parse::<phonenumber::country::Id>().ok());
    let parsed = with_database(|db| phonenumber::parse_with(db, region_id, input));
    let mut number = match parsed {
        Ok(number) => number,
        Err(error) => return unparsed(parse_reason(&error)),
    };
    let code = number.code().value();
    let rules = Rules::get();
    let Some(regions) = rules.regions(code) else {
        return unparsed(Reason::InvalidCountryCode);
    };
    // The region whose national prefix applies: the default region if the number is in
    // it, else the main region of the calling code.
    let home = region
        .as_deref()
        .and_then(|r| regions.iter().find(|x| x.id == r))
        .unwrap_or(&regions[0]);
    if let Some(fixed) = restrip_national_prefix(input, &number, home) {
        number = fixed;
    }
    let nsn = number.national().to_string();
    let detected = regions.iter().find(|r| r.owns(&nsn));
    let line_type = detected.map_or(LineType::Unknown, |r| r.number_type(&nsn));
    let length = regions[0].test_length(nsn.len());
    let valid = line_type != LineType::Unknown;
    let reason = if valid {
        None
    } else {
        Some(match length {
            Length::Possible | Length::PossibleLocalOnly => Reason::InvalidForRegion,
            Length::TooShort => Reason::TooShort,
            Length::TooLong => Reason::TooLong,
            Length::Invalid => Reason::InvalidLength,
        })
    };
    PhoneCheck {
        valid,
        possible: matches!(length, Length::Possible | Length::PossibleLocalOnly),
        reason,
        formats: with_database(|db| formats(db, &number)),
        country_code: Some(code),
        region: Some(detected.unwrap_or(&regions[0]).id.clone()),
        line_type,
    }
}

/// The crate strips a national prefix whenever the number starts with it, also from an
/// international number and when what remains is no longer a number at all (`+7 800 123 45
/// 67` loses its `8`, `+370 800 12 345` its `8`). libphonenumber strips it only when the
/// number does not match the region's pattern with it, or still matches without it, and
/// the rest has a possible length. This redoes that step on the digits the crate started
/// from, and returns the corrected number when the outcome differs. Inputs whose digits
/// cannot be traced plainly (letters, RFC 3966 parameters, other digit scripts) are left
/// as the crate read them.
fn restrip_national_prefix(
    input: &str,
    number: &PhoneNumber,
    home: &Region,
) -> Option<PhoneNumber> {
    let text = input.trim();
    let text = text.strip_prefix("tel:").unwrap_or(text);
    if text
        .chars()
        .any(|c| c.is_alphabetic() || c == ';' || (c.is_numeric() && !c.is_ascii_digit()))
    {
        return None;
    }
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let code = number.code().value().to_string();
    let national = match number.code().source() {
        phonenumber::country::Source::Default => digits.as_str(),
        phonenumber::country::Source::Plus => digits.strip_prefix(code.as_str())?,
        // A national number that starts with the region's own calling code: libphonenumber
        // takes those digits for the calling code only if the number does not fit the
        // region's pattern with them but does without, or is too long with them.
        phonenumber::country::Source::Number => {
            let rest = digits.strip_prefix(code.as_str())?;
            let fits = |n: &str| home.general.pattern.as_ref().is_some_and(|p| p.is_match(n));
            if (!fits(&digits) && fits(&home.strip_national_prefix(rest)))
                || home.test_length(digits.len()) == Length::TooLong
            {
                rest
            } else {
                digits.as_str()
            }
        }
        phonenumber::country::Source::Idd => return None,
    };
    let current = number.national().to_string();
    if !national.ends_with(&current) {
        return None;
    }
    let stripped = home.strip_national_prefix(national);
    if stripped == current {
        return None;
    }
    let mut json = serde_json::to_value(number).ok()?;
    json["national"] =
        serde_json::to_value(stripped.parse::<phonenumber::NationalNumber>().ok()?).ok()?;
    serde_json::from_value(json).ok()
}

fn unparsed(reason: Reason) -> PhoneCheck {
    PhoneCheck {
        valid: false,
        possible: false,
        reason: Some(reason),
        formats: None,
        country_code: None,
        region: None,
        line_type: LineType::Unknown,
    }
}

fn parse_reason(error: &ParseError) -> Reason {
    match error {
        ParseError::InvalidCountryCode => Reason::InvalidCountryCode,
        ParseError::TooShortAfterIdd | ParseError::TooShortNsn => Reason::TooShort,
        ParseError::TooLong => Reason::TooLong,
        ParseError::NoNumber | ParseError::MalformedInteger(_) => Reason::NotANumber,
    }
}

fn formats(db: &Database, number: &PhoneNumber) -> Option<Formats> {
    // The crate's formatter reports an unknown country code as `fmt::Error`; `to_string`
    // would panic on it, `write!` hands it back.
    let render = |mode: Mode| -> Option<String> {
        let mut out = String::new();
        write!(out, "{}", number.format_with(db).mode(mode)).ok()?;
        Some(out)
    };
    Some(Formats {
        e164: render(Mode::E164)?,
        international: render(Mode::International)?,
        national: render(Mode::National)?,
        rfc3966: render(Mode::Rfc3966)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One row of `fixtures/phone_examples.tsv`.
    struct Expected<'a> {
        input: &'a str,
        region: &'a str,
        valid: bool,
        possible: bool,
        reason: &'a str,
        e164: &'a str,
        international: &'a str,
        national: &'a str,
        rfc3966: &'a str,
        country_code: &'a str,
        detected: &'a str,
        line_type: &'a str,
    }

    fn fixture() -> Vec<Expected<'static>> {
        include_str!("../fixtures/phone_examples.tsv")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                assert_eq!(f.len(), 12, "{line:?}");
                Expected {
                    input: f[0],
                    region: f[1],
                    valid: f[2] == "true",
                    possible: f[3] == "true",
                    reason: f[4],
                    e164: f[5],
                    international: f[6],
                    national: f[7],
                    rfc3966: f[8],
                    country_code: f[9],
                    detected: f[10],
                    line_type: f[11],
                }
            })
            .collect()
    }

    fn run(e: &Expected) -> PhoneCheck {
        check(e.input, (!e.region.is_empty()).then_some(e.region))
    }

    /// Validity, possibility, reason, line type, country code and region of every example
    /// number of libphonenumber's metadata (and each region's invalid example), as the
    /// reference implementation answers them.
    #[test]
    fn reference_verdicts_on_the_example_numbers() {
        let rows = fixture();
        let mut failures = Vec::new();
        for e in &rows {
            let got = run(e);
            let want = (
                e.valid,
                e.possible,
                e.reason,
                e.line_type,
                e.country_code,
                e.detected,
            );
            let have = (
                got.valid,
                got.possible,
                got.reason.map_or("", Reason::name),
                got.line_type.name(),
                got.country_code.map(|c| c.to_string()).unwrap_or_default(),
                got.region.clone().unwrap_or_default(),
            );
            if (
                want.0,
                want.1,
                want.2,
                want.3,
                want.4.to_owned(),
                want.5.to_owned(),
            ) != (
                have.0,
                have.1,
                have.2,
                have.3,
                have.4.clone(),
                have.5.clone(),
            ) {
                failures.push(format!(
                    "{:?} [{}]: want {want:?}, got {have:?}",
                    e.input, e.region
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} rows differ:\n{}",
            failures.len(),
            rows.len(),
            failures.join("\n")
        );
    }

    /// The four notations of every parsed example number, as the reference formats them.
    #[test]
    fn reference_formats_on_the_example_numbers() {
        let rows = fixture();
        let mut failures = Vec::new();
        for e in rows.iter().filter(|e| !e.e164.is_empty()) {
            let got = run(e).formats;
            let want = Formats {
                e164: e.e164.to_owned(),
                international: e.international.to_owned(),
                national: e.national.to_owned(),
                rfc3966: e.rfc3966.to_owned(),
            };
            if got.as_ref() != Some(&want) {
                failures.push(format!(
                    "{:?} [{}]: want {want:?}, got {got:?}",
                    e.input, e.region
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} rows differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    /// The regions whose numbers start with a significant 0, which the crate's own
    /// `number_type` gets wrong.
    #[test]
    fn leading_zero_regions_have_their_types() {
        for (input, region, line_type) in [
            ("+39 02 3661 8300", "IT", LineType::FixedLine),
            ("+39 06 6981 2345", "VA", LineType::FixedLine),
            ("+378 0549 886377", "SM", LineType::FixedLine),
            ("+225 27 22 40 40 40", "CI", LineType::FixedLine),
            ("+229 01 21 34 56 78", "BJ", LineType::FixedLine),
            ("+242 22 212 3456", "CG", LineType::FixedLine),
            ("+241 01 44 12 34", "GA", LineType::FixedLine),
            ("+241 06 03 12 34", "GA", LineType::Mobile),
        ] {
            let got = check(input, None);
            assert!(got.valid, "{input}: {got:?}");
            assert_eq!(got.region.as_deref(), Some(region), "{input}");
            assert_eq!(got.line_type, line_type, "{input}");
        }
        let rome = check("06 6981 2345", Some("it"));
        assert_eq!(rome.region.as_deref(), Some("VA"));
        assert_eq!(
            rome.formats.map(|f| f.e164).as_deref(),
            Some("+390669812345")
        );
    }

    #[test]
    fn national_numbers_need_a_default_region() {
        let without = check("020 7946 0958", None);
        assert!(!without.valid);
        assert_eq!(without.reason, Some(Reason::InvalidCountryCode));
        let unknown_region = check("020 7946 0958", Some("ZZ"));
        assert_eq!(unknown_region.reason, Some(Reason::InvalidCountryCode));
        let lower = check("020 7946 0958", Some("gb"));
        assert!(lower.valid);
        assert_eq!(lower.line_type, LineType::FixedLine);
    }

    #[test]
    fn anything_typed_is_an_answer() {
        for input in [
            "",
            " ",
            "€€",
            "+",
            "++++",
            "0",
            "+0",
            "tel:",
            "ext. 5",
            "+1 ext 123",
        ] {
            let got = check(input, Some("US"));
            assert!(!got.valid, "{input:?}");
        }
        let long = "9".repeat(64);
        assert_eq!(check(&long, None).reason, Some(Reason::InvalidCountryCode));
    }

    #[test]
    fn threads_agree() {
        let handles: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(|| check("+44 20 7946 0958", None)))
            .collect();
        for h in handles {
            let got = h.join().expect("thread");
            assert!(got.valid);
            assert_eq!(got.region.as_deref(), Some("GB"));
        }
    }
}
