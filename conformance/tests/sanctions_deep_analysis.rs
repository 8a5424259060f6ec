//! `POST /v1/compliance/sanctions/deep-analysis` end to end on the real lists: a subject
//! whose date of birth agrees, a subject that is clear, reviewed false positives excluded,
//! an entry found by its identifier, and malformed requests. Snapshotted.

use conformance::TestServer;
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn analyze(body: serde_json::Value) -> types::DeepAnalysisResult {
    let dir = conformance::real_sanctions_lists(true);
    let server = TestServer::start_with(move |config| config.sanctions.list_dir = dir).await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let request: types::DeepAnalysisRequest = serde_json::from_value(body).expect("valid request");
    server
        .client(&key)
        .sanctions_deep_analysis()
        .body(request)
        .send()
        .await
        .expect("analyzed")
        .into_inner()
}

#[tokio::test]
async fn a_subject_whose_date_of_birth_agrees_is_escalated() {
    let result = analyze(json!({
        "name": "Moammar Qaddafi",
        "aliases": ["Muammar al-Gaddafi"],
        "entity_type": "individual",
        "date_of_birth": "1942",
        "country": "LY"
    }))
    .await;
    assert_eq!(
        result.recommendation,
        types::ScreeningRecommendation::Escalate
    );
    assert_eq!(result.analyses[0].verdict, types::MatchVerdict::LikelyMatch);
    assert!(
        result.analyses[0]
            .supporting_signals
            .contains(&types::MatchSignalType::DateOfBirth)
    );
    assert_eq!(result.analyses.len(), result.matches.len());
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn an_unlisted_subject_is_clear() {
    let result = analyze(json!({
        "name": "Emma Schmidt",
        "date_of_birth": "1990-04-12",
        "nationality": "DE"
    }))
    .await;
    assert!(!result.match_found);
    assert_eq!(result.recommendation, types::ScreeningRecommendation::Clear);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn reviewed_false_positives_are_excluded() {
    let first = analyze(json!({ "name": "Moammar Qaddafi", "date_of_birth": "1942" })).await;
    let excluded: Vec<String> = first.matches.iter().map(|m| m.entity_id.clone()).collect();
    assert!(!excluded.is_empty());
    let second = analyze(json!({
        "name": "Moammar Qaddafi",
        "date_of_birth": "1942",
        "exclude_entity_ids": excluded
    }))
    .await;
    assert!(
        second
            .matches
            .iter()
            .all(|m| !excluded.contains(&m.entity_id))
    );
}

#[tokio::test]
async fn an_identifier_finds_the_entry_whatever_its_name() {
    let result = analyze(json!({
        "name": "Ocean Star",
        "entity_type": "vessel",
        "identifiers": [{ "type": "imo", "value": "IMO 918 7629" }]
    }))
    .await;
    let artavil = result
        .matches
        .iter()
        .position(|m| m.entity_id == "OFAC-SDN-15036")
        .expect("the tanker ARTAVIL, IMO 9187629");
    assert!(
        result.analyses[artavil]
            .supporting_signals
            .contains(&types::MatchSignalType::Identifier)
    );
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let dir = conformance::real_sanctions_lists(true);
    let server = TestServer::start_with(move |config| config.sanctions.list_dir = dir).await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let cases = [
        (json!({ "name": "" }), "name"),
        (
            json!({ "name": "A", "date_of_birth": "12/04/1990" }),
            "date_of_birth",
        ),
        (
            json!({ "name": "A", "aliases": ["ok", "bad\u{0000}"] }),
            "aliases",
        ),
        (
            json!({ "name": "A", "identifiers": [{ "type": "passport" }] }),
            "identifiers",
        ),
        (json!({ "name": "A", "threshold": -0.1 }), "threshold"),
        (json!({ "name": "A", "colour": "red" }), "colour"),
    ];
    let mut last = serde_json::Value::Null;
    for (body, field) in cases {
        let (status, error) = server
            .post_json(&key.secret, "/v1/compliance/sanctions/deep-analysis", &body)
            .await;
        assert_eq!(status, 400, "{body}");
        let message = error["message"].as_str().unwrap_or_default().to_owned();
        assert!(message.contains(field), "{body}: {message}");
        last = error;
    }
    insta::assert_yaml_snapshot!(last, { ".request_id" => "[request_id]" });
}
