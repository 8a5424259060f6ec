//! `POST /v1/dev/validate/creditcard/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted.

use conformance::TestServer;
use suite_client::types;
use suite_server::platform::{Api, Plan};

async fn validate(number: &str) -> types::CreditCardValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let request = types::CreditCardValidateRequest {
        number: number.parse().expect("number"),
    };
    server
        .client(&key)
        .validate_creditcard(&request)
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
    let response = server
        .raw()
        .post(server.url("/v1/dev/validate/creditcard/validate"))
        .header("X-API-Key", &key.secret)
        .json(&serde_json::json!({ "number": "4111-abcd" }))
        .send()
        .await
        .expect("response");
    assert_eq!(response.status().as_u16(), 400);
    let body: serde_json::Value = response.json().await.expect("error body");
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
