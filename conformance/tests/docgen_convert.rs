//! `POST /v1/dev/pdf/convert`: every pair of the five formats converts a real document and the
//! result is a valid file of its format that still says what the input said; uploads are
//! sniffed (415), empty (400), corrupt or encrypted (422), zip bombs (413); and nothing a
//! document links to is fetched or read, whichever engine converts it.

use conformance::docs::{self, FORMATS, document_text, fetch, squeezed};
use conformance::expect_error;
use conformance::pages::Pages;
use suite_client::FilePart;
use suite_client::types::DocumentFormat;
use suite_platform::{Api, Plan};

const SENTENCE: &str = "The quick brown fox paid 1234 euros";

fn upload(bytes: Vec<u8>) -> FilePart {
    // The name and declared type are wrong on purpose: the server sniffs the bytes.
    FilePart::new("upload.bin", "application/octet-stream", bytes)
}

fn html() -> Vec<u8> {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>\
         <h1>Conversion check</h1><p>{SENTENCE}</p></body></html>"
    )
    .into_bytes()
}

#[tokio::test]
async fn every_pair_of_formats_converts_and_keeps_the_text() {
    let server = docs::server().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    let printed = client
        .docgen_convert()
        .file(upload(html()))
        .output_format(DocumentFormat::Pdf)
        .send()
        .await
        .expect("HTML printed")
        .into_inner();
    let pdf = fetch(&client, &printed).await;
    let inputs = [
        (DocumentFormat::Pdf, pdf),
        (
            DocumentFormat::Docx,
            docs::docx(&["Conversion check", SENTENCE]),
        ),
        (DocumentFormat::Html, html()),
        (
            DocumentFormat::Txt,
            format!("Conversion check\n{SENTENCE}\n").into_bytes(),
        ),
        (
            DocumentFormat::Odt,
            docs::odt(&["Conversion check", SENTENCE]),
        ),
    ];
    let mut failures = Vec::new();
    for (from, bytes) in &inputs {
        for to in FORMATS {
            let answer = client
                .docgen_convert()
                .file(upload(bytes.clone()))
                .output_format(to)
                .send()
                .await;
            let document = match answer {
                Ok(document) => document.into_inner(),
                Err(e) => {
                    failures.push(format!("{from:?} → {to:?}: {e}"));
                    continue;
                }
            };
            assert_eq!(document.format, to);
            let out = fetch(&client, &document).await;
            let text = squeezed(&document_text(to, &out));
            if !text.contains(SENTENCE) {
                failures.push(format!("{from:?} → {to:?} lost the text: {text:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn uploads_are_sniffed_and_unreadable_ones_refused() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Docgen]).await;
    let client = server.client(&key);
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let refused = expect_error(
        client
            .docgen_convert()
            .file(upload(png))
            .output_format(DocumentFormat::Pdf)
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(refused.into_inner(), { ".request_id" => "[id]" });
    let empty = expect_error(
        client
            .docgen_convert()
            .file(upload(Vec::new()))
            .output_format(DocumentFormat::Pdf)
            .send()
            .await,
        400,
    );
    assert!(empty.message.contains("empty"), "{}", empty.message);
    let mut corrupt_docx = docs::docx(&["x"]);
    corrupt_docx.truncate(corrupt_docx.len() / 2);
    expect_error(
        client
            .docgen_convert()
            .file(upload(corrupt_docx))
            .output_format(DocumentFormat::Pdf)
            .send()
            .await,
        422,
    );
    let corrupt_pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog".to_vec();
    let unreadable = expect_error(
        client
            .docgen_convert()
            .file(upload(corrupt_pdf))
            .output_format(DocumentFormat::Txt)
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(unreadable.into_inner(), { ".request_id" => "[id]" });
    let encrypted = expect_error(
        client
            .docgen_convert()
            .file(upload(docs::encrypted_pdf()))
            .output_format(DocumentFormat::Txt)
            .send()
            .await,
        422,
    );
    assert!(
        encrypted.message.contains("encrypted"),
        "{}",
        encrypted.message
    );
}

#[tokio::test]
async fn a_docx_zip_bomb_is_413_before_libreoffice_sees_it() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Docgen]).await;
    let client = server.client(&key);
    let mut bomb = docs::unzip(&docs::docx(&["bomb"]));
    bomb.push(("word/media/zeros.bin".into(), vec![0u8; 24 << 20]));
    let entries: Vec<(&str, Vec<u8>)> = bomb.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let bytes = docs::zip(&entries, &[]);
    assert!(bytes.len() < 1 << 20, "the bomb is small: {}", bytes.len());
    let error = expect_error(
        client
            .docgen_convert()
            .file(upload(bytes))
            .output_format(DocumentFormat::Pdf)
            .send()
            .await,
        413,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
}

#[tokio::test]
async fn nothing_a_document_links_to_is_fetched_or_read() {
    let server = docs::server().await;
    let victim = Pages::victim().await;
    let key = server.key(Plan::Unlimited, &[Api::Docgen]).await;
    let client = server.client(&key);
    // A DOCX with an image linked from the victim, and a field that includes /etc/passwd.
    let body = "<w:p><w:r><w:t>Linked content below</w:t></w:r></w:p>\
         <w:p><w:r><w:fldChar w:fldCharType=\"begin\"/></w:r><w:r><w:instrText xml:space=\"preserve\"> INCLUDETEXT \"/etc/passwd\" </w:instrText></w:r><w:r><w:fldChar w:fldCharType=\"separate\"/></w:r><w:r><w:t>placeholder</w:t></w:r><w:r><w:fldChar w:fldCharType=\"end\"/></w:r></w:p>\
         <w:p><w:r><w:drawing><wp:inline><wp:extent cx=\"952500\" cy=\"952500\"/><wp:docPr id=\"1\" name=\"p\"/><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/picture\"><pic:pic><pic:nvPicPr><pic:cNvPr id=\"1\" name=\"p\"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link=\"rIdImg\"/></pic:blipFill><pic:spPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"952500\" cy=\"952500\"/></a:xfrm><a:prstGeom prst=\"rect\"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>";
    let rels = format!(
        "<Relationship Id=\"rIdImg\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"{}\" TargetMode=\"External\"/>\
         <Relationship Id=\"rIdFile\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"file:///etc/passwd\" TargetMode=\"External\"/>",
        victim.url("/linked.png")
    );
    let linked_docx = docs::docx_with(body, &rels);
    let html = format!(
        "<!DOCTYPE html><html><body><p>Linked content below</p><img src=\"{}\">\
         <iframe src=\"file:///etc/passwd\"></iframe><img src=\"file:///etc/passwd\"></body></html>",
        victim.url("/linked.png")
    );
    let cases = [
        (linked_docx.clone(), DocumentFormat::Pdf),
        (linked_docx, DocumentFormat::Odt),
        (html.clone().into_bytes(), DocumentFormat::Pdf),
        (html.into_bytes(), DocumentFormat::Docx),
    ];
    for (bytes, to) in cases {
        let document = client
            .docgen_convert()
            .file(upload(bytes))
            .output_format(to)
            .send()
            .await
            .expect("converted")
            .into_inner();
        let text = document_text(to, &fetch(&client, &document).await);
        assert!(text.contains("Linked content below"), "{to:?}: {text}");
        assert!(!text.contains("root:"), "{to:?} read /etc/passwd: {text}");
    }
    assert_eq!(victim.hits(), 0, "a linked resource was fetched");
}
