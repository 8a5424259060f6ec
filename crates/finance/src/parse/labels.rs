//! The words receipts and invoices label their parts with, in the 12 languages (lower case,
//! with and without accents where OCR drops them), and the classification of a row by them.
//! Data and one classifier; the rules that use them live with their fields.

use super::identifiers::has_vat_id;
use super::text::has_any;

/// The amount to pay, including tax and rounding: preferred over a plain total.
#[rustfmt::skip]
pub const PAYABLE: &[&str] = &[
    "grand total", "total payable", "amount payable", "amount due", "total due", "total amount due",
    "nett total", "net total payable", "total rounded", "rounded total", "total after rounding",
    "total (rounded)", "total incl", "total inc", "total including", "total inclusive",
    "total a pagar", "total à pagar", "importe total", "total factura", "total à payer",
    "total a payer", "net à payer", "net a payer", "montant ttc", "total ttc", "à payer",
    "zu zahlen", "gesamtbetrag", "endbetrag", "rechnungsbetrag", "summe eur", "totale da pagare",
    "totale complessivo", "totale euro", "totale eur", "totaal te betalen", "te betalen",
    "do zapłaty", "do zaplaty", "razem do zapłaty", "suma pln", "total geral", "valor total",
    "valor a pagar", "合計金額", "お支払金額", "ご請求金額", "総合計", "应付金额", "应付", "应收金额", "价税合计", "총 결제금액",
    "결제금액", "결제 금액", "받을금액", "청구금액", "المبلغ المستحق", "الإجمالي المستحق", "المبلغ الإجمالي",
    "الاجمالي المستحق",
];

/// A total of the document.
#[rustfmt::skip]
pub const TOTAL: &[&str] = &[
    "total", "totals", "ttl", "gesamt", "summe", "totale", "importe", "totaal", "razem", "suma",
    "合計", "合计", "总计", "總計", "总额", "總額", "합계", "총액", "총 금액", "المجموع", "الإجمالي", "الاجمالي",
];

/// A total before tax (or before a discount): the subtotal.
#[rustfmt::skip]
pub const SUBTOTAL: &[&str] = &[
    "subtotal", "sub total", "sub-total", "sub ttl", "subttl", "total excl", "total excluding",
    "total exclusive", "excluding gst", "exclusive gst", "excl. gst", "excl gst", "excl. vat",
    "excl vat", "total before tax", "total net", "net amount", "total ht", "montant ht",
    "sous-total", "sous total", "hors taxe", "zwischensumme", "nettobetrag", "netto", "summe netto",
    "subtotale", "imponibile", "totale imponibile", "base imponible", "sin iva", "subtotaal",
    "totaal excl", "excl. btw", "excl btw", "suma częściowa", "wartość netto", "netto pln",
    "valor sem iva", "小計", "小计", "税抜", "税抜合計", "不含税", "소계", "공급가액", "المجموع الفرعي",
    "الإجمالي قبل الضريبة", "المجموع قبل الضريبة",
];

/// Tax words (the tax total or one rate's tax).
#[rustfmt::skip]
pub const TAX: &[&str] = &[
    "tax", "taxes", "vat", "gst", "sst", "hst", "pst", "mwst", "mwst.", "ust", "ust.",
    "umsatzsteuer", "mehrwertsteuer", "tva", "iva", "i.v.a.", "btw", "ptu", "podatek", "vat pln",
    "imposta", "imposto", "impuesto", "消費税", "消费税", "税额", "税額", "增值税", "税", "부가세", "부가가치세", "세액",
    "ضريبة", "الضريبة", "ض.ق.م",
];

/// Lines whose amount is no total: what was handed over, given back, rounded, paid by card,
/// left to pay after a payment, saved or discounted, and counts.
#[rustfmt::skip]
pub const REJECT: &[&str] = &[
    "cash", "change", "tendered", "tender", "rounding", "round adj", "rounding adj", "adjustment",
    "paid", "payment", "card", "visa", "mastercard", "amex", "debit", "credit", "balance",
    "deposit", "received", "refund", "saving", "savings", "you saved", "discount", "qty",
    "quantity", "items", "item", "points", "point", "tip", "gratuity", "voucher", "bar", "bargeld",
    "gegeben", "rückgeld", "ruckgeld", "wechselgeld", "zurück", "karte", "ec-karte", "gezahlt",
    "efectivo", "cambio", "entregado", "su cambio", "vuelto", "pagado", "tarjeta", "espèces",
    "especes", "rendu", "monnaie", "à rendre", "carte", "payé", "contanti", "resto", "pagato",
    "carta", "dinheiro", "troco", "cartão", "pago", "contant", "wisselgeld", "terug", "pin",
    "betaald", "gotówka", "gotowka", "reszta", "karta", "zapłacono", "お預り", "お預かり", "預り", "お釣り",
    "おつり", "釣銭", "現金", "クレジット", "找零", "找赎", "现金", "實收", "实收", "收款", "刷卡", "거스름돈", "받은금액", "받은 금액",
    "현금", "카드", "نقدا", "نقداً", "الباقي", "المتبقي", "المدفوع", "مدفوع", "بطاقة", "الصرف",
];

/// A tax registration number line (a tax word there names no amount).
#[rustfmt::skip]
pub const TAX_ID: &[&str] = &[
    "reg no", "reg. no", "registration", "reg:", "id:", "id no", "gst id", "gst no", "vat no",
    "vat reg", "tax id", "tin", "abn", "nip", "nif", "cif", "cnpj", "cpf", "regon", "ust-id",
    "ust-idnr", "steuernr", "steuer-nr", "st.-nr", "p.iva", "p. iva", "partita iva", "siret",
    "siren", "n° tva", "tva intra", "btw-nr", "btw nr", "kvk", "nr", "no.", "no:", "number", "登録番号",
    "税号", "纳税人识别号", "统一社会信用代码", "사업자", "등록번호", "الرقم الضريبي", "رقم التسجيل",
];

/// Words saying a tax is included in the amount beside it.
#[rustfmt::skip]
pub const INCLUDED: &[&str] = &[
    "di cui", "dont", "davon", "waarvan", "incl", "incl.", "inkl", "inkl.", "inc", "inc.",
    "included", "includes", "including", "inclusive", "ttc", "con iva", "w tym", "含税", "込",
];

/// The document's own date.
#[rustfmt::skip]
pub const DATE_LABELS: &[&str] = &[
    "date", "dated", "invoice date", "receipt date", "datum", "rechnungsdatum", "fecha",
    "date de facture", "data", "data fattura", "data emissione", "data de emissão", "factuurdatum",
    "data wystawienia", "data sprzedaży", "日付", "発行日", "日期", "开票日期", "날짜", "일자", "발행일", "التاريخ",
    "تاريخ",
];

/// A date that is not the document's: when it is due, delivered, valid until.
#[rustfmt::skip]
pub const OTHER_DATE_LABELS: &[&str] = &[
    "due", "due date", "payment due", "pay by", "expiry", "exp", "valid until", "delivery",
    "fälligkeit", "fällig", "zahlbar bis", "lieferdatum", "vencimiento", "fecha de vencimiento",
    "échéance", "echeance", "scadenza", "vencimento", "vervaldatum", "termin płatności",
    "termin platnosci", "支払期限", "期限", "到期", "납기", "만기", "تاريخ الاستحقاق", "الاستحقاق",
];

/// Titles naming the document as an invoice.
#[rustfmt::skip]
pub const INVOICE_TITLES: &[&str] = &[
    "invoice", "tax invoice", "bill to", "rechnung", "factura", "facture", "fattura", "fatura",
    "nota fiscal", "factuur", "faktura", "faktura vat", "請求書", "发票", "發票", "청구서", "세금계산서", "فاتورة",
    "فاتورة ضريبية",
];

/// Titles naming the document as a receipt.
#[rustfmt::skip]
pub const RECEIPT_TITLES: &[&str] = &[
    "receipt", "cash sale", "cash bill", "quittung", "kassenbon", "beleg", "bon", "kassenbeleg",
    "ticket", "recibo", "reçu", "ticket de caisse", "scontrino", "ricevuta", "cupom",
    "cupom fiscal", "talão", "kassabon", "bonnetje", "paragon", "paragon fiskalny", "領収書", "領収証",
    "レシート", "收据", "收據", "小票", "영수증", "إيصال", "ايصال",
];

/// Column headings of an item table.
#[rustfmt::skip]
pub const ITEM_HEADINGS: &[&str] = &[
    "qty", "quantity", "description", "item", "items", "price", "unit price", "amount", "menge",
    "artikel", "bezeichnung", "preis", "einzelpreis", "betrag", "cant", "cant.", "cantidad",
    "descripción", "descripcion", "precio", "importe", "qté", "qte", "quantité", "désignation",
    "designation", "prix", "prix unitaire", "montant", "quantità", "qtà", "descrizione", "prezzo",
    "importo", "qtd", "quantidade", "descrição", "preço", "valor", "aantal", "omschrijving",
    "prijs", "bedrag", "ilość", "ilosc", "nazwa", "cena", "wartość", "wartosc", "数量", "品名", "単価",
    "金額", "单价", "金额", "商品", "수량", "품명", "단가", "금액", "الكمية", "الوصف", "السعر", "المبلغ", "الصنف",
];

/// Headings of the tax summary table printed below the totals (its "Total" row sums the
/// table, not the document).
#[rustfmt::skip]
pub const SUMMARY_HEADINGS: &[&str] = &[
    "summary", "tax summary", "gst summary", "vat summary", "zusammenfassung", "résumé", "resumen",
    "riepilogo iva", "samenvatting", "podsumowanie", "内訳", "税率別", "明细", "요약", "ملخص",
];

/// What a row's label says its amount is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// The amount to pay (a grand, rounded or tax-inclusive total).
    Payable,
    Total,
    Subtotal,
    Tax,
    /// Cash, change, card, rounding, balance, discount, counts: never the total.
    Rejected,
}

/// The label of a folded row text, if it has one. A row naming a tax registration number
/// (`VAT no`, or a VAT number itself: `VAT DE123456789`) has no amount label; "total … incl. tax" is a total, "incl. tax 1.60" alone is tax.
pub fn label_of(folded: &str) -> Option<Label> {
    let words = strip_numbers(folded);
    let words = words.as_str();
    if has_any(words, PAYABLE) && !has_any(words, SUBTOTAL_ONLY) {
        return Some(Label::Payable);
    }
    if has_any(words, SUBTOTAL) {
        return Some(Label::Subtotal);
    }
    if has_any(words, REJECT) {
        return Some(Label::Rejected);
    }
    let taxed = has_any(words, TAX) && !has_any(words, TAX_ID) && !has_vat_id(folded);
    let totalled = has_any(words, TOTAL);
    if taxed && totalled && (has_any(words, INCLUDED) || names_tax_of_a_total(words)) {
        return Some(Label::Payable);
    }
    if taxed {
        return Some(Label::Tax);
    }
    if totalled {
        return Some(Label::Total);
    }
    None
}

/// Whether a total's label ends by naming the tax it is "of" (`Total Sales (… of GST)`, the
/// word before `of` unread): the tax-inclusive total. At least one word stands between the
/// total and `of` (`Total of GST` is the tax).
fn names_tax_of_a_total(words: &str) -> bool {
    let tokens: Vec<&str> = words
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ':' | ','))
        .filter(|t| !t.is_empty())
        .collect();
    let Some(total_at) = tokens.iter().position(|t| TOTAL.contains(t)) else {
        return false;
    };
    tokens
        .windows(2)
        .enumerate()
        .any(|(k, pair)| k > total_at + 1 && pair[0] == "of" && TAX.contains(&pair[1]))
}

/// Words that turn a payable-looking label into a subtotal ("total excl." wins over "total").
#[rustfmt::skip]
const SUBTOTAL_ONLY: &[&str] = &[
    "subtotal", "sub total", "excl", "excluding", "exclusive", "before tax", "netto", "hors taxe",
    "小計", "小计", "소계",
];

/// Label words OCR often misreads by one letter (`Tatal`, `Tota!`, `Subtoial`), matched with
/// one edit (two for long words) when no exact label is found.
#[rustfmt::skip]
const FUZZY_WORDS: &[&str] = &[
    "total", "subtotal", "rounding", "rounded", "amount", "change", "tendered", "payable",
    "inclusive", "excluding", "balance",
];

/// The row text with numbers taken out, and Latin words within an OCR slip of a label word
/// replaced by it, so labels are matched on words only.
fn strip_numbers(folded: &str) -> String {
    folded
        .split_whitespace()
        .filter_map(|token| {
            let ocr_read = ocr_letters(token);
            let word: String = ocr_read
                .chars()
                .map(|c| if c.is_ascii_digit() { ' ' } else { c })
                .collect();
            let word = word.trim();
            (!word.is_empty()).then(|| corrected(word))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A mostly-letters token with the digits and marks OCR puts for letters read as letters
/// (`t0tal`, `tota!`, `tota|`).
fn ocr_letters(token: &str) -> String {
    let letters = token.chars().filter(|c| c.is_ascii_alphabetic()).count();
    if letters < 3 {
        return token.to_owned();
    }
    let last = token.char_indices().last().map_or(0, |(i, _)| i);
    token
        .char_indices()
        .map(|(i, c)| match c {
            '0' => 'o',
            '1' | '|' => 'l',
            '!' if i == last && letters >= 4 => 'l',
            other => other,
        })
        .collect()
}

/// The label word a Latin word is an OCR slip of, else the word.
fn corrected(word: &str) -> String {
    let core: String = word.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    if core.len() < 5
        || !word.is_ascii()
        || FUZZY_WORDS.contains(&core.as_str())
        || REAL_WORDS.contains(&core.as_str())
    {
        return word.to_owned();
    }
    let allowed = if core.len() >= 8 { 2 } else { 1 };
    FUZZY_WORDS
        .iter()
        .find(|label| {
            label.len().abs_diff(core.len()) <= allowed && edit_distance(label, &core) <= allowed
        })
        .map_or_else(
            || word.to_owned(),
            |label| word.replace(core.as_str(), label),
        )
}

/// Real words one edit from a label word: never corrected.
#[rustfmt::skip]
const REAL_WORDS: &[&str] = &[
    "charge", "charges", "changed", "totale", "totals", "balanced", "amounts",
];

/// The Levenshtein distance of two ASCII words.
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<u8> = b.bytes().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// Legal forms of companies (lower case).
#[rustfmt::skip]
pub const COMPANY_FORMS: &[&str] = &[
    "sdn bhd", "sdn. bhd", "sdn.bhd", "sdn bhd.", "bhd", "bhd.", "berhad", "gmbh", "ag", "kg",
    "ohg", "e.k.", "ug", "s.a.", "s.a", "s/a", "s.l.", "s.l.u.", "sarl", "s.a.r.l.", "sas",
    "s.a.s.", "eurl", "ltd", "ltd.", "limited", "llc", "l.l.c.", "inc", "inc.", "corp", "corp.",
    "corporation", "plc", "co.,", "co. ltd", "s/b", "b.v.", "bv", "n.v.", "nv", "v.o.f.",
    "sp. z o.o.", "sp.z o.o.", "sp. z.o.o.", "sp. z o. o.", "spółka", "sp.j.", "s.p.a.", "spa",
    "s.r.l.", "srl", "s.n.c.", "lda", "lda.", "ltda", "ltda.", "eireli", "pty", "pte", "株式会社",
    "(株)", "有限会社", "合同会社", "有限公司", "股份有限公司", "公司", "주식회사", "(주)", "㈜", "유한회사", "شركة", "ش.م.م",
    "ذ.م.م", "مؤسسة",
];

/// Words of business names that are no legal form (weaker evidence).
#[rustfmt::skip]
pub const BUSINESS_WORDS: &[&str] = &[
    "enterprise", "enterprises", "trading", "restaurant", "restoran", "cafe", "café", "bakery",
    "mart", "minimart", "supermarket", "store", "stores", "shop", "hardware", "pharmacy", "hotel",
    "kedai", "stationery", "services", "market", "marché", "supermercado", "tienda", "markt",
    "bäckerei", "apotheke", "ristorante", "pizzeria", "farmacia", "restaurante", "winkel", "sklep",
    "店", "商店", "超市", "餐厅", "식당", "마트", "مطعم", "سوبرماركت", "متجر",
];

#[rustfmt::skip]
pub const ADDRESS_WORDS: &[&str] = &[
    "jalan", "jln", "jln.", "lorong", "taman", "persiaran", "lebuh", "street", "st.", "road", "rd",
    "rd.", "avenue", "ave", "blvd", "lane", "floor", "suite", "building", "bldg", "plaza", "straße",
    "strasse", "str.", "platz", "weg", "allee", "rue", "boulevard", "bd", "calle", "c/", "avda",
    "avenida", "via", "viale", "piazza", "corso", "rua", "travessa", "largo", "praça", "straat",
    "laan", "plein", "gracht", "ul.", "ulica", "aleja", "al.", "丁目", "番地", "路", "街", "号", "號", "로",
    "길", "شارع", "طريق", "ص.ب",
];

#[rustfmt::skip]
pub const CONTACT_WORDS: &[&str] = &[
    "tel", "tel.", "tel:", "phone", "fax", "tél", "telefon", "telefone", "teléfono", "telefono",
    "mobile", "hp", "h/p", "whatsapp", "email", "e-mail", "www", "http", "https", ".com", ".my",
    "@", "電話", "电话", "전화", "هاتف", "جوال",
];

#[rustfmt::skip]
pub const GREETINGS: &[&str] = &[
    "welcome", "thank you", "thanks", "original", "copy", "duplicate", "willkommen", "bienvenue",
    "bienvenido", "benvenuti", "bem-vindo", "welkom", "witamy", "いらっしゃいませ", "欢迎", "歡迎", "환영",
    "مرحبا", "أهلا",
];

/// Endings of street names written as one word (Hauptstraße, Dorpsstraat, Kirchgasse).
#[rustfmt::skip]
pub const STREET_ENDINGS: &[&str] = &[
    "straße", "strasse", "gasse", "allee", "platz", "straat", "laan", "gracht", "plein", "steeg",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_labelled_in_every_language() {
        assert_eq!(label_of("total 9.00"), Some(Label::Total));
        assert_eq!(label_of("sub total 8.49"), Some(Label::Subtotal));
        assert_eq!(label_of("total rounded 9.00"), Some(Label::Payable));
        assert_eq!(label_of("rounding adj -0.03"), Some(Label::Rejected));
        assert_eq!(label_of("cash 10.00"), Some(Label::Rejected));
        assert_eq!(label_of("gst 6% 0.51"), Some(Label::Tax));
        assert_eq!(label_of("gst reg no: 000123"), None);
        assert_eq!(label_of("summe eur 12,50"), Some(Label::Payable));
        assert_eq!(label_of("mwst 19% 1,60"), Some(Label::Tax));
        assert_eq!(label_of("wechselgeld 7,50"), Some(Label::Rejected));
        assert_eq!(label_of("合計 ¥1,280"), Some(Label::Total));
        assert_eq!(label_of("お釣り ¥720"), Some(Label::Rejected));
        assert_eq!(label_of("합계 12,000"), Some(Label::Total));
        assert_eq!(label_of("거스름돈 3,000"), Some(Label::Rejected));
        assert_eq!(label_of("المجموع 50.00"), Some(Label::Total));
        assert_eq!(label_of("total excl. vat 10.00"), Some(Label::Subtotal));
        assert_eq!(label_of("total incl. vat 12.00"), Some(Label::Payable));
        assert_eq!(label_of("inkl. mwst 19% 1,60"), Some(Label::Tax));
        assert_eq!(label_of("tatal amount: 31.00"), Some(Label::Total));
        assert_eq!(label_of("tota! incl. of gst 15.90"), Some(Label::Payable));
        assert_eq!(label_of("subtoiat : 15.90"), Some(Label::Subtotal));
        assert_eq!(label_of("postal code 12345"), None);
        assert_eq!(
            label_of("total sajesfoclusivs of gst) : 80.90"),
            Some(Label::Payable)
        );
        assert_eq!(label_of("total of gst 1.00"), Some(Label::Tax));
        assert_eq!(label_of("total gst 1.00"), Some(Label::Tax));
    }
}
