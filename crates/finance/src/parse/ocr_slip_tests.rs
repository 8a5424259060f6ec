//! End-to-end tests of the rules for OCR slips: a stray amount above the name, a total
//! misread by one digit and repaired from cash − change or subtotal + tax, a lost decimal
//! mark, a rounding line, a misread year told by today's date.

use chrono::NaiveDate;

use super::test_support::page;
use super::*;

fn read(lines: &[&str]) -> Parsed {
    parse(&[page(lines)], &Hints::default())
}

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

fn vendor_and_total(parsed: &Parsed) -> (Option<String>, Option<i64>) {
    (
        parsed.vendor.as_ref().map(|f| f.value.clone()),
        parsed.total.as_ref().map(|f| f.value),
    )
}

#[test]
fn an_amount_above_the_name_ends_no_header() {
    let parsed = read(&[
        "A  930.50",
        "MAJU JAYA TRADING SDN BHD.",
        "12, Jalan Besar, 81200 Johor Bahru",
        "TAX INVOICE",
        "Item  Qty  Total",
        "Nasi Lemak  1  8.20",
        "Nett Total:  8.20",
    ]);
    assert_eq!(
        vendor_and_total(&parsed),
        (Some("MAJU JAYA TRADING SDN BHD".into()), Some(820))
    );
}

#[test]
fn cash_minus_change_repairs_a_total_misread_by_one_digit() {
    let parsed = read(&[
        "KEDAI RUNCIT AMAN",
        "Description  Qty  Price  Amount",
        "Plastic  2  18.50  34.00",
        "Total Amount:  34.00",
        "Cash Received  101.00",
        "Change :  70.00",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(3100));
}

#[test]
fn a_text_layer_total_is_never_repaired() {
    // The same receipt from a PDF's text layer: every word certain, so 34.00 is what the
    // document says (a padded total the fraud check must see).
    let mut words = page(&[
        "KEDAI RUNCIT AMAN",
        "Description  Qty  Price  Amount",
        "Plastic  2  18.50  34.00",
        "Total Amount:  34.00",
        "Cash Received  101.00",
        "Change :  70.00",
    ]);
    for word in &mut words {
        word.confidence = 1.0;
    }
    let parsed = parse(&[words], &Hints::default());
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(3400));
}

#[test]
fn two_total_lines_agreeing_outweigh_a_misread_cash_line() {
    let parsed = read(&[
        "BAR WANG RICE SDN BHD",
        "Total Amount:  $8.20",
        "GST @6%:  $0.46",
        "Nett Total:  $8.20",
        "CASH  $3.20",
        "Change  $0.00",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(820));
}

#[test]
fn cash_minus_change_is_the_rounded_total() {
    let parsed = read(&[
        "INDAH GIFT SHOP",
        "TOTAL AMT  RM 60.31",
        "ROUNDING ADJ.  0.01",
        "CASH  RM 70.30",
        "CHANGE  RM 10.00",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(6030));
}

#[test]
fn a_lost_decimal_mark_and_a_one_digit_slip_are_repaired_by_subtotal_and_tax() {
    let parsed = read(&[
        "ROASTED DELIGHTS SDN BHD",
        "Description  Qty  Price  Amount",
        "BRAISED PORK  1.0  12.00  12.00",
        "Total Sales (Excluding GST)  5142",
        "Total GST  3.08",
        "Rounding  0.00",
        "Total Sales (Inclusive of GST)  64.50",
    ]);
    assert_eq!(parsed.subtotal.as_ref().map(|f| f.value), Some(5142));
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(5450));
}

#[test]
fn a_total_that_lost_a_digit_is_the_sum_of_subtotal_tax_and_rounding() {
    let parsed = read(&[
        "TEO STATIONERY",
        "SUB-TOTAL (EX) :  26.00",
        "TOTAL TAX :  1.56",
        "ROUNDING :  -0.01",
        "TOTAL JAX  7.55",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(2755));
}

#[test]
fn a_rounded_total_far_from_total_plus_rounding_was_misread() {
    let parsed = read(&[
        "BOOK SHOP SDN BHD",
        "Total :  9.00",
        "Rour ding Adjustment  0.00",
        "Round. :d Total (RM):  9.60",
    ]);
    assert_eq!(parsed.total.as_ref().map(|f| f.value), Some(900));
}

#[test]
fn a_year_after_today_is_repaired_when_the_clock_is_known() {
    let lines = ["UNIHAKKA SDN BHD", "14 Mar 2048 18:40", "Total  8.20"];
    let hints = Hints {
        today: Some(ymd(2026, 11, 25)),
        ..Hints::default()
    };
    let parsed = parse(&[page(&lines)], &hints);
    assert_eq!(
        parsed.date.as_ref().map(|f| f.value),
        Some(ymd(2018, 3, 14))
    );
    assert_eq!(
        read(&lines).date.as_ref().map(|f| f.value),
        Some(ymd(2048, 3, 14))
    );
}
