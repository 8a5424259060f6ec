//! `POST /v1/dev/validate/postalcode/validate` end to end: a valid, an invalid and a
//! malformed request, through the generated client, snapshotted; bad input is 400 naming
//! the field.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

const PATH: &str = "/v1/dev/validate/postalcode/validate";

async fn validate(
    postal_code: &str,
    country: &str,
    subdivision: Option<&str>,
) -> types::PostalCodeValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let subdivision: Option<types::PostalCodeValidateRequestSubdivision> =
        subdivision.map(|s| s.parse().expect("subdivision"));
    server
        .client(&key)
        .validate_postalcode()
        .body_map(|b| {
            b.postal_code(postal_code)
                .country(country)
                .subdivision(subdivision)
        })
        .send()
        .await
        .expect("validated")
        .into_inner()
}

/// Posts a raw JSON body (the generated client refuses what the contract forbids).
async fn raw(body: serde_json::Value) -> (u16, serde_json::Value) {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server.post_json(&key.secret, PATH, &body).await
}

#[tokio::test]
async fn a_british_code_typed_without_its_space() {
    let result = validate("sw1a1aa", "uk", None).await;
    assert!(result.valid && result.has_postal_codes);
    assert_eq!(result.normalized.as_deref(), Some("SW1A 1AA"));
    assert_eq!(result.country, "GB");
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_californian_code_and_a_new_york_one_for_california() {
    let ok = validate("94043", "US", Some("US-CA")).await;
    assert!(ok.valid && ok.subdivision_match == Some(true));
    let result = validate("10001", "US", Some("California")).await;
    assert!(!result.valid);
    assert_eq!(result.subdivision_match, Some(false));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_country_without_postal_codes() {
    let result = validate("00000", "AE", None).await;
    assert!(!result.valid && !result.has_postal_codes);
}

#[tokio::test]
async fn odd_strings_are_answers_not_errors() {
    for odd in ["   ", "€€", "K1A 0B1 0"] {
        let result = validate(odd, "CA", None).await;
        assert!(!result.valid && result.error.is_some(), "{odd:?}");
    }
}

#[tokio::test]
async fn an_unknown_country_is_400_naming_the_field() {
    let (status, body) = raw(serde_json::json!({ "postal_code": "12345", "country": "ZZ" })).await;
    assert_eq!(status, 400);
    assert_eq!(body["error_code"], "invalid_input");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("country")),
        "{body}"
    );
}

#[tokio::test]
async fn a_number_instead_of_a_string_is_400_naming_the_field() {
    let (status, body) = raw(serde_json::json!({ "postal_code": 10115, "country": "DE" })).await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn empty_long_and_control_characters_are_400_naming_the_field() {
    for (bad, field) in [
        (
            serde_json::json!({ "postal_code": "", "country": "DE" }),
            "postal_code",
        ),
        (
            serde_json::json!({ "postal_code": "1".repeat(10 * 1024), "country": "DE" }),
            "postal_code",
        ),
        (
            serde_json::json!({ "postal_code": "10\t115", "country": "DE" }),
            "postal_code",
        ),
        (serde_json::json!({ "postal_code": "10115" }), "country"),
        (
            serde_json::json!({ "postal_code": "10115", "country": "DE", "subdivision": "" }),
            "subdivision",
        ),
    ] {
        let (status, body) = raw(bad.clone()).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(body["error_code"], "invalid_input");
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains(field)),
            "{body}"
        );
    }
}
