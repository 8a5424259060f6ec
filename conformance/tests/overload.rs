//! Bounded queues, end to end: when an API's running slots and its queue are full, a call is
//! refused at once with 503 `overloaded` and `Retry-After`, costs nothing, and the same call
//! succeeds once a slot frees. The slot is held by the test itself, so nothing here races.

use conformance::TestServer;
use serde_json::{Value, json};
use suite_platform::{Api, ApiError, Plan};
use tokio::sync::oneshot;

/// POSTs `body`: the status, the JSON answer and its `Retry-After`.
async fn post(
    server: &TestServer,
    secret: &str,
    path: &str,
    body: Value,
) -> (u16, Value, Option<String>) {
    let response = server
        .raw()
        .post(server.url(path))
        .header("X-API-Key", secret)
        .json(&body)
        .send()
        .await
        .expect("response");
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let status = response.status().as_u16();
    (
        status,
        response.json().await.expect("a JSON answer"),
        retry_after,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_api_answers_503_then_serves_when_a_slot_frees() {
    let server = TestServer::start_with(|config| {
        config.platform.limits.in_flight_per_api = 1;
        config.platform.limits.queue_per_api = 0;
    })
    .await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;

    // Hold the data validation API's only slot.
    let (release, held) = oneshot::channel::<()>();
    let (entered, running) = oneshot::channel::<()>();
    let platform = server.platform().clone();
    let holder = tokio::spawn(async move {
        let bulkhead = platform.bulkhead(Api::Validate).expect("a queue per API");
        let _slot = bulkhead.enter().await?;
        let _ = entered.send(());
        let _ = held.await;
        Ok::<_, ApiError>(())
    });
    running.await.expect("the holder entered its slot");

    let iban = json!({ "iban": "DE89 3704 0044 0532 0130 00" });
    let (status, body, retry_after) = post(
        &server,
        &key.secret,
        "/v1/dev/validate/iban/validate",
        iban.clone(),
    )
    .await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error_code"], "overloaded");
    assert_eq!(retry_after.as_deref(), Some("1"));
    let used = server.used(&key, Api::Validate).await;
    assert_eq!(used, 0, "a refused call costs nothing");

    // Other APIs have their own queues.
    let other = server.key(Plan::Free, &[Api::Sanctions]).await;
    let (status, _, _) = post(
        &server,
        &other.secret,
        "/v1/compliance/sanctions/screen",
        json!({ "name": "" }),
    )
    .await;
    assert_eq!(
        status, 400,
        "sanctions is not held up by validation's queue"
    );

    release.send(()).expect("the holder waits");
    holder.await.expect("holder").expect("held work");
    let (status, body, _) =
        post(&server, &key.secret, "/v1/dev/validate/iban/validate", iban).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["valid"], true);
}
