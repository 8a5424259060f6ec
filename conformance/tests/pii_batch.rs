//! `POST /v1/compliance/pii/batch` and `GET /v1/compliance/pii/download/{id}`: results in
//! upload order, a file that cannot be decoded failing alone, one unit per file and all or
//! nothing on quota, redacted files downloadable by their owner only, and the whole batch
//! refused for an unaccepted type or more than 20 files.

use conformance::pii::{html, printed, rendered_pages};
use conformance::shots::body;
use conformance::{docs, expect_error};
use suite_client::FilePart;
use suite_client::types::{BatchItemStatus, PiiBatchMode, PiiEntityType};
use suite_platform::{Api, Plan};

const PAGE: &str =
    "<p>Email: maria.gonzalez@example.com</p><p>Card number: 4111 1111 1111 1111</p>";

#[tokio::test]
async fn files_are_processed_in_order_and_a_broken_one_fails_alone() {
    let server = docs::server().await;
    let key = server.key(Plan::Unlimited, &[Api::Pii, Api::Docgen]).await;
    let client = server.client(&key);
    let pdf = printed(&client, html(PAGE)).await;
    let png = rendered_pages(&pdf, 150, "png").remove(0);
    let mut broken = png.clone();
    broken.truncate(broken.len() / 3);
    let files = vec![
        FilePart::new("record.pdf", "application/pdf", pdf.clone()),
        FilePart::new("broken.png", "image/png", broken),
        FilePart::new("record.png", "image/png", png.clone()),
    ];
    let before = server.used(&key, Api::Pii).await;
    let result = client
        .pii_batch()
        .files(files.clone())
        .send()
        .await
        .expect("batch answered")
        .into_inner();
    insta::assert_yaml_snapshot!(result, {
        ".results[].detection.entities[].bounding_box" => "[box]",
        ".results[].error.request_id" => "[id]",
    });
    assert_eq!(
        server.used(&key, Api::Pii).await - before,
        3,
        "one unit per file"
    );
    assert_eq!((result.succeeded, result.failed), (2, 1));
    let names: Vec<&str> = result.results.iter().map(|r| r.filename.as_str()).collect();
    assert_eq!(names, ["record.pdf", "broken.png", "record.png"]);
    assert_eq!(result.results[1].status, BatchItemStatus::Failed);
    assert_eq!(
        result.results[1]
            .error
            .as_ref()
            .expect("an error")
            .error_code,
        "unprocessable"
    );
    for item in [&result.results[0], &result.results[2]] {
        let detection = item.detection.as_ref().expect("a detection");
        let kinds: Vec<_> = detection.entities.iter().map(|e| e.type_).collect();
        assert_eq!(
            kinds,
            [PiiEntityType::Email, PiiEntityType::CreditCard],
            "{item:?}"
        );
        assert!(item.download_url.is_none(), "detect mode publishes nothing");
    }

    let redacted = client
        .pii_batch()
        .files(files)
        .mode(PiiBatchMode::Redact)
        .send()
        .await
        .expect("batch answered")
        .into_inner();
    let pdf_item = &redacted.results[0];
    assert_eq!(pdf_item.content_type.as_deref(), Some("application/pdf"));
    let url = pdf_item.download_url.as_deref().expect("a download url");
    let id = url.rsplit('/').next().expect("an id");
    let download = client
        .pii_download()
        .id(id)
        .send()
        .await
        .expect("downloaded");
    assert_eq!(
        download
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    let bytes = body(download).await;
    assert_eq!(Some(bytes.len() as i64), pdf_item.size_bytes);
    assert!(
        conformance::shots::pdf_text(&bytes).trim().is_empty(),
        "no text survives"
    );
    assert_eq!(
        redacted.results[2].content_type.as_deref(),
        Some("image/png")
    );

    let stranger = server.key(Plan::Unlimited, &[Api::Pii]).await;
    let not_found = expect_error(
        server.client(&stranger).pii_download().id(id).send().await,
        404,
    );
    insta::assert_yaml_snapshot!(not_found.into_inner(), { ".request_id" => "[id]", ".message" => "[message naming the id]" });
}

#[tokio::test]
async fn a_batch_is_refused_whole_before_any_charge() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Pii]).await;
    let client = server.client(&key);
    let tiny_pdf = docs::pdf_of(
        &[
            b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>".to_vec(),
        ],
        "",
    );
    let part =
        |name: &str, bytes: &[u8]| FilePart::new(name, "application/octet-stream", bytes.to_vec());
    let too_many: Vec<FilePart> = (0..21)
        .map(|i| part(&format!("{i}.pdf"), &tiny_pdf))
        .collect();
    let refused = expect_error(client.pii_batch().files(too_many).send().await, 413);
    insta::assert_yaml_snapshot!(refused.into_inner(), { ".request_id" => "[id]" });
    let wrong_type = expect_error(
        client
            .pii_batch()
            .files(vec![part("a.pdf", &tiny_pdf), part("notes.txt", b"hello")])
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
    let empty = expect_error(client.pii_batch().files(Vec::new()).send().await, 400);
    insta::assert_yaml_snapshot!(empty.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(server.used(&key, Api::Pii).await, 0);

    // The free plan's 500 a month: with 2 left, a batch of 3 is 429 and nothing is charged.
    let spent = server
        .platform()
        .quotas()
        .admit(&key.id, Api::Pii, Plan::Free, 498, server.clock().now())
        .await
        .expect("usage");
    assert!(spent.is_ok());
    let three: Vec<FilePart> = (0..3)
        .map(|i| part(&format!("{i}.pdf"), &tiny_pdf))
        .collect();
    expect_error(client.pii_batch().files(three).send().await, 429);
    assert_eq!(server.used(&key, Api::Pii).await, 498);
}
