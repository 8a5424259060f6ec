//! `POST /v1/dev/validate/email/validate` end to end: a valid, an invalid and a malformed
//! request, through the generated client, snapshotted; bad bodies answered 400 naming the
//! field. With the machine's own DNS (offline here) deliverability may be `unknown` or
//! `deliverable`, never `undeliverable` for a real provider, and the answer never hangs; with
//! a loopback name server configured as `dns_servers`, each deliverability is driven.

use std::net::SocketAddr;
use std::time::Duration;

use conformance::TestServer;
use suite_client::types;
use suite_platform::{Api, Plan};
use suite_validate::email::dns::RecordType;
use suite_validate::email::fake_server::{self, Reply, mx_rdata, txt_rdata};

async fn validate(email: &str) -> types::EmailValidationResult {
    validate_on(&TestServer::start().await, email).await
}

async fn validate_on(server: &TestServer, email: &str) -> types::EmailValidationResult {
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    server
        .client(&key)
        .validate_email()
        .body_map(|b| b.email(email))
        .send()
        .await
        .expect("validated")
        .into_inner()
}

#[tokio::test]
async fn a_valid_address() {
    let result = validate("Jane.Doe@Gmail.COM").await;
    assert!(result.valid);
    assert_eq!(result.format, types::EmailFormat::Valid);
    assert_eq!(result.normalized.as_deref(), Some("Jane.Doe@gmail.com"));
    assert_ne!(result.deliverability, types::Deliverability::Undeliverable);
    // What DNS says depends on the machine's network.
    insta::assert_yaml_snapshot!(result, {
        ".deliverability" => "[deliverable or unknown]",
        ".mx_records" => "[depends on DNS]",
    });
}

#[tokio::test]
async fn a_disposable_role_address_with_a_typo_suggestion() {
    let disposable = validate("admin@mailinator.com").await;
    assert!(disposable.disposable && disposable.role);
    // Listed through its parent domain: `mailinator.com` is on the list, this is not.
    let sub = validate("jane@inbox.mailinator.com").await;
    assert!(sub.disposable && !sub.role);
    assert_eq!(sub.domain, "inbox.mailinator.com");
    let typo = validate("jane@gmial.com").await;
    assert_eq!(typo.did_you_mean.as_deref(), Some("jane@gmail.com"));
}

#[tokio::test]
async fn two_dots_in_a_row() {
    let result = validate("john..doe@example.com").await;
    assert!(!result.valid);
    assert_eq!(result.format, types::EmailFormat::Invalid);
    assert_eq!(result.deliverability, types::Deliverability::Undeliverable);
    insta::assert_yaml_snapshot!(result);
}

#[tokio::test]
async fn any_text_is_an_answer() {
    for text in [
        "   ",
        "€€",
        "@",
        "a@b",
        "\"quoted\"@example.com",
        "me@[127.0.0.1]",
    ] {
        let result = validate(text).await;
        assert!(!result.valid, "{text:?}");
        assert!(result.reason.is_some(), "{text:?}");
    }
}

async fn raw_400(body: serde_json::Value) -> serde_json::Value {
    let server = TestServer::start().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let (status, answer) = server
        .post_json(&key.secret, "/v1/dev/validate/email/validate", &body)
        .await;
    assert_eq!(status, 400, "{body}");
    answer
}

#[tokio::test]
async fn a_control_character_is_400_naming_the_field() {
    // The generated client refuses this value itself (the contract's pattern), so: raw HTTP.
    let body = raw_400(serde_json::json!({ "email": "jane@example.com\r\n" })).await;
    insta::assert_yaml_snapshot!(body, { ".request_id" => "[request_id]" });
}

#[tokio::test]
async fn malformed_bodies_are_400_naming_the_field() {
    for body in [
        serde_json::json!({ "email": "" }),
        serde_json::json!({ "email": format!("{}@example.com", "a".repeat(10_240)) }),
        serde_json::json!({ "email": ["jane@example.com"] }),
        serde_json::json!({ "email": null }),
        serde_json::json!({ "email": "jane\u{0}@example.com" }),
        serde_json::json!({}),
    ] {
        let error = raw_400(body.clone()).await;
        assert_eq!(error["error_code"], "invalid_input", "{body}");
        let message = error["message"].as_str().expect("message");
        assert!(message.contains("email"), "{body}: {message}");
    }
}

/// A server whose email check asks only the name server at `addr`.
async fn asking(addr: SocketAddr) -> TestServer {
    TestServer::start_with(|config| config.validate.dns_servers = vec![addr.to_string()]).await
}

#[tokio::test]
async fn a_domain_with_mx_is_deliverable() {
    let dns = fake_server::start(
        |rtype| match rtype {
            RecordType::Mx => Reply::Records(vec![mx_rdata(10, "mx.acme-widgets.com")]),
            _ => Reply::Records(Vec::new()),
        },
        16,
    )
    .await;
    let result = validate_on(&asking(dns.addr).await, "sales@acme-widgets.com").await;
    assert!(result.valid && result.mx_records, "{result:?}");
    assert_eq!(result.deliverability, types::Deliverability::Deliverable);
    assert_eq!(dns.asked()[0].rtype, RecordType::Mx);
}

#[tokio::test]
async fn no_mx_and_an_spf_reject_all_record_is_undeliverable() {
    let dns = fake_server::start(
        |rtype| match rtype {
            RecordType::Mx | RecordType::Aaaa => Reply::Records(Vec::new()),
            RecordType::A => Reply::Records(vec![vec![192, 0, 2, 1]]),
            RecordType::Txt => Reply::Records(vec![txt_rdata(&["v=spf1 -all"])]),
            RecordType::Ns => Reply::Rcode(2),
        },
        16,
    )
    .await;
    let result = validate_on(&asking(dns.addr).await, "jane@parked-domain.com").await;
    assert!(result.format == types::EmailFormat::Valid && !result.valid && !result.mx_records);
    assert_eq!(result.deliverability, types::Deliverability::Undeliverable);
    assert!(
        result
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("v=spf1 -all")),
        "{result:?}"
    );
}

#[tokio::test]
async fn a_name_server_that_never_answers_gives_unknown_at_the_deadline() {
    let dns = fake_server::start(|_| Reply::Silent, 16).await;
    let server = asking(dns.addr).await;
    // The name server never answers: an answer at all is the server's DNS deadline holding
    // (the guard turns a hang into a failure; it is not a speed bound).
    let result = tokio::time::timeout(
        Duration::from_secs(60),
        validate_on(&server, "jane@quiet-domain.com"),
    )
    .await
    .expect("answered at the DNS deadline");
    assert!(result.valid, "{result:?}");
    assert_eq!(result.deliverability, types::Deliverability::Unknown);
    assert!(!dns.asked().is_empty(), "the configured server was asked");
}
