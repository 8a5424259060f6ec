//! `POST /v1/dev/validate/date/convert` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted.

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};

fn request(date: &str) -> types::builder::DateConvertRequest {
    types::DateConvertRequest::builder().date(date)
}

async fn convert(request: types::builder::DateConvertRequest) -> types::DateConversionResult {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server
        .client(&key)
        .validate_date()
        .body(request)
        .send()
        .await
        .expect("converted")
        .into_inner()
}

#[tokio::test]
async fn an_ambiguous_numeric_date_in_a_time_zone() {
    let format: types::DateConvertRequestOutputFormat =
        "%A %d %B %Y, %H:%M %Z".parse().expect("format");
    let zone: types::DateConvertRequestTimezone = "Europe/Paris".parse().expect("zone");
    let result = convert(
        request("03/04/2024 14:30")
            .day_first(true)
            .output_format(format)
            .timezone(zone),
    )
    .await;
    assert!(result.valid && result.ambiguous);
    assert_eq!(result.iso8601.as_deref(), Some("2024-04-03T14:30:00+02:00"));
    assert_eq!(result.alternatives, vec!["2024-03-04T14:30:00+01:00"]);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_spanish_date_with_a_weekday() {
    let result = convert(request("viernes, 15 de marzo de 2024")).await;
    assert!(result.valid && !result.ambiguous);
    assert_eq!(result.iso8601.as_deref(), Some("2024-03-15"));
    assert_eq!(
        result.language,
        Some(types::DateConversionResultLanguage::Es)
    );
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn a_day_that_does_not_exist_is_an_answer() {
    let result = convert(request("30 février 2024")).await;
    assert!(!result.valid);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn control_characters_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    // The generated client refuses this value itself (the contract's pattern), so: raw HTTP.
    let (status, body) = server
        .post_json(
            &key.secret,
            "/v1/dev/validate/date/convert",
            &serde_json::json!({ "date": "2024-03-15\u{0}" }),
        )
        .await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let long = "1".repeat(10 * 1024);
    let cases = [
        ("empty", serde_json::json!({ "date": "" }), "date"),
        ("10 KB", serde_json::json!({ "date": long }), "date"),
        (
            "wrong type",
            serde_json::json!({ "date": 20240315 }),
            "date",
        ),
        (
            "wrong type of day_first",
            serde_json::json!({ "date": "2024-03-15", "day_first": "yes" }),
            "day_first",
        ),
        (
            "C1 control character",
            serde_json::json!({ "date": "2024-03-15\u{85}" }),
            "date",
        ),
        (
            "C1 control character in output_format",
            serde_json::json!({ "date": "2024-03-15", "output_format": "%Y\u{9b}%m" }),
            "output_format",
        ),
        (
            "control character in timezone",
            serde_json::json!({ "date": "2024-03-15", "timezone": "Europe/Paris\n" }),
            "timezone",
        ),
    ];
    for (name, body, field) in cases {
        let (status, error) = server
            .post_json(&key.secret, "/v1/dev/validate/date/convert", &body)
            .await;
        assert_eq!(status, 400, "{name}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("`{field}`")), "{name}: {message}");
    }
}

#[tokio::test]
async fn what_is_not_a_date_is_an_answer() {
    for date in ["   ", "€€", "not a date", "Tuesday 03/04/2024"] {
        let result = convert(request(date)).await;
        assert!(!result.valid && result.error.is_some(), "{date}");
    }
    let zone: types::DateConvertRequestTimezone = "Mars/Olympus_Mons".parse().expect("zone");
    let unknown_zone = convert(request("2024-03-15 10:00").timezone(zone)).await;
    assert!(!unknown_zone.valid);
    assert!(
        unknown_zone
            .error
            .unwrap_or_default()
            .starts_with("timezone:")
    );
}
