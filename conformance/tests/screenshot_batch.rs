//! `POST /v1/dev/screenshot/batch`: ten URLs captured at once with one failing alone, the
//! batch limit (11 is 413), one refused URL refusing the whole batch before admission, and
//! all-or-nothing quota.

use conformance::expect_error;
use conformance::shots::ShotServer;
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

fn batch(items: Vec<serde_json::Value>) -> types::ScreenshotBatchRequest {
    serde_json::from_value(json!({ "items": items })).expect("a valid batch")
}

#[tokio::test]
async fn ten_urls_with_one_failing() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let mut items: Vec<serde_json::Value> = (0..10)
        .map(|i| json!({ "url": s.pages.url(&format!("/?item={i}")), "width": 320 + i, "height": 240 }))
        .collect();
    items[4] = json!({ "url": s.pages.url("/hang"), "timeout_ms": 1500 });
    let result = s
        .server
        .client(&key)
        .screenshot_batch()
        .body(batch(items))
        .send()
        .await
        .expect("batch")
        .into_inner();
    assert_eq!((result.succeeded, result.failed), (9, 1));
    for (i, item) in result.results.iter().enumerate() {
        assert_eq!(item.index, i as u64);
        if i == 4 {
            assert_eq!(item.status, types::BatchItemStatus::Failed);
            assert_eq!(
                item.error.as_ref().map(|e| e.error_code.as_str()),
                Some("unprocessable")
            );
        } else {
            let shot = item.screenshot.as_ref().expect("a screenshot");
            assert_eq!(shot.width, 320 + i as i32);
        }
    }
    assert_eq!(
        s.server.used(&key, Api::Screenshot).await,
        10,
        "one unit per URL"
    );
}

#[tokio::test]
async fn limits_and_refusals_apply_to_the_whole_batch() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let eleven: Vec<serde_json::Value> = (0..11)
        .map(|_| json!({ "url": s.pages.url("/") }))
        .collect();
    expect_error(
        client.screenshot_batch().body(batch(eleven)).send().await,
        413,
    );

    let mut items: Vec<serde_json::Value> =
        (0..4).map(|_| json!({ "url": s.pages.url("/") })).collect();
    items[3] = json!({ "url": "http://169.254.169.254/" });
    let error = expect_error(
        client.screenshot_batch().body(batch(items)).send().await,
        400,
    );
    assert_eq!(error.error_code, "url_not_allowed");
    assert!(
        error.message.starts_with("items[3].url"),
        "{}",
        error.message
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(s.server.used(&key, Api::Screenshot).await, 0);
}
