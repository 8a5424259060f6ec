//! The language and the kind of a document when the caller does not say: the script of its
//! letters (Hangul, kana, Han, Arabic), else the words of the Latin-script languages it
//! uses most; a receipt or an invoice by its title words and by cash/change or due-date
//! lines.

use super::DocType;
use super::labels::{INVOICE_TITLES, RECEIPT_TITLES};
use super::rows::Row;
use super::text::has_any;

/// Common words of receipts and invoices per Latin-script language (lower case).
const LATIN_WORDS: &[(&str, &[&str])] = &[
    (
        "en",
        &[
            "total", "subtotal", "tax", "cash", "change", "receipt", "invoice", "thank", "you",
            "qty", "amount", "date", "the", "and", "price",
        ],
    ),
    (
        "es",
        &[
            "importe",
            "total a pagar",
            "iva",
            "efectivo",
            "cambio",
            "factura",
            "gracias",
            "fecha",
            "cantidad",
            "precio",
            "ticket",
            "de",
            "su",
            "ud",
            "cif",
            "nif",
        ],
    ),
    (
        "fr",
        &[
            "montant",
            "tva",
            "espèces",
            "especes",
            "rendu",
            "facture",
            "merci",
            "prix",
            "sous-total",
            "ttc",
            "ht",
            "à",
            "payer",
            "le",
            "la",
            "date",
            "qté",
        ],
    ),
    (
        "de",
        &[
            "summe",
            "gesamt",
            "mwst",
            "ust",
            "bar",
            "rückgeld",
            "wechselgeld",
            "rechnung",
            "danke",
            "datum",
            "betrag",
            "zu",
            "zahlen",
            "und",
            "der",
            "die",
            "inkl",
            "zwischensumme",
            "kassenbon",
        ],
    ),
    (
        "it",
        &[
            "totale",
            "iva",
            "contanti",
            "resto",
            "fattura",
            "grazie",
            "scontrino",
            "importo",
            "prezzo",
            "data",
            "euro",
            "di",
            "del",
            "della",
        ],
    ),
    (
        "pt",
        &[
            "total", "iva", "dinheiro", "troco", "fatura", "obrigado", "recibo", "valor", "preço",
            "data", "de", "do", "da", "nif", "cupom",
        ],
    ),
    (
        "nl",
        &[
            "totaal",
            "btw",
            "contant",
            "wisselgeld",
            "factuur",
            "bedankt",
            "bedrag",
            "prijs",
            "datum",
            "te",
            "betalen",
            "van",
            "het",
            "en",
            "pin",
            "kassabon",
        ],
    ),
    (
        "pl",
        &[
            "razem",
            "suma",
            "ptu",
            "gotówka",
            "reszta",
            "faktura",
            "paragon",
            "fiskalny",
            "dziękujemy",
            "data",
            "cena",
            "ilość",
            "zapłaty",
            "do",
            "sprzedaż",
            "nip",
        ],
    ),
];

/// The language of the rows (ISO 639-1 code).
pub fn language_of(rows: &[Row]) -> &'static str {
    let (mut hangul, mut kana, mut han, mut arabic, mut latin) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    for c in rows.iter().flat_map(|r| r.text.chars()) {
        match c as u32 {
            0xAC00..=0xD7AF | 0x1100..=0x11FF | 0x3130..=0x318F => hangul += 1,
            0x3040..=0x30FF | 0xFF66..=0xFF9F => kana += 1,
            0x4E00..=0x9FFF | 0x3400..=0x4DBF => han += 1,
            0x0600..=0x06FF | 0x0750..=0x077F | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => arabic += 1,
            _ if c.is_alphabetic() => latin += 1,
            _ => {}
        }
    }
    let scripted = hangul + kana + han + arabic;
    if scripted * 4 >= latin && scripted > 0 {
        if hangul >= kana + han && hangul >= arabic {
            return "ko";
        }
        if arabic >= hangul && arabic >= kana + han {
            return "ar";
        }
        return if kana > 0 { "ja" } else { "zh" };
    }
    latin_language(rows)
}

fn latin_language(rows: &[Row]) -> &'static str {
    let mut best = ("en", 0usize);
    for (lang, words) in LATIN_WORDS {
        let hits: usize = rows
            .iter()
            .map(|row| {
                row.folded
                    .split(|c: char| !c.is_alphanumeric() && c != '-')
                    .filter(|w| words.contains(w))
                    .count()
                    + words
                        .iter()
                        .filter(|w| w.contains(' ') && row.folded.contains(**w))
                        .count()
            })
            .sum();
        if hits > best.1 {
            best = (lang, hits);
        }
    }
    best.0
}

/// A receipt or an invoice: title words, then payment lines (cash, change) against
/// invoice cues (due date, bill to). A receipt when nothing tells.
pub fn doc_type_of(rows: &[Row]) -> DocType {
    let mut invoice = 0;
    let mut receipt = 0;
    for row in rows {
        if has_any(&row.folded, INVOICE_TITLES) {
            invoice += 2;
        }
        if has_any(&row.folded, RECEIPT_TITLES) {
            receipt += 2;
        }
        if has_any(
            &row.folded,
            &[
                "cash",
                "change",
                "bargeld",
                "efectivo",
                "espèces",
                "contanti",
                "troco",
                "reszta",
                "お釣り",
                "找零",
                "거스름돈",
                "现金",
                "現金",
            ],
        ) {
            receipt += 1;
        }
        if has_any(
            &row.folded,
            &[
                "due date",
                "bill to",
                "payment terms",
                "fällig",
                "vencimiento",
                "échéance",
                "scadenza",
                "termin płatności",
                "支払期限",
                "到期日",
                "납기",
            ],
        ) {
            invoice += 1;
        }
    }
    if invoice > receipt {
        DocType::Invoice
    } else {
        DocType::Receipt
    }
}
