//! `POST /v1/dev/validate/phone/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted; bad bodies answered 400 naming the
//! field.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn validate(number: &str, default_region: Option<&str>) -> types::PhoneValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let default_region: Option<types::PhoneValidateRequestDefaultRegion> =
        default_region.map(|r| r.parse().expect("region"));
    server
        .client(&key)
        .validate_phone()
        .body_map(|b| b.number(number).default_region(default_region))
        .send()
        .await
        .expect("validated")
        .into_inner()
}

#[tokio::test]
async fn a_valid_london_number() {
    let result = validate("020 7946 0958", Some("gb")).await;
    assert!(result.valid && result.possible);
    assert_eq!(result.line_type, types::PhoneLineType::FixedLine);
    assert_eq!(result.e164.as_deref(), Some("+442079460958"));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn an_italian_number_keeps_its_leading_zero() {
    let result = validate("+39 02 3661 8300", None).await;
    assert!(result.valid);
    assert_eq!(result.region.as_deref(), Some("IT"));
    assert_eq!(result.line_type, types::PhoneLineType::FixedLine);
    assert_eq!(result.national.as_deref(), Some("02 3661 8300"));
}

#[tokio::test]
async fn a_number_one_digit_short() {
    let result = validate("+44 791234567", None).await;
    assert!(!result.valid);
    assert_eq!(
        result.reason,
        Some(types::PhoneValidationReason::InvalidForRegion)
    );
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn text_that_is_no_number_is_an_answer() {
    for text in ["   ", "hello", "€€", "+"] {
        let result = validate(text, None).await;
        assert!(!result.valid, "{text:?}");
        assert!(result.reason.is_some(), "{text:?}");
        assert_eq!(result.e164, None);
    }
    let national = validate("020 7946 0958", None).await;
    assert_eq!(
        national.reason,
        Some(types::PhoneValidationReason::InvalidCountryCode)
    );
}

async fn raw_400(body: serde_json::Value) -> serde_json::Value {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let (status, answer) = server
        .post_json(&key.secret, "/v1/dev/validate/phone/validate", &body)
        .await;
    assert_eq!(status, 400, "{body}");
    answer
}

#[tokio::test]
async fn a_control_character_is_400_naming_the_field() {
    // The generated client refuses this value itself (the contract's pattern), so: raw HTTP.
    let body = raw_400(serde_json::json!({ "number": "+44 20 7946\n0958" })).await;
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn malformed_bodies_are_400_naming_the_field() {
    for (body, field) in [
        (serde_json::json!({ "number": "" }), "number"),
        (
            serde_json::json!({ "number": "1".repeat(10_240) }),
            "number",
        ),
        (serde_json::json!({ "number": 442079460958u64 }), "number"),
        (
            serde_json::json!({ "number": "+1 650 253 0000\u{7}" }),
            "number",
        ),
        (
            serde_json::json!({ "number": "020 7946 0958", "default_region": "GBR" }),
            "default_region",
        ),
        (
            serde_json::json!({ "number": "020 7946 0958", "default_region": 44 }),
            "default_region",
        ),
        (serde_json::json!({}), "number"),
    ] {
        let error = raw_400(body.clone()).await;
        assert_eq!(error["error_code"], "invalid_input", "{body}");
        let message = error["message"].as_str().expect("message");
        assert!(message.contains(field), "{body}: {message}");
    }
}
