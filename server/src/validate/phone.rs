//! Phone number validation over libphonenumber's metadata. The `phonenumber` crate parses
//! and formats; this module decides validity, possibility, line type and region itself,
//! because the crate's versions of those read the national number without its leading zeros
//! (Italy, San Marino, the Vatican, Côte d'Ivoire, Benin, Congo and Gabon come out invalid
//! or `Unknown`) and ignore the metadata's possible lengths. It also keeps one metadata
//! database per thread with a regex cache large enough for every pattern: the crate's
//! shared database runs every match under one mutex and recompiles patterns through a
//! 100-entry cache, which made mixed-country traffic about 60 times slower.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{LazyLock, OnceLock};

use phonenumber::metadata::{DATABASE, Database, Descriptor, Format, Metadata, loader};
use phonenumber::{Mode, ParseError, PhoneNumber};
use regex::{Regex, RegexBuilder};

/// Version of libphonenumber's metadata compiled into the `phonenumber` crate (its version's
/// build metadata, `0.3.10+9.0.33`). A test checks it against Cargo.lock.
pub const METADATA_VERSION: &str = "9.0.33";

/// Line type, libphonenumber's `PhoneNumberType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineType {
    FixedLine,
    Mobile,
    FixedLineOrMobile,
    TollFree,
    PremiumRate,
    SharedCost,
    Voip,
    PersonalNumber,
    Pager,
    Uan,
    Voicemail,
    Unknown,
}

impl LineType {
    pub fn name(self) -> &'static str {
        match self {
            LineType::FixedLine => "fixed_line",
            LineType::Mobile => "mobile",
            LineType::FixedLineOrMobile => "fixed_line_or_mobile",
            LineType::TollFree => "toll_free",
            LineType::PremiumRate => "premium_rate",
            LineType::SharedCost => "shared_cost",
            LineType::Voip => "voip",
            LineType::PersonalNumber => "personal_number",
            LineType::Pager => "pager",
            LineType::Uan => "uan",
            LineType::Voicemail => "voicemail",
            LineType::Unknown => "unknown",
        }
    }
}

/// Why a number is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// No phone number could be read from the text.
    NotANumber,
    /// No country calling code (no `+` and no usable default region), or an unassigned one.
    InvalidCountryCode,
    /// Shorter than every number of the country.
    TooShort,
    /// Longer than every number of the country.
    TooLong,
    /// Between the country's shortest and longest numbers, but no number has this length.
    InvalidLength,
    /// A possible length, but no number range of the country (or its regions) matches.
    InvalidForRegion,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::NotANumber => "not_a_number",
            Reason::InvalidCountryCode => "invalid_country_code",
            Reason::TooShort => "too_short",
            Reason::TooLong => "too_long",
            Reason::InvalidLength => "invalid_length",
            Reason::InvalidForRegion => "invalid_for_region",
        }
    }
}

/// The number in its four notations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formats {
    pub e164: String,
    pub international: String,
    pub national: String,
    pub rfc3966: String,
}

/// What a phone number check finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneCheck {
    pub valid: bool,
    pub possible: bool,
    /// Why the number is not valid; `None` when it is.
    pub reason: Option<Reason>,
    /// Present whenever the number could be parsed.
    pub formats: Option<Formats>,
    pub country_code: Option<u16>,
    /// The number's region, `001` for non-geographic numbers; for a number that matches no
    /// region, the main region of its country code.
    pub region: Option<String>,
    pub line_type: LineType,
}

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

// ─────────────────────────── the crate's database, one per thread ───────────────────────────

/// Every metadata entry of the crate's database, as loader records. `DATABASE.iter()` keeps
/// one entry per region id, which loses all non-geographic entities (`001`) but one, so this
/// walks the calling codes instead.
static SOURCE: LazyLock<Vec<loader::Metadata>> = LazyLock::new(|| {
    (1u16..1000)
        .filter_map(|code| DATABASE.by_code(&code))
        .flatten()
        .map(to_loader)
        .collect()
});

/// Regex cache size per thread: above the number of distinct patterns in the metadata
/// (about 13,000), so nothing is ever evicted and recompiled.
const CACHE_CAPACITY: usize = 32_768;

thread_local! {
    static THREAD_DATABASE: OnceCell<Option<Database>> = const { OnceCell::new() };
}

/// Runs `f` with this thread's database (built on first use, about 0.1 s), or with the
/// crate's shared one if building failed.
fn with_database<T>(f: impl FnOnce(&Database) -> T) -> T {
    THREAD_DATABASE.with(|cell| {
        let db = cell.get_or_init(|| {
            let db = Database::from(SOURCE.clone()).ok()?;
            if let Ok(mut cache) = db.cache().lock() {
                *cache = regex_cache::RegexCache::new(CACHE_CAPACITY);
            }
            Some(db)
        });
        f(db.as_ref().unwrap_or(&DATABASE))
    })
}

fn to_loader(meta: &Metadata) -> loader::Metadata {
    fn desc(d: Option<&Descriptor>) -> Option<loader::Descriptor> {
        d.map(|d| loader::Descriptor {
            national_number: Some(d.national_number().as_str().to_owned()),
            possible_length: d.possible_length().to_vec(),
            possible_local_length: d.possible_local_length().to_vec(),
            example: d.example().map(str::to_owned),
        })
    }
    fn format(f: &Format) -> loader::Format {
        loader::Format {
            pattern: Some(f.pattern().as_str().to_owned()),
            format: Some(f.format().to_owned()),
            leading_digits: f
                .leading_digits()
                .iter()
                .map(|r| r.as_str().to_owned())
                .collect(),
            national_prefix_formatting_rule: f.national_prefix().map(str::to_owned),
            national_prefix_optional_when_formatting: f.is_national_prefix_optional(),
            domestic_carrier: f.domestic_carrier().map(str::to_owned),
        }
    }
    let d = meta.descriptors();
    loader::Metadata {
        general: desc(Some(d.general())),
        fixed_line: desc(d.fixed_line()),
        mobile: desc(d.mobile()),
        toll_free: desc(d.toll_free()),
        premium_rate: desc(d.premium_rate()),
        shared_cost: desc(d.shared_cost()),
        personal_number: desc(d.personal_number()),
        voip: desc(d.voip()),
        pager: desc(d.pager()),
        uan: desc(d.uan()),
        emergency: desc(d.emergency()),
        voicemail: desc(d.voicemail()),
        short_code: desc(d.short_code()),
        standard_rate: desc(d.standard_rate()),
        carrier: desc(d.carrier()),
        no_international: desc(d.no_international()),
        id: Some(meta.id().to_owned()),
        country_code: Some(meta.country_code()),
        international_prefix: meta.international_prefix().map(|r| r.as_str().to_owned()),
        preferred_international_prefix: meta.preferred_international_prefix().map(str::to_owned),
        national_prefix: meta.national_prefix().map(str::to_owned),
        preferred_extension_prefix: meta.preferred_extension_prefix().map(str::to_owned),
        national_prefix_for_parsing: meta
            .national_prefix_for_parsing()
            .map(|r| r.as_str().to_owned()),
        national_prefix_transform_rule: meta.national_prefix_transform_rule().map(str::to_owned),
        formats: meta.formats().iter().map(format).collect(),
        international_formats: meta.international_formats().iter().map(format).collect(),
        main_country_for_code: meta.is_main_country_for_code(),
        leading_digits: meta.leading_digits().map(|r| r.as_str().to_owned()),
        mobile_number_portable: meta.is_mobile_number_portable(),
        ..Default::default()
    }
}

// ─────────────────────────── validity, type, region, length ───────────────────────────

/// Number ranges of every region, compiled once per calling code on first use.
struct Rules {
    by_code: HashMap<u16, OnceLock<Vec<Region>>>,
}

impl Rules {
    fn get() -> &'static Rules {
        static RULES: LazyLock<Rules> = LazyLock::new(|| Rules {
            by_code: (1u16..1000)
                .filter(|code| DATABASE.by_code(code).is_some())
                .map(|code| (code, OnceLock::new()))
                .collect(),
        });
        &RULES
    }

    /// The regions sharing `code`, its main region first.
    fn regions(&self, code: u16) -> Option<&[Region]> {
        let cell = self.by_code.get(&code)?;
        let regions = cell.get_or_init(|| {
            DATABASE
                .by_code(&code)
                .unwrap_or_default()
                .into_iter()
                .map(Region::new)
                .collect()
        });
        (!regions.is_empty()).then_some(regions.as_slice())
    }
}

/// One number range (a `PhoneNumberDesc`): its possible lengths and its pattern, matched
/// against the whole national significant number.
struct Range {
    lengths: Vec<u16>,
    pattern: Option<Regex>,
}

impl Range {
    fn new(desc: &Descriptor) -> Range {
        Range {
            lengths: desc.possible_length().to_vec(),
            pattern: full_match(desc.national_number().as_str()),
        }
    }

    fn matches(&self, nsn: &str) -> bool {
        let length_ok = self.lengths.is_empty()
            || u16::try_from(nsn.len()).is_ok_and(|n| self.lengths.contains(&n));
        length_ok && self.pattern.as_ref().is_some_and(|p| p.is_match(nsn))
    }
}

/// The metadata patterns are written in free-spacing style (the crate compiles them with
/// `ignore_whitespace`); libphonenumber matches a number range against the whole number.
fn full_match(pattern: &str) -> Option<Regex> {
    RegexBuilder::new(&format!("^(?:{pattern})$"))
        .ignore_whitespace(true)
        .build()
        .ok()
}

/// What libphonenumber's length test says about a national number's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Length {
    Possible,
    PossibleLocalOnly,
    TooShort,
    TooLong,
    Invalid,
}

/// One region's (or non-geographic entity's) rules.
struct Region {
    id: String,
    /// `nationalPrefixForParsing` (the national prefix when the metadata gives none),
    /// anchored at the start.
    national_prefix: Option<Regex>,
    /// `nationalPrefixTransformRule`, in the `regex` crate's `${n}` notation.
    national_prefix_transform: Option<String>,
    leading_digits: Option<Regex>,
    general: Range,
    /// Possible lengths of any number: the union of the types' lengths (libphonenumber's
    /// metadata builder computes this; the crate leaves the general range's list empty).
    lengths: Vec<u16>,
    local_lengths: Vec<u16>,
    /// Types in the order libphonenumber tests them, before fixed line and mobile.
    special: Vec<(LineType, Range)>,
    fixed_line: Option<Range>,
    mobile: Option<Range>,
    same_fixed_and_mobile: bool,
}

impl Region {
    fn new(meta: &Metadata) -> Region {
        let d = meta.descriptors();
        let typed = [
            d.fixed_line(),
            d.mobile(),
            d.toll_free(),
            d.premium_rate(),
            d.shared_cost(),
            d.personal_number(),
            d.voip(),
            d.pager(),
            d.uan(),
            d.voicemail(),
        ];
        let mut lengths: Vec<u16> = typed
            .iter()
            .flatten()
            .flat_map(|desc| desc.possible_length().iter().copied())
            .collect();
        lengths.sort_unstable();
        lengths.dedup();
        let mut local_lengths: Vec<u16> = typed
            .iter()
            .flatten()
            .flat_map(|desc| desc.possible_local_length().iter().copied())
            .filter(|n| !lengths.contains(n))
            .collect();
        local_lengths.sort_unstable();
        local_lengths.dedup();
        let special = [
            (LineType::PremiumRate, d.premium_rate()),
            (LineType::TollFree, d.toll_free()),
            (LineType::SharedCost, d.shared_cost()),
            (LineType::Voip, d.voip()),
            (LineType::PersonalNumber, d.personal_number()),
            (LineType::Pager, d.pager()),
            (LineType::Uan, d.uan()),
            (LineType::Voicemail, d.voicemail()),
        ]
        .into_iter()
        .filter_map(|(kind, desc)| desc.map(|desc| (kind, Range::new(desc))))
        .collect();
        let same_fixed_and_mobile = match (d.fixed_line(), d.mobile()) {
            (Some(f), Some(m)) => f.national_number().as_str() == m.national_number().as_str(),
            _ => false,
        };
        let mut general = Range::new(d.general());
        general.lengths.clone_from(&lengths);
        let national_prefix = meta
            .national_prefix_for_parsing()
            .map(|r| r.as_str().to_owned())
            .or_else(|| meta.national_prefix().map(str::to_owned))
            .filter(|p| !p.trim().is_empty())
            .and_then(|p| {
                RegexBuilder::new(&format!("^(?:{p})"))
                    .ignore_whitespace(true)
                    .build()
                    .ok()
            });
        let national_prefix_transform = meta
            .national_prefix_transform_rule()
            .filter(|rule| !rule.is_empty())
            .map(|rule| {
                let mut out = String::new();
                let mut chars = rule.chars().peekable();
                while let Some(c) = chars.next() {
                    match (c, chars.peek()) {
                        ('$', Some(d)) if d.is_ascii_digit() => {
                            out.push_str(&format!("${{{d}}}"));
                            chars.next();
                        }
                        _ => out.push(c),
                    }
                }
                out
            });
        Region {
            id: meta.id().to_owned(),
            national_prefix,
            national_prefix_transform,
            leading_digits: meta.leading_digits().and_then(|p| {
                RegexBuilder::new(&format!("^(?:{})", p.as_str()))
                    .ignore_whitespace(true)
                    .build()
                    .ok()
            }),
            general,
            lengths,
            local_lengths,
            special,
            fixed_line: d.fixed_line().map(Range::new),
            mobile: d.mobile().map(Range::new),
            same_fixed_and_mobile,
        }
    }

    /// libphonenumber's region choice among regions sharing a calling code: the region's
    /// leading digits if it has them, otherwise any number range of it.
    fn owns(&self, nsn: &str) -> bool {
        match &self.leading_digits {
            Some(leading) => leading.is_match(nsn),
            None => self.number_type(nsn) != LineType::Unknown,
        }
    }

    /// libphonenumber's number type test, in its order.
    fn number_type(&self, nsn: &str) -> LineType {
        if !self.general.matches(nsn) {
            return LineType::Unknown;
        }
        if let Some((kind, _)) = self.special.iter().find(|(_, range)| range.matches(nsn)) {
            return *kind;
        }
        let mobile = |nsn: &str| self.mobile.as_ref().is_some_and(|m| m.matches(nsn));
        if self.fixed_line.as_ref().is_some_and(|f| f.matches(nsn)) {
            if self.same_fixed_and_mobile || mobile(nsn) {
                return LineType::FixedLineOrMobile;
            }
            return LineType::FixedLine;
        }
        if !self.same_fixed_and_mobile && mobile(nsn) {
            return LineType::Mobile;
        }
        LineType::Unknown
    }

    /// libphonenumber's national prefix (and carrier code) stripping for `national`, the
    /// digits after any country code: strip (or transform) only if the number does not
    /// fit the region's pattern as it is, or still fits after, and the rest is long enough.
    fn strip_national_prefix(&self, national: &str) -> String {
        let Some(prefix) = &self.national_prefix else {
            return national.to_owned();
        };
        let Some(captures) = prefix.captures(national) else {
            return national.to_owned();
        };
        let fits = |n: &str| self.general.pattern.as_ref().is_some_and(|p| p.is_match(n));
        let viable = fits(national);
        let whole = captures.get(0).map_or(0, |m| m.end());
        let last_group = captures.len().saturating_sub(1);
        let candidate = match &self.national_prefix_transform {
            Some(rule) if last_group > 0 && captures.get(last_group).is_some() => {
                let mut out = String::new();
                captures.expand(rule, &mut out);
                out.push_str(&national[whole..]);
                out
            }
            _ => national[whole..].to_owned(),
        };
        if viable && !fits(&candidate) {
            return national.to_owned();
        }
        match self.test_length(candidate.len()) {
            Length::TooShort | Length::PossibleLocalOnly | Length::Invalid => national.to_owned(),
            Length::Possible | Length::TooLong => candidate,
        }
    }

    /// libphonenumber's length test for a number of any type.
    fn test_length(&self, length: usize) -> Length {
        let Ok(length) = u16::try_from(length) else {
            return Length::TooLong;
        };
        let (Some(&min), Some(&max)) = (self.lengths.first(), self.lengths.last()) else {
            return Length::Invalid;
        };
        if self.local_lengths.contains(&length) {
            Length::PossibleLocalOnly
        } else if length < min {
            Length::TooShort
        } else if length > max {
            Length::TooLong
        } else if self.lengths.contains(&length) {
            Length::Possible
        } else {
            Length::Invalid
        }
    }
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
        include_str!("fixtures/phone_examples.tsv")
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

    #[test]
    fn metadata_version_is_the_locked_crate_s() {
        let lock = include_str!("../../../Cargo.lock");
        assert!(
            lock.contains(&format!(
                "name = \"phonenumber\"\nversion = \"0.3.10+{METADATA_VERSION}\""
            )),
            "Cargo.lock's phonenumber is not built on metadata {METADATA_VERSION}"
        );
    }

    #[test]
    fn every_metadata_pattern_compiles() {
        let rules = Rules::get();
        let mut codes = 0;
        for code in 1u16..1000 {
            let Some(regions) = rules.regions(code) else {
                continue;
            };
            codes += 1;
            for r in regions {
                assert!(r.general.pattern.is_some(), "{} general", r.id);
                for (kind, range) in &r.special {
                    assert!(range.pattern.is_some(), "{} {kind:?}", r.id);
                }
                assert!(r.fixed_line.iter().all(|x| x.pattern.is_some()), "{}", r.id);
                assert!(r.mobile.iter().all(|x| x.pattern.is_some()), "{}", r.id);
            }
        }
        assert!(codes > 200, "{codes} calling codes");
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

    /// The crate's shared database serialises every regex match through one mutex; each
    /// thread here has its own database, so no two threads ever wait on the same lock.
    #[test]
    fn no_two_threads_share_a_regex_cache_mutex() {
        use std::sync::Arc;
        let shared = DATABASE.cache();
        let mine = with_database(Database::cache);
        let theirs = std::thread::spawn(|| with_database(Database::cache))
            .join()
            .expect("thread");
        assert!(
            !Arc::ptr_eq(&mine, &shared),
            "this thread uses the shared database"
        );
        assert!(
            !Arc::ptr_eq(&theirs, &shared),
            "a new thread uses the shared database"
        );
        assert!(
            !Arc::ptr_eq(&mine, &theirs),
            "two threads share one database"
        );
        // Built once per thread, then reused.
        assert!(Arc::ptr_eq(&mine, &with_database(Database::cache)));
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
