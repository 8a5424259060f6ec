//! The currency of a document, only from evidence on it: a sign or an ISO code (`€`, `RM`,
//! `zł`, `EUR`), weighed by whether it is written next to an amount. A bare `$` next to an
//! amount is USD unless a prefix says which dollar (`R$`, `S$`, `HK$`); `¥` is yen in
//! Japanese and yuan in Chinese. The language alone is no
//! evidence: with no sign or code the currency is `None` (a Swiss German receipt could be
//! in CHF or EUR, a Spanish one in EUR or MXN).

use regex::Regex;
use std::sync::LazyLock;

use super::rows::Row;
use super::text::{ascii_digits, has_keyword};

/// A sign or word (lower case, as folded text has it) and its ISO code. Longer signs first:
/// `r$` before `$`.
const SIGNS: &[(&str, &str)] = &[
    ("r$", "BRL"),
    ("s$", "SGD"),
    ("a$", "AUD"),
    ("c$", "CAD"),
    ("hk$", "HKD"),
    ("nt$", "TWD"),
    ("us$", "USD"),
    ("€", "EUR"),
    ("£", "GBP"),
    ("₩", "KRW"),
    ("원", "KRW"),
    ("円", "JPY"),
    ("元", "CNY"),
    ("人民币", "CNY"),
    ("zł", "PLN"),
    ("ر.س", "SAR"),
    ("ريال", "SAR"),
    ("د.إ", "AED"),
    ("درهم", "AED"),
    ("ج.م", "EGP"),
    ("جنيه", "EGP"),
];

/// ISO codes (and `RM`, `RMB`) written as upper-case words (lower case they are words:
/// "pen", "try").
static CODES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|[^A-Za-z])(EUR|USD|GBP|JPY|CNY|RMB|KRW|PLN|MYR|RM|BRL|CHF|SGD|AUD|CAD|AED|SAR|EGP|MAD|QAR|KWD|OMR|JOD|INR|HKD|TWD|MXN|ARS|CLP|COP|PEN|SEK|NOK|DKK|CZK|HUF|RON|IDR|THB|PHP|NZD|ZAR)(?:[^A-Za-z]|$)",
    )
    .expect("static regex")
});

/// Evidence for a currency, with how sure it is (0..1).
#[derive(Debug, Clone, PartialEq)]
pub struct CurrencyGuess {
    pub code: &'static str,
    /// The weight of the evidence (2 per sign next to an amount, 1 per sign alone).
    pub weight: usize,
    pub certainty: f32,
    /// The row it was read from.
    pub row: usize,
}

/// The currency the rows give the most evidence for (earliest on a tie). A sign or code
/// written next to an amount weighs 2, one alone (a column heading `(RM)`) 1; an upper-case
/// code that is neither next to a number nor in parentheses is a word (`BALL PEN`).
pub fn currency_of(rows: &[Row], language: Option<&str>) -> Option<CurrencyGuess> {
    let mut votes: Vec<(&'static str, usize, usize)> = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        for (code, weight) in row_currencies(&row.text, language) {
            match votes.iter_mut().find(|(c, _, _)| *c == code) {
                Some(vote) => vote.1 += weight,
                None => votes.push((code, weight, index)),
            }
        }
    }
    let best = votes
        .iter()
        .max_by_key(|(_, weight, first)| (*weight, std::cmp::Reverse(*first)))?;
    Some(CurrencyGuess {
        code: best.0,
        weight: best.1,
        certainty: if best.1 > 2 { 0.95 } else { 0.8 },
        row: best.2,
    })
}

/// Whether a row names US dollars explicitly (`USD`, `US$`), not by a bare `$`.
pub fn names_us_dollars(text: &str) -> bool {
    let upper = ascii_digits(text);
    upper.contains("US$")
        || CODES
            .captures_iter(&upper)
            .any(|c| c.get(1).is_some_and(|m| m.as_str() == "USD"))
}

/// The currencies a row mentions, with the weight of the evidence.
fn row_currencies(text: &str, language: Option<&str>) -> Vec<(&'static str, usize)> {
    let mut found = Vec::new();
    let upper = ascii_digits(text);
    for capture in CODES.captures_iter(&upper) {
        let Some(code) = capture.get(1) else { continue };
        let code = code.as_str();
        // Codes that are also English words count only in parentheses: `BALL PEN 2.50`.
        let word_like = matches!(code, "PEN" | "MAD" | "COP" | "PHP" | "RON");
        let weight = if glued_to_number(&upper, code) && !word_like {
            2
        } else if upper.contains(&format!("({code})")) {
            1
        } else {
            continue;
        };
        if let Some(known) = iso_code(code) {
            found.push((known, weight));
        }
    }
    let mut rest = upper.to_lowercase();
    for (sign, code) in SIGNS {
        if rest.contains(sign) {
            found.push((*code, if glued_to_number(&rest, sign) { 2 } else { 1 }));
            rest = rest.replace(sign, " ");
        }
    }
    if has_keyword(&rest, "zl") && glued_to_number(&rest, "zl") {
        found.push(("PLN", 2));
    }
    if rest.contains('¥') {
        // In a Latin-script document a lone `¥` is more often OCR noise than yen.
        let cjk = matches!(language, Some("zh" | "ja"));
        let code = if language == Some("zh") { "CNY" } else { "JPY" };
        found.push((
            code,
            if cjk && glued_to_number(&rest, "¥") {
                2
            } else {
                1
            },
        ));
    }
    if rest.contains('$') && glued_to_number(&rest, "$") {
        found.push(("USD", 1));
    }
    found
}

/// Whether `sign` is written right next to a number (`rm9.00`, `rm 9.00`, `eur: 5`, `9.00 zl`).
fn glued_to_number(text: &str, sign: &str) -> bool {
    text.match_indices(sign).any(|(at, _)| {
        let after = text[at + sign.len()..]
            .trim_start()
            .trim_start_matches(':')
            .trim_start();
        let before = text[..at].trim_end();
        after.starts_with(|c: char| c.is_ascii_digit() || c == '-')
            || before.ends_with(|c: char| c.is_ascii_digit())
    })
}

/// The ISO 4217 code a printed code stands for (`RM` is `MYR`).
pub fn iso_code(code: &str) -> Option<&'static str> {
    Some(match code {
        "RM" | "MYR" => "MYR",
        "RMB" | "CNY" => "CNY",
        "EUR" => "EUR",
        "USD" => "USD",
        "GBP" => "GBP",
        "JPY" => "JPY",
        "KRW" => "KRW",
        "PLN" => "PLN",
        "BRL" => "BRL",
        "CHF" => "CHF",
        "SGD" => "SGD",
        "AUD" => "AUD",
        "CAD" => "CAD",
        "AED" => "AED",
        "SAR" => "SAR",
        "EGP" => "EGP",
        "MAD" => "MAD",
        "QAR" => "QAR",
        "KWD" => "KWD",
        "OMR" => "OMR",
        "JOD" => "JOD",
        "INR" => "INR",
        "HKD" => "HKD",
        "TWD" => "TWD",
        "MXN" => "MXN",
        "ARS" => "ARS",
        "CLP" => "CLP",
        "COP" => "COP",
        "PEN" => "PEN",
        "SEK" => "SEK",
        "NOK" => "NOK",
        "DKK" => "DKK",
        "CZK" => "CZK",
        "HUF" => "HUF",
        "RON" => "RON",
        "TRY" => "TRY",
        "IDR" => "IDR",
        "THB" => "THB",
        "PHP" => "PHP",
        "NZD" => "NZD",
        "ZAR" => "ZAR",
        _ => return None,
    })
}

/// Currencies written without a minor unit (their amounts are whole numbers).
pub fn is_zero_decimal(code: &str) -> bool {
    matches!(code, "JPY" | "KRW" | "CLP" | "IDR" | "HUF")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_and_codes_name_currencies() {
        let codes = |text: &str, language| {
            row_currencies(text, language)
                .into_iter()
                .map(|(c, _)| c)
                .collect::<Vec<_>>()
        };
        assert_eq!(codes("TOTAL RM9.00", None), vec!["MYR"]);
        assert_eq!(codes("ABC SDN BHD", None), Vec::<&str>::new());
        assert_eq!(codes("try the pen", None), Vec::<&str>::new());
        assert_eq!(codes("BALL PEN 2.50", None), Vec::<&str>::new());
        assert_eq!(codes("Amount (RM)", None), vec!["MYR"]);
        assert_eq!(codes("summe 12,50 €", None), vec!["EUR"]);
        assert_eq!(codes("razem 12,50 zł", None), vec!["PLN"]);
        assert_eq!(codes("total r$ 10,00", None), vec!["BRL"]);
        assert_eq!(codes("合計 ¥1,280", Some("ja")), vec!["JPY"]);
        assert_eq!(codes("总计 ¥12.50", Some("zh")), vec!["CNY"]);
        assert_eq!(codes("TOTAL CHF 12.50", None), vec!["CHF"]);
        assert_eq!(codes("total $5.00", None), vec!["USD"]);
    }
}
