//! The screenshot API never reaches inside the network: every spelling of an internal
//! address is refused with 400 `url_not_allowed` before admission (no charge), and pages
//! that are allowed cannot lead the browser to a port that is not — by redirect, image,
//! frame, fetch or WebSocket. The victim port counts every connection it gets.

use conformance::expect_error;
use conformance::shots::ShotServer;
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

fn request(value: serde_json::Value) -> types::ScreenshotRequest {
    serde_json::from_value(value).expect("a valid screenshot request")
}

#[tokio::test]
async fn internal_and_non_web_urls_are_refused_before_admission() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let victim = s.victim.port;
    let refused = [
        format!("http://127.0.0.1:{victim}/"),
        format!("http://0x7f000001:{victim}/"),
        format!("http://2130706433:{victim}/"),
        format!("http://0177.0.0.1:{victim}/"),
        format!("http://[::1]:{victim}/"),
        format!("http://[::ffff:127.0.0.1]:{victim}/"),
        format!("http://localhost:{victim}/"),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "http://10.0.0.1/".to_owned(),
        "http://100.64.0.1/".to_owned(),
        "http://[fd00:ec2::254]/".to_owned(),
        "file:///etc/passwd".to_owned(),
        "javascript:alert(1)".to_owned(),
        "data:text/html,<h1>hi</h1>".to_owned(),
        "chrome://version".to_owned(),
    ];
    for url in &refused {
        let error = expect_error(
            client
                .screenshot_capture()
                .body(request(json!({ "url": url })))
                .send()
                .await,
            400,
        );
        assert_eq!(error.error_code, "url_not_allowed", "{url}");
        assert!(
            error.message.starts_with("url: "),
            "{url}: {}",
            error.message
        );
    }
    let pdf: types::PdfRequest =
        serde_json::from_value(json!({ "url": format!("http://127.0.0.1:{victim}/") }))
            .expect("request");
    let error = expect_error(client.screenshot_pdf().body(pdf).send().await, 400);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(
        s.server.used(&key, Api::Screenshot).await,
        0,
        "refusals cost nothing"
    );
    assert_eq!(s.victim.hits(), 0);
}

#[tokio::test]
async fn an_allowed_page_cannot_lead_the_browser_inside() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let error = expect_error(
        client
            .screenshot_capture()
            .body(request(
                json!({ "url": s.pages.url("/to-victim"), "timeout_ms": 5000 }),
            ))
            .send()
            .await,
        422,
    );
    assert_eq!(error.error_code, "unprocessable");
    // Images, frames, fetches and WebSockets to the victim simply do not load.
    client
        .screenshot_capture()
        .body(request(
            json!({ "url": s.pages.url("/img-victim"), "wait_until": "networkidle" }),
        ))
        .send()
        .await
        .expect("the page itself is captured");
    assert_eq!(s.victim.hits(), 0, "no request reached the internal port");
}
