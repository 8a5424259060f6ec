//! `POST /v1/dev/screenshot/pdf`: a real PDF whose text poppler reads back (CJK included),
//! paper and orientation, header templates, page ranges, extra headers and cookies, and a
//! page that never loads.

use conformance::expect_error;
use conformance::shots::{ShotServer, body, pdf_text};
use serde_json::json;
use suite_client::types;
use suite_platform::{Api, Plan};

fn request(value: serde_json::Value) -> types::PdfRequest {
    serde_json::from_value(value).expect("a valid pdf request")
}

#[tokio::test]
async fn the_pdf_holds_the_pages_text_cjk_included() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let pdf = client
        .screenshot_pdf()
        .body(request(json!({
            "url": s.pages.url("/cjk"),
            "paper_format": "letter",
            "landscape": true,
            "header_template": "<div style=\"font-size:8px\">Page <span class=\"pageNumber\"></span> of <span class=\"totalPages\"></span></div>",
            "margins": { "top": 20, "bottom": 15, "left": 10, "right": 10 }
        })))
        .send()
        .await
        .expect("printed")
        .into_inner();
    assert_eq!(pdf.page_count, 1);
    let response = client
        .screenshot_download()
        .id(&pdf.pdf_id)
        .send()
        .await
        .expect("downloaded");
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    let bytes = body(response).await;
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(pdf.size_bytes as usize, bytes.len());
    let text = pdf_text(&bytes);
    assert!(text.contains("Quarterly report"), "{text}");
    assert!(text.contains("你好世界"), "{text}");
    assert!(text.contains("Page 1 of 1"), "{text}");
    insta::assert_yaml_snapshot!(serde_json::to_value(&pdf).expect("json"), {
        ".pdf_id" => "[id]",
        ".download_url" => "[url]",
        ".expires_at" => "[time]",
        ".size_bytes" => "[size]",
    });
}

#[tokio::test]
async fn long_pages_print_on_many_pages_and_ranges_select_them() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let all = client
        .screenshot_pdf()
        .body(request(json!({ "url": s.pages.url("/tall") })))
        .send()
        .await
        .expect("printed")
        .into_inner();
    assert!(all.page_count >= 2, "{}", all.page_count);
    let first = client
        .screenshot_pdf()
        .body(request(
            json!({ "url": s.pages.url("/tall"), "page_ranges": "1" }),
        ))
        .send()
        .await
        .expect("printed")
        .into_inner();
    assert_eq!(first.page_count, 1);
    let error = expect_error(
        client
            .screenshot_pdf()
            .body(request(
                json!({ "url": s.pages.url("/tall"), "page_ranges": "40-50" }),
            ))
            .send()
            .await,
        422,
    );
    assert!(error.message.contains("page_ranges"), "{}", error.message);
}

#[tokio::test]
async fn a_page_that_never_loads_is_422() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let error = expect_error(
        s.server
            .client(&key)
            .screenshot_pdf()
            .body(request(
                json!({ "url": s.pages.url("/hang"), "timeout_ms": 1000 }),
            ))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
}

#[tokio::test]
async fn a_pdf_page_is_loaded_with_the_extra_headers_and_cookies() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    s.server
        .client(&key)
        .screenshot_pdf()
        .body(request(json!({
            "url": s.pages.url("/subresource"),
            "headers": [{ "name": "Accept-Language", "value": "de-CH" }],
            "cookies": [{ "name": "consent", "value": "yes", "domain": "127.0.0.1", "path": "/" }]
        })))
        .send()
        .await
        .expect("printed");
    let heads = s.pages.heads_for("/subresource");
    let head = heads
        .first()
        .expect("the page was loaded")
        .to_ascii_lowercase();
    assert!(head.contains("\r\naccept-language: de-ch\r\n"), "{head}");
    assert!(head.contains("consent=yes"), "{head}");
}
