//! Requests no endpoint takes: an unknown path is 404 `not_found` and a known path with a
//! method it does not take is 405 `method_not_allowed` (with `Allow`), both in the one error
//! body `{request_id, error_code, message}` every other error has (DESIGN §2).

use conformance::TestServer;
use reqwest::Method;

/// Sends `method path` with no key and no body: status, headers and the JSON answer.
async fn send(
    server: &TestServer,
    method: Method,
    path: &str,
) -> (u16, reqwest::header::HeaderMap, serde_json::Value) {
    let response = server
        .raw()
        .request(method, server.url(path))
        .send()
        .await
        .expect("response");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.json().await.expect("a JSON error body");
    (status, headers, body)
}

/// The one error body: exactly `request_id` (the `X-Request-Id` answered), `error_code` and
/// a message.
fn assert_error_body(
    headers: &reqwest::header::HeaderMap,
    body: &serde_json::Value,
    error_code: &str,
) {
    let object = body.as_object().expect("an object");
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["error_code", "message", "request_id"], "{body}");
    assert_eq!(body["error_code"], error_code, "{body}");
    let request_id = body["request_id"].as_str().expect("a request id");
    assert!(!request_id.is_empty());
    assert_eq!(
        headers.get("x-request-id").and_then(|v| v.to_str().ok()),
        Some(request_id)
    );
    assert!(!body["message"].as_str().unwrap_or_default().is_empty());
}

#[tokio::test]
async fn an_unknown_path_is_404_not_found() {
    let server = TestServer::start().await;
    for path in [
        "/nope",
        "/v1/dev/validate/iban/check",
        "/v1/dev/validate/iban/validate/extra",
        "/v2",
        "/",
    ] {
        for method in [Method::GET, Method::POST, Method::DELETE] {
            let (status, headers, body) = send(&server, method.clone(), path).await;
            assert_eq!(status, 404, "{method} {path}: {body}");
            assert_error_body(&headers, &body, "not_found");
        }
    }
}

#[tokio::test]
async fn a_method_the_path_does_not_take_is_405_method_not_allowed() {
    let server = TestServer::start().await;
    for (method, path, allowed) in [
        (Method::GET, "/v1/dev/validate/iban/validate", "POST"),
        (Method::DELETE, "/v1/dev/validate/iban/validate", "POST"),
        (Method::POST, "/healthz", "GET"),
        (Method::PUT, "/v1/compliance/sanctions/screen", "POST"),
    ] {
        let (status, headers, body) = send(&server, method.clone(), path).await;
        assert_eq!(status, 405, "{method} {path}: {body}");
        assert_error_body(&headers, &body, "method_not_allowed");
        let allow: Vec<&str> = headers
            .get_all("allow")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        assert!(allow.contains(&allowed), "{method} {path}: Allow {allow:?}");
    }
}

/// The known routes still answer as before: the guard only speaks for what no endpoint takes.
#[tokio::test]
async fn known_routes_are_untouched() {
    let server = TestServer::start().await;
    let (status, _, body) = send(&server, Method::POST, "/v1/dev/validate/iban/validate").await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["error_code"], "missing_api_key");
    let response = server
        .raw()
        .get(server.url("/healthz"))
        .send()
        .await
        .expect("response");
    assert_eq!(response.status().as_u16(), 200);
}
