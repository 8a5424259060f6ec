//! The country a document was issued in, as the document itself says it: the prefix of the
//! issuer's VAT number (`DE123456789`), else a country named in the header's address
//! (`Hamburg, Germany`). The customer's lines (bill to, Kunde, client …) tell the customer's
//! country and are passed over. `None` when neither is printed: the caller then falls back
//! on the currency and the language.

use super::identifiers::vat_id_country;
use super::rows::Row;
use super::text::has_any;

/// Words of lines about the customer, whose VAT number and address are not the issuer's.
#[rustfmt::skip]
const CUSTOMER_WORDS: &[&str] = &[
    "bill to", "billed to", "sold to", "ship to", "invoice to", "customer", "client", "buyer",
    "kunde", "kunden", "rechnungsempfänger", "empfänger", "ihre", "your", "cliente", "destinatario",
    "facturé à", "klant", "nabywca", "odbiorca", "comprador", "お客様", "客户", "고객", "العميل",
];

/// Country names as addresses print them (lower case), in English and the local language.
#[rustfmt::skip]
const COUNTRY_NAMES: &[(&str, &str)] = &[
    ("germany", "DE"), ("deutschland", "DE"), ("austria", "AT"), ("österreich", "AT"),
    ("switzerland", "CH"), ("schweiz", "CH"), ("suisse", "CH"), ("svizzera", "CH"),
    ("france", "FR"), ("spain", "ES"), ("españa", "ES"), ("italy", "IT"), ("italia", "IT"),
    ("portugal", "PT"), ("netherlands", "NL"), ("nederland", "NL"), ("belgium", "BE"),
    ("belgië", "BE"), ("belgique", "BE"), ("luxembourg", "LU"), ("ireland", "IE"),
    ("united kingdom", "GB"), ("poland", "PL"), ("polska", "PL"), ("denmark", "DK"),
    ("danmark", "DK"), ("sweden", "SE"), ("sverige", "SE"), ("finland", "FI"), ("suomi", "FI"),
    ("norway", "NO"), ("norge", "NO"), ("czech republic", "CZ"), ("czechia", "CZ"),
    ("česko", "CZ"), ("greece", "GR"), ("hungary", "HU"), ("magyarország", "HU"),
    ("romania", "RO"), ("slovakia", "SK"), ("japan", "JP"), ("日本", "JP"), ("china", "CN"),
    ("中国", "CN"), ("south korea", "KR"), ("대한민국", "KR"), ("saudi arabia", "SA"),
    ("السعودية", "SA"), ("united arab emirates", "AE"), ("الإمارات", "AE"), ("egypt", "EG"),
    ("مصر", "EG"), ("malaysia", "MY"), ("singapore", "SG"), ("united states", "US"),
    ("usa", "US"), ("canada", "CA"), ("australia", "AU"), ("new zealand", "NZ"),
    ("brazil", "BR"), ("brasil", "BR"), ("mexico", "MX"), ("méxico", "MX"), ("india", "IN"),
];

/// The issuing country (ISO 3166 alpha-2) of the document whose header block is
/// `rows[..header_end]`.
pub fn country_of(rows: &[Row], header_end: usize) -> Option<&'static str> {
    let issuer = |row: &&Row| !has_any(&row.folded, CUSTOMER_WORDS);
    rows.iter()
        .filter(issuer)
        .find_map(|row| vat_id_country(&row.folded))
        .or_else(|| {
            rows[..header_end.min(rows.len())]
                .iter()
                .filter(issuer)
                .find_map(|row| {
                    COUNTRY_NAMES
                        .iter()
                        .find(|(name, _)| has_any(&row.folded, &[*name]))
                        .map(|(_, code)| *code)
                })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::rows::rows_of;
    use crate::parse::test_support::page;

    fn country(lines: &[&str]) -> Option<&'static str> {
        let rows = rows_of(&[page(lines)]);
        country_of(&rows, rows.len())
    }

    #[test]
    fn the_vat_number_then_the_address_names_the_country() {
        assert_eq!(
            country(&[
                "Nordlicht Software GmbH",
                "Hamburg, Germany VAT DE123456789"
            ]),
            Some("DE")
        );
        assert_eq!(
            country(&[
                "Atelier Bleu SARL",
                "Bruxelles, Belgique",
                "TVA FR12345678901"
            ]),
            Some("FR")
        );
        assert_eq!(
            country(&["Nordlicht Software GmbH", "20457 Hamburg, Germany"]),
            Some("DE")
        );
        assert_eq!(
            country(&[
                "Harbour Books Ltd",
                "Bill to: Kunde GmbH, USt-IdNr DE123456789",
                "Bristol"
            ]),
            None
        );
    }
}
