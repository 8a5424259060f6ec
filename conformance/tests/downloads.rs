//! Downloads: the owner gets the bytes with the real Content-Type, another key gets 404 (never
//! 403), an expired file gets 410, the sweeper deletes expired files, and downloads are free.

use chrono::Duration;
use conformance::TestServer;
use suite_platform::{Api, Plan};

const PDF: &[u8] = b"%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

async fn stored(server: &TestServer, key_id: &str, api: Api, content_type: &str) -> String {
    let now = server.clock().now();
    let blob = server
        .platform()
        .blobs()
        .put(key_id, api, "doc", content_type, PDF, now)
        .await
        .expect("blob stored");
    blob.id
}

#[tokio::test]
async fn the_owner_downloads_with_the_real_content_type_at_no_cost() {
    let server = TestServer::start().await;
    let owner = server
        .key(Plan::Free, &[Api::Docgen, Api::Screenshot, Api::Pii])
        .await;
    let id = stored(&server, &owner.id, Api::Docgen, "application/pdf").await;
    let response = server
        .client(&owner)
        .docgen_download()
        .id(&id)
        .send()
        .await
        .expect("owner downloads");
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    assert_eq!(
        response
            .headers()
            .get("x-ratelimit-remaining")
            .and_then(|v| v.to_str().ok()),
        Some("500"),
        "free"
    );
    let bytes = response.into_inner().into_inner();
    let body: Vec<u8> =
        futures::TryStreamExt::try_concat(futures::TryStreamExt::map_ok(bytes, |b| b.to_vec()))
            .await
            .expect("body");
    assert_eq!(body, PDF);

    let shot = stored(&server, &owner.id, Api::Screenshot, "image/png").await;
    let response = server
        .client(&owner)
        .screenshot_download()
        .id(&shot)
        .send()
        .await
        .expect("owner downloads");
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("image/png")
    );
    let redacted = stored(&server, &owner.id, Api::Pii, "image/png").await;
    assert_eq!(
        conformance::status_of(
            server
                .client(&owner)
                .pii_download()
                .id(&redacted)
                .send()
                .await
        ),
        200
    );
}

#[tokio::test]
async fn another_key_or_another_api_gets_404() {
    let server = TestServer::start().await;
    let owner = server
        .key(Plan::Free, &[Api::Docgen, Api::Screenshot])
        .await;
    let stranger = server
        .key(Plan::Free, &[Api::Docgen, Api::Screenshot])
        .await;
    let id = stored(&server, &owner.id, Api::Docgen, "application/pdf").await;
    let not_found = conformance::expect_error(
        server
            .client(&stranger)
            .docgen_download()
            .id(&id)
            .send()
            .await,
        404,
    );
    insta::assert_yaml_snapshot!(not_found.into_inner(), { ".request_id" => "[request_id]", ".message" => "[message]" });
    // A document id is not a screenshot id, even for its owner.
    assert_eq!(
        conformance::status_of(
            server
                .client(&owner)
                .screenshot_download()
                .id(&id)
                .send()
                .await
        ),
        404
    );
    // Ids that were never issued, or that try to leave the store, are 404 too.
    for id in ["doc_nope", "..%2F..%2Fetc%2Fpasswd", "a.b"] {
        assert_eq!(
            conformance::status_of(server.client(&owner).docgen_download().id(id).send().await),
            404,
            "{id}"
        );
    }
}

#[tokio::test]
async fn expired_downloads_are_410_and_swept() {
    let server = TestServer::start().await;
    let owner = server.key(Plan::Free, &[Api::Docgen]).await;
    let id = stored(&server, &owner.id, Api::Docgen, "application/pdf").await;
    server
        .clock()
        .set(server.clock().now() + Duration::hours(24) + Duration::seconds(1));
    let gone = conformance::expect_error(
        server.client(&owner).docgen_download().id(&id).send().await,
        410,
    );
    assert_eq!(gone.error_code, "expired");
    assert!(
        server
            .platform()
            .blobs()
            .bytes_exist(&id)
            .await
            .expect("looked up")
    );
    let swept = server
        .platform()
        .blobs()
        .sweep(server.clock().now())
        .await
        .expect("sweep");
    assert_eq!(swept, 1);
    assert!(
        !server
            .platform()
            .blobs()
            .bytes_exist(&id)
            .await
            .expect("looked up"),
        "the sweeper deletes the file"
    );
    assert_eq!(
        conformance::status_of(server.client(&owner).docgen_download().id(&id).send().await),
        410,
        "still 410 after the sweep"
    );
}
