//! Amounts as statements print them, read to exact cents: decimal comma or point,
//! thousands separators (`,` `.` space, apostrophe), a sign before or after (`-12.00`,
//! `12.00-`), parentheses, `CR`/`DR` suffixes, currency symbols and codes around the
//! number, Arabic-Indic and full-width digits. Self-contained (the receipt parser in
//! `finance/parse/amounts.rs` is written separately; the integrator may merge them).

use super::types::Cents;

/// How strict a reading is: `Money` (a statement's amount column) wants exactly two
/// decimals unless the currency has no minor unit; `Lenient` (CSV cells) takes any number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    Money { zero_decimal: bool },
    Lenient,
}

/// The sign a text shows explicitly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// No sign, no `CR`/`DR`.
    Unsigned,
    /// `-`, parentheses or `DR`.
    Debit,
    /// `+` or `CR`.
    Credit,
}

/// An amount read from text: signed cents (negative when marked as a debit) and the mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedAmount {
    pub cents: Cents,
    pub mark: Mark,
}

/// ISO 4217 codes and symbols accepted around a number.
const CURRENCY_TOKENS: &[&str] = &[
    "EUR", "USD", "GBP", "CHF", "PLN", "JPY", "CNY", "RMB", "KRW", "SAR", "AED", "QAR", "KWD",
    "BHD", "OMR", "EGP", "JOD", "MAD", "BRL", "MXN", "ARS", "CLP", "COP", "CAD", "AUD", "NZD",
    "SEK", "NOK", "DKK", "CZK", "HUF", "INR", "HKD", "TWD", "SGD", "€", "$", "£", "¥", "￥", "₩",
    "₹", "zł", "ZŁ", "Zł", "円", "元", "원", "R$", "US$", "C$", "A$", "HK$", "kr", "Fr.", "Fr",
    "ر.س", "د.إ", "ج.م",
];

/// Reads `text` as one amount, or `None` when it is not one.
pub fn parse_amount(text: &str, strictness: Strictness) -> Option<ParsedAmount> {
    let normalized = normalize(text);
    let (body, mut mark) = strip_marks(&normalized)?;
    let (integer, fraction) = split_number(body)?;
    let fraction_digits = fraction.map_or(0, str::len);
    match strictness {
        Strictness::Money { zero_decimal } => {
            let ok = fraction_digits == 2 || (zero_decimal && fraction.is_none());
            if !ok {
                return None;
            }
        }
        Strictness::Lenient => {
            if fraction_digits > 2 {
                return None;
            }
        }
    }
    if integer.len() + fraction_digits > 15 {
        return None;
    }
    let units: i64 = integer.parse().ok()?;
    let hundredths: i64 = match fraction {
        None => 0,
        Some(f) if f.len() == 1 => f.parse::<i64>().ok()? * 10,
        Some(f) => f.parse().ok()?,
    };
    let magnitude = units.checked_mul(100)?.checked_add(hundredths)?;
    if magnitude == 0 && mark == Mark::Debit {
        mark = Mark::Unsigned;
    }
    let cents = if mark == Mark::Debit {
        -magnitude
    } else {
        magnitude
    };
    Some(ParsedAmount { cents, mark })
}

/// A space or apostrophe between digits: a thousands separator (its groups are checked).
const GROUP: char = '\'';

/// ASCII digits, `-` for the dashes, `.`/`,` for the Arabic separators; spaces and
/// apostrophes between digits become `GROUP`, elsewhere they are removed.
fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if is_space_or_apostrophe(c) {
            let after_digit = out.chars().next_back().is_some_and(|p| p.is_ascii_digit());
            while chars.peek().is_some_and(|n| is_space_or_apostrophe(*n)) {
                chars.next();
            }
            let before_digit = chars.peek().is_some_and(|n| to_ascii_digit(*n).is_some());
            if after_digit && before_digit {
                out.push(GROUP);
            }
            continue;
        }
        let mapped = match c {
            '٠'..='٩' => char::from_digit(c as u32 - '٠' as u32, 10),
            '۰'..='۹' => char::from_digit(c as u32 - '۰' as u32, 10),
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10),
            '٫' | '．' => Some('.'),
            '٬' | '，' => Some(','),
            '−' | '–' | '‒' | '—' | '－' => Some('-'),
            '＋' => Some('+'),
            '（' => Some('('),
            '）' => Some(')'),
            '\u{200e}' | '\u{200f}' | '\u{061c}' => None,
            other => Some(other),
        };
        if let Some(m) = mapped {
            out.push(m);
        }
    }
    out
}

fn is_space_or_apostrophe(c: char) -> bool {
    matches!(
        c,
        ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' | '\u{3000}' | '\'' | '’'
    )
}

fn to_ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '٠'..='٩' | '۰'..='۹' | '０'..='９' => Some('0'),
        _ => None,
    }
}

/// The number between its marks: strips currency, signs, parentheses and `CR`/`DR`, and
/// says which sign they show. `None` when anything else surrounds the number.
fn strip_marks(text: &str) -> Option<(&str, Mark)> {
    let first_digit = text.find(|c: char| c.is_ascii_digit())?;
    let last_digit = text.rfind(|c: char| c.is_ascii_digit())?;
    let body = &text[first_digit..=last_digit];
    let mut prefix = &text[..first_digit];
    let mut suffix = &text[last_digit + 1..];
    let mut debit = false;
    let mut credit = false;

    // Suffix: `)`, `-`/`+`, `CR`/`DR` (also `C`/`D`/`OD`, and the German `H`/`S` for
    // Haben/Soll, upper case only), currency, in any order.
    loop {
        let before = suffix.len();
        if let Some(rest) = strip_prefix_ci(suffix, "CR") {
            credit = true;
            suffix = rest;
        } else if let Some(rest) = strip_prefix_ci(suffix, "DR") {
            debit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix("OD") {
            debit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix(['C', 'H']).filter(|r| r.is_empty()) {
            credit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix(['D', 'S']).filter(|r| r.is_empty()) {
            debit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix('-') {
            debit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix('+') {
            credit = true;
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix(')') {
            suffix = rest;
        } else if let Some(rest) = suffix.strip_prefix('.').filter(|r| r.is_empty()) {
            suffix = rest;
        } else if let Some(rest) = strip_currency_prefix(suffix) {
            suffix = rest;
        }
        if suffix.is_empty() {
            break;
        }
        if suffix.len() == before {
            return None;
        }
    }
    // Prefix: `(`, `-`/`+`, currency, in any order.
    loop {
        let before = prefix.len();
        if let Some(rest) = prefix.strip_prefix('-') {
            debit = true;
            prefix = rest;
        } else if let Some(rest) = prefix.strip_prefix('+') {
            credit = true;
            prefix = rest;
        } else if let Some(rest) = prefix.strip_prefix('(') {
            debit = true;
            prefix = rest;
        } else if let Some(rest) = strip_currency_prefix(prefix) {
            prefix = rest;
        }
        if prefix.is_empty() {
            break;
        }
        if prefix.len() == before {
            return None;
        }
    }
    let opened = text[..first_digit].contains('(');
    let closed = text[last_digit + 1..].contains(')');
    if opened != closed || (debit && credit) {
        return None;
    }
    let mark = match (debit, credit) {
        (true, _) => Mark::Debit,
        (_, true) => Mark::Credit,
        _ => Mark::Unsigned,
    };
    Some((body, mark))
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

fn strip_currency_prefix(text: &str) -> Option<&str> {
    CURRENCY_TOKENS
        .iter()
        .filter(|token| text.starts_with(*token))
        .max_by_key(|token| token.len())
        .map(|token| &text[token.len()..])
}

/// The integer digits and the decimal digits of `body` (digits, `.` and `,` only), with the
/// thousands separators checked (groups of three) and dropped.
fn split_number(body: &str) -> Option<(String, Option<&str>)> {
    if !body
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == ',' || c == GROUP)
    {
        return None;
    }
    let dots = body.matches('.').count();
    let commas = body.matches(',').count();
    let last_separator = body.rfind(['.', ',']);
    let decimal_at = match (dots, commas, last_separator) {
        (0, 0, _) | (_, _, None) => None,
        (_, _, Some(at)) if dots > 0 && commas > 0 => {
            let decimal = body[at..].chars().next()?;
            let count = if decimal == '.' { dots } else { commas };
            if count != 1 {
                return None;
            }
            Some(at)
        }
        (_, _, Some(at)) if dots + commas == 1 => {
            // One separator: three digits after it make it a thousands separator.
            let after = body.len() - at - 1;
            match after {
                1 | 2 => Some(at),
                3 => None,
                _ => return None,
            }
        }
        _ => None,
    };
    let (integer_part, fraction) = match decimal_at {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    if fraction.is_some_and(|f| f.contains(GROUP)) {
        return None;
    }
    let groups: Vec<&str> = integer_part.split(['.', ',', GROUP]).collect();
    if groups.len() > 1 {
        let separators: Vec<char> = integer_part
            .chars()
            .filter(|c| *c == '.' || *c == ',' || *c == GROUP)
            .collect();
        let one_kind = separators.windows(2).all(|w| w[0] == w[1]);
        let first_ok = (1..=3).contains(&groups[0].len());
        let rest_ok = groups[1..].iter().all(|g| g.len() == 3);
        if !(one_kind && first_ok && rest_ok) {
            return None;
        }
    }
    let integer: String = groups.concat();
    if integer.is_empty() {
        return None;
    }
    if fraction.is_some_and(|f| f.is_empty()) {
        return None;
    }
    Some((integer, fraction))
}

/// Currencies without a minor unit (amounts printed without decimals).
pub fn is_zero_decimal(currency: Option<&str>) -> bool {
    matches!(
        currency,
        Some("JPY" | "KRW" | "CLP" | "ISK" | "VND" | "TWD")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const MONEY: Strictness = Strictness::Money {
        zero_decimal: false,
    };

    fn cents(text: &str) -> Option<Cents> {
        parse_amount(text, MONEY).map(|a| a.cents)
    }

    #[test]
    fn decimal_point_and_comma_with_thousands() {
        assert_eq!(cents("1,250.00"), Some(125_000));
        assert_eq!(cents("1.250,00"), Some(125_000));
        assert_eq!(cents("1 250,00"), Some(125_000));
        assert_eq!(cents("1\u{a0}250,00"), Some(125_000));
        assert_eq!(cents("1'250.00"), Some(125_000));
        assert_eq!(cents("1578 185,17"), None);
        assert_eq!(cents("12 345 678,90"), Some(1_234_567_890));
        assert_eq!(cents("12,5"), None);
        assert_eq!(cents("0.05"), Some(5));
        assert_eq!(cents("1,234,567.89"), Some(123_456_789));
        assert_eq!(cents("1.234.567,89"), Some(123_456_789));
    }

    #[test]
    fn signs_parentheses_and_cr_dr() {
        assert_eq!(cents("-1,250.00"), Some(-125_000));
        assert_eq!(cents("1,250.00-"), Some(-125_000));
        assert_eq!(cents("(1,250.00)"), Some(-125_000));
        assert_eq!(cents("1,250.00 DR"), Some(-125_000));
        assert_eq!(cents("1,250.00CR"), Some(125_000));
        assert_eq!(cents("+45,10"), Some(4510));
        assert_eq!(cents("−45,10"), Some(-4510));
        let parsed = parse_amount("12.00 cr", MONEY);
        assert_eq!(parsed.map(|p| p.mark), Some(Mark::Credit));
        assert_eq!(cents("(12.00"), None);
        assert_eq!(cents("1,234.56 D"), Some(-123_456));
        assert_eq!(cents("1,234.56 OD"), Some(-123_456));
        assert_eq!(cents("12,50 S"), Some(-1250));
        assert_eq!(cents("100,00 H"), Some(10_000));
        assert_eq!(cents("12.50 X"), None);
    }

    #[test]
    fn currency_symbols_and_codes_around_the_number() {
        assert_eq!(cents("€1,250.00"), Some(125_000));
        assert_eq!(cents("1.250,00 €"), Some(125_000));
        assert_eq!(cents("-£3.50"), Some(-350));
        assert_eq!(cents("1 250,00 zł"), Some(125_000));
        assert_eq!(cents("EUR 99,99"), Some(9999));
        assert_eq!(cents("INV 12.50"), None);
    }

    #[test]
    fn not_amounts() {
        assert_eq!(cents("12.03.2024"), None);
        assert_eq!(cents("2024-03-12"), None);
        assert_eq!(cents("ACME"), None);
        assert_eq!(cents("1234"), None);
        assert_eq!(cents("12.345.67"), None);
        assert_eq!(cents(""), None);
        assert_eq!(cents("99999999999999999.00"), None);
    }

    #[test]
    fn other_digits_and_zero_decimal_currencies() {
        assert_eq!(cents("١٬٢٥٠٫٠٠"), Some(125_000));
        assert_eq!(cents("１，２５０．００"), Some(125_000));
        let yen = Strictness::Money { zero_decimal: true };
        assert_eq!(parse_amount("1,250", yen).map(|a| a.cents), Some(125_000));
        assert_eq!(parse_amount("￥980", yen).map(|a| a.cents), Some(98_000));
    }

    #[test]
    fn lenient_reads_plain_numbers() {
        let lenient = |t| parse_amount(t, Strictness::Lenient).map(|a| a.cents);
        assert_eq!(lenient("-50"), Some(-5000));
        assert_eq!(lenient("1250.5"), Some(125_050));
        assert_eq!(lenient("-12,5"), Some(-1250));
        assert_eq!(lenient("1.2345"), None);
    }
}
