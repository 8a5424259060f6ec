//! Platform behaviour every API shares: limits answered with 413, malformed input with 400
//! naming the problem, the operational endpoints, and the admin API for keys.

use conformance::TestServer;
use serde_json::json;
use suite_platform::{Api, Plan};

async fn post_json(
    server: &TestServer,
    key: &str,
    path: &str,
    body: String,
) -> (u16, serde_json::Value) {
    let response = server
        .raw()
        .post(server.url(path))
        .header("X-API-Key", key)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("response");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or_default())
}

#[tokio::test]
async fn a_json_body_over_the_limit_is_413() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let body = json!({ "number": "4".repeat(2 * 1024 * 1024) }).to_string();
    let (status, body) = post_json(
        &server,
        &key.secret,
        "/v1/dev/validate/creditcard/validate",
        body,
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["error_code"], "payload_too_large");
}

#[tokio::test]
async fn malformed_json_is_400_naming_the_problem() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let path = "/v1/dev/validate/creditcard/validate";
    let mut answers = std::collections::BTreeMap::new();
    for (case, body) in [
        ("truncated", "{\"number\": ".to_owned()),
        ("wrong type", json!({ "number": 4111 }).to_string()),
        ("missing field", json!({}).to_string()),
        ("null field", json!({ "number": null }).to_string()),
        (
            "unknown field",
            json!({ "number": "4111111111111111", "cvv": "123" }).to_string(),
        ),
        ("too long", json!({ "number": "4".repeat(65) }).to_string()),
        (
            "trailing data",
            "{\"number\": \"4111111111111111\"} x".to_owned(),
        ),
    ] {
        let (status, body) = post_json(&server, &key.secret, path, body).await;
        assert_eq!(status, 400, "{case}: {body}");
        assert_eq!(body["error_code"], "invalid_input", "{case}");
        answers.insert(
            case,
            body["message"].as_str().unwrap_or_default().to_owned(),
        );
    }
    insta::assert_yaml_snapshot!(answers);
    // A body that is not JSON at all is refused by its Content-Type.
    let response = server
        .raw()
        .post(server.url(path))
        .header("X-API-Key", &key.secret)
        .header("content-type", "text/plain")
        .body("4111111111111111")
        .send()
        .await
        .expect("response");
    assert_eq!(response.status().as_u16(), 400);
}

#[tokio::test]
async fn batch_limits_are_413_and_empty_batches_400() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Pro, &[Api::Sanctions]).await;
    let entities: Vec<_> = (0..101)
        .map(|i| json!({ "name": format!("Name {i}") }))
        .collect();
    let (status, body) = post_json(
        &server,
        &key.secret,
        "/v1/compliance/sanctions/batch",
        json!({ "entities": entities }).to_string(),
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"].as_str().unwrap_or_default().contains("101"),
        "{body}"
    );
    let (status, body) = post_json(
        &server,
        &key.secret,
        "/v1/compliance/sanctions/batch",
        json!({ "entities": [] }).to_string(),
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn an_uploaded_file_over_the_limit_is_413() {
    let server = TestServer::start_with(|config| config.platform.limits.file_bytes = 1024).await;
    let key = server.key(Plan::Pro, &[Api::Pii]).await;
    let big = suite_client::FilePart::new("big.png", "image/png", vec![0u8; 4096]);
    let too_large =
        conformance::expect_error(server.client(&key).pii_detect().file(big).send().await, 413);
    assert!(
        too_large.message.contains("file part `file`"),
        "{}",
        too_large.message
    );
    // A PII batch with more files than allowed is 413 before any work.
    let files =
        (0..21).map(|i| suite_client::FilePart::new(format!("{i}.png"), "image/png", vec![1u8; 8]));
    assert_eq!(
        conformance::status_of(server.client(&key).pii_batch().files(files).send().await),
        413
    );
}

#[tokio::test]
async fn a_form_with_unknown_or_missing_parts_is_400() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Pro, &[Api::Pii]).await;
    let form = reqwest::multipart::Form::new().text("language", "en");
    let response = server
        .raw()
        .post(server.url("/v1/compliance/pii/detect"))
        .header("X-API-Key", &key.secret)
        .multipart(form)
        .send()
        .await
        .expect("response");
    assert_eq!(response.status().as_u16(), 400);
    let body: serde_json::Value = response.json().await.expect("json");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("`file`"),
        "{body}"
    );
}

#[tokio::test]
async fn operational_endpoints_answer() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let get = |path: &'static str| {
        let request = server.raw().get(server.url(path));
        async move {
            let response = request.send().await.expect("response");
            (
                response.status().as_u16(),
                response.text().await.unwrap_or_default(),
            )
        }
    };
    // Other clients of a deployment count too: the call adds at least one.
    let answered = |metrics: &str| {
        conformance::metric_value(
            metrics,
            "suite_requests_total{operation=\"validate_creditcard\",status=\"200\"}",
        )
        .unwrap_or(0)
    };
    let before = answered(&get("/metrics").await.1);
    server
        .client(&key)
        .validate_creditcard()
        .body_map(|b| b.number("4111111111111111"))
        .send()
        .await
        .expect("one call");
    assert_eq!(get("/healthz").await.0, 200);
    assert_eq!(get("/readyz").await.0, 200);
    let (status, metrics) = get("/metrics").await;
    assert_eq!(status, 200);
    assert!(answered(&metrics) > before, "{metrics}");
    let (status, contract) = get("/openapi.yaml").await;
    assert_eq!(status, 200);
    assert!(contract.starts_with("openapi: 3.0.3"));
}

#[tokio::test]
async fn the_admin_api_manages_keys_behind_the_operator_token() {
    let server =
        TestServer::start_with(|config| config.platform.operator_token = "operator-secret".into())
            .await;
    let admin = |method: reqwest::Method, path: &str| {
        server
            .raw()
            .request(method, server.url(path))
            .header("authorization", "Bearer operator-secret")
    };
    let unauthorized = server
        .raw()
        .get(server.url("/admin/keys"))
        .send()
        .await
        .expect("response");
    assert_eq!(unauthorized.status().as_u16(), 401);

    let created: serde_json::Value = admin(reqwest::Method::POST, "/admin/keys")
        .json(&json!({ "name": "acme", "subscriptions": { "validate": "basic" } }))
        .send()
        .await
        .expect("create")
        .json()
        .await
        .expect("json");
    let secret = created["api_key"]
        .as_str()
        .expect("secret shown once")
        .to_owned();
    let id = created["info"]["id"].as_str().expect("id").to_owned();
    assert!(secret.starts_with("sk_live_"));

    let client = server.client(&conformance::TestKey {
        id: id.clone(),
        secret: secret.clone(),
    });
    let response = client
        .validate_creditcard()
        .body_map(|b| b.number("4111111111111111"))
        .send()
        .await
        .expect("basic plan works");
    assert_eq!(
        response
            .headers()
            .get("x-ratelimit-limit")
            .and_then(|v| v.to_str().ok()),
        Some("10000")
    );

    let listed: serde_json::Value = admin(reqwest::Method::GET, "/admin/keys")
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("json");
    assert!(
        !listed.to_string().contains(&secret),
        "listing never shows secrets"
    );

    let moved = admin(
        reqwest::Method::PUT,
        &format!("/admin/keys/{id}/plans/validate"),
    )
    .json(&json!({ "plan": null }))
    .send()
    .await
    .expect("unsubscribe");
    assert_eq!(moved.status().as_u16(), 204);
    assert_eq!(
        conformance::status_of(
            client
                .validate_creditcard()
                .body_map(|b| b.number("4111111111111111"))
                .send()
                .await
        ),
        403
    );

    let rotated: serde_json::Value =
        admin(reqwest::Method::POST, &format!("/admin/keys/{id}/rotate"))
            .send()
            .await
            .expect("rotate")
            .json()
            .await
            .expect("json");
    assert_ne!(rotated["api_key"].as_str(), Some(secret.as_str()));
    assert_eq!(
        conformance::status_of(
            client
                .validate_creditcard()
                .body_map(|b| b.number("4111111111111111"))
                .send()
                .await
        ),
        401,
        "old secret dies at once"
    );

    let revoked = admin(reqwest::Method::POST, &format!("/admin/keys/{id}/revoke"))
        .send()
        .await
        .expect("revoke");
    assert_eq!(revoked.status().as_u16(), 204);
}
