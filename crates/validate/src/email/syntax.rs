//! Email address syntax by python-email-validator's rules (its defaults: internationalized
//! local parts allowed; quoted local parts, domain literals and display names refused; the
//! domain must be globally deliverable): the address is split at the first unquoted `@`,
//! the local part must be a dot-atom of safe characters, the domain goes through UTS-46
//! mapping and IDNA, and lengths are checked in UTF-8 octets (254 for the address, 253 for
//! the domain, 63 per label). The error texts follow that library's.

use idna::AsciiDenyList;
use idna::uts46::{DnsLength, Hyphens, Uts46};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

/// The longest address (RFC 5321 4.5.3.1.3 with errata 1690), in octets.
const EMAIL_MAX_LENGTH: usize = 254;
/// The longest domain name (RFC 1035 2.3.4, less the root dot), in octets.
const DOMAIN_MAX_LENGTH: usize = 253;
/// The longest DNS label (RFC 1035 2.3.1).
const LABEL_MAX_LENGTH: usize = 63;

/// Domains reserved by IANA's special-use registry that cannot receive mail, with all their
/// subdomains.
const SPECIAL_USE_DOMAINS: &[&str] = &["arpa", "invalid", "local", "localhost", "onion", "test"];

/// Mailbox names RFC 2142 makes case-insensitive: they are lower-cased.
const CASE_INSENSITIVE_MAILBOXES: &[&str] = &[
    "info",
    "marketing",
    "sales",
    "support",
    "abuse",
    "noc",
    "security",
    "postmaster",
    "hostmaster",
    "usenet",
    "news",
    "webmaster",
    "www",
    "uucp",
    "ftp",
];

/// A syntactically valid address, normalized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// The local part, NFC-normalized (RFC 6532 3.1); RFC 2142 mailbox names lower-cased.
    pub local_part: String,
    /// The domain in IDNA ASCII form, lower case.
    pub ascii_domain: String,
    /// The local part needs SMTPUTF8 (it is not ASCII).
    pub smtputf8: bool,
}

/// Why an address is not valid, in words.
pub type SyntaxError = String;

/// Checks `input` and returns its normalized parts.
pub fn parse(input: &str) -> Result<Address, SyntaxError> {
    let split = split(input)?;
    let local = check_local_part(&split.local)?;
    let nfc: String = local.local_part.nfc().collect();
    let mut local = if nfc == local.local_part {
        local
    } else {
        check_local_part(&Unquoted {
            text: nfc,
            quoted: split.local.quoted,
        })
        .map_err(|e| format!("After Unicode normalization: {e}"))?
    };
    if split.local.quoted {
        return Err("Quoting the part before the @-sign is not allowed here.".into());
    }
    if CASE_INSENSITIVE_MAILBOXES.contains(&local.local_part.to_ascii_lowercase().as_str()) {
        local.local_part = local.local_part.to_ascii_lowercase();
    }
    if split.domain.is_empty() {
        return Err("There must be something after the @-sign.".into());
    }
    if split.domain.starts_with('[') && split.domain.ends_with(']') {
        return Err("A bracketed IP address after the @-sign is not allowed here.".into());
    }
    let ascii_domain = check_domain(&split.domain)?;
    let (unicode_domain, _) =
        Uts46::new().to_unicode(ascii_domain.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow);
    let normalized = format!("{}@{unicode_domain}", local.local_part);
    let ascii_form = format!("{}@{ascii_domain}", local.local_part);
    for (address, when) in [
        (&split.original, ""),
        (&normalized, " after normalization"),
        (
            &ascii_form,
            " when the part after the @-sign is converted to IDNA ASCII",
        ),
    ] {
        let over = address.len().saturating_sub(EMAIL_MAX_LENGTH);
        if over > 0 {
            return Err(format!(
                "The email address is too long{when} ({over} {} too many).",
                plural(over, "byte")
            ));
        }
    }
    if split.display_name {
        return Err(
            "A display name and angle brackets around the email address are not permitted here."
                .into(),
        );
    }
    Ok(Address {
        local_part: local.local_part,
        ascii_domain,
        smtputf8: local.smtputf8,
    })
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

/// The local part with its quotes and escapes removed.
struct Unquoted {
    text: String,
    quoted: bool,
}

struct Split {
    /// Local part and domain as typed, joined by `@` (without any display name).
    original: String,
    local: Unquoted,
    domain: String,
    display_name: bool,
}

/// Splits at the first `@` (or `<`) outside quotes that no combining mark modifies.
fn split_at_special(text: &str, specials: &[char]) -> Result<(String, String), SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut left = String::new();
    let mut inside_quote = false;
    let mut escaped = false;
    let mut found = None;
    for (i, &c) in chars.iter().enumerate() {
        let combined = chars
            .get(i + 1)
            .is_some_and(|next| next.general_category_group() == GeneralCategoryGroup::Mark)
            && {
                let end = chars[i + 1..]
                    .iter()
                    .position(|m| m.general_category_group() != GeneralCategoryGroup::Mark)
                    .map_or(chars.len(), |p| i + 1 + p);
                chars[i..end].iter().copied().nfc().next() != Some(c)
            };
        if combined {
            left.push(c);
        } else if inside_quote {
            left.push(c);
            if c == '\\' && !escaped {
                escaped = true;
            } else if c == '"' && !escaped {
                inside_quote = false;
            } else {
                escaped = false;
            }
        } else if c == '"' {
            left.push(c);
            inside_quote = true;
        } else if specials.contains(&c) {
            found = Some(i);
            break;
        } else {
            left.push(c);
        }
    }
    let Some(at) = found else {
        if text.contains('＠') {
            return Err("The email address has the \"full-width\" at-sign (@) character instead of a regular at-sign.".into());
        }
        if text.contains('﹫') {
            return Err("The email address has the \"small commercial at\" character instead of a regular at-sign.".into());
        }
        return Err("An email address must have an @-sign.".into());
    };
    Ok((left, chars[at..].iter().collect()))
}

fn unquote(text: &str) -> Result<Unquoted, SyntaxError> {
    let mut quoted = false;
    let mut escaped = false;
    let mut value = String::new();
    let count = text.chars().count();
    for (i, c) in text.chars().enumerate() {
        if quoted {
            if escaped {
                value.push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                if i != count - 1 {
                    return Err("Extra character(s) found after close quote.".into());
                }
                break;
            } else {
                value.push(c);
            }
        } else if i == 0 && c == '"' {
            quoted = true;
        } else {
            value.push(c);
        }
    }
    Ok(Unquoted {
        text: value,
        quoted,
    })
}

fn split(input: &str) -> Result<Split, SyntaxError> {
    let (left, right) = split_at_special(input, &['@', '<'])?;
    let (local, domain, display_name) = if let Some(bracketed) = right.strip_prefix('<') {
        let name = unquote(left.trim_end())?;
        if !name.quoted
            && let Some(c) = name
                .text
                .chars()
                .find(|&c| c == '.' || !(c == ' ' || is_atext(c)))
        {
            return Err(format!(
                "The display name contains invalid characters when not quoted: {}.",
                display(c)
            ));
        }
        check_unsafe_chars(&name.text, true)?;
        if !bracketed.contains('>') {
            return Err("An open angle bracket at the start of the email address has to be followed by a close angle bracket at the end.".into());
        }
        let bracketed = bracketed.trim_end_matches(' ');
        let Some(addr_spec) = bracketed.strip_suffix('>') else {
            return Err("There can't be anything after the email address.".into());
        };
        let (local, domain) = split_at_special(addr_spec.trim_end_matches('>'), &['@'])?;
        (local, domain, true)
    } else {
        (left, right, false)
    };
    let domain = domain.strip_prefix('@').unwrap_or(&domain).to_owned();
    Ok(Split {
        original: format!("{local}@{domain}"),
        local: unquote(&local)?,
        domain,
        display_name,
    })
}

/// RFC 5322 3.2.3 `atext`, ASCII part.
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c)
}

/// `atext` extended by RFC 6531 3.3 to every non-ASCII code point.
fn is_atext_intl(c: char) -> bool {
    is_atext(c) || !c.is_ascii()
}

fn is_dot_atom(text: &str, atext: fn(char) -> bool) -> bool {
    text.split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(atext))
}

/// How a character is named in an error: quoted if visible, by code point otherwise.
fn display(c: char) -> String {
    match c {
        ' ' => "SPACE".to_owned(),
        '\\' => "\"\\\"".to_owned(),
        _ if matches!(
            c.general_category_group(),
            GeneralCategoryGroup::Letter
                | GeneralCategoryGroup::Number
                | GeneralCategoryGroup::Punctuation
                | GeneralCategoryGroup::Symbol
        ) =>
        {
            format!("'{c}'")
        }
        _ => format!("U+{:04X}", u32::from(c)),
    }
}

fn list(chars: impl IntoIterator<Item = char>) -> String {
    let mut shown: Vec<String> = chars.into_iter().map(display).collect();
    shown.sort();
    shown.dedup();
    shown.join(", ")
}

/// Letters, numbers, punctuation and symbols are safe; a combining mark is safe except at
/// the start; spaces only where allowed (quoted strings); separators, controls, format
/// characters, surrogates, private use and unassigned code points never.
fn check_unsafe_chars(text: &str, allow_space: bool) -> Result<(), SyntaxError> {
    let bad: Vec<char> = text
        .chars()
        .enumerate()
        .filter(|&(i, c)| match c.general_category_group() {
            GeneralCategoryGroup::Letter
            | GeneralCategoryGroup::Number
            | GeneralCategoryGroup::Punctuation
            | GeneralCategoryGroup::Symbol => false,
            GeneralCategoryGroup::Mark => i == 0,
            GeneralCategoryGroup::Separator => {
                !(allow_space && c.general_category() == GeneralCategory::SpaceSeparator)
            }
            GeneralCategoryGroup::Other => true,
        })
        .map(|(_, c)| c)
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "The email address contains unsafe characters: {}.",
            list(bad)
        ))
    }
}

/// RFC 5322 3.2.3 dot rules; for host names also RFC 952's hyphen rules.
fn check_dot_atom(
    text: &str,
    start: &str,
    end: &str,
    is_hostname: bool,
) -> Result<(), SyntaxError> {
    if text.ends_with('.') {
        return Err(end.replace("{}", "period"));
    }
    if text.starts_with('.') {
        return Err(start.replace("{}", "period"));
    }
    if text.contains("..") {
        return Err("An email address cannot have two periods in a row.".into());
    }
    if is_hostname {
        if text.ends_with('-') {
            return Err(end.replace("{}", "hyphen"));
        }
        if text.starts_with('-') {
            return Err(start.replace("{}", "hyphen"));
        }
        if text.contains(".-") || text.contains("-.") {
            return Err(
                "An email address cannot have a period and a hyphen next to each other.".into(),
            );
        }
    }
    Ok(())
}

struct LocalPart {
    local_part: String,
    smtputf8: bool,
}

fn check_local_part(local: &Unquoted) -> Result<LocalPart, SyntaxError> {
    let text = &local.text;
    if text.is_empty() {
        return Err("There must be something before the @-sign.".into());
    }
    if is_dot_atom(text, is_atext) {
        return Ok(LocalPart {
            local_part: text.clone(),
            smtputf8: false,
        });
    }
    if is_dot_atom(text, is_atext_intl) {
        check_unsafe_chars(text, false)?;
        return Ok(LocalPart {
            local_part: text.clone(),
            smtputf8: true,
        });
    }
    if local.quoted {
        let bad: Vec<char> = text
            .chars()
            .filter(|&c| c.is_ascii() && !(' '..='~').contains(&c))
            .collect();
        if !bad.is_empty() {
            return Err(format!(
                "The email address contains invalid characters in quotes before the @-sign: {}.",
                list(bad)
            ));
        }
        check_unsafe_chars(text, true)?;
        return Ok(LocalPart {
            local_part: text.clone(),
            smtputf8: !text.is_ascii(),
        });
    }
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| !(c == '.' || is_atext_intl(c)))
        .collect();
    if !bad.is_empty() {
        return Err(format!(
            "The email address contains invalid characters before the @-sign: {}.",
            list(bad)
        ));
    }
    check_dot_atom(
        text,
        "An email address cannot start with a {}.",
        "An email address cannot have a {} immediately before the @-sign.",
        false,
    )?;
    Err("The email address contains invalid characters before the @-sign.".into())
}

/// `[a-zA-Z0-9.-]` and every non-ASCII code point.
fn is_hostname_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '.' || !c.is_ascii()
}

fn is_ascii_hostname(domain: &str) -> bool {
    domain.split('.').all(|label| {
        !label.is_empty()
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    })
}

/// Characters UTS-46 mapping would refuse or turn into something unusable, refused first
/// with a clear message (python-email-validator's approximation of `uts46_remap`).
fn uts46_valid_char(c: char) -> bool {
    let n = u32::from(c);
    if (0x80..=0x9f).contains(&n) {
        return false;
    }
    if ((0x2010..=0x2060).contains(&n)
        && !(0x2024..=0x2026).contains(&n)
        && !(0x2028..=0x202E).contains(&n))
        || matches!(n, 0x00AD | 0x2064 | 0xFF0E)
        || (0x200B..=0x200D).contains(&n)
        || (0x1BCA0..=0x1BCA3).contains(&n)
    {
        return true;
    }
    if matches!(
        c.general_category(),
        GeneralCategory::Format
            | GeneralCategory::Unassigned
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::SpaceSeparator
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    ) {
        return false;
    }
    // A character whose compatibility decomposition holds a full stop (`⒈` is `1.`).
    !(c != '.' && std::iter::once(c).nfkd().any(|d| d == '.'))
}

/// RFC 5892's LetterDigits category (Ll, Lu, Lo, Lm, Nd, Mn, Mc) and its CONTEXTO
/// punctuation (middle dot, Greek keraia, Hebrew geresh and gershayim, katakana middle dot).
fn idna2008_letter_digit(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::LowercaseLetter
            | GeneralCategory::UppercaseLetter
            | GeneralCategory::OtherLetter
            | GeneralCategory::ModifierLetter
            | GeneralCategory::DecimalNumber
            | GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
    ) || matches!(
        c,
        '\u{00B7}' | '\u{0375}' | '\u{05F3}' | '\u{05F4}' | '\u{30FB}'
    )
}

/// Checks the domain and returns its IDNA ASCII form.
fn check_domain(domain: &str) -> Result<String, SyntaxError> {
    let bad: Vec<char> = domain.chars().filter(|&c| !is_hostname_char(c)).collect();
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters: {}.",
            list(bad)
        ));
    }
    check_unsafe_chars(domain, false)?;
    let bad: Vec<char> = domain.chars().filter(|&c| !uts46_valid_char(c)).collect();
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters: {}.",
            list(bad)
        ));
    }
    // UTS-46 mapping: case folding, NFC, and the ideographic and full-width full stops
    // become `.`. ASCII domains only need lower-casing.
    let uts46 = Uts46::new();
    let mapped = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        let (mapped, result) =
            uts46.to_unicode(domain.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
        if result.is_err() {
            return Err(
                "The part after the @-sign contains characters that are not valid in a domain name (UTS-46).".into(),
            );
        }
        mapped.into_owned()
    };
    let bad: Vec<char> = mapped.chars().filter(|&c| !is_hostname_char(c)).collect();
    if !bad.is_empty() {
        return Err(format!(
            "The part after the @-sign contains invalid characters after Unicode normalization: {}.",
            list(bad)
        ));
    }
    check_dot_atom(
        &mapped,
        "An email address cannot have a {} immediately after the @-sign.",
        "An email address cannot end with a {}.",
        true,
    )?;
    for label in mapped.split('.') {
        let chars: Vec<char> = label.chars().collect();
        if chars.len() >= 4
            && chars[2] == '-'
            && chars[3] == '-'
            && !(chars[0].eq_ignore_ascii_case(&'x') && chars[1].eq_ignore_ascii_case(&'n'))
        {
            return Err("An email address cannot have two letters followed by two dashes immediately after the @-sign or after a period, except Punycode.".into());
        }
    }
    // UTS-46 also passes symbols and emoji (`☃`, `😀`) that IDNA 2008 (RFC 5892) refuses:
    // beyond ASCII only letters, digits and combining marks are allowed, plus the few
    // punctuation marks RFC 5892 admits in context.
    if let Some(c) = mapped
        .chars()
        .find(|&c| !c.is_ascii() && !idna2008_letter_digit(c))
    {
        return Err(format!(
            "The part after the @-sign is invalid (code point U+{:04X} is not allowed in a domain name).",
            u32::from(c)
        ));
    }
    let ascii = if is_ascii_hostname(&mapped) {
        mapped.clone()
    } else {
        match uts46.to_ascii(
            mapped.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Allow,
            DnsLength::Ignore,
        ) {
            Ok(ascii) => ascii.into_owned(),
            Err(_) => {
                return Err("The part after the @-sign is not a valid internationalized domain name (IDNA).".into());
            }
        }
    };
    if !is_ascii_hostname(&ascii) {
        return Err(
            "The email address contains invalid characters after the @-sign after IDNA encoding."
                .into(),
        );
    }
    // An ASCII label that looks like Punycode must decode (to_unicode checks it).
    if ascii
        .split('.')
        .any(|l| l.len() > 4 && l[..4].eq_ignore_ascii_case("xn--"))
    {
        let (unicode, result) =
            uts46.to_unicode(ascii.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow);
        if result.is_err()
            || unicode
                .chars()
                .any(|c| !c.is_ascii() && !idna2008_letter_digit(c))
        {
            return Err("The part after the @-sign is not valid IDNA (invalid A-label).".into());
        }
    }
    if ascii.len() > DOMAIN_MAX_LENGTH {
        let over = ascii.len() - DOMAIN_MAX_LENGTH;
        return Err(if ascii == domain {
            format!(
                "The email address is too long after the @-sign ({over} {} too many).",
                plural(over, "character")
            )
        } else {
            format!(
                "The email address is too long after the @-sign ({over} {} too many after IDNA encoding).",
                plural(over, "byte")
            )
        });
    }
    if let Some(label) = ascii.split('.').find(|l| l.len() > LABEL_MAX_LENGTH) {
        let over = label.len() - LABEL_MAX_LENGTH;
        return Err(format!(
            "After the @-sign, periods cannot be separated by so many characters ({over} {} too many).",
            plural(over, "character")
        ));
    }
    if !ascii.contains('.') {
        return Err("The part after the @-sign is not valid. It should have a period.".into());
    }
    if !ascii.ends_with(|c: char| c.is_ascii_alphabetic()) {
        return Err(
            "The part after the @-sign is not valid. It is not within a valid top-level domain."
                .into(),
        );
    }
    if SPECIAL_USE_DOMAINS
        .iter()
        .any(|d| ascii == *d || ascii.ends_with(&format!(".{d}")))
    {
        return Err("The part after the @-sign is a special-use or reserved name that cannot be used with email.".into());
    }
    Ok(ascii)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes the Python `unicode_escape` notation of the fixture; `None` for a lone
    /// surrogate, which no Rust (or JSON-decoded) string can hold.
    fn unescape(text: &str) -> Option<String> {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let hex = |chars: &mut std::str::Chars, n: usize| -> Option<char> {
                let digits: String = chars.take(n).collect();
                char::from_u32(u32::from_str_radix(&digits, 16).ok()?)
            };
            match chars.next()? {
                'x' => out.push(hex(&mut chars, 2)?),
                'u' => out.push(hex(&mut chars, 4)?),
                'U' => out.push(hex(&mut chars, 8)?),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                other => out.push(other),
            }
        }
        Some(out)
    }

    /// Every address of python-email-validator's syntax tests, with that library's verdict,
    /// local part and ASCII domain (`fixtures/email_cases.tsv`).
    #[test]
    fn reference_verdicts_on_python_email_validator_s_test_addresses() {
        let mut checked = 0;
        let mut skipped = 0;
        let mut failures = Vec::new();
        for line in include_str!("../fixtures/email_cases.tsv").lines() {
            if line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "{line:?}");
            let (Some(input), Some(local), Some(domain)) = (
                unescape(fields[0]),
                unescape(fields[2]),
                unescape(fields[3]),
            ) else {
                skipped += 1;
                continue;
            };
            checked += 1;
            let got = parse(&input);
            let ok = match (fields[1], &got) {
                ("true", Ok(a)) => a.local_part == local && a.ascii_domain == domain,
                ("false", Err(_)) => true,
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "{:?}: reference {} {local:?} {domain:?} ({}), got {got:?}",
                    input, fields[1], fields[4]
                ));
            }
        }
        assert!(checked > 280, "{checked} cases");
        assert!(skipped <= 2, "{skipped} cases skipped");
        assert!(
            failures.is_empty(),
            "{} of {checked} cases differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn normalizes_case_of_domain_and_rfc2142_names() {
        let a = parse("POSTMASTER@Example.COM").expect("valid");
        assert_eq!(a.local_part, "postmaster");
        assert_eq!(a.ascii_domain, "example.com");
        let b = parse("John.Smith@Example.com").expect("valid");
        assert_eq!(b.local_part, "John.Smith");
        let idn = parse("jeff@臺網中心.tw").expect("valid");
        assert_eq!(idn.ascii_domain, "xn--fiqq24b10vi0d.tw");
    }

    #[test]
    fn idna_2008_refuses_symbols_and_emoji() {
        for domain in ["☃.com", "😀.com", "a♥b.org"] {
            let err = parse(&format!("me@{domain}")).expect_err(domain);
            assert!(
                err.contains("not allowed in a domain name"),
                "{domain}: {err}"
            );
        }
        assert!(parse("me@xn--n3h.com").is_err(), "the A-label of ☃");
        for (domain, ascii) in [
            ("faß.de", "xn--fa-hia.de"),
            ("ⅷ.com", "viii.com"),
            ("ö.de", "xn--nda.de"),
        ] {
            assert_eq!(
                parse(&format!("me@{domain}")).map(|a| a.ascii_domain),
                Ok(ascii.to_owned())
            );
        }
    }

    #[test]
    fn special_use_domains_are_refused() {
        for domain in [
            "a.arpa",
            "x.invalid",
            "printer.local",
            "host.localhost",
            "y.onion",
            "x.test",
        ] {
            let err = parse(&format!("me@{domain}")).expect_err(domain);
            assert!(err.contains("special-use"), "{domain}: {err}");
        }
    }
}
