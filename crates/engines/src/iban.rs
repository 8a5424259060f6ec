//! IBAN validation: the `iban_validate` crate (SWIFT IBAN registry, ISO 7064 mod 97-10) for
//! the 87 countries it knows, plus Pakistan and Honduras from our own registry rows, then the
//! national check digits where the country defines them (`iban_national`), with each failure
//! named by the first check it fails. Reads what python-stdnum reads: spaces, hyphens and dots
//! anywhere, any case. Pure.

use iban::{Iban, ParseBaseIbanError, ParseIbanError};

use super::iban_national::{self, NationalCheck};

/// The first check an IBAN fails, in the order they are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IbanError {
    /// A character that is neither an ASCII letter, a digit nor a separator (space, hyphen,
    /// dot), or check digits that are not digits.
    InvalidCharacters,
    /// The first two characters are not a country of the IBAN registry.
    UnknownCountry,
    /// Not the registry's length for the country.
    InvalidLength,
    /// The ISO 7064 mod 97-10 check digits do not hold (00 and 01 never do).
    InvalidChecksum,
    /// The BBAN does not have the registry's structure for the country (letters where it wants
    /// digits, ...).
    InvalidBbanFormat,
    /// The account number's own check digits (the country's national check) do not hold.
    InvalidNationalCheck,
}

impl IbanError {
    /// The contract's name of the error.
    pub fn code(self) -> &'static str {
        match self {
            IbanError::InvalidCharacters => "invalid_characters",
            IbanError::UnknownCountry => "unknown_country",
            IbanError::InvalidLength => "invalid_length",
            IbanError::InvalidChecksum => "invalid_checksum",
            IbanError::InvalidBbanFormat => "invalid_bban_format",
            IbanError::InvalidNationalCheck => "invalid_national_check",
        }
    }
}

/// What an IBAN check finds. The parts are filled in whenever they could be read, also for
/// an IBAN that is not valid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct IbanCheck {
    pub valid: bool,
    /// Upper case, no separators; present when every other character is a letter or a digit.
    pub electronic: Option<String>,
    /// `electronic` in groups of four.
    pub print: Option<String>,
    pub country: Option<String>,
    pub check_digits: Option<String>,
    pub bban: Option<String>,
    pub bank_code: Option<String>,
    pub branch_code: Option<String>,
    /// The national check's outcome, once the registry's checks have passed.
    pub national_check: Option<NationalCheck>,
    pub error: Option<IbanError>,
    /// A sentence saying what is wrong, when something is.
    pub reason: Option<String>,
}

/// The IBAN length of each of the 89 countries of the SWIFT IBAN registry: what tells a
/// wrong length from a wrong BBAN structure, which the crate reports alike.
const LENGTHS: &[(&str, usize)] = &[
    ("AD", 24),
    ("AE", 23),
    ("AL", 28),
    ("AT", 20),
    ("AZ", 28),
    ("BA", 20),
    ("BE", 16),
    ("BG", 22),
    ("BH", 22),
    ("BI", 27),
    ("BR", 29),
    ("BY", 28),
    ("CH", 21),
    ("CR", 22),
    ("CY", 28),
    ("CZ", 24),
    ("DE", 22),
    ("DJ", 27),
    ("DK", 18),
    ("DO", 28),
    ("EE", 20),
    ("EG", 29),
    ("ES", 24),
    ("FI", 18),
    ("FK", 18),
    ("FO", 18),
    ("FR", 27),
    ("GB", 22),
    ("GE", 22),
    ("GI", 23),
    ("GL", 18),
    ("GR", 27),
    ("GT", 28),
    ("HN", 28),
    ("HR", 21),
    ("HU", 28),
    ("IE", 22),
    ("IL", 23),
    ("IQ", 23),
    ("IS", 26),
    ("IT", 27),
    ("JO", 30),
    ("KW", 30),
    ("KZ", 20),
    ("LB", 28),
    ("LC", 32),
    ("LI", 21),
    ("LT", 20),
    ("LU", 20),
    ("LV", 21),
    ("LY", 25),
    ("MC", 27),
    ("MD", 24),
    ("ME", 22),
    ("MK", 19),
    ("MN", 20),
    ("MR", 27),
    ("MT", 31),
    ("MU", 30),
    ("NI", 28),
    ("NL", 18),
    ("NO", 15),
    ("OM", 23),
    ("PK", 24),
    ("PL", 28),
    ("PS", 29),
    ("PT", 25),
    ("QA", 29),
    ("RO", 24),
    ("RS", 22),
    ("RU", 33),
    ("SA", 24),
    ("SC", 31),
    ("SD", 18),
    ("SE", 24),
    ("SI", 19),
    ("SK", 24),
    ("SM", 27),
    ("SO", 23),
    ("ST", 25),
    ("SV", 28),
    ("TL", 23),
    ("TN", 24),
    ("TR", 26),
    ("UA", 29),
    ("VA", 22),
    ("VG", 24),
    ("XK", 20),
    ("YE", 30),
];

/// A character class of the registry's BBAN structures: `n` digits, `a` upper-case letters,
/// `c` either.
#[derive(Debug, Clone, Copy)]
enum Class {
    N,
    A,
    C,
}

/// A registry row the `iban_validate` crate lacks: BBAN structure and where the bank and
/// branch identifiers sit in the BBAN.
struct ExtraCountry {
    code: &'static str,
    bban: &'static [(usize, Class)],
    bank: Option<std::ops::Range<usize>>,
    branch: Option<std::ops::Range<usize>>,
}

/// Pakistan (`PK2!n4!a16!c`, bank 1-4) and Honduras (`HN2!n4!a20!n`, bank 1-4), from the
/// SWIFT IBAN registry.
const EXTRA: &[ExtraCountry] = &[
    ExtraCountry {
        code: "PK",
        bban: &[(4, Class::A), (16, Class::C)],
        bank: Some(0..4),
        branch: None,
    },
    ExtraCountry {
        code: "HN",
        bban: &[(4, Class::A), (20, Class::N)],
        bank: Some(0..4),
        branch: None,
    },
];

/// The IBAN length of a country of the SWIFT IBAN registry (upper case), `None` for a code
/// that is not in it.
pub fn registry_length(country: &str) -> Option<usize> {
    LENGTHS
        .iter()
        .find(|(code, _)| *code == country)
        .map(|(_, length)| *length)
}

/// The separators people paste inside an IBAN, as python-stdnum's `iban.compact` drops them.
const SEPARATORS: [char; 3] = [' ', '-', '.'];

/// Checks an IBAN typed or pasted by a person: separators (spaces, hyphens, dots) anywhere,
/// surrounding white space and lower case are accepted.
pub fn check(input: &str) -> IbanCheck {
    let mut result = IbanCheck::default();
    let electronic: String = input
        .trim()
        .chars()
        .filter(|c| !SEPARATORS.contains(c))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if let Some(bad) = electronic.chars().find(|c| !c.is_ascii_alphanumeric()) {
        return fail(
            result,
            IbanError::InvalidCharacters,
            format!(
                "an IBAN holds only letters, digits and separators (space, hyphen, dot), not {bad:?}"
            ),
        );
    }
    result.print = Some(print_form(&electronic));
    result.electronic = Some(electronic.clone());
    if electronic.len() < 2 {
        return fail(
            result,
            IbanError::InvalidLength,
            format!("{} characters is too short for an IBAN", electronic.len()),
        );
    }
    let country = &electronic[..2];
    if !country.bytes().all(|b| b.is_ascii_uppercase()) {
        return fail(
            result,
            IbanError::UnknownCountry,
            "an IBAN starts with a two-letter country code".to_owned(),
        );
    }
    result.country = Some(country.to_owned());
    if electronic.len() >= 4 {
        let check_digits = &electronic[2..4];
        if !check_digits.bytes().all(|b| b.is_ascii_digit()) {
            return fail(
                result,
                IbanError::InvalidCharacters,
                "the third and fourth characters of an IBAN are its check digits".to_owned(),
            );
        }
        result.check_digits = Some(check_digits.to_owned());
        result.bban = Some(electronic[4..].to_owned());
    }
    let Some(length) = registry_length(country) else {
        return fail(
            result,
            IbanError::UnknownCountry,
            format!("{country} is not a country of the IBAN registry"),
        );
    };
    if electronic.len() != length {
        return fail(
            result,
            IbanError::InvalidLength,
            format!(
                "{country} IBANs have {length} characters, not {}",
                electronic.len()
            ),
        );
    }
    let result = match EXTRA.iter().find(|extra| extra.code == country) {
        Some(extra) => check_extra(result, &electronic, extra),
        None => check_with_crate(result, &electronic),
    };
    if result.valid {
        check_national(result, &electronic)
    } else {
        result
    }
}

/// The country's national check digits, on an IBAN the registry's checks accept.
fn check_national(mut result: IbanCheck, electronic: &str) -> IbanCheck {
    let outcome = iban_national::check(&electronic[..2], &electronic[4..]);
    result.national_check = Some(outcome);
    match outcome {
        NationalCheck::Passed | NationalCheck::NotDefined => result,
        NationalCheck::Failed => {
            let country = &electronic[..2];
            let scheme = iban_national::COUNTRIES
                .iter()
                .find(|(code, _)| *code == country)
                .map_or("the national check digits", |(_, scheme)| scheme);
            fail(
                result,
                IbanError::InvalidNationalCheck,
                format!(
                    "the IBAN check digits hold but the {country} account number's own do not \
                     ({scheme}): a mistyped or made-up account number"
                ),
            )
        }
    }
}

/// A country the crate knows: it checks the checksum, then the BBAN structure.
fn check_with_crate(mut result: IbanCheck, electronic: &str) -> IbanCheck {
    match electronic.parse::<Iban>() {
        Ok(iban) => {
            result.valid = true;
            result.bank_code = iban.bank_identifier().map(str::to_owned);
            result.branch_code = iban.branch_identifier().map(str::to_owned);
            result
        }
        Err(ParseIbanError::InvalidBaseIban {
            source: ParseBaseIbanError::InvalidChecksum,
        }) => checksum_failure(result),
        Err(ParseIbanError::InvalidBban(_)) => bban_failure(result),
        Err(ParseIbanError::UnknownCountry(_)) => fail(
            result,
            IbanError::UnknownCountry,
            "the country is not in the IBAN registry".to_owned(),
        ),
        Err(ParseIbanError::InvalidBaseIban {
            source: ParseBaseIbanError::InvalidFormat,
        }) => fail(
            result,
            IbanError::InvalidCharacters,
            "the IBAN does not have the ISO 13616 form".to_owned(),
        ),
    }
}

/// A country from [`EXTRA`]: the same checks, in the same order, with our own table.
fn check_extra(mut result: IbanCheck, electronic: &str, extra: &ExtraCountry) -> IbanCheck {
    if !checksum_valid(electronic) {
        return checksum_failure(result);
    }
    let bban = &electronic[4..];
    let classes = extra
        .bban
        .iter()
        .flat_map(|(count, class)| std::iter::repeat_n(*class, *count));
    let structured = classes.clone().count() == bban.len()
        && classes.zip(bban.bytes()).all(|(class, b)| match class {
            Class::N => b.is_ascii_digit(),
            Class::A => b.is_ascii_uppercase(),
            Class::C => b.is_ascii_alphanumeric(),
        });
    if !structured {
        return bban_failure(result);
    }
    result.valid = true;
    result.bank_code = extra
        .bank
        .clone()
        .and_then(|r| bban.get(r))
        .map(str::to_owned);
    result.branch_code = extra
        .branch
        .clone()
        .and_then(|r| bban.get(r))
        .map(str::to_owned);
    result
}

/// ISO 7064 mod 97-10 over an upper-case alphanumeric IBAN: the first four characters move to
/// the end, letters count as 10..35, and the remainder must be 1. Check digits 00 and 01 are
/// never valid (ISO 13616 computes 02..98).
pub fn checksum_valid(electronic: &str) -> bool {
    let bytes = electronic.as_bytes();
    if bytes.len() < 5 || &electronic[2..4] == "00" || &electronic[2..4] == "01" {
        return false;
    }
    let remainder = bytes[4..]
        .iter()
        .chain(&bytes[..4])
        .fold(0u32, |acc, &b| match b {
            b'0'..=b'9' => (acc * 10 + u32::from(b - b'0')) % 97,
            b'A'..=b'Z' => (acc * 100 + u32::from(b - b'A' + 10)) % 97,
            _ => acc,
        });
    remainder == 1
}

fn checksum_failure(result: IbanCheck) -> IbanCheck {
    fail(
        result,
        IbanError::InvalidChecksum,
        "the check digits do not match (ISO 7064 mod 97-10): a character is mistyped".to_owned(),
    )
}

fn bban_failure(result: IbanCheck) -> IbanCheck {
    let country = result.country.clone().unwrap_or_default();
    fail(
        result,
        IbanError::InvalidBbanFormat,
        format!("the account part does not have the structure of {country} IBANs"),
    )
}

fn fail(mut result: IbanCheck, error: IbanError, reason: String) -> IbanCheck {
    result.valid = false;
    result.error = Some(error);
    result.reason = Some(reason);
    result
}

/// Groups of four characters separated by spaces (ISO 13616 print format).
pub fn print_form(electronic: &str) -> String {
    let mut out = String::with_capacity(electronic.len() + electronic.len() / 4);
    for (i, c) in electronic.chars().enumerate() {
        if i > 0 && i % 4 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Data lines of a fixture: tab-separated fields, `#` comments skipped.
    fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
        text.lines()
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(|line| line.split('\t').collect())
    }

    fn opt(field: &str) -> Option<String> {
        (!field.is_empty()).then(|| field.to_owned())
    }

    #[test]
    fn every_registry_example_is_valid_with_its_parts() {
        let mut count = 0;
        for row in rows(include_str!("fixtures/iban_registry.tsv")) {
            let [country, electronic, print, bban, bank, branch] = row[..] else {
                panic!("bad fixture row {row:?}");
            };
            for input in [electronic, print, &electronic.to_ascii_lowercase()] {
                let check = check(input);
                assert!(check.valid, "{input}: {:?}", check.reason);
                assert_eq!(check.country.as_deref(), Some(country), "{input}");
                assert_eq!(check.electronic.as_deref(), Some(electronic), "{input}");
                assert_eq!(check.print, Some(print_form(electronic)), "{input}");
                assert_eq!(check.check_digits.as_deref(), Some(&electronic[2..4]));
                // The registry prints some BBANs with spaces (`NBRB 3600...`).
                let bban: String = bban.chars().filter(char::is_ascii_alphanumeric).collect();
                assert_eq!(check.bban, Some(bban), "{input}");
                assert_eq!(check.bank_code, opt(bank), "{input}");
                assert_eq!(check.branch_code, opt(branch), "{input}");
                assert_eq!(check.error, None);
            }
            count += 1;
        }
        assert_eq!(count, 89, "one example per registry country");
        assert_eq!(LENGTHS.len(), 89);
    }

    #[test]
    fn every_invalid_variant_fails_its_first_check() {
        let mut count = 0;
        for row in rows(include_str!("fixtures/iban_invalid.tsv")) {
            let [input, expected] = row[..] else {
                panic!("bad fixture row {row:?}");
            };
            let check = check(input);
            assert!(!check.valid, "{input}");
            assert_eq!(check.error.map(IbanError::code), Some(expected), "{input}");
            assert!(check.reason.is_some());
            count += 1;
        }
        assert!(count >= 375, "{count} invalid variants");
    }

    /// The national check each country of `iban_national::COUNTRIES` answers.
    fn expected_national(country: &str) -> NationalCheck {
        if iban_national::COUNTRIES.iter().any(|(c, _)| *c == country) {
            NationalCheck::Passed
        } else {
            NationalCheck::NotDefined
        }
    }

    #[test]
    fn agrees_with_python_stdnum() {
        let (mut valid, mut invalid, mut national) = (0, 0, 0);
        for row in rows(include_str!("fixtures/iban_stdnum.tsv")) {
            let [expected, input] = row[..] else {
                panic!("bad fixture row {row:?}");
            };
            let check = check(input);
            match expected {
                "valid" => {
                    assert!(check.valid, "{input}: {:?}", check.reason);
                    let compact: String = input
                        .chars()
                        .filter(char::is_ascii_alphanumeric)
                        .map(|c| c.to_ascii_uppercase())
                        .collect();
                    assert_eq!(check.electronic.as_deref(), Some(compact.as_str()));
                    assert_eq!(check.print, Some(print_form(&compact)), "{input}");
                    assert_eq!(
                        check.national_check,
                        Some(expected_national(&compact[..2])),
                        "{input}"
                    );
                    valid += 1;
                }
                "invalid" => {
                    assert!(!check.valid, "{input}");
                    assert_ne!(
                        check.error,
                        Some(IbanError::InvalidNationalCheck),
                        "{input}"
                    );
                    invalid += 1;
                }
                "national" => {
                    assert_eq!(
                        check.error,
                        Some(IbanError::InvalidNationalCheck),
                        "{input}: {:?}",
                        check.reason
                    );
                    assert_eq!(check.national_check, Some(NationalCheck::Failed));
                    assert!(check.reason.is_some_and(|r| r.contains("account number")));
                    national += 1;
                }
                other => panic!("bad expectation {other:?}"),
            }
        }
        assert!(
            valid >= 300 && invalid >= 20 && national >= 9,
            "{valid} {invalid} {national}"
        );
    }

    /// `country` + check digits + `bban`, with the ISO 7064 mod 97-10 check digits computed.
    fn with_check_digits(country: &str, bban: &str) -> String {
        let remainder = format!("{bban}{country}00")
            .bytes()
            .fold(0u32, |acc, b| match b {
                b'0'..=b'9' => (acc * 10 + u32::from(b - b'0')) % 97,
                _ => (acc * 100 + u32::from(b - b'A' + 10)) % 97,
            });
        format!("{country}{:02}{bban}", 98 - remainder)
    }

    /// Every valid sample of a country with a national check, its national check digit
    /// changed and the IBAN check digits recomputed over it: only the national check can
    /// catch it, and it does.
    #[test]
    fn a_changed_national_check_digit_is_caught_in_every_checked_country() {
        let samples = rows(include_str!("fixtures/iban_stdnum.tsv"))
            .filter(|row| row[0] == "valid")
            .map(|row| row[1])
            .chain(rows(include_str!("fixtures/iban_registry.tsv")).map(|row| row[1]));
        let mut caught = std::collections::BTreeSet::new();
        for sample in samples {
            let Some(electronic) = check(sample).electronic else {
                continue;
            };
            let (country, bban) = (&electronic[..2], &electronic[4..]);
            let position = match country {
                "IT" | "SM" => 0,
                "ES" => 8,
                "HR" => 6,
                "PL" | "HU" => 7,
                _ if expected_national(country) == NationalCheck::Passed => bban.len() - 1,
                _ => continue,
            };
            let mut changed: Vec<u8> = bban.bytes().collect();
            changed[position] = match changed[position] {
                b'9' => b'0',
                b'Z' => b'A',
                other => other + 1,
            };
            let changed = String::from_utf8(changed).expect("ASCII");
            let altered = with_check_digits(country, &changed);
            let result = check(&altered);
            assert_eq!(
                result.error,
                Some(IbanError::InvalidNationalCheck),
                "{sample} → {altered}"
            );
            caught.insert(country.to_owned());
        }
        let all: std::collections::BTreeSet<String> = iban_national::COUNTRIES
            .iter()
            .map(|(c, _)| (*c).to_owned())
            .collect();
        assert_eq!(caught, all, "every checked country has a sample");
    }

    #[test]
    fn separators_people_paste_are_read() {
        for input in [
            "DE89-3704-0044-0532-0130-00",
            "GB29.NWBK.6016.1331.9268.19",
            "  fr14 2004-1010.0505 0001 3m02 606 ",
        ] {
            let check = check(input);
            assert!(check.valid, "{input}: {:?}", check.reason);
        }
        assert_eq!(
            check("DE89_370400440532013000").error,
            Some(IbanError::InvalidCharacters)
        );
    }

    #[test]
    fn the_crate_lacks_pakistan_and_honduras() {
        for example in ["PK36SCBL0000001123456702", "HN88CABF00000000000250005469"] {
            assert!(matches!(
                example.parse::<Iban>(),
                Err(ParseIbanError::UnknownCountry(_))
            ));
            assert!(check(example).valid);
        }
    }

    #[test]
    fn parts_are_read_even_when_invalid() {
        let check = check("de89 3704 0044 0532 0130 01");
        assert_eq!(check.error, Some(IbanError::InvalidChecksum));
        assert_eq!(check.electronic.as_deref(), Some("DE89370400440532013001"));
        assert_eq!(check.print.as_deref(), Some("DE89 3704 0044 0532 0130 01"));
        assert_eq!(check.country.as_deref(), Some("DE"));
        assert_eq!(check.bban.as_deref(), Some("370400440532013001"));
        assert_eq!(check.bank_code, None);
    }

    #[test]
    fn blank_and_odd_inputs_are_answers() {
        assert_eq!(check("   ").error, Some(IbanError::InvalidLength));
        assert_eq!(check("€€").error, Some(IbanError::InvalidCharacters));
        assert_eq!(check("€€").electronic, None);
        assert_eq!(
            check(&"9".repeat(64)).error,
            Some(IbanError::UnknownCountry)
        );
        assert_eq!(
            check(&"DE".repeat(32)).error,
            Some(IbanError::InvalidCharacters)
        );
        assert_eq!(
            check(&format!("DE89{}", "1".repeat(60))).error,
            Some(IbanError::InvalidLength)
        );
    }
}
