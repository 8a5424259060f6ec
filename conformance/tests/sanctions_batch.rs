//! `POST /v1/compliance/sanctions/batch` end to end on the real lists: each entity answered
//! in order on the same list versions, one quota unit per entity, and the limits (empty
//! batch 400, 101 entities 413, an invalid entity 400 naming it). Snapshotted.

use conformance::TestServer;
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

async fn server() -> TestServer {
    let dir = conformance::real_sanctions_lists(false);
    TestServer::start_with(move |config| config.sanctions.list_dir = dir).await
}

#[tokio::test]
async fn each_entity_is_answered_in_order_and_costs_one_request() {
    let server = server().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let request: types::SanctionsBatchRequest = serde_json::from_value(json!({
        "entities": [
            { "name": "Hizbullah", "entity_type": "organization" },
            { "name": "Emma Schmidt" },
            { "name": "BANCO NACIONAL DE CUBA", "country": "CU" }
        ]
    }))
    .expect("valid batch");
    let response = server
        .client(&key)
        .sanctions_batch()
        .body(request)
        .send()
        .await
        .expect("screened");
    let remaining = response
        .headers()
        .get("x-ratelimit-remaining")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    assert_eq!(remaining.as_deref(), Some("497"));
    let result = response.into_inner();
    assert_eq!((result.succeeded, result.failed), (3, 0));
    let found: Vec<bool> = result
        .results
        .iter()
        .map(|r| r.result.as_ref().is_some_and(|s| s.match_found))
        .collect();
    assert_eq!(found, [true, false, true]);
    // Every entity was screened on the same list versions.
    let versions: Vec<_> = result
        .results
        .iter()
        .filter_map(|r| {
            r.result
                .as_ref()
                .map(|s| serde_json::to_string(&s.list_versions).unwrap_or_default())
        })
        .collect();
    assert!(versions.windows(2).all(|w| w[0] == w[1]));
    // A compact view: position, status, and the best match of each entity.
    let compact: Vec<serde_json::Value> = result
        .results
        .iter()
        .map(|r| {
            let best = r.result.as_ref().and_then(|s| s.matches.first());
            json!({
                "index": r.index,
                "status": r.status,
                "risk_score": r.result.as_ref().map(|s| s.risk_score),
                "best": best.map(|m| json!({
                    "entity_id": m.entity_id,
                    "matched_name": m.matched_name,
                    "score": m.score,
                    "matched_fields": m.matched_fields,
                })),
            })
        })
        .collect();
    insta::assert_yaml_snapshot!(compact);
}

#[tokio::test]
async fn limits_and_invalid_entities() {
    let server = server().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let (server, secret) = (&server, key.secret.as_str());
    let post = |body: serde_json::Value| async move {
        server
            .post_json(secret, "/v1/compliance/sanctions/batch", &body)
            .await
    };
    let (status, _) = post(json!({ "entities": [] })).await;
    assert_eq!(status, 400);
    let many: Vec<serde_json::Value> = (0..101)
        .map(|i| json!({ "name": format!("Name {i}") }))
        .collect();
    let (status, error) = post(json!({ "entities": many })).await;
    assert_eq!(status, 413);
    assert_eq!(error["error_code"], "payload_too_large");
    let (status, error) = post(json!({
        "entities": [{ "name": "A" }, { "name": "B", "country": "Libya" }]
    }))
    .await;
    assert_eq!(status, 400);
    insta::assert_yaml_snapshot!(error, { ".request_id" => "[request_id]" });
}
