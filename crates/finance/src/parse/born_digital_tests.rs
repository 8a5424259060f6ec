//! Born-digital invoices (every word of a text layer certain): the numbers that identify —
//! the VAT number, the postcode, the IBAN, the phone and invoice numbers — give no amount,
//! the items come from the table's columns, and the country from the VAT number.

use super::test_support::page;
use super::*;

/// The words of `lines` as a PDF's text layer gives them (every word certain).
fn text_layer(lines: &[&str]) -> Vec<Word> {
    page(lines)
        .into_iter()
        .map(|w| Word {
            confidence: 1.0,
            ..w
        })
        .collect()
}

/// The invoice of issue 37: one item, 19 % VAT, the VAT number on the address line.
const NORDLICHT: &[&str] = &[
    "Nordlicht Software GmbH",
    "Hafenstrasse 12, 20457 Hamburg, Germany VAT DE123456789",
    "Tel +49 40 1234567",
    "Invoice",
    "Invoice no. 2026-0042",
    "Invoice date: 02.11.2026",
    "Bill to: Kestrel Analytics Ltd, 5 Mill Lane, Leeds LS1 4AB",
    "Description  Qty  Unit price  Amount",
    "Annual support licence  1  200.00  200.00",
    "Subtotal  200.00",
    "VAT 19%  38.00",
    "Total EUR  238.00",
    "IBAN DE89 3704 0044 0532 0130 00  BIC COBADEFFXXX",
];

#[test]
fn a_german_invoice_reads_its_totals_items_and_country() {
    for words in [text_layer(NORDLICHT), page(NORDLICHT)] {
        let parsed = parse(&[words], &Hints::default());
        let value = |f: &Option<Field<i64>>| f.as_ref().map(|f| f.value);
        assert_eq!(value(&parsed.subtotal), Some(20000), "{parsed:#?}");
        assert_eq!(value(&parsed.tax), Some(3800), "{parsed:#?}");
        assert_eq!(value(&parsed.total), Some(23800), "{parsed:#?}");
        assert_eq!(parsed.tax_rate.as_ref().map(|f| f.value), Some(19.0));
        assert_eq!(parsed.line_items.len(), 1, "{:#?}", parsed.line_items);
        let item = &parsed.line_items[0];
        assert_eq!(item.description, "Annual support licence");
        assert_eq!((item.quantity, item.unit_price), (1.0, 20000));
        assert!(item.consistent);
        assert_eq!(parsed.country.as_deref(), Some("DE"));
        assert_eq!(
            parsed.vendor.as_ref().map(|f| f.value.as_str()),
            Some("Nordlicht Software GmbH")
        );
        assert_eq!(
            parsed.date.as_ref().map(|f| f.value.to_string()).as_deref(),
            Some("2026-11-02")
        );
    }
}

#[test]
fn a_text_layer_figure_is_never_read_as_lost_decimals() {
    // An OCRed `VAT 1900` may be 19.00 with its mark lost; a text layer printed 1900.
    let lines = [
        "Shop Ltd",
        "Item  5.00",
        "Subtotal  5.00",
        "VAT 1900",
        "Total  5.00",
    ];
    let ocr = parse(&[page(&lines)], &Hints::default());
    assert_eq!(ocr.tax.as_ref().map(|f| f.value), Some(1900));
    let printed = parse(&[text_layer(&lines)], &Hints::default());
    assert_eq!(printed.tax, None, "{printed:#?}");
}

#[test]
fn item_numbers_are_read_by_the_column_they_stand_under() {
    // The unit price before a fractional quantity: by order alone 80 × 1.50 also makes 120.
    let lines = [
        "Nordlicht Software GmbH",
        "Description      Unit price   Qty   Amount",
        "Consulting         80.00      1.5   120.00",
        "Subtotal  120.00",
        "Total  120.00",
    ];
    let parsed = parse(&[text_layer(&lines)], &Hints::default());
    let item = parsed.line_items.first().expect("one item");
    assert_eq!((item.quantity, item.unit_price), (1.5, 8000), "{item:?}");
    assert!(item.consistent);
}
