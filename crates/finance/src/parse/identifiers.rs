//! Numbers that identify rather than count: VAT and tax registration numbers, IBANs, phone
//! and fax numbers, invoice, order and customer numbers, postcodes. They are blanked out of
//! a cell before its amounts are read, so that no total, tax or item amount is ever read
//! from them (`20457 Hamburg` is no 204.57, `DE123456789` no tax), and a row that carries a
//! VAT number is no tax line.

use std::sync::LazyLock;

use regex::Regex;

use suite_engines::{iban, vat_prefix};

use super::text::ascii_digits;

/// A VAT number written as one token: a prefix of `suite_engines::vat_prefix`, then the
/// shape of its country's numbers (`ESB12345678`, `NL123456789B01`, `ATU12345678`).
static VAT_ID: LazyLock<Regex> = LazyLock::new(|| {
    let numbers: Vec<String> = vat_prefix::PREFIXES
        .iter()
        .map(|entry| format!("{}(?:{})", entry.prefix, entry.shape))
        .collect();
    Regex::new(&format!(r"(?i)\b(?:{})\b", numbers.join("|"))).expect("static regex")
});

/// What may be an IBAN: a country, two check digits, then groups of letters and digits.
/// [`iban_spans`] tells which are.
static IBAN_CANDIDATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b[a-z]{2}[0-9]{2}(?: ?[0-9a-z]{4}){3,7}(?: ?[0-9a-z]{1,3})?\b")
        .expect("static regex")
});

/// A number after a label that names it an identifier (phone, fax, tax, registration,
/// account, invoice, order, customer number …): the run of tokens with digits after it.
static LABELLED: LazyLock<Regex> = LazyLock::new(|| {
    let number = r"(?:(?:no|nr|nº|number|nummer|num|id)\b\.?|n°|#)";
    let documents = r"(?:invoice|inv|receipt|bill|order|document|doc|ref|reference|customer|account|acct|transaction|txn|rechnungs?|kunden|beleg|bestell|auftrags|factura|facture|fattura|fatura|factuur|faktura|pedido|commande|ordine|bestelling|cliente|client|klant)";
    let joined = r"(?:rechnungsnummer|rechnungsnr|kundennummer|kundennr|belegnummer|bestellnummer|auftragsnummer|factuurnummer|numéro de facture|numero de factura|numero fattura|número da fatura|numer faktury)";
    let phone = r"(?:tel|tél|phone|telephone|telefon|telefone|teléfono|telefono|fax|mobile|mob|hp|h/p|whatsapp|電話|电话|전화|هاتف|جوال)";
    let tax = r"(?:vat no|vat reg(?:istration)?(?: no)?|vat id|vat number|tax id|tax no|gst id|gst no|gst reg(?: no)?|reg\.? no|registration no|tin|abn|nip|nif|cif|cnpj|cpf|regon|ust-?id(?:nr)?|ust-?idnr|steuernr|steuer-nr|steuernummer|st\.-nr|p\.? ?iva|partita iva|siret|siren|n° tva|tva intra(?:communautaire)?|btw-?nr|btw nr|kvk|iban|bic|swift|blz|konto(?:nr)?|account|登録番号|税号|纳税人识别号|사업자(?:등록번호)?|الرقم الضريبي|رقم التسجيل)";
    Regex::new(&format!(
        r"(?:\b{documents} ?{number}|\b(?:{joined}|{phone}|{tax})\b\.?)\s*[:.#]?\s*((?:[a-z]{{2,3}} ?)?[+(]?[0-9][0-9a-z()./\-]*(?: [+(]?[0-9][0-9()./\-]*)*)"
    ))
    .expect("static regex")
});

/// An international phone number: `+49 40 1234567`.
static PHONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\+[0-9]{1,3}[ (]?[0-9][0-9 ()/\-]{5,}[0-9]").expect("static regex")
});

/// A postcode beside its town (`20457 Hamburg`, `1017 GM Amsterdam`, `CA 94105`), read on
/// the text as written (the town's capital matters).
static POSTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b[0-9]{4,6}(?: [A-Z]{2})? \p{Lu}\p{Ll}+|\b[A-Z]{2} [0-9]{5}(?:-[0-9]{4})?\b")
        .expect("static regex")
});

/// Currency names written after an amount, which are no town after a postcode.
#[rustfmt::skip]
const CURRENCY_WORDS: &[&str] = &[
    "yen", "won", "yuan", "euro", "euros", "eur", "dollar", "dollars", "pesos", "peso",
    "zloty", "złoty", "ringgit", "riyal", "riyals", "dirham", "dirhams", "francs", "franken",
    "pounds", "reais", "real",
];

/// Whether a token that looks like an amount (`9.90`, `1.234,50`) is among `text`'s tokens:
/// a labelled run that holds one is an item or a total, not a number.
fn holds_amount(text: &str) -> bool {
    static AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^-?[0-9]{1,3}(?:[.,' ]?[0-9]{3})*[.,][0-9]{2}-?$").expect("static regex")
    });
    text.split_whitespace().any(|t| AMOUNT.is_match(t))
}

/// The cell's text with every identifier blanked out (each replaced by one space), in the
/// folded form amounts are read from (ASCII digits, lower case).
pub fn blanked(cell: &str) -> String {
    let written = ascii_digits(cell);
    let mut spans: Vec<(usize, usize)> = POSTCODE
        .find_iter(&written)
        // `2500 Yen` is an amount in words, not a town.
        .filter(|m| {
            let town = m.as_str().rsplit(' ').next().unwrap_or("").to_lowercase();
            !CURRENCY_WORDS.contains(&town.as_str())
        })
        .map(|m| {
            let digits = m.as_str().find(|c: char| c.is_ascii_digit()).unwrap_or(0);
            let end = m.as_str()[digits..]
                .find(|c: char| !c.is_ascii_digit() && c != '-')
                .map_or(m.end(), |e| m.start() + digits + e);
            (m.start() + digits, end)
        })
        .collect();
    // Lower-casing keeps byte offsets for the scripts written here except a few letters
    // (`İ`); the spans are then found again on the lowered text.
    let lowered = written.to_lowercase();
    if lowered.len() != written.len() {
        spans.clear();
    }
    for m in VAT_ID.find_iter(&lowered) {
        let followed_by_decimals = lowered[m.end()..]
            .strip_prefix(['.', ','])
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        if !followed_by_decimals {
            spans.push((m.start(), m.end()));
        }
    }
    spans.extend(iban_spans(&lowered));
    spans.extend(PHONE.find_iter(&lowered).map(|m| (m.start(), m.end())));
    for captures in LABELLED.captures_iter(&lowered) {
        if let Some(number) = captures.get(1) {
            let digits = number.as_str().chars().filter(char::is_ascii_digit).count();
            if digits >= 3 && !holds_amount(number.as_str()) {
                spans.push((number.start(), number.end()));
            }
        }
    }
    if spans.is_empty() {
        return lowered;
    }
    spans.sort_unstable();
    let mut out = String::with_capacity(lowered.len());
    let mut at = 0;
    for (start, end) in spans {
        if end <= at {
            continue;
        }
        out.push_str(&lowered[at..start.max(at)]);
        out.push(' ');
        at = end;
    }
    out.push_str(&lowered[at..]);
    out
}

/// The IBANs of `lowered` (folded text): each candidate's span, cut to its country's IBAN
/// length when that many characters pass the mod-97 check (`de89 3704 0044 0532 0130 00`,
/// not an amount written after it). A candidate that fails the check but is still an IBAN
/// as printed or misread — a country of the registry, its length give or take two
/// characters, an account part mostly of digits — is blanked whole: no amount is read from
/// what may be an IBAN. Other candidates (`xl42 blue wool coat 59.90`) are left as written.
fn iban_spans(lowered: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    IBAN_CANDIDATE.find_iter(lowered).filter_map(|m| {
        let candidate = m.as_str();
        let country = candidate[..2].to_ascii_uppercase();
        let length = iban::registry_length(&country)?;
        // Byte offsets of the candidate's letters and digits (all ASCII), in order.
        let characters: Vec<usize> = candidate
            .char_indices()
            .filter(|(_, c)| c.is_ascii_alphanumeric())
            .map(|(at, _)| at)
            .collect();
        if let Some(&last) = characters.get(length - 1) {
            let electronic: String = characters[..length]
                .iter()
                .map(|&at| char::from(candidate.as_bytes()[at].to_ascii_uppercase()))
                .collect();
            if iban::checksum_valid(&electronic) {
                return Some((m.start(), m.start() + last + 1));
            }
        }
        let account = characters.get(4..).unwrap_or_default();
        let digits = account
            .iter()
            .filter(|&&at| candidate.as_bytes()[at].is_ascii_digit())
            .count();
        let misread = characters.len().abs_diff(length) <= 2 && 2 * digits >= account.len();
        misread.then_some((m.start(), m.end()))
    })
}

/// The country of the first VAT number in `folded` (a row's folded text), as ISO 3166
/// alpha-2.
pub fn vat_id_country(folded: &str) -> Option<&'static str> {
    let number = VAT_ID.find(folded)?;
    vat_prefix::of_number(number.as_str()).map(|entry| entry.country)
}

/// Whether `folded` carries a VAT or tax registration number (its tax word names the
/// number, not an amount).
pub fn has_vat_id(folded: &str) -> bool {
    VAT_ID.is_match(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blanked text with its spaces collapsed.
    fn left(text: &str) -> String {
        blanked(text)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn identifiers_are_blanked_and_amounts_kept() {
        assert_eq!(
            left("Hafenstrasse 12, 20457 Hamburg, Germany VAT DE123456789"),
            "hafenstrasse 12, hamburg, germany vat"
        );
        assert_eq!(left("IBAN DE89 3704 0044 0532 0130 00"), "iban");
        assert_eq!(left("Tel: +49 40 1234567"), "tel:");
        assert_eq!(left("Invoice No. 10452"), "invoice no.");
        assert_eq!(left("Rechnungsnr. 4711/26"), "rechnungsnr.");
        assert_eq!(left("1017 GM Amsterdam"), "gm amsterdam");
        assert_eq!(left("San Francisco, CA 94105"), "san francisco, ca");
        assert_eq!(left("VAT 19% 38.00"), "vat 19% 38.00");
        assert_eq!(left("Phone case 2 9.90 19.80"), "phone case 2 9.90 19.80");
        assert_eq!(left("Total EUR 238.00"), "total eur 238.00");
        assert_eq!(left("PLN1234567.00"), "pln1234567.00");
        assert_eq!(left("Total 2500 Yen"), "total 2500 yen");
    }

    #[test]
    fn the_vat_number_names_its_country() {
        assert_eq!(vat_id_country("vat de123456789"), Some("DE"));
        assert_eq!(vat_id_country("tva fr12345678901"), Some("FR"));
        assert_eq!(vat_id_country("btw nl123456789b01"), Some("NL"));
        assert_eq!(vat_id_country("uid atu12345678"), Some("AT"));
        assert_eq!(vat_id_country("afm el123456789"), Some("GR"));
        assert_eq!(vat_id_country("total 238.00"), None);
        assert!(has_vat_id("vat de123456789"));
        assert!(!has_vat_id("vat 19% 38.00"));
    }

    #[test]
    fn a_vat_number_has_its_country_shape() {
        assert_eq!(vat_id_country("mwst che123456789"), Some("CH"));
        assert_eq!(vat_id_country("vat gb980780684"), Some("GB"));
        assert_eq!(vat_id_country("vat xi980780684"), Some("GB"));
        assert_eq!(vat_id_country("org.nr no123456789mva"), Some("NO"));
        // A German number has 9 digits, a Dutch one its `B`.
        assert_eq!(vat_id_country("vat de12345678"), None);
        assert_eq!(vat_id_country("btw nl123456789c01"), None);
        assert!(!has_vat_id("art. de1234567890"));
    }

    #[test]
    fn an_iban_is_blanked_to_its_country_length() {
        assert_eq!(left("DE89370400440532013000"), "");
        // Austria's IBANs have 20 characters: the amount after it is read.
        assert_eq!(
            left("Transfer AT61 1904 3002 3457 3201 5,00"),
            "transfer 5,00"
        );
    }

    #[test]
    fn what_only_looks_like_an_iban_is_no_identifier() {
        // No country of the IBAN registry, and words rather than an account number.
        assert_eq!(
            left("XL42 Blue Wool Coat 59.90"),
            "xl42 blue wool coat 59.90"
        );
        assert_eq!(
            left("DE42 Blue Wool Coat 59.90"),
            "de42 blue wool coat 59.90"
        );
    }

    #[test]
    fn an_iban_misread_by_one_character_still_gives_no_amount() {
        // The check digits fail (the last digit misread), but a registry country, the
        // length and the digits say IBAN: nothing of it is read as an amount.
        assert!(!iban::checksum_valid("DE89370400440532013001"));
        assert_eq!(left("Transfer DE89 3704 0044 0532 0130 01"), "transfer");
        assert_eq!(left("Transfer DE89 3704 0044 0532 0130 0"), "transfer");
        assert_eq!(left("Transfer GB29 NWBK 6016 1331 9268 1"), "transfer");
    }
}
