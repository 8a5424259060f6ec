//! Monthly quotas, black-box: exact counts, rate-limit headers, exactness under concurrency,
//! all-or-nothing batches, the month boundary, and refunds of server-side failures.

use chrono::{TimeZone, Utc};
use conformance::TestServer;
use futures::StreamExt;
use suite_client::types;
use suite_platform::clock::next_period_start;
use suite_platform::{Api, Plan};

fn card() -> types::builder::CreditCardValidateRequest {
    types::CreditCardValidateRequest::builder().number("4111111111111111")
}

fn header(headers: &reqwest::header::HeaderMap, name: &str) -> Option<i64> {
    headers.get(name)?.to_str().ok()?.parse().ok()
}

fn screen(name: &str) -> types::ScreenRequest {
    serde_json::from_value(serde_json::json!({ "name": name })).expect("screen request")
}

#[tokio::test]
async fn a_free_key_gets_exactly_500_then_429() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let client = server.client(&key);
    for i in 1..=500i64 {
        let response = client
            .validate_creditcard()
            .body(card())
            .send()
            .await
            .expect("within quota");
        assert_eq!(header(response.headers(), "x-ratelimit-limit"), Some(500));
        assert_eq!(
            header(response.headers(), "x-ratelimit-remaining"),
            Some(500 - i)
        );
        assert!(response.headers().contains_key("x-request-id"));
    }
    let refused =
        conformance::expect_error(client.validate_creditcard().body(card()).send().await, 429);
    assert_eq!(refused.error_code, "quota_exceeded");
    // The first of the month after the server's "now": the harness's clock (mid-November
    // 2026) in process, the real one against an external server.
    let reset = if conformance::external::is_external() {
        next_period_start(Utc::now())
    } else {
        Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()
    };
    assert_eq!(
        header(refused.headers(), "x-ratelimit-reset"),
        Some(reset.timestamp())
    );
    assert_eq!(header(refused.headers(), "x-ratelimit-remaining"), Some(0));
    let retry_after = header(refused.headers(), "retry-after").expect("Retry-After");
    assert_eq!(retry_after, (reset - server.clock().now()).num_seconds());
    insta::assert_yaml_snapshot!(refused.into_inner(), { ".request_id" => "[request_id]" });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_requests_admit_exactly_what_remains() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let client = server.client(&key);
    let calls = (0..700).map(|_| {
        let client = client.clone();
        async move {
            client
                .validate_creditcard()
                .body(card())
                .send()
                .await
                .map(|_| ())
                .map_err(|e| e.status().map(|s| s.as_u16()))
        }
    });
    // 128 in flight at once: a race still, and under a deployment's per-client connection
    // cap (256 by default) when the suite runs against one.
    let outcomes: Vec<_> = futures::stream::iter(calls)
        .buffer_unordered(128)
        .collect()
        .await;
    let admitted = outcomes.iter().filter(|o| o.is_ok()).count();
    let refused = outcomes
        .iter()
        .filter(|o| matches!(o, Err(Some(429))))
        .count();
    assert_eq!(
        (admitted, refused),
        (500, 200),
        "database: {}",
        conformance::database_kind()
    );
}

#[tokio::test]
async fn a_batch_larger_than_what_remains_is_refused_whole() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Sanctions]).await;
    let client = server.client(&key);
    // Spend all but 2 of the 500, set up in the database.
    let spent = server
        .platform()
        .quotas()
        .admit(
            &key.id,
            Api::Sanctions,
            Plan::Free,
            498,
            server.clock().now(),
        )
        .await
        .expect("usage");
    assert!(spent.is_ok());
    let spend = |n: usize| types::SanctionsBatchRequest {
        entities: (0..n).map(|i| screen(&format!("Name {i}"))).collect(),
    };
    let refused =
        conformance::expect_error(client.sanctions_batch().body(spend(3)).send().await, 429);
    assert!(refused.message.contains("costs 3"), "{}", refused.message);
    // Nothing was charged: a batch of 2 still fits exactly.
    let fits = conformance::status_of(client.sanctions_batch().body(spend(2)).send().await);
    assert_ne!(fits, 429, "2 remained");
    // The batch of 2 is charged when it is answered; a server-side failure (503 from a server
    // with no lists loaded, as the in-process one) is refunded like every other.
    let charged = if fits >= 500 { 0 } else { 2 };
    let used = server.used(&key, Api::Sanctions).await;
    assert_eq!(
        used,
        498 + charged,
        "the refused batch charged nothing, the batch of 2 answered {fits}"
    );
}

#[tokio::test]
async fn quotas_reset_at_the_month_boundary() {
    let server = TestServer::start().await;
    server
        .clock()
        .set(Utc.with_ymd_and_hms(2026, 11, 30, 23, 59, 59).unwrap());
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let client = server.client(&key);
    for _ in 0..500 {
        client
            .validate_creditcard()
            .body(card())
            .send()
            .await
            .expect("within quota");
    }
    assert_eq!(
        conformance::status_of(client.validate_creditcard().body(card()).send().await),
        429
    );
    server
        .clock()
        .set(Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap());
    let response = client
        .validate_creditcard()
        .body(card())
        .send()
        .await
        .expect("a new month");
    assert_eq!(
        header(response.headers(), "x-ratelimit-remaining"),
        Some(499)
    );
    let next = Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap();
    assert_eq!(
        header(response.headers(), "x-ratelimit-reset"),
        Some(next.timestamp())
    );
}

#[tokio::test]
async fn server_side_failures_are_refunded() {
    let server = TestServer::start_with(|config| {
        config.platform.testing.fail_after_admission = vec!["validate_creditcard".into()];
    })
    .await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let client = server.client(&key);
    for _ in 0..3 {
        let failed =
            conformance::expect_error(client.validate_creditcard().body(card()).send().await, 500);
        assert_eq!(failed.error_code, "internal_error");
        assert_eq!(failed.message, "internal error", "no internal detail leaks");
        assert_eq!(
            header(failed.headers(), "x-ratelimit-remaining"),
            Some(500),
            "refunded"
        );
    }
    let used = server.used(&key, Api::Validate).await;
    assert_eq!(used, 0);
}

#[tokio::test]
async fn rejected_input_costs_nothing() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let raw = server
        .raw()
        .post(server.url("/v1/dev/validate/creditcard/validate"))
        .header("X-API-Key", &key.secret)
        .header("content-type", "application/json")
        .body("{\"number\": 42}")
        .send()
        .await
        .expect("response");
    assert_eq!(raw.status().as_u16(), 400);
    let response = server
        .client(&key)
        .validate_creditcard()
        .body(card())
        .send()
        .await
        .expect("admitted");
    assert_eq!(
        header(response.headers(), "x-ratelimit-remaining"),
        Some(499)
    );
}
