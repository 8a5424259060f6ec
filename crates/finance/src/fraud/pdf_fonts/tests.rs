//! The font rule on text runs and on real `pdftohtml` runs over hand-written PDFs (two
//! fonts, one font), and on a hostile page of amounts.

use super::*;
use crate::fraud::test_pdf::{page_objects, write_pdf};

fn run(page: u32, top: f32, text: &str, family: &str) -> TextRun {
    TextRun {
        page,
        top,
        height: 17.0,
        text: text.into(),
        font_family: family.into(),
        font_size: 12.0,
    }
}

#[test]
fn amounts_are_recognised() {
    for (text, amount) in [
        ("Total 19.75", "19.75"),
        ("1,234.56 EUR", "1,234.56"),
        ("Summe: 1.234,56€", "1.234,56€"),
        ("$12.00", "$12.00"),
        ("¥1,200", "¥1,200"),
        ("R$ 45,90", "45,90"),
        ("(15.00)", "(15.00)"),
    ] {
        assert_eq!(amount_token(text), Some(amount), "{text}");
    }
    for text in [
        "Invoice 2024-001",
        "12.05.2024",
        "VAT 19.00%",
        "Page 1 of 2",
        "1200",
        "Tel. 030 1234",
    ] {
        assert_eq!(amount_token(text), None, "{text}");
    }
}

#[test]
fn families_are_normalised() {
    assert_eq!(normalized_family("ABCDEF+Arial-BoldMT"), "arial");
    assert_eq!(normalized_family("ArialMT"), "arial");
    assert_eq!(normalized_family("Helvetica-Bold"), "helvetica");
    assert_eq!(normalized_family("TimesNewRomanPSMT"), "timesnewroman");
    assert_eq!(normalized_family("Arial Black"), "arial");
    assert_eq!(normalized_family("Courier"), "courier");
}

#[test]
fn one_amount_in_another_font_trips() {
    let runs = [
        run(1, 95.0, "Item A 12.50", "Helvetica"),
        run(1, 125.0, "Item B 7.25", "Helvetica"),
        run(1, 157.0, "Total 19.75", "Courier"),
        run(1, 185.0, "Tax & fees 1.00", "Helvetica"),
    ];
    let signal = font_inconsistency(&runs).expect("signal");
    assert_eq!(signal.kind, SignalKind::FontInconsistency);
    assert_eq!(signal.weight, 30);
    assert_eq!(
        signal.detail,
        "The amount \"19.75\" (page 1) is set in Courier, while 3 of the 4 amounts are set in Helvetica."
    );
}

#[test]
fn consistent_fonts_bold_totals_and_designed_lines_are_clean() {
    let clean = [
        run(1, 100.0, "Coffee 3.50", "Helvetica"),
        run(1, 120.0, "Cake 4.00", "Helvetica"),
        run(1, 140.0, "TOTAL 7.50", "Helvetica-Bold"),
    ];
    assert!(font_inconsistency(&clean).is_none());
    // A footer line set wholly in another font.
    let footer = [
        run(1, 100.0, "Coffee 3.50", "Arial"),
        run(1, 120.0, "Cake 4.00", "Arial"),
        run(1, 140.0, "Total 7.50", "Arial"),
        run(1, 700.0, "Share capital", "Times"),
        run(1, 700.0, "25,000.00", "Times"),
    ];
    assert!(font_inconsistency(&footer).is_none());
    // Too few amounts to have a majority.
    let two = [
        run(1, 100.0, "3.50", "Arial"),
        run(1, 120.0, "4.00", "Courier"),
    ];
    assert!(font_inconsistency(&two).is_none());
    // A tie has no majority.
    let tie = [
        run(1, 100.0, "3.50", "Arial"),
        run(1, 120.0, "4.00", "Arial"),
        run(1, 140.0, "5.00", "Courier"),
        run(1, 160.0, "6.00", "Courier"),
    ];
    assert!(font_inconsistency(&tie).is_none());
}

#[test]
fn a_patched_amount_next_to_its_label_trips() {
    let patched = [
        run(1, 100.0, "Coffee", "Arial"),
        run(1, 100.0, "3.50", "Arial"),
        run(1, 120.0, "Cake", "Arial"),
        run(1, 120.0, "4.00", "Arial"),
        run(1, 140.0, "Total", "Arial"),
        run(1, 140.0, "75.50", "Courier"),
    ];
    let signal = font_inconsistency(&patched).expect("signal");
    assert!(
        signal
            .detail
            .starts_with("The amount \"75.50\" (page 1) is set in Courier"),
        "{}",
        signal.detail
    );
}

#[tokio::test]
async fn pdftohtml_finds_the_courier_amount() {
    let objects = page_objects(
        &[
            ("F1", 72, 720, "Widget 2 x 12.50 25.00"),
            ("F1", 72, 700, "Service 75.00"),
            ("F1", 72, 680, "Subtotal 100.00"),
            ("F1", 72, 660, "VAT 19% 19.00"),
            ("F2", 72, 640, "Total 219.00"),
        ],
        &[("F1", "Helvetica"), ("F2", "Courier")],
    );
    let signal = font_signal(&write_pdf(&objects, ""))
        .await
        .expect("read")
        .expect("signal");
    assert_eq!(signal.kind, SignalKind::FontInconsistency);
    assert!(
        signal
            .detail
            .contains("\"219.00\" (page 1) is set in Courier"),
        "{}",
        signal.detail
    );
    assert!(
        signal
            .detail
            .contains("4 of the 5 amounts are set in Helvetica"),
        "{}",
        signal.detail
    );
}

#[tokio::test]
async fn pdftohtml_on_a_one_font_pdf_is_clean() {
    let objects = page_objects(
        &[
            ("F1", 72, 720, "Widget 25.00"),
            ("F1", 72, 700, "Service 75.00"),
            ("F2", 72, 680, "Total 100.00"),
        ],
        &[("F1", "Helvetica"), ("F2", "Helvetica-Bold")],
    );
    let runs = text_runs(&write_pdf(&objects, ""), MAX_PAGES)
        .await
        .expect("read");
    assert_eq!(runs.len(), 3, "{runs:?}");
    assert!(font_inconsistency(&runs).is_none());
}

#[test]
fn a_hostile_page_of_amounts_stays_fast() {
    let runs: Vec<TextRun> = (0..60_000)
        .map(|index| {
            let family = if index % 2 == 0 {
                "Helvetica"
            } else {
                "Courier"
            };
            run(1, (index % 500) as f32, &format!("{index}.00"), family)
        })
        .chain(std::iter::once(run(1, 0.0, "1.00", "Helvetica")))
        .collect();
    // Linear in the runs: only the first amounts in a minority font are examined.
    assert!(font_inconsistency(&runs).is_some());
}
