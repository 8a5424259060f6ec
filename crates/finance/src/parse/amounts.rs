//! Money amounts in a row's text, as exact hundredths (`i64` cents): decimal comma or point,
//! thousands separators (`1.234,56`, `1,234.56`, `1 234,56`, `1'234.56`), signs (`-5.00`,
//! `5.00-`, `(5.00)`), a currency sign or code glued on either side (`RM9.00`, `12,50 €`,
//! `1,280円`). Numbers that are parts of dates, times, codes or percentages are told apart.

use std::sync::LazyLock;

use regex::Regex;

use super::text::ascii_digits;

/// One number found in a cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Amount {
    /// Hundredths of the currency unit (a yen amount `1,280` is 128000).
    pub cents: i64,
    /// Written with decimals (`9.00`), not as a whole number (`9`).
    pub decimals: bool,
    /// A percentage (`6%`): a rate, not money.
    pub percent: bool,
    /// The percentage as written (`8.625` for `8.625%`; `cents` reads `.625` as thousands).
    pub rate: Option<f64>,
    /// The currency sign or code written next to it, lower case (`rm`, `€`, `円`).
    pub currency: Option<String>,
    /// The index of its cell in the row.
    pub cell: usize,
    /// Count of digits (a long run is a code or a phone number, not money or a quantity).
    pub digits: usize,
    /// The character right after the number (`m` of `330ml`, `x` of `2x`), if any.
    pub next: Option<char>,
}

impl Amount {
    /// Looks like money: decimals, or a whole number where the currency has no minor unit,
    /// or one with a currency sign; never a percentage.
    pub fn is_money(&self, zero_decimal: bool) -> bool {
        !self.percent
            && self.digits <= 12
            && (self.decimals || zero_decimal || self.currency.is_some())
    }
}

/// Currency signs and codes recognised next to a number (lower case).
const SIGNS_BEFORE: &[&str] = &[
    "r$", "s$", "a$", "c$", "hk$", "nt$", "us$", "rm", "€", "$", "£", "¥", "₩", "zł", "zl", "eur",
    "usd", "gbp", "pln", "myr", "chf", "jpy", "cny", "rmb", "krw", "brl", "sgd", "aud", "cad",
    "aed", "sar", "egp", "mad", "fr.", "chf.",
];
const SIGNS_AFTER: &[&str] = &[
    "€", "zł", "zl", "円", "元", "원", "eur", "pln", "chf", "$", "£", "¥", "rm", "ر.س", "د.إ",
    "ريال", "درهم", "جنيه", "usd", "myr",
];

/// Every number of the cells, in order.
pub fn amounts_in_cells(cells: &[String], zero_decimal: bool) -> Vec<Amount> {
    let mut found = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let text = close_decimal_gaps(&ascii_digits(cell).to_lowercase());
        found.extend(numbers_in(&text, index, zero_decimal));
    }
    found
}

/// OCR often puts a space after the decimal mark (`RM 68. 87`): a mark right after a digit,
/// one space and exactly two digits that end the number are one amount. (`2024. 03. 05.`
/// keeps its spaces: the digits are followed by a mark.)
fn close_decimal_gaps(text: &str) -> String {
    static GAP: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(\d[.,]) (\d{2})([^\d.,]|$)").expect("static regex"));
    GAP.replace_all(text, "$1$2$3").into_owned()
}

fn numbers_in(text: &str, cell: usize, zero_decimal: bool) -> Vec<Amount> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while end < chars.len() {
            let c = chars[end];
            let next_digit = chars.get(end + 1).is_some_and(char::is_ascii_digit);
            let part_of_number = c.is_ascii_digit()
                || (matches!(c, '.' | ',' | '\'' | '’') && next_digit)
                || (c == ' ' && space_groups_thousands(&chars, start, end));
            if part_of_number {
                end += 1;
            } else {
                break;
            }
        }
        let raw: String = chars[start..end].iter().collect();
        i = end.max(start + 1);
        if let Some(amount) = classify(&chars, start, end, &raw, cell, zero_decimal) {
            found.push(amount);
        }
    }
    found
}

/// A space inside a number groups thousands when the digits before it are 1 to 3 (since the
/// last separator) and exactly three digits follow, then a decimal mark or the number's end.
fn space_groups_thousands(chars: &[char], start: usize, at: usize) -> bool {
    let group_before = chars[start..at]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let three_after = (1..=3).all(|k| chars.get(at + k).is_some_and(char::is_ascii_digit));
    let then = chars.get(at + 4).copied();
    let ends = match then {
        None => true,
        Some(c) if c.is_ascii_digit() => false,
        Some(',' | '.') => chars.get(at + 5).is_some_and(char::is_ascii_digit),
        Some(_) => true,
    };
    (1..=3).contains(&group_before) && three_after && ends
}

fn classify(
    chars: &[char],
    start: usize,
    end: usize,
    raw: &str,
    cell: usize,
    zero_decimal: bool,
) -> Option<Amount> {
    let before = start.checked_sub(1).map(|k| chars[k]);
    let after = chars.get(end).copied();
    // Parts of dates and times: 25/12, 10:30, 2018-12-25.
    let digit_before_mark = start >= 2 && chars[start - 2].is_ascii_digit();
    let digit_after_mark = chars.get(end + 1).is_some_and(char::is_ascii_digit);
    if (matches!(before, Some('/' | ':' | '.' | ',')) && digit_before_mark)
        || (matches!(after, Some('/' | ':')) && digit_after_mark)
    {
        return None;
    }
    if after == Some('-') && chars.get(end + 1).is_some_and(char::is_ascii_digit) {
        return None;
    }
    if before == Some('-') && start >= 2 && chars[start - 2].is_ascii_digit() {
        return None;
    }
    let prefix: String = chars[..start].iter().collect();
    let suffix: String = chars[end..].iter().collect();
    let prefix_trimmed = prefix.trim_end_matches([' ', '-', '(']);
    let currency_before = SIGNS_BEFORE.iter().find(|sign| {
        prefix_trimmed.ends_with(*sign) && {
            let rest = &prefix_trimmed[..prefix_trimmed.len() - sign.len()];
            !rest
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric())
        }
    });
    // A number glued to letters that are not a currency is a code (`SR6`, `A12`).
    if before.is_some_and(char::is_alphabetic) && currency_before.is_none() {
        return None;
    }
    let suffix_trimmed = suffix.trim_start();
    let currency_after = SIGNS_AFTER.iter().find(|sign| {
        suffix_trimmed.starts_with(*sign) && {
            let rest = &suffix_trimmed[sign.len()..];
            !rest
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
        }
    });
    let percent = suffix_trimmed.starts_with('%');
    let (mut cents, decimals) = value_of(raw, zero_decimal)?;
    // A minus (or an opening parenthesis) right before the number or its currency sign, or
    // alone before it at the start of the cell; a hyphen between words is no sign.
    let before_sign = match currency_before {
        Some(sign) => prefix.trim_end().strip_suffix(*sign).unwrap_or(&prefix),
        None => &prefix,
    };
    let minus_before = before_sign.ends_with(['-', '('])
        || (before_sign.trim_end().ends_with('-')
            && before_sign.trim_end_matches([' ', '-']).is_empty());
    let minus_after = suffix.starts_with('-') || suffix_trimmed.starts_with(')');
    let negative = minus_before || minus_after;
    if negative {
        cents = -cents;
    }
    Some(Amount {
        cents,
        decimals,
        percent,
        currency: currency_before.or(currency_after).map(|s| (*s).to_owned()),
        cell,
        digits: raw.chars().filter(char::is_ascii_digit).count(),
        next: after,
        rate: if percent {
            raw.replace(',', ".").parse().ok()
        } else {
            None
        },
    })
}

/// The value of a number written with any of the common decimal and grouping conventions,
/// in hundredths, and whether it had decimals. `None` when it is no well-formed number.
pub fn value_of(raw: &str, zero_decimal: bool) -> Option<(i64, bool)> {
    let marks: Vec<(usize, char)> = raw
        .char_indices()
        .filter(|(_, c)| matches!(c, '.' | ','))
        .collect();
    let (whole, fraction) = match marks.last() {
        None => (raw, ""),
        Some(&(at, mark)) => {
            let tail = &raw[at + 1..];
            let same_mark_count = marks.iter().filter(|(_, c)| *c == mark).count();
            let other_mark_before = marks.iter().any(|(_, c)| *c != mark);
            let tail_digits = tail.chars().filter(char::is_ascii_digit).count();
            if tail_digits != tail.len() {
                return None;
            }
            match tail_digits {
                1 | 2 if same_mark_count == 1 => (&raw[..at], tail),
                3 if !zero_decimal && other_mark_before && same_mark_count == 1 => return None,
                3 => (raw, ""),
                _ => return None,
            }
        }
    };
    let groups: Vec<&str> = whole.split(['.', ',', '\'', '’', ' ']).collect();
    let grouped_well = groups.len() == 1
        || (groups.first().is_some_and(|g| (1..=3).contains(&g.len()))
            && groups.iter().skip(1).all(|g| g.len() == 3));
    if !grouped_well {
        return None;
    }
    let digits: String = groups.concat();
    if digits.is_empty() || digits.len() > 13 {
        return None;
    }
    let units: i64 = digits.parse().ok()?;
    let hundredths: i64 = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().ok()? * 10,
        _ => fraction.parse().ok()?,
    };
    Some((
        units.checked_mul(100)?.checked_add(hundredths)?,
        !fraction.is_empty(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Option<Amount> {
        amounts_in_cells(&[text.to_owned()], false)
            .into_iter()
            .next()
    }

    #[test]
    fn decimal_marks_and_thousands_separators() {
        assert_eq!(value_of("1.234,56", false), Some((123456, true)));
        assert_eq!(value_of("1,234.56", false), Some((123456, true)));
        assert_eq!(value_of("1'234.56", false), Some((123456, true)));
        assert_eq!(value_of("1 234,56", false), Some((123456, true)));
        assert_eq!(value_of("12,5", false), Some((1250, true)));
        assert_eq!(value_of("1.234", false), Some((123400, false)));
        assert_eq!(value_of("1,280", true), Some((128000, false)));
        assert_eq!(value_of("1,234.567", false), None);
        assert_eq!(value_of("12.3.45", false), None);
        assert_eq!(one("1 234,56 €").map(|a| a.cents), Some(123456));
    }

    #[test]
    fn signs_currencies_and_percentages() {
        let a = one("RM9.00").expect("amount");
        assert_eq!((a.cents, a.currency.as_deref()), (900, Some("rm")));
        assert_eq!(one("-0.03").map(|a| a.cents), Some(-3));
        assert_eq!(one("5.00-").map(|a| a.cents), Some(-500));
        assert_eq!(one("(5.00)").map(|a| a.cents), Some(-500));
        assert_eq!(
            one("12,50 €").and_then(|a| a.currency),
            Some("€".to_owned())
        );
        assert!(one("6%").is_some_and(|a| a.percent));
        assert_eq!(one("١٢٫٥٠").map(|a| a.cents), Some(1250));
        assert_eq!(one("RM 68. 87").map(|a| a.cents), Some(6887));
    }

    #[test]
    fn dates_times_and_codes_are_not_amounts() {
        assert!(one("25/12/2018").is_none());
        assert!(one("10:30").is_none());
        assert!(amounts_in_cells(&["2018-12-25".to_owned()], false).is_empty());
        assert!(one("SR6").is_none());
    }
}
