//! `POST /v1/compliance/pii/redact`: the answer is the cleaned file itself in the upload's
//! type, with the count in a header; read back independently (Tesseract's CLI on images,
//! `pdftotext` and the file's structure on PDFs), none of the redacted strings survive while
//! the rest of the page does; boxes are painted in the asked colour.

use conformance::pii::{html, ocr_text, pdf_info, png_header, printed, rendered_pages};
use conformance::shots::{body, header};
use conformance::{docs, expect_error};
use suite_client::FilePart;
use suite_platform::{Api, Plan};

const PAGE: &str = "<h1>Customer record</h1>\
    <p>Thank you for your order.</p>\
    <p>Email: maria.gonzalez@example.com</p>\
    <p>Card number: 4111 1111 1111 1111</p>\
    <p>Phone: +1 415 555 0132</p>";

const SECRETS: [&str; 5] = ["maria", "gonzalez", "4111", "1111", "555"];

fn upload(name: &str, bytes: Vec<u8>) -> FilePart {
    FilePart::new(name, "application/octet-stream", bytes)
}

fn assert_clean(text: &str, what: &str) {
    let lower = text.to_lowercase();
    for secret in SECRETS {
        assert!(
            !lower.contains(secret),
            "{what}: {secret:?} survived in {text:?}"
        );
    }
    assert!(
        lower.contains("customer record"),
        "{what}: the rest of the page is gone: {text:?}"
    );
}

#[tokio::test]
async fn images_come_back_painted_in_their_own_format() {
    let server = docs::server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let pdf = printed(&client, html(PAGE)).await;
    for format in ["png", "jpeg"] {
        let image = rendered_pages(&pdf, 150, format).remove(0);
        assert!(
            ocr_text(&image).to_lowercase().contains("gonzalez"),
            "the original shows it"
        );
        let response = client
            .pii_redact()
            .file(upload(&format!("page.{format}"), image))
            .send()
            .await
            .expect("redacted");
        assert_eq!(header(&response, "content-type"), format!("image/{format}"));
        assert_eq!(header(&response, "x-redacted-count"), "3");
        assert_eq!(header(&response, "x-pages-scanned"), "1");
        let redacted = body(response).await;
        assert_clean(&ocr_text(&redacted), format);
    }

    // The boxes are filled with `fill_color`: the middle of the email's box is that colour.
    let image = rendered_pages(&pdf, 150, "png").remove(0);
    let found = client
        .pii_detect()
        .file(FilePart::new("page.png", "image/png", image.clone()))
        .entity_types("email")
        .send()
        .await
        .expect("detected")
        .into_inner();
    let b = found.entities[0].bounding_box.clone().expect("a box");
    let response = client
        .pii_redact()
        .file(upload("page.png", image))
        .fill_color("#FF8000")
        .send()
        .await
        .expect("redacted");
    let png = body(response).await;
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    let channels = frame.line_size / frame.width as usize;
    let (x, y) = ((b.x + b.width / 2) as usize, (b.y + b.height / 2) as usize);
    let at = y * frame.line_size + x * channels;
    assert_eq!(
        &pixels[at..at + 3],
        &[0xFF, 0x80, 0x00],
        "fill colour at {x},{y}"
    );

    let bad_colour = expect_error(
        client
            .pii_redact()
            .file(upload(
                "page.png",
                rendered_pages(&pdf, 72, "png").remove(0),
            ))
            .fill_color("orange")
            .send()
            .await,
        400,
    );
    insta::assert_yaml_snapshot!(bad_colour.into_inner(), { ".request_id" => "[id]" });
}

#[tokio::test]
async fn a_pdf_is_rebuilt_from_painted_page_images_with_nothing_of_the_original() {
    let server = docs::server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let two_pages = html(&format!(
        "{PAGE}<p style=\"page-break-before: always\">Second page, no data.</p>"
    ));
    let pdf = printed(&client, two_pages).await;
    assert!(
        conformance::shots::pdf_text(&pdf).contains("gonzalez"),
        "the original has text"
    );
    let response = client
        .pii_redact()
        .file(upload("record.pdf", pdf.clone()))
        .send()
        .await
        .expect("redacted");
    assert_eq!(header(&response, "content-type"), "application/pdf");
    assert_eq!(header(&response, "x-pages-scanned"), "2");
    let redacted = body(response).await;

    assert!(
        conformance::shots::pdf_text(&redacted).trim().is_empty(),
        "no text layer survives"
    );
    let info = pdf_info(&redacted);
    assert!(info.contains("Pages:           2"), "{info}");
    for field in [
        "Title:",
        "Author:",
        "Creator:",
        "Producer:",
        "CreationDate:",
    ] {
        assert!(!info.contains(field), "{field} survived: {info}");
    }
    let raw = String::from_utf8_lossy(&redacted);
    assert_eq!(raw.matches("%%EOF").count(), 1, "one revision");
    for marker in [
        "/Info",
        "/Metadata",
        "/Annots",
        "/AcroForm",
        "/JavaScript",
        "/EmbeddedFiles",
        "/OpenAction",
    ] {
        assert!(!raw.contains(marker), "{marker} in the redacted PDF");
    }
    let pages = rendered_pages(&redacted, 150, "png");
    assert_eq!(pages.len(), 2);
    assert_clean(&ocr_text(&pages[0]), "redacted PDF page 1");
    assert!(
        ocr_text(&pages[1]).to_lowercase().contains("second page"),
        "page 2 kept"
    );

    // With an invisible text layer, the words left are searchable again, and only those.
    let response = client
        .pii_redact()
        .file(upload("record.pdf", pdf))
        .text_layer(true)
        .send()
        .await
        .expect("redacted");
    let searchable = body(response).await;
    let layer = conformance::shots::pdf_text(&searchable);
    assert_clean(&layer, "the text layer");
    assert!(
        layer.contains("Second page"),
        "the words left are in the layer: {layer}"
    );
    assert_eq!(
        rendered_pages(&searchable, 150, "png")[0],
        pages[0],
        "the layer is invisible"
    );
}

#[tokio::test]
async fn what_detect_refuses_redact_refuses_the_same_way() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Pii]).await;
    let client = server.client(&key);
    let wrong_type = expect_error(
        client
            .pii_redact()
            .file(upload("notes.txt", b"Maria Gonzalez".to_vec()))
            .send()
            .await,
        415,
    );
    assert!(
        wrong_type.message.contains("notes.txt"),
        "{}",
        wrong_type.message
    );
    insta::assert_yaml_snapshot!(wrong_type.into_inner(), { ".request_id" => "[id]" });
    let encrypted = expect_error(
        client
            .pii_redact()
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
    insta::assert_yaml_snapshot!(encrypted.into_inner(), { ".request_id" => "[id]" });
    let huge = png_header(20_000, 20_000);
    let too_large = expect_error(
        client
            .pii_redact()
            .file(upload("huge.png", huge))
            .send()
            .await,
        413,
    );
    insta::assert_yaml_snapshot!(too_large.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(
        server.used(&key, Api::Pii).await,
        0,
        "refusals cost nothing"
    );
}
