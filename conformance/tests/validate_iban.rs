//! `POST /v1/dev/validate/iban/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted; bad input is 400 naming the field.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

const PATH: &str = "/v1/dev/validate/iban/validate";

async fn validate(iban: &str) -> types::IbanValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server
        .client(&key)
        .validate_iban()
        .body_map(|b| b.iban(iban))
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
async fn a_valid_german_iban_in_print_form() {
    let result = validate("de89 3704 0044 0532 0130 00").await;
    assert!(result.valid);
    assert_eq!(result.bank_code.as_deref(), Some("37040044"));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn pakistan_which_the_crate_lacks() {
    let result = validate("PK36SCBL0000001123456702").await;
    assert!(result.valid);
    assert_eq!(result.bank_code.as_deref(), Some("SCBL"));
    assert_eq!(
        result.print.as_deref(),
        Some("PK36 SCBL 0000 0011 2345 6702")
    );
}

#[tokio::test]
async fn a_mistyped_iban_names_the_failing_check() {
    let result = validate("GB29 NWBK 6016 1331 9268 18").await;
    assert!(!result.valid);
    assert_eq!(result.error, Some(types::IbanError::InvalidChecksum));
    insta::assert_yaml_snapshot!(result);
}

/// Pasted with hyphens and dots (python-stdnum reads them too); France's RIB key holds.
#[tokio::test]
async fn separators_and_a_national_check() {
    let result = validate("FR14-2004-1010-0505-0001-3M02-606").await;
    assert!(result.valid, "{:?}", result.reason);
    assert_eq!(
        result.electronic.as_deref(),
        Some("FR1420041010050500013M02606")
    );
    assert_eq!(
        result.print.as_deref(),
        Some("FR14 2004 1010 0505 0001 3M02 606")
    );
    assert_eq!(
        result.national_check,
        Some(types::IbanNationalCheck::Passed)
    );
}

/// python-stdnum's Spanish sample whose IBAN check digits hold but whose CCC's do not.
#[tokio::test]
async fn a_made_up_account_number_fails_the_national_check() {
    let result = validate("ES89 3183 1500 9500 0121 0562").await;
    assert!(!result.valid);
    assert_eq!(result.error, Some(types::IbanError::InvalidNationalCheck));
    assert_eq!(
        result.national_check,
        Some(types::IbanNationalCheck::Failed)
    );
}

#[tokio::test]
async fn odd_strings_are_answers_not_errors() {
    for odd in ["   ", "€€", "US64SVBKUS6S3300958879"] {
        let result = validate(odd).await;
        assert!(!result.valid && result.error.is_some(), "{odd:?}");
    }
}

#[tokio::test]
async fn a_number_instead_of_a_string_is_400_naming_the_field() {
    let (status, body) = raw(serde_json::json!({ "iban": 12345 })).await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn empty_long_and_control_characters_are_400_naming_the_field() {
    for bad in [
        serde_json::json!({ "iban": "" }),
        serde_json::json!({ "iban": "D".repeat(10 * 1024) }),
        serde_json::json!({ "iban": "DE89\u{0}3704" }),
        serde_json::json!({ "iban": "DE89\n3704" }),
        serde_json::json!({}),
    ] {
        let (status, body) = raw(bad.clone()).await;
        assert_eq!(status, 400, "{bad}");
        assert_eq!(body["error_code"], "invalid_input");
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains("iban")),
            "{body}"
        );
    }
}
