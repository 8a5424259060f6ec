//! `POST /v1/compliance/pii/detect`: every entity type found with its exact text in a page
//! made here, whether it arrives as a PNG, a born-digital PDF or a scanned PDF; boxes on the
//! page; other scripts; the options (types, minimum confidence, allow-list); and bad uploads
//! refused (415, 413, 422, 400), before they are charged when their headers tell.

use conformance::pii::{html, png_header, printed, rendered_pages, scanned_pdf};
use conformance::{TestServer, docs, expect_error};
use suite_client::FilePart;
use suite_client::types::{DetectionResult, PiiEntityType, PiiLanguage};
use suite_platform::{Api, Plan};

/// A customer record with one entity of every type (each number passes its checksum).
const RECORD: &str = "<h1>Customer record</h1>\
    <p>Order 20394 was shipped on 12 March 2026 for 129.90 EUR.</p>\
    <p>Name: Maria Gonzalez</p>\
    <p>Date of birth: 14/03/1985</p>\
    <p>Email: maria.gonzalez@example.com</p>\
    <p>Phone: +1 415 555 0132</p>\
    <p>SSN: 536-22-8741</p>\
    <p>Card number: 4111 1111 1111 1111</p>\
    <p>IBAN: DE89 3704 0044 0532 0130 00</p>\
    <p>Passport number: 533380006</p>\
    <p>DNI: 12345678Z</p>\
    <p>Address: 1600 Amphitheatre Parkway, Mountain View, CA 94043</p>";

/// What must be found in `RECORD`, by type and exact text (the address by its start).
const EXPECTED: [(PiiEntityType, &str); 10] = [
    (PiiEntityType::Name, "Maria Gonzalez"),
    (PiiEntityType::DateOfBirth, "14/03/1985"),
    (PiiEntityType::Email, "maria.gonzalez@example.com"),
    (PiiEntityType::Phone, "+1 415 555 0132"),
    (PiiEntityType::Ssn, "536-22-8741"),
    (PiiEntityType::CreditCard, "4111 1111 1111 1111"),
    (PiiEntityType::BankAccount, "DE89 3704 0044 0532 0130 00"),
    (PiiEntityType::Passport, "533380006"),
    (PiiEntityType::IdNumber, "12345678Z"),
    (PiiEntityType::Address, "1600 Amphitheatre Parkway"),
];

fn upload(name: &str, bytes: Vec<u8>) -> FilePart {
    // The declared type is wrong on purpose: the server sniffs the bytes.
    FilePart::new(name, "application/octet-stream", bytes)
}

/// `found` holds exactly the expected entities, all on `page`.
fn assert_record(found: &DetectionResult, page: u32, what: &str) {
    let mut missing = Vec::new();
    for (kind, text) in EXPECTED {
        let hit = found.entities.iter().any(|e| {
            e.type_ == kind
                && e.page.get() == page
                && if kind == PiiEntityType::Address {
                    e.text.starts_with(text)
                } else {
                    e.text == text
                }
        });
        if !hit {
            missing.push(format!("{kind:?} {text:?}"));
        }
    }
    let extra: Vec<String> = found
        .entities
        .iter()
        .filter(|e| !EXPECTED.iter().any(|(kind, _)| *kind == e.type_))
        .map(|e| format!("{:?} {:?}", e.type_, e.text))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty() && found.entities.len() == EXPECTED.len(),
        "{what}: missing {missing:?}, unexpected {extra:?}, found {:#?}",
        found.entities
    );
    assert_eq!(found.total_found, found.entities.len() as u64);
    for entity in &found.entities {
        assert!(
            (0.5..=1.0).contains(&entity.confidence),
            "{what}: {entity:?}"
        );
    }
}

async fn server() -> TestServer {
    docs::server().await
}

#[tokio::test]
async fn every_type_is_found_in_an_image_a_born_digital_pdf_and_a_scanned_pdf() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let pdf = printed(&client, html(RECORD)).await;

    let digital = client
        .pii_detect()
        .file(upload("record.pdf", pdf.clone()))
        .send()
        .await
        .expect("born-digital PDF scanned")
        .into_inner();
    assert_record(&digital, 1, "born-digital PDF");
    insta::assert_yaml_snapshot!(digital, { ".entities[].bounding_box" => "[box]" });
    assert_eq!(digital.pages_scanned, 1);
    // Boxes are pixels of the A4 page at 200 DPI (1654 × 2339), in reading order.
    let mut last_y = 0;
    for entity in &digital.entities {
        let b = entity.bounding_box.as_ref().expect("a box");
        assert!(
            b.x + b.width <= 1654 && b.y + b.height <= 2339 && b.width > 0,
            "{entity:?}"
        );
        assert!(b.y >= last_y, "reading order: {:?}", digital.entities);
        last_y = b.y;
    }

    let png = rendered_pages(&pdf, 150, "png").remove(0);
    let image = client
        .pii_detect()
        .file(upload("record.png", png))
        .send()
        .await
        .expect("PNG scanned")
        .into_inner();
    assert_record(&image, 1, "PNG");

    let jpegs = rendered_pages(&pdf, 200, "jpeg");
    let mut two_pages = jpegs.clone();
    two_pages.extend(jpegs);
    let scanned = client
        .pii_detect()
        .file(upload("scan.pdf", scanned_pdf(&two_pages, 200)))
        .send()
        .await
        .expect("scanned PDF read by OCR")
        .into_inner();
    assert_eq!(scanned.pages_scanned, 2);
    let (first, second): (Vec<_>, Vec<_>) = scanned
        .entities
        .iter()
        .cloned()
        .partition(|e| e.page.get() == 1);
    for (page, entities) in [(1, first), (2, second)] {
        let one = DetectionResult {
            total_found: entities.len() as u64,
            entities,
            pages_scanned: 1,
        };
        assert_record(&one, page, &format!("scanned page {page}"));
    }
}

#[tokio::test]
async fn options_narrow_what_is_reported() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let pdf = printed(&client, html(RECORD)).await;
    let only = client
        .pii_detect()
        .file(upload("record.pdf", pdf.clone()))
        .entity_types("email, phone")
        .allow_list("  MARIA.GONZALEZ@example.com \nnobody@example.org")
        .send()
        .await
        .expect("scanned")
        .into_inner();
    let kinds: Vec<_> = only
        .entities
        .iter()
        .map(|e| (e.type_, e.text.as_str()))
        .collect();
    assert_eq!(kinds, [(PiiEntityType::Phone, "+1 415 555 0132")]);
    let strict = client
        .pii_detect()
        .file(upload("record.pdf", pdf.clone()))
        .min_confidence(0.9)
        .send()
        .await
        .expect("scanned")
        .into_inner();
    assert!(
        strict.entities.iter().all(|e| e.confidence >= 0.9),
        "{strict:?}"
    );
    assert!(
        strict
            .entities
            .iter()
            .any(|e| e.type_ == PiiEntityType::CreditCard),
        "a checksum-confirmed card stays above 0.9: {strict:?}"
    );

    let before = server.used(&key, Api::Pii).await;
    let unknown_type = expect_error(
        client
            .pii_detect()
            .file(upload("record.pdf", pdf.clone()))
            .entity_types("email,shoe_size")
            .send()
            .await,
        400,
    );
    assert!(
        unknown_type.message.contains("shoe_size") && unknown_type.message.contains("bank_account"),
        "{}",
        unknown_type.message
    );
    insta::assert_yaml_snapshot!(unknown_type.into_inner(), { ".request_id" => "[id]" });
    let (status, message) = server
        .post_form_field(
            &key.secret,
            "/v1/compliance/pii/detect",
            pdf.clone(),
            ("language", "klingon"),
        )
        .await;
    assert_eq!(status, 400);
    assert!(
        message.contains("klingon") && message.contains("ko"),
        "{message}"
    );
    expect_error(
        client
            .pii_detect()
            .file(upload("record.pdf", pdf))
            .min_confidence(1.5)
            .send()
            .await,
        400,
    );
    assert_eq!(
        server.used(&key, Api::Pii).await,
        before,
        "refusals cost nothing"
    );
}

#[tokio::test]
async fn other_scripts_and_a_turned_page_are_read() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let cases = [
        (
            PiiLanguage::Ru,
            "<p>Клиент: Иван Петров</p><p>Электронная почта: ivan.petrov@example.ru</p><p>Телефон: +7 495 123-45-67</p>",
            vec![
                (PiiEntityType::Email, "ivan.petrov@example.ru"),
                (PiiEntityType::Phone, "+7 495 123-45-67"),
            ],
        ),
        (
            PiiLanguage::Zh,
            "<p>客户邮箱：li.wei@example.cn</p><p>电话：+86 138 0013 8000</p>",
            vec![
                (PiiEntityType::Email, "li.wei@example.cn"),
                (PiiEntityType::Phone, "+86 138 0013 8000"),
            ],
        ),
        (
            PiiLanguage::De,
            "<p>Kunde: Herr Jürgen Müller</p><p>IBAN: DE89 3704 0044 0532 0130 00</p>",
            vec![
                (PiiEntityType::Name, "Jürgen Müller"),
                (PiiEntityType::BankAccount, "DE89 3704 0044 0532 0130 00"),
            ],
        ),
    ];
    for (language, body, expected) in cases {
        let pdf = printed(&client, html(body)).await;
        let png = rendered_pages(&pdf, 200, "png").remove(0);
        let found = client
            .pii_detect()
            .file(upload("page.png", png))
            .language(language)
            .send()
            .await
            .expect("scanned")
            .into_inner();
        for (kind, text) in &expected {
            assert!(
                found
                    .entities
                    .iter()
                    .any(|e| e.type_ == *kind && e.text == *text),
                "{language:?}: no {kind:?} {text:?} in {:#?}",
                found.entities
            );
        }
    }

    // A page printed turned by 90 degrees is read upright; its boxes stay on the page as
    // uploaded (landscape here).
    let turned = html(
        "<div style=\"transform: rotate(90deg); transform-origin: top left; position: absolute; left: 120mm; top: 10mm; width: 240mm\">\
         <p>Contact: maria.gonzalez@example.com</p><p>Card number: 4111 1111 1111 1111</p></div>",
    );
    let pdf = printed(&client, turned).await;
    let png = rendered_pages(&pdf, 150, "png").remove(0);
    let found = client
        .pii_detect()
        .file(upload("turned.png", png))
        .send()
        .await
        .expect("scanned")
        .into_inner();
    let email = found
        .entities
        .iter()
        .find(|e| e.type_ == PiiEntityType::Email)
        .unwrap_or_else(|| panic!("the email on the turned page: {found:#?}"));
    assert_eq!(email.text, "maria.gonzalez@example.com");
    let b = email.bounding_box.as_ref().expect("a box");
    assert!(
        b.height > b.width,
        "a vertical line of text has a tall box: {b:?}"
    );
}

#[tokio::test]
async fn bad_uploads_are_refused_before_any_charge() {
    let server = server().await;
    let key = server.key(Plan::Free, &[Api::Pii]).await;
    let client = server.client(&key);
    let docx = docs::docx(&["Maria Gonzalez"]);
    let refused = expect_error(
        client
            .pii_detect()
            .file(upload("a.docx", docx))
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(refused.into_inner(), { ".request_id" => "[id]" });
    let empty = expect_error(
        client
            .pii_detect()
            .file(upload("a.png", Vec::new()))
            .send()
            .await,
        400,
    );
    assert!(empty.message.contains("empty"), "{}", empty.message);

    let corrupt_pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog".to_vec();
    expect_error(
        client
            .pii_detect()
            .file(upload("a.pdf", corrupt_pdf))
            .send()
            .await,
        422,
    );
    let encrypted = expect_error(
        client
            .pii_detect()
            .file(upload("a.pdf", docs::encrypted_pdf()))
            .send()
            .await,
        422,
    );
    assert!(
        encrypted.message.contains("encrypted"),
        "{}",
        encrypted.message
    );

    // A PNG whose header claims 100,000 × 100,000 pixels, and a PDF of 101 pages: refused
    // from their headers, without decoding.
    let huge = png_header(100_000, 100_000);
    let too_large = expect_error(
        client
            .pii_detect()
            .file(upload("huge.png", huge))
            .send()
            .await,
        413,
    );
    insta::assert_yaml_snapshot!(too_large.into_inner(), { ".request_id" => "[id]" });
    let many_pages = expect_error(
        client
            .pii_detect()
            .file(upload("long.pdf", blank_pdf(101)))
            .send()
            .await,
        413,
    );
    assert!(many_pages.message.contains("101"), "{}", many_pages.message);
    assert_eq!(
        server.used(&key, Api::Pii).await,
        0,
        "nothing refused was charged"
    );

    // An image whose header is sound but whose pixels are not is found while decoding it,
    // after admission: that call is charged like any other work.
    let mut corrupt_png =
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0".to_vec();
    corrupt_png.extend_from_slice(&[0x55; 64]);
    let corrupt = expect_error(
        client
            .pii_detect()
            .file(upload("a.png", corrupt_png))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(corrupt.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(server.used(&key, Api::Pii).await, 1);
}

/// A PDF of `pages` blank letter pages.
fn blank_pdf(pages: usize) -> Vec<u8> {
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {pages} >>",
            (0..pages)
                .map(|i| format!("{} 0 R", i + 3))
                .collect::<Vec<_>>()
                .join(" ")
        )
        .into_bytes(),
    ];
    for _ in 0..pages {
        objects.push(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_vec());
    }
    docs::pdf_of(&objects, "")
}
