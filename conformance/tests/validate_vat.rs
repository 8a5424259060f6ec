//! `POST /v1/dev/validate/vat/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted; bad input is 400 naming the field.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

const PATH: &str = "/v1/dev/validate/vat/validate";

async fn validate(vat_number: &str, country: Option<&str>) -> types::VatValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let country: Option<types::VatValidateRequestCountry> =
        country.map(|c| c.parse().expect("country"));
    server
        .client(&key)
        .validate_vat()
        .body_map(|b| b.vat_number(vat_number).country(country))
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
async fn a_valid_greek_number_given_with_gr() {
    let result = validate("094259216", Some("GR")).await;
    assert!(result.valid && !result.vies_checked);
    assert_eq!(result.normalized.as_deref(), Some("EL094259216"));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_belgian_number_with_a_wrong_check_digit() {
    let result = validate("BE 0406.139.583", None).await;
    assert!(!result.valid && result.format_valid && !result.checksum_valid);
    assert_eq!(result.error_code, Some(types::VatError::InvalidChecksum));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn northern_ireland_and_a_country_mismatch() {
    assert!(validate("XI 980 7806 84", None).await.valid);
    let mismatch = validate("FR61954506077", Some("DE")).await;
    assert_eq!(mismatch.error_code, Some(types::VatError::CountryMismatch));
}

#[tokio::test]
async fn odd_strings_are_answers_not_errors() {
    for odd in ["   ", "€€", "US123456789"] {
        let result = validate(odd, None).await;
        assert!(!result.valid && result.error.is_some(), "{odd:?}");
    }
}

#[tokio::test]
async fn a_list_instead_of_a_string_is_400_naming_the_field() {
    let (status, body) = raw(serde_json::json!({ "vat_number": ["DE136695976"] })).await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn empty_long_and_control_characters_are_400_naming_the_field() {
    for (bad, field) in [
        (serde_json::json!({ "vat_number": "" }), "vat_number"),
        (
            serde_json::json!({ "vat_number": "9".repeat(10 * 1024) }),
            "vat_number",
        ),
        (
            serde_json::json!({ "vat_number": "DE\u{7}136695976" }),
            "vat_number",
        ),
        (
            serde_json::json!({ "vat_number": "136695976", "country": "DEU" }),
            "country",
        ),
        (
            serde_json::json!({ "vat_number": "136695976", "country": 49 }),
            "country",
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
