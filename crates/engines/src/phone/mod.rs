//! Phone number validation over libphonenumber's metadata. The `phonenumber` crate parses
//! and formats; this module decides validity, possibility, line type and region itself,
//! because the crate's versions of those read the national number without its leading zeros
//! (Italy, San Marino, the Vatican, Côte d'Ivoire, Benin, Congo and Gabon come out invalid
//! or `Unknown`) and ignore the metadata's possible lengths. It also keeps one metadata
//! database per thread with a regex cache large enough for every pattern: the crate's
//! shared database runs every match under one mutex and recompiles patterns through a
//! 100-entry cache, which made mixed-country traffic about 60 times slower.
//!
//! `metadata` builds the per-thread databases from the crate's metadata, `regions` compiles
//! each region's number ranges and length rules, and `check` puts them together.

mod check;
mod metadata;
mod regions;

pub use check::check;
pub use metadata::METADATA_VERSION;

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
