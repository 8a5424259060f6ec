//! A request body that does not arrive in time is 408 `request_timeout` and its connection
//! is closed: a client that announces a body and sends one byte cannot hold a connection and
//! a handler past the deadline (JSON and multipart alike).

use std::time::{Duration, Instant};

use conformance::TestServer;
use suite_platform::{Api, Plan};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Sends `head` announcing 100 bytes of body, then one byte, and reads what comes back until
/// the server closes the connection: the answer, and how long it took. A connection still
/// open after 10 s fails the test (a guard against a hang: the deadlines here are 1–2 s).
async fn trickle(server: &TestServer, head: &str) -> (String, Duration) {
    let mut socket = TcpStream::connect(server.addr()).await.expect("connected");
    let started = Instant::now();
    socket
        .write_all(format!("{head}Content-Length: 100\r\n\r\n{{").as_bytes())
        .await
        .expect("sent");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), socket.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection was still open after 10 s");
    (
        String::from_utf8_lossy(&answer).into_owned(),
        started.elapsed(),
    )
}

#[tokio::test]
async fn a_body_that_trickles_in_is_408_and_the_connection_closes() {
    let server = TestServer::start_http_with(|config| {
        config.platform.limits.body_timeout_secs = 1;
        config.platform.limits.form_body_timeout_secs = 2;
    })
    .await;
    let key = server.key(Plan::Free, &[Api::Validate, Api::Pii]).await;
    let cases = [
        ("/v1/dev/validate/iban/validate", "application/json", 1),
        (
            "/v1/compliance/pii/detect",
            "multipart/form-data; boundary=x",
            2,
        ),
    ];
    for (path, content_type, deadline) in cases {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nX-API-Key: {}\r\nContent-Type: {content_type}\r\n",
            key.secret
        );
        let (answer, took) = trickle(&server, &head).await;
        assert!(answer.starts_with("HTTP/1.1 408"), "{path}: {answer}");
        assert!(answer.contains("\"request_timeout\""), "{path}: {answer}");
        assert!(
            answer.to_ascii_lowercase().contains("connection: close"),
            "{path}: {answer}"
        );
        assert!(
            took >= Duration::from_secs(deadline),
            "{path}: answered after {took:?}"
        );
    }
    // Nothing was charged for the refused requests.
    assert_eq!(server.used(&key, Api::Validate).await, 0);
}
