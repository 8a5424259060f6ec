//! Amounts in cents written for people, so every signal's detail shows the figures the
//! same way ("1234.56 EUR", "1200 JPY").

/// Currencies without a minor unit in everyday use: their amounts print without decimals
/// and "round" means a multiple of 100 units (see `amount_patterns`).
pub const ZERO_DECIMAL_CURRENCIES: &[&str] = &[
    "JPY", "KRW", "CLP", "VND", "ISK", "PYG", "UGX", "XAF", "XOF", "IDR", "HUF", "COP", "TWD",
];

/// Whether `currency` (ISO 4217) is written without decimals.
pub fn is_zero_decimal(currency: Option<&str>) -> bool {
    currency.is_some_and(|code| {
        ZERO_DECIMAL_CURRENCIES
            .iter()
            .any(|zero| zero.eq_ignore_ascii_case(code.trim()))
    })
}

/// `cents` as a decimal amount with two decimals ("-12.05").
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let magnitude = cents.unsigned_abs();
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

/// `cents` with its currency when known: "12.05 EUR", "1200 JPY" (whole amounts of
/// zero-decimal currencies drop the decimals), "12.05".
pub fn format_amount(cents: i64, currency: Option<&str>) -> String {
    let number = if is_zero_decimal(currency) && cents % 100 == 0 {
        (cents / 100).to_string()
    } else {
        format_cents(cents)
    };
    match currency.map(str::trim).filter(|code| !code.is_empty()) {
        Some(code) => format!("{number} {}", code.to_ascii_uppercase()),
        None => number,
    }
}

/// A rate in percent without trailing zeros ("19", "5.5", "9.975").
pub fn format_percent(rate: f64) -> String {
    let text = format!("{rate:.3}");
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    format!("{trimmed} %")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_amounts_and_rates() {
        assert_eq!(format_cents(1205), "12.05");
        assert_eq!(format_cents(-5), "-0.05");
        assert_eq!(format_amount(123456, Some("eur")), "1234.56 EUR");
        assert_eq!(format_amount(120000, Some("JPY")), "1200 JPY");
        assert_eq!(format_amount(7, None), "0.07");
        assert_eq!(format_percent(19.0), "19 %");
        assert_eq!(format_percent(5.5), "5.5 %");
        assert_eq!(format_percent(9.975), "9.975 %");
    }
}
