//! Every operation × {no key, unknown key, revoked key, key not subscribed} answers the right
//! 401/403 with the platform's error body — before any body is read, so these requests carry
//! none (raw HTTP: the generated client always sends a well-formed body).

use std::collections::BTreeMap;

use conformance::TestServer;
use suite_platform::generated::api::Operation;
use suite_platform::{Api, Plan};

async fn call(server: &TestServer, op: Operation, key: Option<&str>) -> (u16, serde_json::Value) {
    let path = op.path().replace("{id}", "dl_1");
    let method = reqwest::Method::from_bytes(op.method().as_bytes()).expect("method");
    let mut request = server.raw().request(method, server.url(&path));
    if let Some(key) = key {
        request = request.header("X-API-Key", key);
    }
    let response = request.send().await.expect("response");
    let status = response.status().as_u16();
    let request_id = response
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body: serde_json::Value = response.json().await.expect("JSON error body");
    assert_eq!(
        body["request_id"].as_str(),
        request_id.as_deref(),
        "{}: request_id equals X-Request-Id",
        op.id()
    );
    (status, body)
}

/// One line per operation: `status error_code: message`.
async fn matrix(
    server: &TestServer,
    key: Option<&str>,
    expect: u16,
) -> BTreeMap<&'static str, String> {
    let mut lines = BTreeMap::new();
    for op in Operation::ALL {
        let (status, body) = call(server, op, key).await;
        assert_eq!(status, expect, "{}: {body}", op.id());
        lines.insert(
            op.id(),
            format!(
                "{status} {}: {}",
                body["error_code"].as_str().unwrap_or("?"),
                body["message"].as_str().unwrap_or("?")
            ),
        );
    }
    lines
}

#[tokio::test]
async fn no_key_is_401_missing_api_key() {
    let server = TestServer::start().await;
    insta::assert_yaml_snapshot!(matrix(&server, None, 401).await);
    // An empty header is no key either.
    let (status, body) = call(&server, Operation::ValidateCreditcard, Some("")).await;
    assert_eq!(
        (status, body["error_code"].as_str()),
        (401, Some("missing_api_key"))
    );
}

#[tokio::test]
async fn unknown_key_is_401_invalid_api_key() {
    let server = TestServer::start().await;
    insta::assert_yaml_snapshot!(matrix(&server, Some("sk_live_not_a_key_we_issued"), 401).await);
}

#[tokio::test]
async fn revoked_key_is_401_with_the_same_message_as_an_unknown_one() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Pro, &Api::ALL).await;
    server.revoke(&key).await;
    let revoked = matrix(&server, Some(&key.secret), 401).await;
    let unknown = matrix(&server, Some("sk_live_not_a_key_we_issued"), 401).await;
    assert_eq!(
        revoked, unknown,
        "a revoked key must be indistinguishable from an unknown one"
    );
}

#[tokio::test]
async fn unsubscribed_key_is_403_not_subscribed() {
    let server = TestServer::start().await;
    let mut lines = BTreeMap::new();
    for api in Api::ALL {
        let others: Vec<Api> = Api::ALL.into_iter().filter(|a| *a != api).collect();
        let key = server.key(Plan::Pro, &others).await;
        for op in Operation::ALL.into_iter().filter(|op| op.api() == api) {
            let (status, body) = call(&server, op, Some(&key.secret)).await;
            assert_eq!(status, 403, "{}: {body}", op.id());
            lines.insert(
                op.id(),
                format!(
                    "{status} {}: {}",
                    body["error_code"].as_str().unwrap_or("?"),
                    body["message"].as_str().unwrap_or("?")
                ),
            );
        }
    }
    insta::assert_yaml_snapshot!(lines);
}

#[tokio::test]
async fn the_generated_client_surfaces_typed_auth_errors() {
    let server = TestServer::start().await;
    let response = conformance::expect_error(
        server
            .anonymous_client()
            .validate_creditcard()
            .body_map(|b| b.number("4111111111111111"))
            .send()
            .await,
        401,
    );
    assert_eq!(response.error_code, "missing_api_key");

    let key = server.key(Plan::Free, &[Api::Pii]).await;
    let response = conformance::expect_error(
        server
            .client(&key)
            .validate_creditcard()
            .body_map(|b| b.number("4111111111111111"))
            .send()
            .await,
        403,
    );
    assert_eq!(response.error_code, "not_subscribed");

    // Multipart operations authenticate before reading the form.
    let file = suite_client::FilePart::new("a.png", "image/png", vec![0u8; 16]);
    assert_eq!(
        conformance::status_of(
            server
                .anonymous_client()
                .pii_detect()
                .file(file)
                .send()
                .await
        ),
        401
    );
}
