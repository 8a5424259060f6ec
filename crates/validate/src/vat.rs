//! EU VAT number validation, offline: per-country format and check-digit rules for the 27
//! member states, `XI` (Northern Ireland, UK rules) and the `EU`/`IM` One Stop Shop numbers.
//! The rules follow python-stdnum's published algorithms (written anew here), including
//! the separators each country's numbers are written with and the order of the checks, so
//! that its test lists give the same answers. Pure.

use suite_engines::vat_prefix;

use super::luhn;

/// Why a VAT number is not valid, in python-stdnum's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VatError {
    /// The prefix is not an EU VAT prefix.
    UnknownCountry,
    /// The number carries a prefix other than the `country` asked for.
    CountryMismatch,
    /// Characters the country's numbers cannot have.
    InvalidFormat,
    InvalidLength,
    /// A part with an impossible value (a birth date, a region or entity code).
    InvalidComponent,
    InvalidChecksum,
}

impl VatError {
    fn sentence(self, prefix: &str) -> String {
        match self {
            VatError::UnknownCountry => {
                "the number does not start with an EU VAT country prefix".to_owned()
            }
            VatError::CountryMismatch => {
                "the number's country prefix differs from the country asked for".to_owned()
            }
            VatError::InvalidFormat => {
                format!("the number has characters {prefix} VAT numbers cannot have")
            }
            VatError::InvalidLength => format!("{prefix} VAT numbers do not have this length"),
            VatError::InvalidComponent => {
                format!("a part of the number has a value {prefix} VAT numbers cannot have")
            }
            VatError::InvalidChecksum => "the check digits do not match".to_owned(),
        }
    }
}

/// What a VAT number check finds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VatCheck {
    pub valid: bool,
    /// The VAT prefix (`EL` for Greece), when the number has a known one.
    pub country: Option<String>,
    /// Prefix and number in canonical form, when the format is valid.
    pub normalized: Option<String>,
    pub format_valid: bool,
    pub checksum_valid: bool,
    pub error: Option<VatError>,
    pub reason: Option<String>,
}

/// One country's rules: the separators its numbers are written with and the check of the
/// compact number.
struct Rules {
    /// The prefix in the answer.
    prefix: &'static str,
    separators: &'static str,
    /// Country-specific compaction after the prefix is stripped.
    compact: fn(String) -> String,
    validate: fn(&str) -> Result<(), VatError>,
}

fn same(number: String) -> String {
    number
}

const RULES: &[Rules] = &[
    rules("AT", " -./", same, at),
    rules("BE", " -./", be_compact, be),
    rules("BG", " -.", same, bg),
    rules("CY", " -", same, cy),
    rules("CZ", " /", same, cz),
    rules("DE", " -./,", same, de),
    rules("DK", " -.,/:", same, dk),
    rules("EE", " ", same, ee),
    rules("EL", " -./:", gr_compact, gr),
    rules("ES", " -", same, es),
    rules("FI", " -", same, fi),
    rules("FR", " -.", same, fr),
    rules("HR", " -", same, hr),
    rules("HU", " -", same, hu),
    rules("IE", " -", same, ie),
    rules("IT", " -:", same, it),
    rules("LT", " -", same, lt),
    rules("LU", " :.-", same, lu),
    rules("LV", " -", same, lv),
    rules("MT", " -", same, mt),
    rules("NL", " -.", nl_compact, nl),
    rules("PL", " -", same, pl),
    rules("PT", " -.", same, pt),
    rules("RO", " -", same, ro),
    rules("SE", " -.", same, se),
    rules("SI", " -", same, si),
    rules("SK", " -", same, sk),
    rules("XI", " -.", same, xi),
    // One Stop Shop numbers keep their prefix: it is part of the number's format.
    rules("EU", " -", same, oss_eu),
    rules("IM", " -", same, oss_im),
];

const fn rules(
    prefix: &'static str,
    separators: &'static str,
    compact: fn(String) -> String,
    validate: fn(&str) -> Result<(), VatError>,
) -> Rules {
    Rules {
        prefix,
        separators,
        compact,
        validate,
    }
}

impl Rules {
    /// The prefixes its numbers may carry on input (one is stripped, once): the VAT prefix
    /// and the other ways its country's numbers begin (`GR` beside `EL`, `GB` beside `XI`).
    /// None for the One Stop Shop numbers, whose prefix is part of the number.
    fn accepted(&self) -> impl Iterator<Item = &'static str> + Clone {
        vat_prefix::spellings(self.prefix)
    }
}

/// The rules for a prefix as typed (`GR` is Greece's ISO code, `EL` its VAT prefix).
fn rules_for(typed: &str) -> Option<&'static Rules> {
    let prefix = vat_prefix::find(typed).map_or(typed, |known| known.prefix);
    RULES.iter().find(|rules| rules.prefix == prefix)
}

/// The VAT prefixes this module knows, as the answer spells them.
pub fn prefixes() -> impl Iterator<Item = &'static str> {
    RULES.iter().map(|rules| rules.prefix)
}

/// Checks a VAT number. `country`, when given, is the prefix for a number typed without
/// one; a number that carries another known prefix is a mismatch.
pub fn check(number: &str, country: Option<&str>) -> VatCheck {
    let typed = clean(number);
    let (rules, full) = match country {
        Some(country) => {
            let country = country.trim().to_ascii_uppercase();
            let Some(rules) = rules_for(&country) else {
                return failure(None, VatError::UnknownCountry);
            };
            let own =
                typed.starts_with(rules.prefix) || rules.accepted().any(|p| typed.starts_with(p));
            let other = typed
                .get(..2)
                .and_then(rules_for)
                .filter(|other| other.prefix != rules.prefix);
            if own {
                (rules, typed)
            } else {
                let bare = format!("{}{typed}", rules.prefix);
                if other.is_some() && run(rules, &bare).error.is_some() {
                    return failure(Some(rules.prefix), VatError::CountryMismatch);
                }
                (rules, bare)
            }
        }
        None => {
            let Some(rules) = typed.get(..2).and_then(rules_for) else {
                return failure(None, VatError::UnknownCountry);
            };
            (rules, typed)
        }
    };
    run(rules, &full)
}

fn failure(prefix: Option<&str>, error: VatError) -> VatCheck {
    VatCheck {
        country: prefix.map(str::to_owned),
        error: Some(error),
        reason: Some(error.sentence(prefix.unwrap_or("EU"))),
        ..VatCheck::default()
    }
}

/// Runs one country's rules on a number that starts with its prefix.
fn run(rules: &Rules, full: &str) -> VatCheck {
    let mut number: String = full
        .chars()
        .filter(|c| !rules.separators.contains(*c))
        .collect::<String>()
        .trim()
        .to_owned();
    if let Some(p) = rules.accepted().find(|p| number.starts_with(*p)) {
        number.drain(..p.len());
    }
    let number = (rules.compact)(number);
    let outcome = if number.is_ascii() {
        (rules.validate)(&number)
    } else {
        Err(VatError::InvalidFormat)
    };
    let format_valid = !matches!(
        outcome,
        Err(VatError::InvalidFormat | VatError::InvalidLength | VatError::InvalidComponent)
    );
    let normalized = format_valid.then(|| {
        if rules.accepted().next().is_none() {
            number.clone()
        } else {
            format!("{}{number}", rules.prefix)
        }
    });
    VatCheck {
        valid: outcome.is_ok(),
        country: Some(rules.prefix.to_owned()),
        normalized,
        format_valid,
        checksum_valid: outcome.is_ok(),
        error: outcome.err(),
        reason: outcome.err().map(|e| e.sentence(rules.prefix)),
    }
}

/// Upper case, surrounding white space trimmed, and the Unicode look-alikes of digits and
/// separators (en dashes, no-break spaces, full-width digits, ...) read as their ASCII
/// counterparts, as python-stdnum's `clean` does.
fn clean(number: &str) -> String {
    number
        .chars()
        .map(ascii_equivalent)
        .collect::<String>()
        .to_uppercase()
        .trim()
        .to_owned()
}

fn ascii_equivalent(c: char) -> char {
    match c {
        '\u{00AF}'
        | '\u{02D7}'
        | '\u{058A}'
        | '\u{05BE}'
        | '\u{1680}'
        | '\u{180A}'
        | '\u{2010}'..='\u{2015}'
        | '\u{203E}'
        | '\u{2043}'
        | '\u{207B}'
        | '\u{208B}'
        | '\u{2212}'
        | '\u{23AF}'
        | '\u{23BA}'..='\u{23BD}'
        | '\u{23E4}'
        | '\u{FE63}'
        | '\u{FF0D}'
        | '\u{FFE3}' => '-',
        '\u{066D}'
        | '\u{070D}'
        | '\u{204E}'
        | '\u{2055}'
        | '\u{2217}'
        | '\u{22C6}'
        | '\u{2731}'..='\u{2733}'
        | '\u{273A}'..='\u{273D}'
        | '\u{274A}'
        | '\u{274B}'
        | '\u{A60E}'
        | '\u{FE61}'
        | '\u{FF0A}' => '*',
        '\u{00B8}' | '\u{060C}' | '\u{066B}' | '\u{066C}' | '\u{201A}' | '\u{2032}'
        | '\u{2E34}' | '\u{3001}' | '\u{FE10}' | '\u{FE50}' | '\u{FE51}' | '\u{FF0C}' => ',',
        '\u{00B7}' | '\u{02D9}' | '\u{0387}' | '\u{06D4}' | '\u{0701}' | '\u{0702}'
        | '\u{0830}' | '\u{0F0B}' | '\u{0F0C}' | '\u{16EB}' | '\u{2022}' | '\u{2024}'
        | '\u{2027}' | '\u{2219}' | '\u{22C5}' | '\u{2E31}' | '\u{2E33}' | '\u{3002}'
        | '\u{30FB}' | '\u{FBB2}' | '\u{FBB3}' | '\u{FE52}' | '\u{FF0E}' | '\u{FF65}'
        | '\u{10101}' | '\u{1091F}' | '\u{10A50}' => '.',
        '\u{083C}' | '\u{2044}' | '\u{2215}' | '\u{27CB}' | '\u{29F8}' | '\u{FF0F}' => '/',
        '\u{1361}' | '\u{16EC}' | '\u{1804}' | '\u{FE13}' | '\u{FE30}' | '\u{FE55}'
        | '\u{FF1A}' => ':',
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => ' ',
        '\u{FF10}'..='\u{FF19}' => digit_char(u32::from(c) - 0xFF10),
        '\u{1D7CE}'..='\u{1D7FF}' => digit_char((u32::from(c) - 0x1D7CE) % 10),
        '\u{00B4}' | '\u{02B9}' | '\u{02BB}' | '\u{02BC}' | '\u{02BE}' | '\u{02BF}'
        | '\u{02C8}' | '\u{0300}' | '\u{0301}' | '\u{0312}' | '\u{0313}' | '\u{055A}'
        | '\u{2018}' | '\u{2019}' | '\u{201B}' => '\'',
        other => other,
    }
}

fn digit_char(value: u32) -> char {
    char::from_digit(value, 10).unwrap_or('0')
}

// ───────────────────────────── helpers (ASCII strings only) ─────────────────────────────

/// Python's `s[a:b]` on an ASCII string: out-of-range bounds clamp, never panic.
fn sl(s: &str, a: usize, b: usize) -> &str {
    let n = s.len();
    let a = a.min(n);
    s.get(a..b.clamp(a, n)).unwrap_or("")
}

/// Python's `s[:-k]`.
fn head(s: &str, k: usize) -> &str {
    sl(s, 0, s.len().saturating_sub(k))
}

/// Python's `s[-k:]`.
fn tail(s: &str, k: usize) -> &str {
    sl(s, s.len().saturating_sub(k), s.len())
}

/// python-stdnum's `isdigits`: at least one character, all ASCII digits.
fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The value of each digit (call only on [`digits`] strings).
fn values(s: &str) -> impl DoubleEndedIterator<Item = i64> + Clone + '_ {
    s.bytes().map(|b| i64::from(b.wrapping_sub(b'0')))
}

fn weighted(s: &str, weights: &[i64]) -> i64 {
    values(s).zip(weights).map(|(d, w)| d * w).sum()
}

fn first(s: &str) -> u8 {
    s.bytes().next().unwrap_or(0)
}

fn last(s: &str) -> u8 {
    s.bytes().last().unwrap_or(0)
}

fn nth(s: &str, i: usize) -> u8 {
    s.as_bytes().get(i).copied().unwrap_or(0)
}

fn digit(value: i64) -> u8 {
    b'0' + u8::try_from(value.rem_euclid(10)).unwrap_or(0)
}

/// A digit string's value; only for short strings.
fn int(s: &str) -> i64 {
    values(s).fold(0, |acc, d| acc.saturating_mul(10).saturating_add(d))
}

/// Not all zeros (Python's `int(s) > 0` on a digit string).
fn positive(s: &str) -> bool {
    s.bytes().any(|b| b != b'0')
}

fn holds(ok: bool) -> Result<(), VatError> {
    if ok {
        Ok(())
    } else {
        Err(VatError::InvalidChecksum)
    }
}

/// ISO 7064 Mod 11, 10 (hybrid): a valid number has checksum 1.
fn mod_11_10_valid(s: &str) -> bool {
    values(s).fold(5, |check, d| {
        ((if check == 0 { 10 } else { check }) * 2 % 11 + d) % 10
    }) == 1
}

/// ISO 7064 Mod 97, 10 over digits and letters (A = 10 ... Z = 35): valid when 1.
fn mod_97_10_valid(s: &str) -> bool {
    s.bytes().fold(0u32, |acc, b| match b {
        b'0'..=b'9' => (acc * 10 + u32::from(b - b'0')) % 97,
        b'A'..=b'Z' => (acc * 100 + u32::from(b - b'A' + 10)) % 97,
        _ => acc,
    }) == 1
}

fn date_valid(year: i64, month: i64, day: i64) -> bool {
    let (Ok(year), Ok(month), Ok(day)) = (
        i32::try_from(year),
        u32::try_from(month),
        u32::try_from(day),
    ) else {
        return false;
    };
    (1..=9999).contains(&year) && chrono::NaiveDate::from_ymd_opt(year, month, day).is_some()
}

/// Python's `str.zfill(width)` for unsigned strings.
fn zfill(s: &str, width: usize) -> String {
    format!("{}{s}", "0".repeat(width.saturating_sub(s.len())))
}

// ───────────────────────────── the countries ─────────────────────────────

/// Austria: `U` and 8 digits, the last a Luhn-based check digit.
fn at(n: &str) -> Result<(), VatError> {
    if first(n) != b'U' || !digits(sl(n, 1, usize::MAX)) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    holds(digit(6 - i64::from(luhn::checksum(sl(n, 1, 8)))) == last(n))
}

/// Belgium: `(0)` reads as `0`, and old 9-digit numbers get a leading 0.
fn be_compact(n: String) -> String {
    let n = match n.strip_prefix("(0)") {
        Some(rest) => format!("0{rest}"),
        None => n,
    };
    if n.len() == 9 { format!("0{n}") } else { n }
}

/// Belgium: 10 digits starting with 0 or 1; the last two are 97 - (first 8 mod 97).
fn be(n: &str) -> Result<(), VatError> {
    if !digits(n) || !positive(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 10 {
        return Err(VatError::InvalidLength);
    }
    if !matches!(first(n), b'0' | b'1') {
        return Err(VatError::InvalidComponent);
    }
    holds((int(head(n, 2)) + int(tail(n, 2))) % 97 == 0)
}

/// Bulgaria: 9 digits (legal entities) or 10 (a person's EGN, a foreigner's PNF, others).
fn bg(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    match n.len() {
        9 => {
            let body = head(n, 1);
            let mut sum = values(body)
                .enumerate()
                .map(|(i, d)| (i as i64 + 1) * d)
                .sum::<i64>()
                % 11;
            if sum == 10 {
                sum = values(body)
                    .enumerate()
                    .map(|(i, d)| (i as i64 + 3) * d)
                    .sum::<i64>()
                    % 11;
            }
            holds(digit(sum % 10) == last(n))
        }
        10 => {
            let other = (11 - weighted(n, &[4, 3, 2, 7, 6, 5, 4, 3, 2])).rem_euclid(11);
            holds(bg_egn_valid(n) || bg_pnf_valid(n) || (other < 10 && digit(other) == last(n)))
        }
        _ => Err(VatError::InvalidLength),
    }
}

/// Bulgarian EGN: birth date (months +20 for 1800s, +40 for 2000s) and a weighted check.
fn bg_egn_valid(n: &str) -> bool {
    let mut year = 1900 + int(sl(n, 0, 2));
    let mut month = int(sl(n, 2, 4));
    let day = int(sl(n, 4, 6));
    if month > 40 {
        year += 100;
        month -= 40;
    } else if month > 20 {
        year -= 100;
        month -= 20;
    }
    date_valid(year, month, day)
        && digit(weighted(n, &[2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11 % 10) == last(n)
}

/// Bulgarian PNF (personal number of a foreigner).
fn bg_pnf_valid(n: &str) -> bool {
    digit(weighted(n, &[21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10) == last(n)
}

/// Cyprus: 8 digits and a check letter; never starting with 12.
fn cy(n: &str) -> Result<(), VatError> {
    if !digits(head(n, 1)) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    if sl(n, 0, 2) == "12" {
        return Err(VatError::InvalidComponent);
    }
    const EVEN: [i64; 10] = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
    let sum: i64 = values(head(n, 1))
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { EVEN[d as usize] } else { d })
        .sum();
    holds(b'A' + u8::try_from(sum % 26).unwrap_or(0) == last(n))
}

/// Czechia: 8 digits (legal entities), 9 starting with 6 (special cases) or a birth number.
fn cz(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    match n.len() {
        8 => {
            if first(n) == b'9' {
                return Err(VatError::InvalidComponent);
            }
            let c = (11 - weighted(head(n, 1), &[8, 7, 6, 5, 4, 3, 2])).rem_euclid(11);
            holds(digit(if c == 0 { 1 } else { c } % 10) == last(n))
        }
        9 if first(n) == b'6' => {
            let c = weighted(sl(n, 1, 8), &[8, 7, 6, 5, 4, 3, 2]) % 11;
            holds(digit((8 - (10 - c).rem_euclid(11)).rem_euclid(10)) == last(n))
        }
        9 | 10 => birth_number(n),
        _ => Err(VatError::InvalidLength),
    }
}

/// The Czech and Slovak birth number (rodné číslo).
fn birth_number(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 && n.len() != 10 {
        return Err(VatError::InvalidLength);
    }
    let mut year = 1900 + int(sl(n, 0, 2));
    let month = int(sl(n, 2, 4)) % 50 % 20;
    let day = int(sl(n, 4, 6));
    if n.len() == 9 {
        if year >= 1980 {
            year -= 100;
        }
        if year > 1953 {
            return Err(VatError::InvalidLength);
        }
    } else if year < 1954 {
        year += 100;
    }
    if !date_valid(year, month, day) {
        return Err(VatError::InvalidComponent);
    }
    if n.len() == 10 {
        return holds(digit(int(head(n, 1)) % 11 % 10) == last(n));
    }
    Ok(())
}

/// Germany: 9 digits, not starting with 0, ISO 7064 Mod 11, 10.
fn de(n: &str) -> Result<(), VatError> {
    if !digits(n) || first(n) == b'0' {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    holds(mod_11_10_valid(n))
}

/// Denmark: 8 digits, not starting with 0, weighted mod 11.
fn dk(n: &str) -> Result<(), VatError> {
    if !digits(n) || first(n) == b'0' {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[2, 7, 6, 5, 4, 3, 2, 1]) % 11 == 0)
}

/// Estonia: 9 digits, weighted mod 10.
fn ee(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 == 0)
}

/// Greece: old 8-digit numbers get a leading 0.
fn gr_compact(n: String) -> String {
    if n.len() == 8 { format!("0{n}") } else { n }
}

/// Greece: 9 digits, a doubling check digit mod 11.
fn gr(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    let sum = values(head(n, 1)).fold(0, |acc, d| acc * 2 + d);
    holds(digit(sum * 2 % 11 % 10) == last(n))
}

/// The DNI check letter of a number.
fn dni_letter(digits: &str) -> u8 {
    const LETTERS: &[u8] = b"TRWAGMYFPDXBNJZSQVHLCKE";
    LETTERS[usize::try_from(int(digits) % 23).unwrap_or(0)]
}

/// Spain: a DNI (8 digits and a letter), an NIE (X, Y or Z, 7 digits, a letter), a K/L/M
/// number, or a CIF (an entity letter, 7 digits, a digit or letter check).
fn es(n: &str) -> Result<(), VatError> {
    if !digits(sl(n, 1, n.len().saturating_sub(1))) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    let body = sl(n, 1, 8);
    match first(n) {
        b'K' | b'L' | b'M' => holds(dni_letter(body) == last(n)),
        b'0'..=b'9' => holds(dni_letter(head(n, 1)) == last(n)),
        b @ (b'X' | b'Y' | b'Z') => {
            let lead = char::from(b'0' + (b - b'X'));
            holds(dni_letter(&format!("{lead}{body}")) == last(n))
        }
        b'A'..=b'H' | b'J' | b'N' | b'P' | b'Q' | b'R' | b'S' | b'U' | b'V' | b'W' => {
            let c = i64::from(luhn::check_digit(sl(n, 1, 8)));
            let letter = b"JABCDEFGHI"[usize::try_from(c).unwrap_or(0)];
            holds(last(n) == digit(c) || last(n) == letter)
        }
        _ => Err(VatError::InvalidFormat),
    }
}

/// Finland: 8 digits, weighted mod 11.
fn fi(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[7, 9, 10, 5, 8, 4, 2, 1]) % 11 == 0)
}

/// France: two check characters (digits, or letters other than I and O) and the SIREN.
fn fr(n: &str) -> Result<(), VatError> {
    const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let index = |b: u8| {
        ALPHABET
            .bytes()
            .position(|a| a == b)
            .map_or(0, |i| i as i64)
    };
    if !sl(n, 0, 2)
        .bytes()
        .all(|b| ALPHABET.as_bytes().contains(&b))
    {
        return Err(VatError::InvalidFormat);
    }
    let siren = sl(n, 2, usize::MAX);
    if !digits(siren) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 11 {
        return Err(VatError::InvalidLength);
    }
    // Monaco's numbers (000 after the check characters) are not SIRENs.
    if sl(n, 2, 5) != "000" && !luhn::is_valid(siren) {
        return Err(VatError::InvalidChecksum);
    }
    if digits(n) {
        return holds(int(sl(n, 0, 2)) == (int(siren) * 100 + 12) % 97);
    }
    let c = if first(n).is_ascii_digit() {
        index(first(n)) * 24 + index(nth(n, 1)) - 10
    } else {
        index(first(n)) * 34 + index(nth(n, 1)) - 100
    };
    holds((int(siren) + 1 + c.div_euclid(11)).rem_euclid(11) == c.rem_euclid(11))
}

/// Croatia: the OIB, 11 digits, ISO 7064 Mod 11, 10.
fn hr(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 11 {
        return Err(VatError::InvalidLength);
    }
    holds(mod_11_10_valid(n))
}

/// Hungary: 8 digits, weighted mod 10.
fn hu(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[9, 7, 3, 1, 9, 7, 3, 1]) % 10 == 0)
}

const IE_ALPHABET: &[u8] = b"WABCDEFGHIJKLMNOPQRSTUV";

/// The Irish check letter of 7 digits (left-padded with zeros) and an optional letter.
fn ie_check_letter(number: &str) -> u8 {
    let number = zfill(number, 7);
    let extra = sl(&number, 7, usize::MAX);
    let extra_value = extra
        .bytes()
        .next()
        .and_then(|b| IE_ALPHABET.iter().position(|a| *a == b))
        .unwrap_or(0) as i64;
    let sum: i64 = values(sl(&number, 0, 7))
        .enumerate()
        .map(|(i, d)| (8 - i as i64) * d)
        .sum();
    IE_ALPHABET[usize::try_from((sum + 9 * extra_value) % 23).unwrap_or(0)]
}

/// Ireland: 7 digits and one or two letters, or the old style with a letter or symbol second.
fn ie(n: &str) -> Result<(), VatError> {
    if !digits(sl(n, 0, 1)) || !digits(sl(n, 2, 7)) {
        return Err(VatError::InvalidFormat);
    }
    if !sl(n, 7, usize::MAX)
        .bytes()
        .all(|b| IE_ALPHABET.contains(&b))
    {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 && n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    if digits(sl(n, 0, 7)) {
        let key = format!("{}{}", sl(n, 0, 7), sl(n, 8, usize::MAX));
        holds(nth(n, 7) == ie_check_letter(&key))
    } else if nth(n, 1).is_ascii_uppercase() || matches!(nth(n, 1), b'+' | b'*') {
        let key = format!("{}{}", sl(n, 2, 7), sl(n, 0, 1));
        holds(nth(n, 7) == ie_check_letter(&key))
    } else {
        Err(VatError::InvalidFormat)
    }
}

/// Italy: 11 digits, a province code, Luhn.
fn it(n: &str) -> Result<(), VatError> {
    if !digits(n) || !positive(sl(n, 0, 7)) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 11 {
        return Err(VatError::InvalidLength);
    }
    let province = sl(n, 7, 10);
    if !(("001"..="100").contains(&province) || matches!(province, "120" | "121" | "888" | "999")) {
        return Err(VatError::InvalidComponent);
    }
    holds(luhn::is_valid(n))
}

/// Lithuania: 9 digits (legal entities) or 12 (temporary registrations), a two-pass
/// weighted mod 11.
fn lt(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    match n.len() {
        9 if nth(n, 7) != b'1' => return Err(VatError::InvalidComponent),
        12 if nth(n, 10) != b'1' => return Err(VatError::InvalidComponent),
        9 | 12 => {}
        _ => return Err(VatError::InvalidLength),
    }
    let body = head(n, 1);
    let mut c = values(body)
        .enumerate()
        .map(|(i, d)| (1 + (i as i64) % 9) * d)
        .sum::<i64>()
        % 11;
    if c == 10 {
        c = values(body)
            .enumerate()
            .map(|(i, d)| (1 + (i as i64 + 2) % 9) * d)
            .sum::<i64>();
    }
    holds(digit(c % 11 % 10) == last(n))
}

/// Luxembourg: 8 digits, the last two the first six mod 89.
fn lu(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    holds(format!("{:02}", int(sl(n, 0, 6)) % 89) == tail(n, 2))
}

/// Latvia: 11 digits; legal entities (first digit above 3) or personal codes.
fn lv(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 11 {
        return Err(VatError::InvalidLength);
    }
    if first(n) > b'3' {
        return holds(weighted(n, &[9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 == 3);
    }
    if !n.starts_with("32") {
        let day = int(sl(n, 0, 2));
        let month = int(sl(n, 2, 4));
        let year = int(sl(n, 4, 6)) + 1800 + int(sl(n, 6, 7)) * 100;
        if !date_valid(year, month, day) {
            return Err(VatError::InvalidComponent);
        }
    }
    let c = 1 + weighted(head(n, 1), &[10, 5, 8, 4, 2, 1, 6, 3, 7, 9]);
    holds(digit(c % 11 % 10) == last(n))
}

/// Malta: 8 digits, not starting with 0, weighted mod 37.
fn mt(n: &str) -> Result<(), VatError> {
    if !digits(n) || first(n) == b'0' {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[3, 4, 6, 7, 8, 9, 10, 1]) % 37 == 0)
}

/// Netherlands: the 9 digits before `Bnn` are left-padded with zeros.
fn nl_compact(n: String) -> String {
    format!("{}{}", zfill(head(&n, 3), 9), tail(&n, 3))
}

/// Netherlands: 9 digits, `B`, 2 digits; the digits are a BSN/RSIN (mod 11) or the whole
/// number passes ISO 7064 Mod 97, 10 (numbers issued since 2020).
fn nl(n: &str) -> Result<(), VatError> {
    let body = sl(n, 0, 9);
    if !digits(body) || !positive(body) {
        return Err(VatError::InvalidFormat);
    }
    let suffix = sl(n, 10, usize::MAX);
    if !digits(suffix) || !positive(suffix) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 12 {
        return Err(VatError::InvalidLength);
    }
    if nth(n, 9) != b'B' {
        return Err(VatError::InvalidFormat);
    }
    let bsn = (weighted(body, &[9, 8, 7, 6, 5, 4, 3, 2]) - int(tail(body, 1))).rem_euclid(11) == 0;
    holds(bsn || mod_97_10_valid(&format!("NL{n}")))
}

/// Poland: 10 digits, weighted mod 11.
fn pl(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 10 {
        return Err(VatError::InvalidLength);
    }
    holds(weighted(n, &[6, 5, 7, 2, 3, 4, 5, 6, 7, -1]).rem_euclid(11) == 0)
}

/// Portugal: 9 digits, not starting with 0, weighted mod 11.
fn pt(n: &str) -> Result<(), VatError> {
    if !digits(n) || first(n) == b'0' {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 9 {
        return Err(VatError::InvalidLength);
    }
    let sum = weighted(head(n, 1), &[9, 8, 7, 6, 5, 4, 3, 2]);
    holds(digit((11 - sum).rem_euclid(11) % 10) == last(n))
}

/// Romania: a CUI/CIF of 2 to 10 digits, or a personal CNP of 13.
fn ro(n: &str) -> Result<(), VatError> {
    // The prefix is already stripped, once: `RORO...` is not a number.
    let bare = n;
    match bare.len() {
        13 => ro_cnp(bare),
        2..=10 => {
            if !digits(bare) || first(bare) == b'0' {
                return Err(VatError::InvalidFormat);
            }
            let body = zfill(head(bare, 1), 9);
            let c = 10 * weighted(&body, &[7, 5, 3, 2, 1, 7, 5, 3, 2]);
            holds(digit(c % 11 % 10) == last(bare))
        }
        _ => Err(VatError::InvalidLength),
    }
}

/// The Romanian CNP: sex/century digit, birth date, county and a weighted check.
fn ro_cnp(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if first(n) == b'0' {
        return Err(VatError::InvalidComponent);
    }
    if n.len() != 13 {
        return Err(VatError::InvalidLength);
    }
    let century = match first(n) {
        b'3' | b'4' => 1800,
        b'5' | b'6' => 2000,
        _ => 1900,
    };
    if !date_valid(
        century + int(sl(n, 1, 3)),
        int(sl(n, 3, 5)),
        int(sl(n, 5, 7)),
    ) {
        return Err(VatError::InvalidComponent);
    }
    let county = int(sl(n, 7, 9));
    if !((1..=48).contains(&county) || matches!(county, 51 | 52 | 70 | 80..=83)) {
        return Err(VatError::InvalidComponent);
    }
    let c = weighted(n, &[2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
    holds(digit(if c == 10 { 1 } else { c }) == last(n))
}

/// Sweden: the 10-digit organisation number (Luhn) followed by `01`.
fn se(n: &str) -> Result<(), VatError> {
    if !digits(n) || tail(n, 2) != "01" {
        return Err(VatError::InvalidFormat);
    }
    let orgnr = head(n, 2);
    if !digits(orgnr) {
        return Err(VatError::InvalidFormat);
    }
    if orgnr.len() != 10 {
        return Err(VatError::InvalidLength);
    }
    holds(luhn::is_valid(orgnr))
}

/// Slovenia: 8 digits, not starting with 0, weighted mod 11.
fn si(n: &str) -> Result<(), VatError> {
    if !digits(n) || first(n) == b'0' {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 8 {
        return Err(VatError::InvalidLength);
    }
    let c = 11 - weighted(head(n, 1), &[8, 7, 6, 5, 4, 3, 2]) % 11;
    holds(match c {
        10 => last(n) == b'0',
        11 => false,
        c => digit(c) == last(n),
    })
}

/// Slovakia: 10 digits divisible by 11 with a legal-form digit, or a birth number.
fn sk(n: &str) -> Result<(), VatError> {
    if !digits(n) {
        return Err(VatError::InvalidFormat);
    }
    if n.len() != 10 {
        return Err(VatError::InvalidLength);
    }
    if birth_number(n).is_ok() {
        return Ok(());
    }
    if first(n) == b'0' || !matches!(nth(n, 2), b'2' | b'3' | b'4' | b'7' | b'8' | b'9') {
        return Err(VatError::InvalidFormat);
    }
    holds(int(n) % 11 == 0)
}

/// Northern Ireland (UK rules): 9 digits (12 with a branch), or a government department
/// (`GD`) or health authority (`HA`) number.
fn xi(n: &str) -> Result<(), VatError> {
    match n.len() {
        5 => {
            let rest = sl(n, 2, 5);
            if !digits(rest) {
                return Err(VatError::InvalidFormat);
            }
            match (sl(n, 0, 2), int(rest)) {
                ("GD", v) if v < 500 => Ok(()),
                ("HA", v) if v >= 500 => Ok(()),
                _ => Err(VatError::InvalidComponent),
            }
        }
        11 if matches!(sl(n, 0, 6), "GD8888" | "HA8888") => {
            if !digits(sl(n, 6, 11)) {
                return Err(VatError::InvalidFormat);
            }
            let v = int(sl(n, 6, 9));
            match sl(n, 0, 2) {
                "GD" if v < 500 => {}
                "HA" if v >= 500 => {}
                _ => return Err(VatError::InvalidComponent),
            }
            holds(v % 97 == int(sl(n, 9, 11)))
        }
        9 | 12 => {
            if !digits(n) {
                return Err(VatError::InvalidFormat);
            }
            let sum = weighted(sl(n, 0, 9), &[8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
            if int(sl(n, 0, 3)) >= 100 {
                holds(matches!(sum, 0 | 42 | 55))
            } else {
                holds(sum == 0)
            }
        }
        _ => Err(VatError::InvalidLength),
    }
}

/// The member state codes (ISO 3166-1 numeric, 900 for Northern Ireland) an OSS number
/// names.
const OSS_MEMBER_STATES: &[&str] = &[
    "040", "056", "100", "191", "196", "203", "208", "233", "246", "250", "276", "300", "348",
    "372", "380", "428", "440", "442", "470", "528", "616", "620", "642", "703", "705", "724",
    "752", "900",
];

fn oss(n: &str, length: usize) -> Result<(), VatError> {
    if n.len() != length {
        return Err(VatError::InvalidLength);
    }
    if !digits(sl(n, 2, usize::MAX)) {
        return Err(VatError::InvalidFormat);
    }
    if !OSS_MEMBER_STATES.contains(&sl(n, 2, 5)) {
        return Err(VatError::InvalidComponent);
    }
    Ok(())
}

/// One Stop Shop, non-Union scheme: `EU`, a member state code and 6 digits.
fn oss_eu(n: &str) -> Result<(), VatError> {
    oss(n, 11)
}

/// One Stop Shop, import scheme (IOSS): `IM`, a member state code and 7 digits.
fn oss_im(n: &str) -> Result<(), VatError> {
    oss(n, 12)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture's sections: `[kind]` headers, then one number per line.
    fn sections() -> Vec<(&'static str, Vec<&'static str>)> {
        let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
        for line in include_str!("fixtures/vat_stdnum.txt").lines() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(kind) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                out.push((kind, Vec::new()));
            } else if let Some((_, numbers)) = out.last_mut() {
                numbers.push(line);
            }
        }
        out
    }

    #[test]
    fn python_stdnum_eu_vat_test_lists_agree_number_by_number() {
        let mut counts = std::collections::BTreeMap::new();
        let mut wrong = Vec::new();
        for (kind, numbers) in sections() {
            for number in numbers {
                let check = check(number, None);
                let ok = match kind {
                    "valid" => check.valid && check.format_valid && check.checksum_valid,
                    "invalid_checksum" => {
                        check.error == Some(VatError::InvalidChecksum)
                            && check.format_valid
                            && !check.checksum_valid
                    }
                    "invalid_format" => check.error == Some(VatError::InvalidFormat),
                    "invalid_component" => matches!(
                        check.error,
                        Some(VatError::InvalidComponent | VatError::UnknownCountry)
                    ),
                    "invalid_length" => check.error == Some(VatError::InvalidLength),
                    "not_valid" => !check.valid,
                    other => panic!("unknown section {other}"),
                };
                if !ok {
                    wrong.push(format!("{kind}: {number:?} -> {check:?}"));
                }
                *counts.entry(kind).or_insert(0) += 1;
            }
        }
        assert!(
            wrong.is_empty(),
            "{} disagree:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
        assert_eq!(counts["valid"], 641);
        let invalid: i32 = counts
            .iter()
            .filter(|(k, _)| **k != "valid")
            .map(|(_, v)| v)
            .sum();
        assert_eq!(invalid, 114);
    }

    #[test]
    fn python_stdnum_module_doctests_agree() {
        for (number, normalized) in [
            ("ATU 57194903", "ATU57194903"),
            ("BE697449992", "BE0697449992"),
            ("FR 61 954 506 077", "FR61954506077"),
            ("BE (0)403019261", "BE0403019261"),
            ("CZ 640903926", "CZ640903926"),
            ("CZ 7103192745", "CZ7103192745"),
            ("DE 136,695 976", "DE136695976"),
            ("EL 094259216 ", "EL094259216"),
            ("GR 023456780", "EL023456780"),
            ("ES X-5253868-R", "ESX5253868R"),
            ("ES M-1234567-L", "ESM1234567L"),
            ("FR K7399859412", "FRK7399859412"),
            ("FR 4Z123456782", "FR4Z123456782"),
            ("IE 6433435OA", "IE6433435OA"),
            ("IE 8D79739I", "IE8D79739I"),
            ("LT 100004801610", "LT100004801610"),
            ("LV 161175-19997", "LV16117519997"),
            ("LV 328673-00679", "LV32867300679"),
            ("NL4495445B01", "NL004495445B01"),
            ("NL002455799B11", "NL002455799B11"),
            ("RO 185 472 90", "RO18547290"),
            ("RO 1630615123457", "RO1630615123457"),
            ("SE 123456789701", "SE123456789701"),
            ("SK 202 274 96 19", "SK2022749619"),
            ("XI 980 7806 84", "XI980780684"),
            ("EU 372022452", "EU372022452"),
        ] {
            let check = check(number, None);
            assert!(check.valid, "{number}: {check:?}");
            assert_eq!(check.normalized.as_deref(), Some(normalized), "{number}");
        }
        for (number, error) in [
            ("ATU13585626", VatError::InvalidChecksum),
            ("BE431150351", VatError::InvalidChecksum),
            ("DE136695978", VatError::InvalidChecksum),
            ("EL 123456781", VatError::InvalidChecksum),
            ("FR 84 323 140 391", VatError::InvalidChecksum),
            ("FR IO334175221", VatError::InvalidFormat),
            ("IE 8?79739J", VatError::InvalidFormat),
            ("LV 161375-19997", VatError::InvalidComponent),
            ("LV 328673-00677", VatError::InvalidChecksum),
            ("NL123456789B90", VatError::InvalidChecksum),
            ("XI 802311781", VatError::InvalidChecksum),
            ("QQ 124567", VatError::UnknownCountry),
        ] {
            assert_eq!(check(number, None).error, Some(error), "{number}");
        }
    }

    #[test]
    fn country_parameter_for_numbers_without_prefix() {
        let de = check("136695976", Some("de"));
        assert!(de.valid);
        assert_eq!(de.normalized.as_deref(), Some("DE136695976"));
        let gr = check("094259216", Some("GR"));
        assert_eq!(gr.country.as_deref(), Some("EL"));
        assert_eq!(gr.normalized.as_deref(), Some("EL094259216"));
        assert!(check("EL094259216", Some("GR")).valid);
        assert!(check("GR094259216", Some("EL")).valid);
        assert!(check("DE136695976", Some("DE")).valid);
        let mismatch = check("FR61954506077", Some("DE"));
        assert_eq!(mismatch.error, Some(VatError::CountryMismatch));
        assert!(!mismatch.valid);
        assert_eq!(
            check("123", Some("US")).error,
            Some(VatError::UnknownCountry)
        );
        // A French number whose check characters read like a prefix is still French.
        assert!(check("K7399859412", Some("FR")).valid);
    }

    #[test]
    fn unicode_separators_and_odd_strings_are_answers() {
        assert!(check("DE\u{00A0}136\u{2013}695\u{2013}976", None).valid);
        assert!(check("DE１３６６９５９７６", None).valid);
        for odd in ["", "   ", "€€", "DE€€", "EL", "NL€12345678B01", "D"] {
            let check = check(odd, None);
            assert!(!check.valid, "{odd:?}");
            assert!(check.error.is_some() && check.reason.is_some());
        }
        assert_eq!(check("DE€€", None).error, Some(VatError::InvalidFormat));
        let long = "DE".to_owned() + &"9".repeat(30);
        assert_eq!(check(&long, None).error, Some(VatError::InvalidLength));
    }

    #[test]
    fn every_member_state_and_xi_has_rules() {
        let members: Vec<&str> = vat_prefix::PREFIXES
            .iter()
            .filter(|entry| entry.eu)
            .map(|entry| entry.prefix)
            .collect();
        assert_eq!(members.len(), 28);
        for prefix in &members {
            assert!(rules_for(prefix).is_some(), "{prefix}");
        }
        assert_eq!(prefixes().count(), members.len() + 2);
        for prefix in ["GB", "CHE", "CH", "NO"] {
            assert!(rules_for(prefix).is_none(), "{prefix}");
        }
    }

    #[test]
    fn every_valid_number_has_the_shared_shape() {
        let (_, valid) = sections()
            .into_iter()
            .find(|(kind, _)| *kind == "valid")
            .expect("a valid section");
        let mut shaped = 0;
        for number in valid {
            let normalized = check(number, None).normalized.expect("valid");
            if normalized.starts_with("EU") || normalized.starts_with("IM") {
                continue;
            }
            assert!(
                vat_prefix::of_number(&normalized).is_some(),
                "{number} ({normalized})"
            );
            shaped += 1;
        }
        assert!(shaped > 600, "{shaped}");
    }
}
