//! End-to-end tests: a receipt or an invoice in each of the 12 languages with known fields
//! (items, subtotal, tax, total, cash and change lines that must be rejected, local date
//! formats, decimal commas), then edge cases.

use chrono::NaiveDate;

use super::test_support::{page, page_rtl};
use super::*;
use suite_engines::words::Rect;

fn read(lines: &[&str]) -> Parsed {
    parse(&[page(lines)], &Hints::default())
}

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

/// Vendor, date, total, subtotal, tax and currency as plain values.
type Summary = (
    Option<String>,
    Option<NaiveDate>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<String>,
);

/// The main fields as plain values, for compact assertions.
fn summary(parsed: &Parsed) -> Summary {
    (
        parsed.vendor.as_ref().map(|f| f.value.clone()),
        parsed.date.as_ref().map(|f| f.value),
        parsed.total.as_ref().map(|f| f.value),
        parsed.subtotal.as_ref().map(|f| f.value),
        parsed.tax.as_ref().map(|f| f.value),
        parsed.currency.as_ref().map(|f| f.value.clone()),
    )
}

/// Description, quantity, unit price, amount and consistency of an item.
type ItemSummary = (String, f64, i64, Option<i64>, bool);

fn items(parsed: &Parsed) -> Vec<ItemSummary> {
    parsed
        .line_items
        .iter()
        .map(|i| {
            (
                i.description.clone(),
                i.quantity,
                i.unit_price,
                i.amount,
                i.consistent,
            )
        })
        .collect()
}

fn item(description: &str, quantity: f64, unit_price: i64, amount: i64) -> ItemSummary {
    (
        description.to_owned(),
        quantity,
        unit_price,
        Some(amount),
        true,
    )
}

#[test]
fn english_us_receipt_month_first() {
    let parsed = read(&[
        "WALNUT COFFEE COMPANY INC",
        "123 Walnut Street",
        "San Francisco, CA 94105",
        "Tel (415) 555-0100",
        "RECEIPT",
        "Date: 03/05/2024 08:41",
        "Qty  Description  Price  Amount",
        "2  Latte  4.50  9.00",
        "1  Blueberry Muffin  3.25  3.25",
        "Subtotal  12.25",
        "Sales Tax 8.625%  1.06",
        "TOTAL  $13.31",
        "Cash  $20.00",
        "Change  $6.69",
        "Thank you!",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("WALNUT COFFEE COMPANY INC".into()),
            Some(ymd(2024, 3, 5)),
            Some(1331),
            Some(1225),
            Some(106),
            Some("USD".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Latte", 2.0, 450, 900),
            item("Blueberry Muffin", 1.0, 325, 325)
        ]
    );
    assert_eq!(parsed.language, "en");
    assert_eq!(parsed.doc_type, DocType::Receipt);
    assert_eq!(parsed.tax_rate.as_ref().map(|f| f.value), Some(8.625));
    let total = parsed.total.as_ref().expect("total");
    assert_eq!(total.line, "TOTAL $13.31");
    assert!(total.confidence > 0.9 && total.confidence <= 1.0);
}

#[test]
fn spanish_receipt_with_decimal_comma() {
    let parsed = read(&[
        "SUPERMERCADOS LA HUERTA S.L.",
        "C/ Mayor 12, 28013 Madrid",
        "CIF: B12345678",
        "FACTURA SIMPLIFICADA",
        "Fecha: 12/03/2024  Hora: 18:22",
        "2 x Pan integral  1,20  2,40",
        "Leche entera  0,95",
        "Aceite de oliva 1L  6,50",
        "Base imponible  8,95",
        "IVA 10%  0,90",
        "TOTAL A PAGAR  9,85 €",
        "Efectivo  20,00 €",
        "Cambio  10,15 €",
        "Gracias por su visita",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("SUPERMERCADOS LA HUERTA S.L.".into()),
            Some(ymd(2024, 3, 12)),
            Some(985),
            Some(895),
            Some(90),
            Some("EUR".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Pan integral", 2.0, 120, 240),
            item("Leche entera", 1.0, 95, 95),
            item("Aceite de oliva 1L", 1.0, 650, 650)
        ]
    );
    assert_eq!(parsed.language, "es");
}

#[test]
fn french_receipt_with_month_name() {
    let parsed = read(&[
        "BOULANGERIE DUPONT SARL",
        "15 rue de la Paix",
        "75002 Paris",
        "SIRET 123 456 789 00012",
        "Tél : 01 42 00 00 00",
        "Le 12 mars 2024 à 08h15",
        "Baguette tradition  2 x 1,30  2,60",
        "Croissant  3 x 1,10  3,30",
        "Café  1,50",
        "Total HT  6,73",
        "TVA 10%  0,67",
        "Total TTC  7,40 €",
        "Espèces  10,00 €",
        "Rendu  2,60 €",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("BOULANGERIE DUPONT SARL".into()),
            Some(ymd(2024, 3, 12)),
            Some(740),
            Some(673),
            Some(67),
            Some("EUR".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Baguette tradition", 2.0, 130, 260),
            item("Croissant", 3.0, 110, 330),
            item("Café", 1.0, 150, 150)
        ]
    );
    assert_eq!(parsed.language, "fr");
}

#[test]
fn german_invoice_with_summe_and_change() {
    let parsed = read(&[
        "Bäckerei Müller GmbH",
        "Hauptstraße 5",
        "10115 Berlin",
        "USt-IdNr. DE123456789",
        "Rechnung Nr. 4711",
        "Datum: 05.03.2024",
        "Brötchen  4 x 0,45  1,80",
        "Kaffee  2,90",
        "Kuchen  3,20",
        "SUMME EUR  7,90",
        "Gegeben Bar  10,00",
        "Rückgeld  2,10",
        "Netto  7,38",
        "MwSt 7%  0,52",
        "Vielen Dank für Ihren Einkauf",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("Bäckerei Müller GmbH".into()),
            Some(ymd(2024, 3, 5)),
            Some(790),
            Some(738),
            Some(52),
            Some("EUR".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Brötchen", 4.0, 45, 180),
            item("Kaffee", 1.0, 290, 290),
            item("Kuchen", 1.0, 320, 320)
        ]
    );
    assert_eq!(parsed.language, "de");
    assert_eq!(parsed.doc_type, DocType::Invoice);
}

#[test]
fn italian_receipt_with_included_vat() {
    let parsed = read(&[
        "RISTORANTE DA MARIO S.R.L.",
        "Via Roma 10, 00184 Roma",
        "P.IVA 01234567890",
        "DOCUMENTO COMMERCIALE",
        "Spaghetti carbonara  12,00",
        "Acqua minerale  2 x 2,50  5,00",
        "Caffè  2 x 1,20  2,40",
        "TOTALE COMPLESSIVO  19,40",
        "di cui IVA  1,76",
        "Contanti  20,00",
        "Resto  0,60",
        "15/03/2024 21:05",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("RISTORANTE DA MARIO S.R.L.".into()),
            Some(ymd(2024, 3, 15)),
            Some(1940),
            None,
            Some(176),
            None
        )
    );
    assert_eq!(parsed.line_items.len(), 3);
    assert!(parsed.line_items.iter().all(|i| i.consistent));
    assert_eq!(parsed.language, "it");
}

#[test]
fn portuguese_receipt_with_weighed_item() {
    let parsed = read(&[
        "PADARIA PÃO QUENTE LTDA",
        "CNPJ: 12.345.678/0001-90",
        "Rua das Flores, 100 - São Paulo",
        "CUPOM FISCAL",
        "Data: 05/03/2024",
        "Pão francês  0,52 kg x 15,90  8,27",
        "Café expresso  2 x 5,50  11,00",
        "Subtotal  19,27",
        "Total a pagar  R$ 19,27",
        "Dinheiro  R$ 50,00",
        "Troco  R$ 30,73",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("PADARIA PÃO QUENTE LTDA".into()),
            Some(ymd(2024, 3, 5)),
            Some(1927),
            Some(1927),
            None,
            Some("BRL".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Pão francês", 0.52, 1590, 827),
            item("Café expresso", 2.0, 550, 1100)
        ]
    );
    assert_eq!(parsed.language, "pt");
}

#[test]
fn dutch_receipt_paid_by_pin() {
    let parsed = read(&[
        "Bakkerij De Molen B.V.",
        "Dorpsstraat 1, 1234 AB Utrecht",
        "KvK 12345678  BTW NL001234567B01",
        "KASSABON",
        "Datum: 05-03-2024 10:12",
        "Volkorenbrood  1  2,95  2,95",
        "Appeltaart  2  3,50  7,00",
        "Koffie  2,40",
        "Subtotaal  12,35",
        "BTW 9%  1,02",
        "Totaal te betalen  12,35",
        "PIN  12,35",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("Bakkerij De Molen B.V.".into()),
            Some(ymd(2024, 3, 5)),
            Some(1235),
            Some(1235),
            Some(102),
            None
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Volkorenbrood", 1.0, 295, 295),
            item("Appeltaart", 2.0, 350, 700),
            item("Koffie", 1.0, 240, 240)
        ]
    );
    assert_eq!(parsed.language, "nl");
}

#[test]
fn polish_fiscal_receipt() {
    let parsed = read(&[
        "SKLEP SPOŻYWCZY ZIARENKO SP. Z O.O.",
        "ul. Kwiatowa 5, 00-001 Warszawa",
        "NIP 123-456-78-90",
        "PARAGON FISKALNY",
        "2024-03-05  nr wydr. 123",
        "Chleb żytni  1 x 4,50  4,50",
        "Mleko 2%  2 x 3,20  6,40",
        "Masło  7,99",
        "SUMA PTU  1,40",
        "SUMA PLN  18,89",
        "Gotówka  50,00",
        "Reszta  31,11",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("SKLEP SPOŻYWCZY ZIARENKO SP. Z O.O.".into()),
            Some(ymd(2024, 3, 5)),
            Some(1889),
            None,
            Some(140),
            Some("PLN".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Chleb żytni", 1.0, 450, 450),
            item("Mleko", 2.0, 320, 640),
            item("Masło", 1.0, 799, 799)
        ]
    );
    assert_eq!(parsed.language, "pl");
}

#[test]
fn chinese_receipt_in_yuan() {
    let parsed = read(&[
        "北京华联超市有限公司",
        "地址：北京市朝阳区建国路88号",
        "电话：010-12345678",
        "日期：2024年3月5日 14:30",
        "商品  数量  单价  金额",
        "苹果  2  5.50  11.00",
        "牛奶  1  12.80  12.80",
        "面包  3  4.00  12.00",
        "合计  ¥35.80",
        "现金  ¥50.00",
        "找零  ¥14.20",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("北京华联超市有限公司".into()),
            Some(ymd(2024, 3, 5)),
            Some(3580),
            None,
            None,
            Some("CNY".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("苹果", 2.0, 550, 1100),
            item("牛奶", 1.0, 1280, 1280),
            item("面包", 3.0, 400, 1200)
        ]
    );
    assert_eq!(parsed.language, "zh");
}

#[test]
fn japanese_receipt_in_yen() {
    let parsed = read(&[
        "株式会社ローソン 渋谷店",
        "東京都渋谷区道玄坂1-2-3",
        "電話 03-1234-5678",
        "2024年3月5日(火) 12:34",
        "領収書",
        "おにぎり  2  ¥150  ¥300",
        "お茶  ¥160",
        "サンドイッチ  ¥380",
        "小計  ¥840",
        "消費税 8%  ¥67",
        "合計  ¥907",
        "お預り  ¥1,000",
        "お釣り  ¥93",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("株式会社ローソン渋谷店".into()),
            Some(ymd(2024, 3, 5)),
            Some(90700),
            Some(84000),
            Some(6700),
            Some("JPY".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("おにぎり", 2.0, 15000, 30000),
            item("お茶", 1.0, 16000, 16000),
            item("サンドイッチ", 1.0, 38000, 38000)
        ]
    );
    assert_eq!(parsed.language, "ja");
}

#[test]
fn korean_receipt_in_won() {
    let parsed = read(&[
        "(주)한빛마트",
        "서울특별시 강남구 테헤란로 123",
        "사업자등록번호 123-45-67890",
        "전화 02-123-4567",
        "영수증",
        "2024년 3월 5일 18:20",
        "상품명  수량  단가  금액",
        "라면  2  1,200  2,400",
        "우유  1  2,500  2,500",
        "과자  3  1,000  3,000",
        "합계  ₩7,900",
        "부가세  718",
        "받은금액  10,000",
        "거스름돈  2,100",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("(주)한빛마트".into()),
            Some(ymd(2024, 3, 5)),
            Some(790000),
            None,
            Some(71800),
            Some("KRW".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("라면", 2.0, 120000, 240000),
            item("우유", 1.0, 250000, 250000),
            item("과자", 3.0, 100000, 300000)
        ]
    );
    assert_eq!(parsed.language, "ko");
}

#[test]
fn arabic_invoice_right_to_left_with_arabic_indic_digits() {
    let words = page_rtl(&[
        "شركة النور للتجارة",
        "شارع الملك فهد، الرياض",
        "الرقم الضريبي ٣٠٠١٢٣٤٥٦٧٠٠٠٠٣",
        "فاتورة ضريبية مبسطة",
        "التاريخ: ٠٥/٠٣/٢٠٢٤",
        "خبز  ٢  ٢٫٥٠  ٥٫٠٠",
        "حليب  ٦٫٠٠",
        "المجموع الفرعي  ١١٫٠٠",
        "ضريبة القيمة المضافة ١٥٪  ١٫٦٥",
        "الإجمالي  ١٢٫٦٥ ر.س",
        "نقداً  ٢٠٫٠٠",
        "الباقي  ٧٫٣٥",
    ]);
    let parsed = parse(&[words], &Hints::default());
    assert_eq!(
        summary(&parsed),
        (
            Some("شركة النور للتجارة".into()),
            Some(ymd(2024, 3, 5)),
            Some(1265),
            Some(1100),
            Some(165),
            Some("SAR".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![item("خبز", 2.0, 250, 500), item("حليب", 1.0, 600, 600)]
    );
    assert_eq!(parsed.language, "ar");
    assert_eq!(parsed.tax_rate.as_ref().map(|f| f.value), Some(15.0));
    assert_eq!(parsed.doc_type, DocType::Invoice);
}

#[test]
fn malaysian_receipt_prefers_the_rounded_total() {
    let parsed = read(&[
        "KEDAI MAKAN SRI JAYA SDN BHD",
        "(123456-A)",
        "NO. 12, JALAN MERANTI 3,",
        "81100 JOHOR BAHRU",
        "GST REG NO: 000123456789",
        "TAX INVOICE",
        "DATE: 25/12/2018 12:01",
        "NASI LEMAK  2  RM4.00  RM8.00",
        "TEH TARIK  1  RM0.52  RM0.52",
        "TOTAL EXCL GST  8.52",
        "GST 6%  0.51",
        "TOTAL INCL GST  9.03",
        "ROUNDING ADJ  -0.03",
        "TOTAL ROUNDED  9.00",
        "CASH  RM10.00",
        "CHANGE  RM1.00",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("KEDAI MAKAN SRI JAYA SDN BHD".into()),
            Some(ymd(2018, 12, 25)),
            Some(900),
            Some(852),
            Some(51),
            Some("MYR".into())
        )
    );
    assert_eq!(parsed.tax_rate.as_ref().map(|f| f.value), Some(6.0));
}

#[test]
fn no_total_label_gives_no_total() {
    let parsed = read(&[
        "CORNER SHOP LTD",
        "Date: 05/03/2024",
        "Apples  2  0.50  1.00",
        "Pears  1.20",
        "Thank you",
    ]);
    assert_eq!(parsed.total, None);
    assert_eq!(parsed.line_items.len(), 2);
    assert_eq!(parsed.currency, None);
}

#[test]
fn total_label_with_its_amount_on_the_next_line() {
    let parsed = read(&[
        "CORNER SHOP LTD",
        "Apples  2  0.50  1.00",
        "Pears  1.20",
        "TOTAL AMOUNT DUE",
        "2.20",
        "Cash  5.00",
        "Change  2.80",
    ]);
    assert_eq!(
        parsed.total.as_ref().map(|f| (f.value, f.line.as_str())),
        Some((220, "2.20"))
    );
    assert_eq!(parsed.line_items.len(), 2);
}

#[test]
fn thousands_separators_in_an_invoice() {
    let parsed = read(&[
        "Hoffmann Maschinenbau GmbH",
        "Industriestraße 7, 70173 Stuttgart",
        "Rechnung",
        "Rechnungsdatum: 12. März 2024",
        "Fälligkeit: 11. April 2024",
        "Pos  Bezeichnung  Menge  Einzelpreis  Betrag",
        "1  Fräsmaschine Wartung  2  1.250,00  2.500,00",
        "2  Ersatzteile  1  1.234,56  1.234,56",
        "Nettobetrag  3.734,56",
        "USt 19%  709,57",
        "Rechnungsbetrag  4.444,13 EUR",
    ]);
    assert_eq!(
        summary(&parsed),
        (
            Some("Hoffmann Maschinenbau GmbH".into()),
            Some(ymd(2024, 3, 12)),
            Some(444413),
            Some(373456),
            Some(70957),
            Some("EUR".into())
        )
    );
    assert_eq!(
        items(&parsed),
        vec![
            item("Fräsmaschine Wartung", 2.0, 125000, 250000),
            item("Ersatzteile", 1.0, 123456, 123456)
        ]
    );
    assert_eq!(parsed.doc_type, DocType::Invoice);
}

#[test]
fn of_several_totals_the_one_that_sums_with_items_and_tax_wins() {
    let parsed = read(&[
        "NORTHWIND TRADERS LTD",
        "Invoice date: 5 March 2024",
        "Widget  4  10.00  40.00",
        "Total savings this year  50.00",
        "Total  50.00",
        "VAT 6%  2.40",
        "Total  42.40",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(4240));
    assert_eq!(parsed.tax.as_ref().map(|f| f.value), Some(240));
}

#[test]
fn the_issue_date_wins_over_an_earlier_due_date() {
    let parsed = read(&[
        "ACME CONSULTING LLC",
        "INVOICE",
        "Due date: April 4, 2024",
        "Invoice date: March 5, 2024",
        "Consulting  10  150.00  1,500.00",
        "Total due  $1,500.00",
    ]);
    assert_eq!(parsed.date.as_ref().map(|f| f.value), Some(ymd(2024, 3, 5)));
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(150000));
    assert_eq!(parsed.doc_type, DocType::Invoice);
}

#[test]
fn a_label_and_its_amount_split_into_two_ocr_lines_are_one_row() {
    let mut words = page(&[
        "CORNER SHOP LTD",
        "Apples  2  0.50  1.00",
        "TOTAL",
        "Thank you",
    ]);
    // The amount, far right and read by OCR as its own line after the others.
    words.push(Word {
        text: "1.00".into(),
        bbox: suite_engines::words::Rect {
            x: 600,
            y: 82,
            width: 40,
            height: 16,
        },
        confidence: 0.9,
        line: 99,
    });
    let parsed = parse(&[words], &Hints::default());
    assert_eq!(
        parsed.total.as_ref().map(|f| (f.value, f.line.as_str())),
        Some((100, "TOTAL 1.00"))
    );
}

#[test]
fn hints_override_the_guesses_and_empty_input_gives_nothing() {
    let hints = Hints {
        language: Some("pt-BR".into()),
        doc_type: Some(DocType::Invoice),
        today: None,
    };
    let parsed = parse(&[page(&["LOJA LTDA", "Total  10,00"])], &hints);
    assert_eq!(
        (parsed.language.as_str(), parsed.language_guessed),
        ("pt", false)
    );
    assert_eq!(
        (parsed.doc_type, parsed.doc_type_guessed),
        (DocType::Invoice, false)
    );
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(1000));
    let empty = parse(&[], &Hints::default());
    assert_eq!(summary(&empty), (None, None, None, None, None, None));
    assert!(empty.line_items.is_empty());
}

#[test]
fn a_row_that_does_not_multiply_out_is_kept_with_a_lower_confidence() {
    let parsed = read(&[
        "CORNER SHOP LTD",
        "Apples  3  0.50  1.00",
        "Pears  1.20",
        "TOTAL  2.20",
    ]);
    let apples = &parsed.line_items[0];
    assert!(!apples.consistent);
    assert!(apples.confidence < parsed.line_items[1].confidence);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(220));
}

#[test]
fn the_tax_summary_table_below_the_totals_is_no_total() {
    let parsed = read(&[
        "KEDAI RUNCIT MAJU SDN BHD",
        "TOTAL  9.00",
        "CASH  10.00",
        "CHANGE  1.00",
        "GST SUMMARY  AMOUNT  TAX",
        "SR @ 6%  80.49  4.83",
        "TOTAL:  80.49  4.83",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(900));
    assert_eq!(parsed.tax, None);
}

#[test]
fn an_unreadable_total_label_falls_back_to_subtotal_plus_tax() {
    let parsed = read(&[
        "LIGHT HOUSE SDN BHD",
        "Sub Total :  RM 68. 87",
        "GST/TAX 6% :  RM 4.13",
        "TORe  RM 73. 00",
        "CHANGE:  RM 0.00",
    ]);
    let total = parsed.total.as_ref().expect("derived total");
    assert_eq!(total.value, 7300);
    assert!(total.confidence < 0.6);
}

#[test]
fn a_misread_total_loses_to_the_sum_a_payment_confirms() {
    let parsed = read(&[
        "TEO HENG STATIONERY & BOOKS",
        "SUB-TOTAL (EX) :  16.98",
        "TOTAL TAX :  1.02",
        "ROUNDING :  0.00",
        "TOTAL  48.00",
        "CASH  18.00",
        "CHANGE  0.00",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(1800));
    assert_eq!(parsed.subtotal.as_ref().map(|f| f.value), Some(1698));
    assert_eq!(parsed.tax.as_ref().map(|f| f.value), Some(102));
}

#[test]
fn negative_amounts_and_discounts_are_items_that_lower_the_sum() {
    let parsed = read(&[
        "CORNER SHOP LTD",
        "Apples  2  0.50  1.00",
        "Coupon  -0.20",
        "TOTAL  0.80",
    ]);
    assert_eq!(
        parsed
            .line_items
            .iter()
            .filter_map(|i| i.amount)
            .collect::<Vec<_>>(),
        vec![100, -20]
    );
    assert_eq!(
        parsed.total.as_ref().map(|f| (f.value, f.confidence > 0.9)),
        Some((80, true))
    );
}

#[test]
fn never_panics_on_noise() {
    let pool: Vec<char> = "0123456789.,-/:()%$€¥₩£ RMxX@*aZé合計税٠١٢٫٬ال합계\u{200f}\u{3000}"
        .chars()
        .collect();
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..200 {
        let mut words = Vec::new();
        for index in 0..next(40) {
            let text: String = (0..1 + next(8)).map(|_| pool[next(pool.len())]).collect();
            words.push(Word {
                text,
                bbox: suite_engines::words::Rect {
                    x: next(600) as u32,
                    y: next(900) as u32,
                    width: next(120) as u32,
                    height: next(30) as u32,
                },
                confidence: next(100) as f32 / 100.0,
                line: (index / 3) as u32,
            });
        }
        let parsed = parse(&[words.clone(), words], &Hints::default());
        assert!(
            parsed
                .line_items
                .iter()
                .all(|i| (0.0..=1.0).contains(&i.confidence))
        );
    }
}

/// A born-digital Chinese receipt as pdftotext gives it: the digits of the date set in a
/// fallback font whose boxes sit lower than the CJK glyphs of the same line.
#[test]
fn cjk_dates_with_digits_in_another_font_are_read() {
    let word = |text: &str, x: u32, y: u32, height: u32, line: u32| Word {
        text: text.into(),
        bbox: Rect {
            x,
            y,
            width: 30 * text.chars().count() as u32,
            height,
        },
        confidence: 1.0,
        line,
    };
    let words = vec![
        word("上海美食有限公司", 110, 100, 60, 0),
        word("日期：", 110, 327, 60, 1),
        word("2026", 202, 357, 30, 1),
        word("年", 279, 327, 60, 1),
        word("3", 310, 357, 30, 1),
        word("月", 329, 327, 60, 1),
        word("8", 360, 357, 30, 1),
        word("日", 379, 327, 60, 1),
        word("总计", 110, 739, 60, 2),
        word("¥78.44", 947, 767, 30, 2),
    ];
    let parsed = parse(&[words], &Hints::default());
    assert_eq!(
        parsed.date.map(|d| d.value),
        NaiveDate::from_ymd_opt(2026, 3, 8)
    );
    assert_eq!(parsed.total.map(|t| t.value), Some(7844));
}

/// Two item rows of a born-digital Arabic receipt as pdftotext gives them (left to right).
#[test]
fn arabic_item_rows_with_codes_after_amounts() {
    let word = |text: &str, x: u32, y: u32, line: u32| Word {
        text: text.into(),
        bbox: Rect {
            x,
            y,
            width: 12 * text.chars().count() as u32,
            height: 24,
        },
        confidence: 1.0,
        line,
    };
    let words = vec![
        word("الصنف", 823, 429, 0),
        word("الكمية", 732, 429, 0),
        word("السعر", 583, 429, 0),
        word("المبلغ", 319, 429, 0),
        word("عربية", 915, 482, 1),
        word("قهوة", 994, 482, 1),
        word("2", 804, 482, 1),
        word("SAR", 513, 482, 1),
        word("25.00", 584, 482, 1),
        word("SAR", 248, 482, 1),
        word("50.00", 320, 482, 1),
        word("تمر", 1011, 532, 2),
        word("1", 804, 532, 2),
        word("SAR", 513, 532, 2),
        word("40.00", 584, 532, 2),
        word("SAR", 248, 532, 2),
        word("40.00", 320, 532, 2),
        word("الإجمالي", 900, 600, 3),
        word("SAR", 248, 600, 3),
        word("90.00", 320, 600, 3),
    ];
    let parsed = parse(&[words], &Hints::default());
    let items: Vec<_> = parsed
        .line_items
        .iter()
        .map(|i| (i.description.as_str(), i.quantity, i.amount))
        .collect();
    assert_eq!(
        items,
        [("قهوة عربية", 2.0, Some(5000)), ("تمر", 1.0, Some(4000))]
    );
}

#[test]
fn a_labelled_date_that_is_no_date_is_reported_as_such() {
    let mut words = page(&[
        "Harbour Street Books Ltd",
        "Date: 31/02/2026",
        "Paperback novel  2  8.99  17.98",
        "Total  17.98",
    ]);
    for word in &mut words {
        word.confidence = 1.0;
    }
    let parsed = parse(&[words], &Hints::default());
    assert_eq!(parsed.date, None);
    assert_eq!(
        parsed.impossible_date.map(|d| d.value).as_deref(),
        Some("31/02/2026")
    );
    let fine = parse(
        &[page(&["Date: 28/02/2026", "Total  1.00"])],
        &Hints::default(),
    );
    assert!(fine.impossible_date.is_none());
}
