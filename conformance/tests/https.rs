//! A server that terminates TLS itself, reached over https (HTTP/2) by the generated client
//! that trusts a private CA the documented ways (`Client::http_builder` plus the CA, or
//! `SSL_CERT_FILE`): a JSON operation, a multipart upload and a file download; a certificate
//! from a CA the client does not trust is refused with a clear error; a certificate file that
//! cannot be read, or a key that does not fit it, stops the start naming it.
//! (`SUITE_TEST_TLS=1` runs the whole suite over https as well.)

use conformance::TestServer;
use conformance::client::FilePart;
use conformance::tls::TestCa;
use suite_platform::{Api, Plan};

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

    let answer = client
        .validate_iban()
        .body_map(|b| b.iban("DE89 3704 0044 0532 0130 00"))
        .send()
        .await
        .expect("an https answer");
    assert!(answer.valid);

    // The form reaches the platform whole (a broken upload would be 400); the PII API's
    // answer is its own business.
    let scan = FilePart::new("scan.png", "image/png", PNG);
    let status = conformance::status_of(client.pii_detect().file(scan).send().await);
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
            server.clock().now(),
        )
        .await
        .expect("blob stored");
    let download = client
        .docgen_download()
        .id(&blob.id)
        .send()
        .await
        .expect("downloaded");
    let stream = download.into_inner().into_inner();
    let body: Vec<u8> =
        futures::TryStreamExt::try_concat(futures::TryStreamExt::map_ok(stream, |b| b.to_vec()))
            .await
            .expect("the body");
    assert_eq!(body, b"%PDF-1.7\n");

    let health = server
        .raw()
        .get(server.url("/healthz"))
        .send()
        .await
        .expect("an https answer");
    assert_eq!(health.version(), reqwest::Version::HTTP_2, "ALPN offers h2");
}

/// Runs only as the child process of `ssl_cert_file_names_a_private_ca`, where
/// `SSL_CERT_FILE` names the test CA and nothing else: `with_api_key` alone must get through.
#[tokio::test]
async fn child_with_ssl_cert_file() {
    let (Ok(url), Ok(secret)) = (
        std::env::var("SUITE_HTTPS_CHILD_URL"),
        std::env::var("SUITE_HTTPS_CHILD_KEY"),
    ) else {
        return;
    };
    let client = conformance::client::Client::with_api_key(&url, &secret).expect("a client");
    assert!(
        client
            .validate_iban()
            .body_map(|b| b.iban("DE89370400440532013000"))
            .send()
            .await
            .expect("validated")
            .valid
    );
    println!("reached {url} through SSL_CERT_FILE");
}

#[tokio::test]
async fn ssl_cert_file_names_a_private_ca() {
    let server = TestServer::start_tls().await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let bundle = std::env::temp_dir().join(format!("suite-https-ca-{}.pem", std::process::id()));
    std::fs::write(&bundle, server.ca_pem().expect("a CA")).expect("CA written");
    let output = tokio::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args(["child_with_ssl_cert_file", "--exact", "--nocapture"])
        .env("SSL_CERT_FILE", &bundle)
        .env_remove("SSL_CERT_DIR")
        .env("SUITE_HTTPS_CHILD_URL", &server.base_url)
        .env("SUITE_HTTPS_CHILD_KEY", &key.secret)
        .output()
        .await
        .expect("the child runs");
    let _ = std::fs::remove_file(&bundle);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("reached https://"), "{stdout}");
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
    let refused = client
        .validate_iban()
        .body_map(|b| b.iban("DE89370400440532013000"))
        .send()
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

#[tokio::test]
async fn a_key_that_does_not_fit_the_certificate_stops_the_start_naming_both() {
    let dir = std::env::temp_dir().join(format!("suite-https-mismatch-{}", std::process::id()));
    let (one, other) = (dir.join("one"), dir.join("other"));
    std::fs::create_dir_all(&one).expect("a directory");
    std::fs::create_dir_all(&other).expect("a directory");
    let ca = TestCa::new("a CA").expect("a CA");
    let cert = ca.server_files(&one).expect("files").cert;
    let key = ca.server_files(&other).expect("files").key;
    let refused = TestServer::try_start(|config| {
        config.platform.tls_cert = cert.clone();
        config.platform.tls_key = key.clone();
    })
    .await
    .err()
    .expect("no server with a key of another certificate");
    let _ = std::fs::remove_dir_all(&dir);
    let message = format!("{refused:#}");
    assert!(
        message.contains("does not fit the certificate"),
        "{message}"
    );
}
