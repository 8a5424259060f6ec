//! `/docs`, the interactive API reference. Over plain HTTP: the page, its assets with their
//! types, cache and security headers, the unauthenticated access, and the 404 of an unknown
//! asset. In Debian's Chromium, launched with the browser engine's flags: the page
//! renders every operation of the contract (read from `openapi/suite.yaml`, so a new operation
//! is checked without editing this test), its try-it console calls this server with the key
//! given to "Authorize", no request leaves for another host and the Content-Security-Policy
//! refuses nothing; a full-page screenshot is kept at `<target>/artifacts/docs.png`.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use anyhow::Result;
use conformance::TestServer;
use conformance::browser::{self, artifacts_dir, full_page_png, string, wait_until};
use headless_chrome::Tab;
use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::{Input, Network, Page};
use suite_platform::{Api, Plan};

/// An operation as the contract declares it and as the page must show it.
type Operation = (String, String, String);

/// Every operation of the contract: (operationId, METHOD, path).
fn contract_operations() -> BTreeSet<Operation> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/suite.yaml");
    let text = std::fs::read_to_string(path).expect("the contract reads");
    let contract: serde_yaml::Value = serde_yaml::from_str(&text).expect("the contract parses");
    let paths = contract["paths"]
        .as_mapping()
        .expect("the contract's paths");
    let mut operations = BTreeSet::new();
    for (path, item) in paths {
        let path = path.as_str().expect("a path is a string");
        for method in ["get", "put", "post", "delete", "patch", "head", "options"] {
            if let Some(id) = item[method]["operationId"].as_str() {
                operations.insert((id.to_owned(), method.to_uppercase(), path.to_owned()));
            }
        }
    }
    assert!(!operations.is_empty(), "the contract declares operations");
    operations
}

/// The asset URLs the page links (`/docs/assets/...`).
fn linked_assets(page: &str) -> Vec<String> {
    page.split('"')
        .filter(|part| part.starts_with("/docs/assets/"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_without_a_key_with_their_types_and_policy() {
    let server = TestServer::start().await;
    let http = server.raw();

    let page = http
        .get(server.url("/docs"))
        .send()
        .await
        .expect("the page answers");
    assert_eq!(page.status().as_u16(), 200);
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(header(&page, "content-type"), "text/html; charset=utf-8");
    let policy = header(&page, "content-security-policy");
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(directive), "{directive} in {policy:?}");
    }
    assert!(!policy.contains("unsafe"), "{policy:?}");
    assert_eq!(header(&page, "cache-control"), "no-cache");
    let page = page.text().await.expect("the page's text");
    assert!(
        page.contains("X-API-Key"),
        "the page explains the key header"
    );

    let assets = linked_assets(&page);
    let types = [
        (".js", "text/javascript; charset=utf-8"),
        (".css", "text/css; charset=utf-8"),
        (".png", "image/png"),
    ];
    for (extension, content_type) in types {
        let url = assets
            .iter()
            .find(|url| url.ends_with(extension))
            .unwrap_or_else(|| panic!("the page links a {extension} asset: {assets:?}"));
        let response = http
            .get(server.url(url))
            .send()
            .await
            .expect("the asset answers");
        assert_eq!(response.status().as_u16(), 200, "{url}");
        assert_eq!(header(&response, "content-type"), content_type, "{url}");
        assert_eq!(
            header(&response, "cache-control"),
            "public, max-age=31536000, immutable",
            "{url}"
        );
        assert_eq!(header(&response, "x-content-type-options"), "nosniff");
        let bytes = response.bytes().await.expect("the asset's bytes");
        assert!(!bytes.is_empty(), "{url}");
    }

    // An unknown name, and a known file under its name without the hash.
    for unknown in [
        "/docs/assets/nothing.js",
        "/docs/assets/swagger-ui-bundle.js",
    ] {
        let response = http.get(server.url(unknown)).send().await.expect("answers");
        assert_eq!(response.status().as_u16(), 404, "{unknown}");
        let request_id = header(&response, "x-request-id");
        let body: serde_json::Value = response.json().await.expect("the error body");
        let mut fields: Vec<&String> = body.as_object().expect("an object").keys().collect();
        fields.sort_unstable();
        assert_eq!(fields, ["error_code", "message", "request_id"], "{body}");
        assert_eq!(body["error_code"], "not_found", "{body}");
        assert_eq!(body["request_id"], request_id.as_str(), "{body}");
    }

    // The page takes GET only, like every other path in the one error body.
    let response = http
        .post(server.url("/docs"))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status().as_u16(), 405);
    assert_eq!(header(&response, "allow"), "GET");
}

/// What the browser saw.
#[derive(Debug)]
struct Seen {
    /// (operationId, METHOD, path) of every operation rendered.
    operations: BTreeSet<Operation>,
    /// The servers the try-it console offers.
    servers: Vec<String>,
    /// The status the try-it console showed for its call.
    try_it_status: String,
    /// Every request the page made: (method, URL, its `X-API-Key` header if any).
    requests: Vec<(String, String, Option<String>)>,
    /// What the Content-Security-Policy refused.
    violations: Vec<String>,
    png: Vec<u8>,
}

/// Installed in the page before its own scripts: records what the policy refuses.
const RECORD_VIOLATIONS: &str = "window.__violations = [];\
    document.addEventListener('securitypolicyviolation', (e) =>\
      window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));";

/// The operation the try-it console calls, and what it sends.
const TRY_IT: &str = "#operations-validate-validate_creditcard";
const TRY_IT_PATH: &str = "/v1/dev/validate/creditcard/validate";
const TRY_IT_BODY: &str = r#"{"number": "4111 1111 1111 1111"}"#;

#[tokio::test]
async fn chromium_renders_every_operation_from_this_server_alone_and_tries_one() {
    // Plain http whatever SUITE_TEST_TLS says: the browser does not know the test CA.
    let server = TestServer::start_http_with(|_| {}).await;
    let key = server.key(Plan::Unlimited, &[Api::Validate]).await;
    let expected = contract_operations();

    let url = server.url("/docs");
    let secret = key.secret.clone();
    let count = expected.len();
    let seen = tokio::task::spawn_blocking(move || browse(&url, &secret, count))
        .await
        .expect("the browser thread")
        .expect("Chromium loads and drives /docs");

    let artifact = artifacts_dir().join("docs.png");
    std::fs::create_dir_all(artifacts_dir()).expect("the artifacts directory");
    std::fs::write(&artifact, &seen.png).expect("the screenshot is written");
    println!("screenshot of /docs: {}", artifact.display());
    let decoded = png::Decoder::new(std::io::Cursor::new(&seen.png))
        .read_info()
        .expect("the screenshot is a PNG");
    assert_eq!(decoded.info().width, 1280);

    let missing: Vec<_> = expected.difference(&seen.operations).collect();
    let extra: Vec<_> = seen.operations.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "rendered operations differ from the contract: missing {missing:?}, not in the contract {extra:?}"
    );

    assert_eq!(seen.servers, [server.base_url.as_str()], "try-it targets");
    assert_eq!(seen.try_it_status, "200");
    let try_it_url = server.url(TRY_IT_PATH);
    let sent_key = seen
        .requests
        .iter()
        .find(|(method, url, _)| method == "POST" && *url == try_it_url)
        .map(|(_, _, key)| key.clone());
    assert_eq!(
        sent_key,
        Some(Some(key.secret.clone())),
        "the try-it call to {try_it_url} with the key: {:?}",
        seen.requests
    );
    assert_eq!(server.used(&key, Api::Validate).await, 1);

    let own = format!("{}/", server.base_url);
    let foreign: Vec<_> = seen
        .requests
        .iter()
        .filter(|(_, url, _)| !url.starts_with(&own) && !url.starts_with("data:"))
        .collect();
    assert!(foreign.is_empty(), "requests to other hosts: {foreign:?}");
    assert!(
        seen.requests
            .iter()
            .any(|(_, url, _)| *url == server.url("/openapi.yaml")),
        "{:?}",
        seen.requests
    );
    assert!(
        seen.violations.is_empty(),
        "refused by the page's policy: {:?}",
        seen.violations
    );
}

/// Loads `url` in Chromium, waits for `operations` operations, tries one with `key`, and
/// reports what it saw.
fn browse(url: &str, key: &str, operations: usize) -> Result<Seen> {
    let browser = browser::Browser::launch()?;
    let page = browser.page()?;
    let tab = page.tab();

    let requests = Arc::new(Mutex::new(Vec::new()));
    let record = requests.clone();
    tab.add_event_listener(Arc::new(move |event: &Event| {
        if let Event::NetworkRequestWillBeSent(sent) = event {
            let request = &sent.params.request;
            let key = request.headers.0.as_ref().and_then(|headers| {
                headers.as_object().and_then(|headers| {
                    headers
                        .iter()
                        .find(|(name, _)| name.eq_ignore_ascii_case("x-api-key"))
                        .and_then(|(_, value)| value.as_str().map(str::to_owned))
                })
            });
            if let Ok(mut requests) = record.lock() {
                requests.push((request.method.clone(), request.url.clone(), key));
            }
        }
    }))?;
    tab.call_method(Network::Enable {
        max_total_buffer_size: None,
        max_resource_buffer_size: None,
        max_post_data_size: None,
        report_direct_socket_traffic: None,
        enable_durable_messages: None,
    })?;
    tab.call_method(Page::AddScriptToEvaluateOnNewDocument {
        source: RECORD_VIOLATIONS.to_owned(),
        world_name: None,
        include_command_line_api: None,
        run_immediately: None,
    })?;

    page.goto(url)?;
    wait_until(
        tab,
        &format!("document.querySelectorAll('.opblock').length >= {operations}"),
        "Swagger UI renders the operations",
    )?;
    let rendered: Vec<(String, String, String)> = serde_json::from_str(&string(
        tab,
        "JSON.stringify([...document.querySelectorAll('.opblock')].map((block) => [\
           block.querySelector('.opblock-summary-operation-id')?.textContent ?? '',\
           block.querySelector('.opblock-summary-method')?.textContent ?? '',\
           block.querySelector('.opblock-summary-path')?.dataset.path ?? '']))",
    )?)?;
    let servers: Vec<String> = serde_json::from_str(&string(
        tab,
        "JSON.stringify([...document.querySelectorAll('.servers select option')]\
           .map((option) => option.value))",
    )?)?;

    let try_it_status = try_it(tab, key)?;
    let violations: Vec<String> =
        serde_json::from_str(&string(tab, "JSON.stringify(window.__violations)")?)?;
    let png = full_page_png(tab)?;
    let requests = requests.lock().map(|r| r.clone()).unwrap_or_default();
    Ok(Seen {
        operations: rendered.into_iter().collect(),
        servers,
        try_it_status,
        requests,
        violations,
        png,
    })
}

/// Authorizes with `key`, then calls [`TRY_IT`] with [`TRY_IT_BODY`] from its try-it
/// console, as a user does: the status the console shows.
fn try_it(tab: &Tab, key: &str) -> Result<String> {
    tab.wait_for_element(".auth-wrapper button.authorize")?
        .click()?;
    tab.wait_for_element(".modal-ux input")?.click()?;
    insert_text(tab, key)?;
    tab.wait_for_element(".modal-ux button.modal-btn.authorize")?
        .click()?;
    tab.wait_for_element(".modal-ux button.btn-done")?.click()?;
    wait_until(
        tab,
        "!document.querySelector('.modal-ux')",
        "the Authorize dialog closes",
    )?;

    tab.wait_for_element(&format!("{TRY_IT} .opblock-summary-control"))?
        .click()?;
    tab.wait_for_element(&format!("{TRY_IT} .try-out__btn"))?
        .click()?;
    let body = tab.wait_for_element(&format!("{TRY_IT} textarea.body-param__text"))?;
    body.click()?;
    body.call_js_fn("function () { this.select(); }", vec![], false)?;
    insert_text(tab, TRY_IT_BODY)?;
    tab.wait_for_element(&format!("{TRY_IT} button.execute"))?
        .click()?;
    let status = format!("{TRY_IT} .live-responses-table .response .response-col_status");
    Ok(tab
        .wait_for_element(&status)?
        .get_inner_text()?
        .trim()
        .to_owned())
}

/// Types `text` where the focus is, as one input event.
fn insert_text(tab: &Tab, text: &str) -> Result<()> {
    tab.call_method(Input::InsertText {
        text: text.to_owned(),
    })?;
    Ok(())
}
