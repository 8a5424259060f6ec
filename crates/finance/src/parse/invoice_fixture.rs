//! A born-digital B2B invoice as businesses send them, written here as HTML for the server's
//! document API to print: the issuer's address line carrying a postcode and its VAT number,
//! phone, invoice and customer numbers, an item table in columns (description, quantity,
//! unit price, amount), the totals block, and the bank details with an IBAN below it — every
//! number a field reader must not take for an amount. Issue 37's reproduction.

/// The known fields of `nordlicht()` (amounts in cents).
pub const SUBTOTAL: i64 = 20_000;
pub const TAX: i64 = 3_800;
pub const TOTAL: i64 = 23_800;
pub const VENDOR: &str = "Nordlicht Software GmbH";
pub const DATE_ISO: &str = "2026-11-02";

/// Nordlicht Software GmbH's invoice: one item of 200.00, VAT 19 % 38.00, total EUR 238.00.
pub fn nordlicht() -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>@page {{ size: A4; margin: 18mm }} \
         body {{ font: 10.5pt 'DejaVu Sans', sans-serif }} h1 {{ font-size: 16pt; margin: 0 }} \
         .meta {{ margin-top: 6mm }} table {{ width: 100%; border-collapse: collapse; margin-top: 8mm }} \
         th, td {{ padding: 1.5mm 0; text-align: left }} .n {{ text-align: right }} \
         .totals td {{ text-align: right }} footer {{ margin-top: 14mm; font-size: 9pt }}</style></head><body>\
         <h1>{VENDOR}</h1>\
         <p>Hafenstrasse 12, 20457 Hamburg, Germany VAT DE123456789</p>\
         <p>Tel +49 40 3344 5566</p>\
         <h2>Invoice</h2>\
         <div class=meta><p>Invoice no. 2026-0417</p><p>Invoice date: 02.11.2026</p>\
         <p>Customer no. 10452</p></div>\
         <p>Bill to: Kestrel Analytics Ltd, 5 Mill Lane, Leeds LS1 4AB, United Kingdom</p>\
         <table><tr><th>Description</th><th class=n>Qty</th><th class=n>Unit price</th><th class=n>Amount</th></tr>\
         <tr><td>Annual support licence</td><td class=n>1</td><td class=n>200.00</td><td class=n>200.00</td></tr>\
         </table><table class=totals>\
         <tr><td>Subtotal</td><td>200.00</td></tr>\
         <tr><td>VAT 19%</td><td>38.00</td></tr>\
         <tr><td>Total EUR</td><td>238.00</td></tr></table>\
         <footer><p>Payable within 14 days to Nordlicht Software GmbH</p>\
         <p>IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX</p></footer></body></html>"
    )
}

/// `nordlicht()` with each `(from, to)` replaced once (a manipulated copy); panics when a
/// `from` is not on the invoice.
pub fn nordlicht_with(changes: &[(&str, &str)]) -> String {
    let mut html = nordlicht();
    for (from, to) in changes {
        assert!(html.contains(from), "{from} is not on the invoice");
        html = html.replacen(from, to, 1);
    }
    html
}
