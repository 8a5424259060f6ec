//! End-to-end: facts and PDFs in, assessments out.

use super::test_pdf::{append_update, page_objects, write_pdf};
use super::*;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 25).expect("date")
}

/// A German invoice with nothing wrong.
fn clean_invoice() -> Facts {
    let mut facts = Facts::empty(DocKind::Invoice);
    facts.items = vec![
        ItemFacts {
            description: "Consulting (hours)".into(),
            quantity: Some(3.0),
            unit_price: Some(8950),
            amount: Some(26850),
        },
        ItemFacts {
            description: "Travel".into(),
            quantity: Some(1.0),
            unit_price: Some(4275),
            amount: Some(4275),
        },
    ];
    facts.subtotal = Some(31125);
    facts.tax_rate_percent = Some(19.0);
    facts.tax = Some(5914); // 311.25 × 19 % = 59.1375
    facts.total = Some(37039);
    facts.currency = Some("EUR".into());
    facts.country = Some("DE".into());
    facts.date = NaiveDate::from_ymd_opt(2026, 11, 2);
    facts.vendor_present = true;
    facts.amount_confidences = vec![0.93, 0.95, 0.91];
    facts
}

#[test]
fn a_clean_invoice_is_low_with_no_signal() {
    let assessment = assess(&clean_invoice(), today());
    assert_eq!(assessment.risk_score, 0);
    assert_eq!(assessment.risk_level, RiskLevel::Low);
    assert!(assessment.signals.is_empty(), "{:?}", assessment.signals);
}

#[test]
fn a_forged_invoice_is_critical_with_every_signal_explained() {
    let mut facts = clean_invoice();
    facts.total = Some(47039); // BR-CO-15 broken
    facts.tax_rate_percent = Some(20.0); // not a German rate, and BR-CO-17 broken
    facts.date = NaiveDate::from_ymd_opt(2027, 1, 15);
    facts.amount_confidences = vec![55.0, 60.0, 58.0];
    let assessment = assess(&facts, today());
    let kinds: Vec<SignalKind> = assessment.signals.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            SignalKind::ArithmeticMismatch,
            SignalKind::FutureDate,
            SignalKind::TaxMismatch,
            SignalKind::LowOcrConfidence
        ]
    );
    assert_eq!(assessment.risk_score, 85);
    assert_eq!(assessment.risk_level, RiskLevel::Critical);
    let arithmetic = &assessment.signals[0].detail;
    assert!(
        arithmetic.contains("BR-CO-15") && arithmetic.contains("BR-CO-17"),
        "{arithmetic}"
    );
    assert!(assessment.signals.iter().all(|s| !s.detail.is_empty()));
}

#[test]
fn an_external_duplicate_submission_is_added() {
    let mut assessment = assess(&clean_invoice(), today());
    assessment.add_signal(external_signal(
        SignalKind::DuplicateSubmission,
        "The same document was submitted on 2026-11-20 under this key.",
    ));
    assert_eq!(assessment.risk_score, 35);
    assert_eq!(assessment.risk_level, RiskLevel::Medium);
    assert_eq!(assessment.signals[0].kind.as_str(), "duplicate_submission");
}

#[test]
fn signals_serialise_as_the_contract_names_them() {
    let assessment = Assessment::from_signals(vec![external_signal(SignalKind::TaxMismatch, "d")]);
    let json = serde_json::to_string(&assessment).expect("json");
    assert_eq!(
        json,
        r#"{"risk_score":20,"risk_level":"low","signals":[{"signal":"tax_mismatch","weight":20,"detail":"d"}]}"#
    );
    for kind in [
        SignalKind::PdfEditedAfterCreation,
        SignalKind::DuplicateSubmission,
        SignalKind::LowOcrConfidence,
    ] {
        assert_eq!(serde_json::to_value(kind).expect("json"), kind.as_str());
    }
}

#[tokio::test]
async fn a_clean_pdf_adds_nothing() {
    let objects = page_objects(
        &[
            ("F1", 72, 720, "Consulting 3 x 89.50 268.50"),
            ("F1", 72, 700, "Travel 42.75"),
            ("F1", 72, 680, "Total 370.39"),
        ],
        &[("F1", "Helvetica")],
    );
    let mut with_info = objects.clone();
    with_info.push("<< /Producer (LibreOffice 7.6) /Creator (Writer) >>".into());
    let pdf = write_pdf(&with_info, "/Info 6 0 R");
    let assessment = assess_document(&clean_invoice(), today(), Some(&pdf)).await;
    assert!(assessment.signals.is_empty(), "{:?}", assessment.signals);
}

#[tokio::test]
async fn an_edited_pdf_with_a_patched_total_is_high() {
    let mut objects = page_objects(
        &[
            ("F1", 72, 720, "Consulting 3 x 89.50 268.50"),
            ("F1", 72, 700, "Travel 42.75"),
            ("F1", 72, 680, "Subtotal 311.25"),
            ("F2", 72, 660, "Total 370.39"),
        ],
        &[("F1", "Helvetica"), ("F2", "Courier")],
    );
    objects.push("<< /Producer (Nitro Pro 13) >>".into());
    let original = write_pdf(&objects, "/Info 7 0 R");
    let updated = append_update(
        &original,
        &[(
            7,
            "<< /Producer (Nitro Pro 13) /Creator (Nitro Pro 13) >>".into(),
        )],
        8,
        "/Info 7 0 R",
    );
    let assessment = assess_document(&clean_invoice(), today(), Some(&updated)).await;
    let kinds: Vec<SignalKind> = assessment.signals.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [
            SignalKind::FontInconsistency,
            SignalKind::PdfEditedAfterCreation,
            SignalKind::PdfIncrementalUpdate
        ]
    );
    assert_eq!(assessment.risk_score, 70);
    assert_eq!(assessment.risk_level, RiskLevel::High);
}

#[tokio::test]
async fn an_unreadable_pdf_keeps_the_content_signals() {
    let mut facts = clean_invoice();
    facts.total = Some(1);
    let assessment = assess_document(&facts, today(), Some(b"%PDF-1.4 garbage")).await;
    assert_eq!(assessment.signals.len(), 1);
    assert_eq!(assessment.signals[0].kind, SignalKind::ArithmeticMismatch);
}

#[test]
fn bank_statements_skip_the_invoice_arithmetic_round_and_duplicate_checks() {
    let mut facts = Facts::empty(DocKind::BankStatement);
    facts.vendor_present = true;
    facts.date = NaiveDate::from_ymd_opt(2026, 10, 31);
    facts.items = ["Rent", "Card payment Bakery", "Card payment Bakery"]
        .iter()
        .map(|description| ItemFacts {
            description: (*description).into(),
            amount: Some(if description.starts_with("Rent") {
                -120000
            } else {
                -450
            }),
            ..Default::default()
        })
        .collect();
    facts.total = Some(500000); // the closing balance
    assert!(assess(&facts, today()).signals.is_empty());
    facts.doc_type = DocKind::ExpenseReport;
    let kinds: Vec<SignalKind> = assess(&facts, today())
        .signals
        .iter()
        .map(|s| s.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            SignalKind::ArithmeticMismatch,
            SignalKind::DuplicateLineItems
        ]
    );
}
