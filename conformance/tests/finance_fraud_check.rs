//! `POST /v1/compliance/finance/fraud-check`: a genuine printed receipt scores low with no
//! signal; each kind of manipulation made here trips its own signal with the figures — a
//! total that does not add up, a date in the future or one that does not exist, the same document sent again by the
//! same key (not by another), a PDF edited in an editing tool and saved as an incremental
//! update, an amount set in another font — and bad uploads are refused.

use conformance::finance::samples;
use conformance::pii::{png_header, printed};
use conformance::{TestServer, docs, expect_error};
use suite_client::types::{FraudCheckResult, FraudSignalType, RiskLevel};
use suite_client::{Client, FilePart};
use suite_platform::{Api, Plan};

fn upload(name: &str, bytes: Vec<u8>) -> FilePart {
    // The declared type is wrong on purpose: the server sniffs the bytes.
    FilePart::new(name, "application/octet-stream", bytes)
}

/// The fraud check's answer for `pdf`, uploaded as `name`.
async fn score(client: &Client, name: &str, pdf: Vec<u8>) -> FraudCheckResult {
    client
        .finance_fraud_check()
        .file(upload(name, pdf))
        .send()
        .await
        .expect("scored")
        .into_inner()
}

fn signals(result: &FraudCheckResult) -> Vec<FraudSignalType> {
    result.signals.iter().map(|s| s.signal).collect()
}

/// `detail` with the date of the first submission replaced by `<date>`: it is the server's
/// today, which a deployment's clock decides.
fn without_first_date(detail: &str) -> String {
    match detail.split_once("first on ") {
        Some((head, tail))
            if tail.len() >= 10 && tail[..10].chars().all(|c| c.is_ascii_digit() || c == '-') =>
        {
            format!("{head}first on <date>{}", &tail[10..])
        }
        _ => detail.to_owned(),
    }
}

fn detail(result: &FraudCheckResult, kind: FraudSignalType) -> &str {
    result
        .signals
        .iter()
        .find(|s| s.signal == kind)
        .map(|s| s.detail.as_str())
        .unwrap_or_else(|| panic!("no {kind:?} in {:#?}", result.signals))
}

/// The English sample receipt's HTML with `from` replaced by `to`.
fn english_receipt(from: &str, to: &str) -> Vec<u8> {
    let sample = samples().remove(0);
    let html = String::from_utf8(sample.html()).expect("UTF-8");
    assert!(
        from.is_empty() || html.contains(from),
        "{from} is not on the receipt"
    );
    html.replacen(from, to, 1).into_bytes()
}

/// `pdf` saved again by an editing tool: an incremental update that adds a new document
/// information dictionary (Producer, CreationDate, a later ModDate) after the original's
/// end, as Acrobat-style editors save.
fn edited_in_place(pdf: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(pdf);
    let last_xref: usize = text
        .rsplit("startxref")
        .next()
        .and_then(|tail| tail.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("the original's startxref");
    let number = |key: &str| -> String {
        let at = text.rfind(key).expect(key) + key.len();
        text[at..]
            .split(['/', '>'])
            .next()
            .expect("a value")
            .trim()
            .to_owned()
    };
    let size: usize = number("/Size").parse().expect("a /Size");
    let root = number("/Root");
    let mut out = pdf.to_vec();
    if !out.ends_with(b"\n") {
        out.push(b'\n');
    }
    let object_at = out.len();
    out.extend_from_slice(
        format!(
            "{size} 0 obj\n<< /Producer (Nitro Pro 13.70.2.40) /Creator (Nitro Pro) \
             /CreationDate (D:20260314101500Z) /ModDate (D:20260402163000Z) >>\nendobj\n"
        )
        .as_bytes(),
    );
    let xref_at = out.len();
    out.extend_from_slice(
        format!(
            "xref\n{size} 1\n{object_at:010} 00000 n \ntrailer\n<< /Size {} /Root {root} /Info {size} 0 R /Prev {last_xref} >>\nstartxref\n{xref_at}\n%%EOF\n",
            size + 1
        )
        .as_bytes(),
    );
    out
}

async fn server() -> TestServer {
    docs::server().await
}

#[tokio::test]
async fn a_genuine_receipt_scores_low_and_manipulations_trip_their_signals() {
    let server = server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let client = server.client(&key);
    let check = async |from: &str, to: &str| {
        let pdf = printed(&client, english_receipt(from, to)).await;
        score(&client, "receipt.pdf", pdf).await
    };

    let genuine = check("", "").await;
    assert_eq!(signals(&genuine), [], "{:#?}", genuine.signals);
    assert_eq!(genuine.risk_score, 0);
    assert_eq!(genuine.risk_level, RiskLevel::Low);
    let document = genuine.document.as_ref().expect("the document read");
    assert_eq!(document.vendor.as_deref(), Some("Harbour Street Books Ltd"));

    // £42.48 + VAT £8.50 printed as a total of £58.98.
    let padded = check("£50.98", "£58.98").await;
    assert!(
        signals(&padded).contains(&FraudSignalType::ArithmeticMismatch),
        "{:#?}",
        padded.signals
    );
    assert!(
        detail(&padded, FraudSignalType::ArithmeticMismatch).contains("58.98"),
        "{:#?}",
        padded.signals
    );
    assert!(padded.risk_score >= 25, "{padded:#?}");

    // The harness's clock says 2026-11-15; a deployment's, today: ten years on is future to both.
    let future = check("14 March 2026", "14 March 2036").await;
    assert!(
        detail(&future, FraudSignalType::FutureDate).contains("2036-03-14"),
        "{:#?}",
        future.signals
    );

    let impossible = check("14 March 2026", "31/02/2026").await;
    assert!(
        detail(&impossible, FraudSignalType::InvalidDate).contains("31/02/2026"),
        "{:#?}",
        impossible.signals
    );

    let pdf = printed(&client, english_receipt("", "")).await;
    let edited = score(&client, "receipt.pdf", edited_in_place(&pdf)).await;
    let found = signals(&edited);
    assert!(
        found.contains(&FraudSignalType::PdfEditedAfterCreation)
            && found.contains(&FraudSignalType::PdfIncrementalUpdate),
        "{:#?}",
        edited.signals
    );
    assert!(
        detail(&edited, FraudSignalType::PdfEditedAfterCreation).contains("Nitro"),
        "{:#?}",
        edited.signals
    );
    assert!(edited.risk_level >= RiskLevel::Medium, "{edited:#?}");

    let restyled = check(
        "<td class=n>£50.98</td>",
        "<td class=n style=\"font-family: 'DejaVu Serif'\">£50.98</td>",
    )
    .await;
    assert!(
        detail(&restyled, FraudSignalType::FontInconsistency).contains("50.98"),
        "{:#?}",
        restyled.signals
    );
    let mut signals = restyled.signals.clone();
    for signal in &mut signals {
        signal.detail = without_first_date(&signal.detail);
    }
    insta::assert_yaml_snapshot!(signals);
}

/// Issue 37's born-digital invoice: clean, it scores low (no arithmetic or tax signal from an
/// amount read off its postcode or VAT number); a padded total and a rate Germany — the
/// country of its VAT number, though it is written in English — does not have still trip
/// their signals.
#[tokio::test]
async fn a_clean_born_digital_invoice_scores_low_and_its_manipulations_trip_their_signals() {
    use conformance::invoice::{nordlicht, nordlicht_with};
    let server = server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let client = server.client(&key);
    let check = async |html: String| {
        let pdf = printed(&client, html.into_bytes()).await;
        score(&client, "invoice.pdf", pdf).await
    };
    let clean = check(nordlicht()).await;
    assert!(clean.risk_score < 20, "{clean:#?}");
    assert_eq!(clean.risk_level, RiskLevel::Low, "{clean:#?}");
    assert!(
        !signals(&clean).contains(&FraudSignalType::ArithmeticMismatch)
            && !signals(&clean).contains(&FraudSignalType::TaxMismatch),
        "{:#?}",
        clean.signals
    );

    let padded = check(nordlicht_with(&[("<td>238.00</td>", "<td>283.00</td>")])).await;
    assert!(
        detail(&padded, FraudSignalType::ArithmeticMismatch).contains("283.00"),
        "{:#?}",
        padded.signals
    );
    assert!(padded.risk_score >= 25, "{padded:#?}");

    // 20 % adds up (200.00 + 40.00 = 240.00) but is no German rate.
    let foreign = check(nordlicht_with(&[
        ("VAT 19%", "VAT 20%"),
        ("<td>38.00</td>", "<td>40.00</td>"),
        ("<td>238.00</td>", "<td>240.00</td>"),
    ]))
    .await;
    assert!(
        detail(&foreign, FraudSignalType::TaxMismatch).contains("rate of DE"),
        "{:#?}",
        foreign.signals
    );
    assert!(
        !signals(&foreign).contains(&FraudSignalType::ArithmeticMismatch),
        "{:#?}",
        foreign.signals
    );
}

/// The genuine receipts of the 12 languages score as they did before the born-digital
/// reading changed: no signal, score 0.
#[tokio::test]
async fn genuine_receipts_in_every_language_score_low() {
    let server = server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let client = server.client(&key);
    let mut scored = Vec::new();
    for sample in samples() {
        let pdf = printed(&client, sample.html()).await;
        let result = score(&client, "receipt.pdf", pdf).await;
        scored.push((sample.language, result.risk_score, signals(&result)));
    }
    let flagged: Vec<_> = scored.iter().filter(|(_, score, _)| *score != 0).collect();
    assert!(flagged.is_empty(), "{flagged:?}");
}

#[tokio::test]
async fn the_same_document_twice_from_one_key_is_a_duplicate_submission() {
    let server = server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let other = server.key(Plan::Unlimited, &[Api::Finance]).await;
    let client = server.client(&key);
    let pdf = printed(&client, english_receipt("", "")).await;
    let first = score(&client, "receipt.pdf", pdf.clone()).await;
    assert!(!signals(&first).contains(&FraudSignalType::DuplicateSubmission));
    let again = score(&client, "receipt-again.pdf", pdf.clone()).await;
    assert!(
        without_first_date(detail(&again, FraudSignalType::DuplicateSubmission))
            .contains("first on <date>"),
        "{:#?}",
        again.signals
    );
    // The same receipt printed again (other bytes, same vendor, date and total).
    let reprinted = printed(
        &client,
        english_receipt("VAT Receipt", "VAT Receipt (copy)"),
    )
    .await;
    assert_ne!(reprinted, pdf);
    let copy = score(&client, "copy.pdf", reprinted).await;
    assert!(
        detail(&copy, FraudSignalType::DuplicateSubmission).contains("same vendor, date and total"),
        "{:#?}",
        copy.signals
    );
    let elsewhere = score(&server.client(&other), "receipt.pdf", pdf).await;
    assert!(
        !signals(&elsewhere).contains(&FraudSignalType::DuplicateSubmission),
        "another key's submissions are not this key's: {:#?}",
        elsewhere.signals
    );
}

#[tokio::test]
async fn bad_uploads_are_refused() {
    let server = server().await;
    let key = server.key(Plan::Free, &[Api::Finance]).await;
    let client = server.client(&key);
    let before = server.used(&key, Api::Finance).await;
    let error = expect_error(
        client
            .finance_fraud_check()
            .file(upload("invoice.docx", b"PK\x03\x04not really".to_vec()))
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let huge = expect_error(
        client
            .finance_fraud_check()
            .file(upload("huge.png", png_header(20_000, 20_000)))
            .send()
            .await,
        413,
    );
    assert!(huge.message.contains("pixels"), "{}", huge.message);
    let (status, message) = server
        .post_form_field(
            &key.secret,
            "/v1/compliance/finance/fraud-check",
            b"%PDF-1.7".to_vec(),
            ("language", "tlh"),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        message.contains("tlh") && message.contains("ar"),
        "{message}"
    );
    let encrypted = expect_error(
        client
            .finance_fraud_check()
            .file(upload("locked.pdf", docs::encrypted_pdf()))
            .send()
            .await,
        422,
    );
    assert!(
        encrypted.message.contains("encrypted"),
        "{}",
        encrypted.message
    );
    assert_eq!(server.used(&key, Api::Finance).await, before);
}
