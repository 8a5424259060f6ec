//! The account's currency when the caller does not give it: an ISO 4217 code printed on
//! the statement ("Amount (EUR)", "Currency: GBP"), else an unambiguous symbol.

/// Codes looked for as whole words.
const CODES: &[&str] = &[
    "EUR", "USD", "GBP", "CHF", "PLN", "JPY", "CNY", "KRW", "SAR", "AED", "QAR", "KWD", "BHD",
    "OMR", "EGP", "JOD", "MAD", "BRL", "MXN", "ARS", "CLP", "COP", "CAD", "AUD", "NZD", "SEK",
    "NOK", "DKK", "CZK", "HUF", "INR", "HKD", "TWD", "SGD",
];

/// Symbols that name one currency (`$` and `¥` do not; `¥` is JPY in Japanese).
const SYMBOLS: &[(&str, &str)] = &[
    ("€", "EUR"),
    ("£", "GBP"),
    ("zł", "PLN"),
    ("₩", "KRW"),
    ("원", "KRW"),
    ("円", "JPY"),
    ("R$", "BRL"),
];

/// The first currency `texts` show, with `language` to settle `¥`/`￥`.
pub fn detect<'a>(texts: impl Iterator<Item = &'a str>, language: &str) -> Option<String> {
    let mut by_symbol: Option<&str> = None;
    for text in texts {
        for word in text.split(|c: char| !c.is_alphanumeric() && c != '€' && c != '£' && c != '$')
        {
            if let Some(code) = CODES.iter().find(|c| word == **c) {
                return Some((*code).to_owned());
            }
        }
        if by_symbol.is_none() {
            by_symbol = SYMBOLS
                .iter()
                .find(|(symbol, _)| text.contains(symbol))
                .map(|(_, code)| *code)
                .or_else(|| {
                    (text.contains('¥') || text.contains('￥')).then_some(match language {
                        "zh" => "CNY",
                        _ => "JPY",
                    })
                });
        }
    }
    by_symbol.map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_before_symbols() {
        assert_eq!(
            detect(["Amount (EUR)"].into_iter(), "en"),
            Some("EUR".into())
        );
        assert_eq!(
            detect(["£12.00", "Currency: GBP"].into_iter(), "en"),
            Some("GBP".into())
        );
        assert_eq!(detect(["12,00 zł"].into_iter(), "pl"), Some("PLN".into()));
        assert_eq!(detect(["￥1,200"].into_iter(), "zh"), Some("CNY".into()));
        assert_eq!(detect(["EURO SHOP"].into_iter(), "en"), None);
    }
}
