//! The country a document was issued in, as far as its currency and language tell, so the
//! tax rate can be checked against that country's rates: the fallback when the document
//! names no country itself (its VAT number's prefix or its address, read by `parse`). A
//! currency used by one country names it; the euro and the dollar name one only together
//! with the language. `None` when neither tells (the rate is then never judged).

/// ISO 3166 alpha-2 country of a document in `currency` (ISO 4217) and `language` (ISO
/// 639-1).
pub fn of(currency: Option<&str>, language: &str) -> Option<String> {
    let country = match (currency, language) {
        (Some("EUR") | None, "de") => "DE",
        (Some("EUR") | None, "fr") => "FR",
        (Some("EUR") | None, "es") => "ES",
        (Some("EUR") | None, "it") => "IT",
        (Some("EUR") | None, "pt") => "PT",
        (Some("EUR") | None, "nl") => "NL",
        (Some("EUR"), "en") => "IE",
        (Some("EUR"), _) => return None,
        (Some("USD"), "en" | "es") => "US",
        (Some("GBP"), _) => "GB",
        (Some("CHF"), _) => "CH",
        (Some("PLN"), _) | (None, "pl") => "PL",
        (Some("JPY"), _) | (None, "ja") => "JP",
        (Some("CNY"), _) | (None, "zh") => "CN",
        (Some("TWD"), _) => "TW",
        (Some("KRW"), _) | (None, "ko") => "KR",
        (Some("SAR"), _) => "SA",
        (Some("AED"), _) => "AE",
        (Some("EGP"), _) => "EG",
        (Some("MYR"), _) => "MY",
        (Some("SGD"), _) => "SG",
        (Some("AUD"), _) => "AU",
        (Some("NZD"), _) => "NZ",
        (Some("CAD"), _) => "CA",
        (Some("INR"), _) => "IN",
        (Some("MXN"), _) => "MX",
        (Some("BRL"), _) => "BR",
        (Some("ARS"), _) => "AR",
        (Some("COP"), _) => "CO",
        _ => return None,
    };
    Some(country.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_national_currency_names_its_country_and_the_euro_needs_the_language() {
        assert_eq!(of(Some("PLN"), "en").as_deref(), Some("PL"));
        assert_eq!(of(Some("EUR"), "de").as_deref(), Some("DE"));
        assert_eq!(of(None, "fr").as_deref(), Some("FR"));
        assert_eq!(of(Some("EUR"), "ar"), None);
        assert_eq!(of(Some("USD"), "en").as_deref(), Some("US"));
        assert_eq!(of(None, "en"), None);
        assert_eq!(of(Some("XYZ"), "de"), None);
    }
}
