//! `POST /v1/dev/validate/creditcard/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn validate(number: &str) -> types::CreditCardValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server
        .client(&key)
        .validate_creditcard()
        .body_map(|b| b.number(number))
        .send()
        .await
        .expect("validated")
        .into_inner()
}

#[tokio::test]
async fn a_valid_visa_number() {
    let result = validate("4111 1111 1111 1111").await;
    assert!(result.valid && result.luhn_valid && result.length_valid);
    assert_eq!(result.brand, types::CardBrand::Visa);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_mistyped_mastercard_number() {
    let result = validate("5555-5555-5555-4445").await;
    assert!(!result.valid && !result.luhn_valid);
    assert_eq!(result.brand, types::CardBrand::Mastercard);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn the_full_number_is_never_echoed() {
    let number = "378282246310005";
    let result = validate(number).await;
    let json = serde_json::to_string(&result).expect("json");
    assert!(!json.contains(number), "{json}");
    assert_eq!(result.brand, types::CardBrand::Amex);
}

#[tokio::test]
async fn letters_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    // The generated client refuses this value itself (the contract's pattern), so: raw HTTP.
    let (status, body) = server
        .post_json(
            &key.secret,
            "/v1/dev/validate/creditcard/validate",
            &serde_json::json!({ "number": "4111-abcd" }),
        )
        .await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn too_many_digits_is_an_answer_not_an_error() {
    let result = validate(&"4".repeat(40)).await;
    assert!(!result.valid && !result.length_valid);
    assert_eq!(
        result.error.as_deref(),
        Some("40 digits is too long for a card number (at most 19)")
    );
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let cases = [
        ("empty", serde_json::json!({ "number": "" })),
        ("no digit", serde_json::json!({ "number": " - . " })),
        (
            "10 KB",
            serde_json::json!({ "number": "4".repeat(10 * 1024) }),
        ),
        (
            "control character",
            serde_json::json!({ "number": "4111\t1111 1111 1111" }),
        ),
        (
            "C1 control character",
            serde_json::json!({ "number": "4111\u{85}1111 1111 1111" }),
        ),
        (
            "wrong type",
            serde_json::json!({ "number": ["4111 1111 1111 1111"] }),
        ),
        ("null", serde_json::json!({ "number": null })),
        ("missing", serde_json::json!({})),
        (
            "unknown field",
            serde_json::json!({ "number": "4111 1111 1111 1111", "cvv": "123" }),
        ),
    ];
    for (name, body) in cases {
        let (status, error) = server
            .post_json(&key.secret, "/v1/dev/validate/creditcard/validate", &body)
            .await;
        assert_eq!(status, 400, "{name}");
        assert_eq!(error["error_code"], "invalid_input", "{name}");
        let message = error["message"].as_str().unwrap_or_default();
        let field = if name == "unknown field" {
            "cvv"
        } else {
            "number"
        };
        assert!(message.contains(field), "{name}: {message}");
        assert!(
            !message.contains("4111 1111 1111 1111"),
            "{name}: {message}"
        );
        assert!(!message.contains("1111 1111 1111"), "{name}: {message}");
    }
}

/// A card number sent as a JSON number is refused, but the refusal must not carry the number:
/// the message is both answered and logged.
#[tokio::test]
async fn a_card_number_sent_as_a_json_number_is_not_echoed() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let body = serde_json::json!({ "number": 4111111111111111u64 });
    let (status, error) = server
        .post_json(&key.secret, "/v1/dev/validate/creditcard/validate", &body)
        .await;
    assert_eq!(status, 400);
    let message = error["message"].as_str().unwrap_or_default();
    assert!(message.contains("number"), "{message}");
    assert!(!message.contains("4111111111111111"), "{message}");
}
