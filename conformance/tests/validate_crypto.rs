//! `POST /v1/dev/validate/crypto/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn validate(address: &str, coin: Option<types::CryptoCoin>) -> types::CryptoValidationResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server
        .client(&key)
        .validate_crypto()
        .body_map(|b| b.address(address).coin(coin))
        .send()
        .await
        .expect("validated")
        .into_inner()
}

#[tokio::test]
async fn a_taproot_address_is_detected() {
    let result = validate(
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
        None,
    )
    .await;
    assert!(result.valid);
    assert_eq!(result.coin, Some(types::CryptoCoin::Btc));
    assert_eq!(result.encoding, Some(types::CryptoEncoding::Bech32m));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_lower_case_ethereum_address_is_normalized_to_eip55() {
    let result = validate(
        "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
        Some(types::CryptoCoin::Eth),
    )
    .await;
    assert!(result.valid);
    assert_eq!(result.checksum_valid, None);
    assert_eq!(
        result.normalized.as_deref(),
        Some("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
    );
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_bitcoin_cash_legacy_address_gets_its_cashaddr_form() {
    let result = validate(
        "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu",
        Some(types::CryptoCoin::Bch),
    )
    .await;
    assert!(result.valid);
    assert_eq!(
        result.normalized.as_deref(),
        Some("bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a")
    );
}

#[tokio::test]
async fn a_mistyped_ethereum_checksum() {
    let result = validate("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", None).await;
    assert!(!result.valid);
    assert_eq!(result.checksum_valid, Some(false));
    assert_eq!(result.coin, Some(types::CryptoCoin::Eth));
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn anything_else_is_an_answer() {
    for address in ["   ", "€€", "hello world", "1"] {
        let result = validate(address, None).await;
        assert!(!result.valid && result.error.is_some(), "{address}");
    }
    let solana = validate(
        "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9",
        Some(types::CryptoCoin::Sol),
    )
    .await;
    assert!(!solana.valid);
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let long = "1".repeat(10 * 1024);
    let cases = [
        ("empty", serde_json::json!({ "address": "" }), "address"),
        ("10 KB", serde_json::json!({ "address": long }), "address"),
        ("wrong type", serde_json::json!({ "address": 1 }), "address"),
        (
            "control character",
            serde_json::json!({ "address": "bc1q\u{1b}[0m" }),
            "address",
        ),
        (
            "C1 control character",
            serde_json::json!({ "address": "bc1q\u{9b}0m" }),
            "address",
        ),
        (
            "unknown coin",
            serde_json::json!({ "address": "bc1q", "coin": "ada" }),
            "coin",
        ),
    ];
    for (name, body, field) in cases {
        let (status, error) = server
            .post_json(&key.secret, "/v1/dev/validate/crypto/validate", &body)
            .await;
        assert_eq!(status, 400, "{name}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("`{field}`")), "{name}: {message}");
        if name == "unknown coin" {
            insta::assert_yaml_snapshot!(error, { ".request_id" => "[request_id]" });
        }
    }
}
