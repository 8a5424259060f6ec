//! `POST /v1/dev/screenshot/screenshot` on Debian's Chromium, against pages the test serves
//! on loopback (allow-listed): sizes decoded from the files, full pages at scale 1 and 2,
//! delay, element crops, dark mode, pages that never load or never stop running, HTTP error
//! pages, extra headers and cookies, ad and cookie-banner blocking, the pixel limit, and downloads of the real files.

use chrono::Duration;
use conformance::shots::{ShotServer, body, decode_jpeg, decode_png};
use conformance::{TestKey, TestServer, expect_error};
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

fn request(value: serde_json::Value) -> types::ScreenshotRequest {
    serde_json::from_value(value).expect("a valid screenshot request")
}

async fn capture(
    s: &ShotServer,
    key: &TestKey,
    value: serde_json::Value,
) -> (types::Screenshot, Vec<u8>) {
    let client = s.server.client(key);
    let shot = client
        .screenshot_capture()
        .body(request(value))
        .send()
        .await
        .expect("captured")
        .into_inner();
    let response = client
        .screenshot_download()
        .id(&shot.screenshot_id)
        .send()
        .await
        .expect("downloaded");
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let bytes = body(response).await;
    let expected = match shot.format {
        types::ImageFormat::Png => "image/png",
        types::ImageFormat::Jpeg => "image/jpeg",
    };
    assert_eq!(content_type.as_deref(), Some(expected));
    assert_eq!(shot.size_bytes as usize, bytes.len());
    (shot, bytes)
}

#[tokio::test]
async fn png_and_jpeg_have_the_size_asked_for() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let (shot, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/"), "width": 800, "height": 600 }),
    )
    .await;
    let image = decode_png(&png);
    assert_eq!((image.width, image.height), (800, 600));
    assert_eq!((shot.width, shot.height), (800, 600));
    assert_eq!(image.rgb(790, 590), [255, 255, 255]);

    let (shot, jpeg) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/"), "width": 640, "height": 480, "format": "jpeg", "quality": 60, "device_scale_factor": 2 }),
    )
    .await;
    let image = decode_jpeg(&jpeg);
    assert_eq!((image.width, image.height), (1280, 960));
    assert_eq!((shot.width, shot.height), (1280, 960));
    assert_eq!(shot.format, types::ImageFormat::Jpeg);
    assert_eq!(s.server.used(&key, Api::Screenshot).await, 2);
    let record = serde_json::to_value(&shot).expect("json");
    insta::assert_yaml_snapshot!(record, {
        ".screenshot_id" => "[id]",
        ".download_url" => "[url]",
        ".expires_at" => "[time]",
        ".size_bytes" => "[size]",
    });
}

#[tokio::test]
async fn a_full_page_is_the_whole_document_also_at_scale_two() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let (shot, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/tall"), "width": 600, "height": 800, "full_page": true }),
    )
    .await;
    let image = decode_png(&png);
    assert_eq!((image.width, image.height), (600, 3000));
    assert_eq!(shot.height, 3000);
    // The gradient runs to blue at the bottom: the end of the page was really rendered.
    let bottom = image.rgb(300, 2995);
    assert!(bottom[2] > 200 && bottom[0] < 40, "{bottom:?}");

    let (_, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/tall"), "width": 600, "height": 800, "full_page": true, "device_scale_factor": 2 }),
    )
    .await;
    let image = decode_png(&png);
    assert_eq!((image.width, image.height), (1200, 6000));
    let bottom = image.rgb(600, 5990);
    assert!(bottom[2] > 200 && bottom[0] < 40, "{bottom:?}");

    let (_, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/tall"), "width": 600, "height": 800, "full_page": true, "full_page_max_height": 1000 }),
    )
    .await;
    assert_eq!(decode_png(&png).height, 1000, "cut at full_page_max_height");
}

#[tokio::test]
async fn delay_selector_dark_mode_and_transparency_change_the_pixels() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let (_, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/late"), "width": 400, "height": 300, "delay": 1500 }),
    )
    .await;
    assert_eq!(
        decode_png(&png).rgb(200, 150),
        [0, 255, 0],
        "captured after the page's own 400 ms change"
    );

    let (shot, png) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/element"), "selector": "#box" }),
    )
    .await;
    let image = decode_png(&png);
    assert_eq!((image.width, image.height), (200, 120));
    assert_eq!((shot.width, shot.height), (200, 120));
    assert_eq!(image.rgb(100, 60), [255, 0, 0]);

    let (_, light) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/dark"), "width": 300, "height": 200 }),
    )
    .await;
    let (_, dark) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/dark"), "width": 300, "height": 200, "dark_mode": true }),
    )
    .await;
    assert_eq!(decode_png(&light).rgb(150, 150), [255, 255, 255]);
    assert_eq!(decode_png(&dark).rgb(150, 150), [0, 0, 0]);

    let (_, clear) = capture(
        &s,
        &key,
        json!({ "url": s.pages.url("/missing"), "width": 300, "height": 200, "transparent_background": true }),
    )
    .await;
    assert_eq!(
        decode_png(&clear).alpha(250, 150),
        0,
        "no background painted"
    );
}

#[tokio::test]
async fn a_page_that_never_loads_is_422_in_time_and_the_pool_still_serves() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    // The page never finishes loading: an answer at all is `timeout_ms` holding (the guard
    // turns a hang into a failure; it is not a speed bound).
    let sent = client
        .screenshot_capture()
        .body(request(
            json!({ "url": s.pages.url("/hang"), "timeout_ms": 1500 }),
        ))
        .send();
    let answer = tokio::time::timeout(std::time::Duration::from_secs(60), sent)
        .await
        .expect("answered at timeout_ms");
    let error = expect_error(answer, 422);
    assert_eq!(error.error_code, "unprocessable");
    assert!(error.message.contains("timeout_ms"), "{}", error.message);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });

    for path in ["/loop", "/popups"] {
        let outcome = client
            .screenshot_capture()
            .body(request(
                json!({ "url": s.pages.url(path), "timeout_ms": 2000 }),
            ))
            .send()
            .await;
        // A page that never stops running cannot finish loading; one that opens popups can.
        let status = conformance::status_of(outcome);
        assert!(status == 200 || status == 422, "{path}: {status}");
    }
    // Every slot still works: as many captures at once as the pool has pages.
    let small = request(json!({ "url": s.pages.url("/"), "width": 320, "height": 240 }));
    let again = futures::future::join_all(
        (0..2).map(|_| client.screenshot_capture().body(small.clone()).send()),
    )
    .await;
    for outcome in again {
        assert_eq!(
            outcome.expect("the pool still serves").into_inner().width,
            320
        );
    }
}

#[tokio::test]
async fn http_error_pages_are_captured_unless_asked_otherwise() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    client
        .screenshot_capture()
        .body(request(json!({ "url": s.pages.url("/missing") })))
        .send()
        .await
        .expect("the 404 page is captured");
    let error = expect_error(
        client
            .screenshot_capture()
            .body(request(
                json!({ "url": s.pages.url("/missing"), "fail_on_http_error": true }),
            ))
            .send()
            .await,
        422,
    );
    assert!(error.message.contains("404"), "{}", error.message);
}

#[tokio::test]
async fn a_capture_over_the_pixel_limit_is_413_without_charge() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let error = expect_error(
        client
            .screenshot_capture()
            .body(request(json!({ "url": s.pages.url("/"), "width": 3840, "height": 2160, "device_scale_factor": 3 })))
            .send()
            .await,
        413,
    );
    assert!(error.message.contains("megapixels"), "{}", error.message);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    // A full page known too tall only after loading: 413 too, and refunded.
    let error = expect_error(
        client
            .screenshot_capture()
            .body(request(json!({
                "url": s.pages.url("/tall"), "width": 3840, "full_page": true, "device_scale_factor": 3
            })))
            .send()
            .await,
        413,
    );
    assert!(error.message.contains("megapixels"), "{}", error.message);
    assert_eq!(s.server.used(&key, Api::Screenshot).await, 0);
}

#[tokio::test]
async fn a_screenshot_is_its_owners_until_it_expires() {
    let s = ShotServer::start().await;
    let owner = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let other = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let (shot, _) = capture(
        &s,
        &owner,
        json!({ "url": s.pages.url("/"), "width": 200, "height": 200 }),
    )
    .await;
    assert!(shot.download_url.ends_with(&format!(
        "/v1/dev/screenshot/download/{}",
        shot.screenshot_id
    )));
    expect_error(
        s.server
            .client(&other)
            .screenshot_download()
            .id(&shot.screenshot_id)
            .send()
            .await,
        404,
    );
    s.server
        .clock()
        .set(s.server.clock().now() + Duration::hours(24) + Duration::seconds(1));
    let error = expect_error(
        s.server
            .client(&owner)
            .screenshot_download()
            .id(&shot.screenshot_id)
            .send()
            .await,
        410,
    );
    assert_eq!(error.error_code, "expired");
}

#[tokio::test]
async fn extra_headers_and_cookies_reach_the_page_and_its_subrequests_only() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let page = s.pages.url("/subresource");
    capture(
        &s,
        &key,
        json!({
            "url": page, "width": 320, "height": 200,
            "headers": [{ "name": "X-Suite-Test", "value": "headers reach" }],
            "cookies": [{ "name": "session", "value": "abc123" }],
        }),
    )
    .await;
    for path in ["/subresource", "/sub.png"] {
        let heads = s.pages.heads_for(path);
        assert_eq!(heads.len(), 1, "{path}: {heads:?}");
        let head = heads[0].to_ascii_lowercase();
        assert!(
            head.contains("\r\nx-suite-test: headers reach\r\n"),
            "{path}: {head}"
        );
        assert!(head.contains("session=abc123"), "{path}: {head}");
    }
    // The next capture of the same key is a fresh context: neither is sent again.
    capture(
        &s,
        &key,
        json!({ "url": format!("{page}?again"), "width": 320, "height": 200 }),
    )
    .await;
    let again = s.pages.heads_for("/subresource");
    let last = again.last().expect("loaded again").to_ascii_lowercase();
    assert!(
        !last.contains("x-suite-test") && !last.contains("session="),
        "{last}"
    );
}

/// Runs against any deployment: the checks come before the URL is resolved.
#[tokio::test]
async fn headers_that_frame_the_request_and_cookies_for_other_hosts_are_400() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = server.client(&key);
    let url = "http://www.example.com/";
    let refusals = [
        (
            json!({ "url": url, "headers": [{ "name": "Host", "value": "example.com" }] }),
            "headers[0].name",
        ),
        (
            json!({ "url": url, "headers": [
                { "name": "X-A", "value": "1" }, { "name": "x-a", "value": "2" }] }),
            "headers[1].name",
        ),
        (
            json!({ "url": url, "cookies": [{ "name": "a", "value": "1", "domain": "example.org" }] }),
            "cookies[0].domain",
        ),
        (
            json!({ "url": url, "cookies": [{ "name": "a", "value": "1", "same_site": "none" }] }),
            "cookies[0].same_site",
        ),
    ];
    for (body, field) in refusals {
        let error = expect_error(
            client.screenshot_capture().body(request(body)).send().await,
            400,
        );
        assert_eq!(error.error_code, "invalid_input");
        assert!(error.message.starts_with(field), "{}", error.message);
    }
}

#[tokio::test]
async fn ads_and_cookie_banners_are_refused_and_hidden_when_asked() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let page = s.pages.url("/ads-and-banner");
    // (asked for, banner's colour at the top, ad's at the bottom, ad tag / consent script
    // requests received so far)
    let runs = [
        (json!({}), [255, 0, 0], [0, 0, 255], (1, 1)),
        (
            json!({ "block_ads": true }),
            [255, 0, 0],
            [255, 255, 255],
            (1, 2),
        ),
        (
            json!({ "block_cookie_banners": true }),
            [255, 255, 255],
            [0, 0, 255],
            (2, 2),
        ),
        (
            json!({ "block_ads": true, "block_cookie_banners": true }),
            [255, 255, 255],
            [255, 255, 255],
            (2, 2),
        ),
    ];
    for (n, (asked, top, bottom, requested)) in runs.into_iter().enumerate() {
        let mut body = json!({ "url": format!("{page}?{n}"), "width": 200, "height": 200 });
        body.as_object_mut()
            .expect("an object")
            .extend(asked.as_object().expect("an object").clone());
        let (_, png) = capture(&s, &key, body).await;
        let image = decode_png(&png);
        assert_eq!(
            (image.rgb(100, 20), image.rgb(100, 180)),
            (top, bottom),
            "{asked}"
        );
        let received = (
            s.pages.heads_for("/pagead/show_ads.js").len(),
            s.pages.heads_for("/js/cookieconsent.min.js").len(),
        );
        assert_eq!(received, requested, "{asked}");
    }
}
