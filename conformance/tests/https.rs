//! A server that terminates TLS itself, reached over https by the generated client that
//! trusts a private CA the documented way (`Client::http_builder` plus the CA): a JSON
//! operation, a multipart upload and a file download; a certificate from a CA the client does
//! not trust is refused with a clear error; a certificate file that cannot be read stops the
//! start, naming it. (`SUITE_TEST_TLS=1` runs the whole suite over https as well.)

use conformance::TestServer;
use conformance::client::{FilePart, PiiDetectForm, types};
use conformance::tls::TestCa;
use suite_server::platform::{Api, Plan};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";

#[tokio::test]
async fn json_multipart_and_downloads_travel_over_https() {
    let server = TestServer::start_tls().await;
    assert!(
        server.base_url.starts_with("https://127.0.0.1:"),
        "{}",
        server.base_url
    );
    let key = server
        .key(Plan::Unlimited, &[Api::Validate, Api::Pii, Api::Docgen])
        .await;
    let client = server.client(&key);

    let iban = types::IbanValidateRequest {
        iban: "DE89 3704 0044 0532 0130 00".parse().expect("an IBAN"),
    };
    let answer = client.validate_iban(&iban).await.expect("an https answer");
    assert!(answer.valid);

    // The form reaches the platform whole (a broken upload would be 400); the PII API's
    // answer is its own business.
    let form = PiiDetectForm {
        file: FilePart::new("scan.png", "image/png", PNG),
        language: None,
        entity_types: None,
    };
    let status = conformance::status_of(client.pii_detect(form).await);
    assert_ne!(status, 400);
    assert_ne!(status, 0, "no answer over https");

    let blob = server
        .platform()
        .blobs()
        .put(
            &key.id,
            Api::Docgen,
            "doc",
            "application/pdf",
            b"%PDF-1.7\n",
            server.clock.now(),
        )
        .await
        .expect("blob stored");
    let download = client.docgen_download(&blob.id).await.expect("downloaded");
    let stream = download.into_inner().into_inner();
    let body: Vec<u8> =
        futures::TryStreamExt::try_concat(futures::TryStreamExt::map_ok(stream, |b| b.to_vec()))
            .await
            .expect("the body");
    assert_eq!(body, b"%PDF-1.7\n");
}

#[tokio::test]
async fn a_certificate_from_an_untrusted_ca_is_refused_clearly() {
    let server = TestServer::start_tls().await;
    let key = server.key(Plan::Unlimited, &[Api::Validate]).await;
    let stranger = TestCa::new("someone else's CA").expect("a CA");
    let http = conformance::client::Client::http_builder(&key.secret)
        .expect("a valid key")
        .add_root_certificate(stranger.certificate())
        .build()
        .expect("a client");
    let client = conformance::client::Client::new_with_client(&server.base_url, http);
    let iban = types::IbanValidateRequest {
        iban: "DE89370400440532013000".parse().expect("an IBAN"),
    };
    let refused = client
        .validate_iban(&iban)
        .await
        .expect_err("an untrusted server");
    let mut chain = refused.to_string();
    let mut source = std::error::Error::source(&refused);
    while let Some(cause) = source {
        chain.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    assert!(chain.contains("certificate"), "{chain}");
    assert!(refused.status().is_none(), "nothing was answered");
}

#[tokio::test]
async fn a_certificate_file_that_cannot_be_read_stops_the_start_naming_it() {
    let refused = TestServer::try_start(|config| {
        config.platform.tls_cert = "/nonexistent/suite-cert.pem".into();
        config.platform.tls_key = "/nonexistent/suite-key.pem".into();
    })
    .await
    .err()
    .expect("no server without its certificate");
    let message = format!("{refused:#}");
    assert!(message.contains("/nonexistent/suite-cert.pem"), "{message}");
}
