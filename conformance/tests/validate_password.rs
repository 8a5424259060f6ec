//! `POST /v1/dev/validate/password/analyze` end to end: a strong, a weak and a malformed
//! request, through the generated client, snapshotted. The password never comes back.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn analyze(password: &str, user_inputs: &[&str]) -> types::PasswordAnalysisResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let user_inputs: Vec<types::PasswordAnalyzeRequestUserInputsItem> = user_inputs
        .iter()
        .map(|s| s.parse().expect("user input"))
        .collect();
    server
        .client(&key)
        .validate_password()
        .body_map(|b| b.password(password).user_inputs(user_inputs))
        .send()
        .await
        .expect("analyzed")
        .into_inner()
}

#[tokio::test]
async fn a_strong_passphrase() {
    let password = "correct horse battery staple";
    let result = analyze(password, &[]).await;
    assert_eq!(result.score, 4);
    assert!(result.feedback.suggestions.is_empty());
    let json = serde_json::to_string(&result).expect("json");
    assert!(!json.contains("horse"), "{json}");
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_weak_password_with_the_users_name() {
    // A name no dictionary holds, so the match is the user input's alone (a common name ties
    // between the user inputs and a names dictionary, and zxcvbn breaks such ties arbitrarily).
    let password = "Zorbalinx1987";
    let result = analyze(password, &["zorbalinx", "zorbalinx@example.com"]).await;
    assert!(result.score <= 2);
    assert!(result.feedback.warning.is_some() || !result.feedback.suggestions.is_empty());
    let json = serde_json::to_string(&result).expect("json");
    assert!(
        !json.contains("1987") && !json.contains("orbalinx"),
        "{json}"
    );
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_256_character_password_is_estimated_past_u64() {
    let password: String = "kV9#qL2!xT7$wR4&mZ8*pN3@hJ6^bC1%fG5(dS0)yU-eI_oA+uE=lK;jH:gF"
        .chars()
        .cycle()
        .take(256)
        .collect();
    let result = analyze(&password, &[]).await;
    assert_eq!(result.length, 256);
    assert_eq!(result.score, 4);
    assert!(result.guesses_log10 > 20.0, "{}", result.guesses_log10);
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let long = "a".repeat(10 * 1024);
    let many: Vec<String> = (0..21).map(|i| format!("word{i}")).collect();
    let cases = [
        ("empty", serde_json::json!({ "password": "" }), "password"),
        ("10 KB", serde_json::json!({ "password": long }), "password"),
        (
            "257 characters",
            serde_json::json!({ "password": "a".repeat(257) }),
            "password",
        ),
        (
            "wrong type",
            serde_json::json!({ "password": 123456 }),
            "password",
        ),
        (
            "control character",
            serde_json::json!({ "password": "pass\u{7}word" }),
            "password",
        ),
        (
            "C1 control character",
            serde_json::json!({ "password": "pass\u{85}word" }),
            "password",
        ),
        (
            "C1 control character in user inputs",
            serde_json::json!({ "password": "secret", "user_inputs": ["jen\u{9b}nifer"] }),
            "user_inputs[0]",
        ),
        (
            "21 user inputs",
            serde_json::json!({ "password": "secret", "user_inputs": many }),
            "user_inputs",
        ),
        (
            "user inputs of the wrong type",
            serde_json::json!({ "password": "secret", "user_inputs": "jennifer" }),
            "user_inputs",
        ),
    ];
    for (name, body, field) in cases {
        let (status, error) = server
            .post_json(&key.secret, "/v1/dev/validate/password/analyze", &body)
            .await;
        assert_eq!(status, 400, "{name}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("`{field}`")), "{name}: {message}");
        assert!(
            !message.contains("pass\u{7}word"),
            "{name}: echoes the password"
        );
        if name == "control character" {
            insta::assert_yaml_snapshot!(error, { ".request_id" => "[request_id]" });
        }
    }
}
