//! `POST /v1/compliance/sanctions/screen` end to end on the real lists (OFAC SDN 2021, OFAC
//! Consolidated 2025, UN 2026, read in place from `../shared/data/sanctions/`) plus the EU
//! fixture: a listed name in another spelling, an unlisted name, malformed requests, and the
//! answer when no list is loaded. Snapshotted.

use conformance::TestServer;
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

/// A list directory holding links to the real lists and the EU fixture.
async fn server_with_lists() -> TestServer {
    let dir = conformance::real_sanctions_lists(true);
    TestServer::start_with(move |config| config.sanctions.list_dir = dir).await
}

fn request(value: serde_json::Value) -> types::ScreenRequest {
    serde_json::from_value(value).expect("a valid screen request")
}

#[tokio::test]
async fn a_listed_name_in_another_spelling_matches() {
    let server = server_with_lists().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let result = server
        .client(&key)
        .sanctions_screen()
        .body(request(json!({
            "name": "Muammar Gaddafi",
            "entity_type": "individual",
            "country": "ly"
        })))
        .send()
        .await
        .expect("screened")
        .into_inner();
    assert!(result.match_found);
    assert_eq!(result.matches[0].primary_name, "QADHAFI, Muammar");
    assert_eq!(result.lists_checked.len(), 3, "{:?}", result.lists_checked);
    assert_eq!(result.list_versions.len(), 4);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn an_unlisted_name_is_clear() {
    let server = server_with_lists().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let result = server
        .client(&key)
        .sanctions_screen()
        .body(request(json!({ "name": "Blue River Bakery Ltd" })))
        .send()
        .await
        .expect("screened")
        .into_inner();
    assert!(!result.match_found);
    assert_eq!(result.risk_score, 0.0);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn names_in_other_scripts_and_weak_aliases() {
    let server = server_with_lists().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let client = server.client(&key);
    // The EU fixture lists Lukashenko in Latin, Belarusian and Russian Cyrillic.
    let result = client
        .sanctions_screen()
        .body(request(
            json!({ "name": "Лукашенко Александр Григорьевич" }),
        ))
        .send()
        .await
        .expect("screened")
        .into_inner();
    assert!(
        result.matches[0]
            .primary_name
            .to_uppercase()
            .contains("LUKASHENKO")
    );
    assert!(
        result
            .matches
            .iter()
            .any(|m| m.entity_id == "EU-EU.6521.41"),
        "{:?}",
        result.matches
    );
    // A weak alias matches, weighted lower than a strong name.
    let result = client
        .sanctions_screen()
        .body(request(json!({ "name": "BNC", "threshold": 0.5 })))
        .send()
        .await
        .expect("screened")
        .into_inner();
    let bnc = result
        .matches
        .iter()
        .find(|m| m.entity_id == "OFAC-SDN-306")
        .expect("the weak alias BNC of BANCO NACIONAL DE CUBA");
    assert_eq!(bnc.matched_alias_quality, types::AliasQuality::Weak);
    assert!(bnc.score < 1.0);
    // Whitespace only: screened, nothing to match.
    let result = client
        .sanctions_screen()
        .body(request(json!({ "name": "   " })))
        .send()
        .await
        .expect("screened")
        .into_inner();
    assert!(!result.match_found);
}

#[tokio::test]
async fn a_name_in_hangul_finds_the_lists_romanization() {
    let server = server_with_lists().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let client = server.client(&key);
    // 김영철 in Revised Romanization is Gim Yeong-cheol; the UN lists him as KIM YONG CHOL.
    let result = client
        .sanctions_screen()
        .body(request(json!({ "name": "김영철" })))
        .send()
        .await
        .expect("screened")
        .into_inner();
    let kim = result
        .matches
        .iter()
        .find(|m| m.entity_id == "UN-KPi.024")
        .expect("KIM YONG CHOL");
    assert!(kim.score >= 0.9, "{}", kim.score);
    assert!(
        kim.explanation
            .iter()
            .any(|s| s.signal == types::MatchSignalType::Transliteration
                && s.detail.contains("Korean")),
        "{:?}",
        kim.explanation
    );
    // Every answer names each list's version; OFAC's CSV exports state no date.
    assert!(
        result
            .list_versions
            .iter()
            .all(|v| v.content_sha256.len() == 64)
    );
    let un = result
        .list_versions
        .iter()
        .find(|v| v.source == "UN Consolidated")
        .expect("UN");
    assert!(un.published_at.is_some());
    let sdn = result
        .list_versions
        .iter()
        .find(|v| v.source == "OFAC SDN")
        .expect("SDN");
    assert!(sdn.published_at.is_none());
}

async fn post_raw(
    server: &TestServer,
    secret: &str,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    server
        .post_json(secret, "/v1/compliance/sanctions/screen", &body)
        .await
}

#[tokio::test]
async fn malformed_requests_are_400_naming_the_field() {
    let server = server_with_lists().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let cases = [
        (json!({ "name": "" }), "name"),
        (json!({ "name": "x".repeat(10 * 1024) }), "name"),
        (json!({ "name": "Muammar\u{0007}Gaddafi" }), "name"),
        (json!({ "name": 42 }), "name"),
        (
            json!({ "name": "A", "entity_type": "company" }),
            "entity_type",
        ),
        (json!({ "name": "A", "country": "LBY" }), "country"),
        (json!({ "name": "A", "threshold": 1.5 }), "threshold"),
        (json!({}), "name"),
    ];
    for (body, field) in cases {
        let (status, error) = post_raw(&server, &key.secret, body.clone()).await;
        assert_eq!(status, 400, "{body}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.contains(field), "{body}: {message}");
    }
    let (_, error) = post_raw(
        &server,
        &key.secret,
        json!({ "name": "A", "entity_type": "company" }),
    )
    .await;
    insta::assert_yaml_snapshot!(error, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn without_lists_the_answer_is_503_lists_unavailable() {
    conformance::external::in_process_only("a server without sanctions lists");
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let (status, error) =
        post_raw(&server, &key.secret, json!({ "name": "Muammar Gaddafi" })).await;
    assert_eq!(status, 503);
    insta::assert_yaml_snapshot!(error, { ".request_id" => "[request_id]" });
    for (path, body) in [
        (
            "/v1/compliance/sanctions/deep-analysis",
            json!({ "name": "Muammar Gaddafi" }),
        ),
        (
            "/v1/compliance/sanctions/batch",
            json!({ "entities": [{ "name": "Muammar Gaddafi" }] }),
        ),
    ] {
        let (status, error) = server.post_json(&key.secret, path, &body).await;
        assert_eq!(status, 503, "{path}");
        assert_eq!(error["error_code"], "lists_unavailable");
    }
}
