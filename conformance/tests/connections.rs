//! The connection guard of a directly exposed server (`server/src/connection_guard.rs`): a
//! connection that sends nothing, or sends nothing after its answer, is closed after the idle
//! timeout; a request the server is still working on is not idle; one client cannot open
//! more connections than its cap — the extra ones are closed on accept — while another
//! client's requests keep being answered; `/metrics` counts both.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use conformance::TestServer;
use suite_platform::{Api, Plan};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Reads until the server closes the connection, or `within` passes: whether it closed.
async fn closed_within(socket: &mut TcpStream, within: Duration) -> bool {
    let mut sink = Vec::new();
    tokio::time::timeout(within, socket.read_to_end(&mut sink))
        .await
        .is_ok()
}

/// A TCP connection to `server` from the loopback address `from`.
async fn connect_from(server: &TestServer, from: Ipv4Addr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind((IpAddr::V4(from), 0).into())
        .expect("bound to a loopback address");
    socket.connect(server.addr()).await.expect("connected")
}

#[tokio::test]
async fn idle_connections_are_closed_and_working_ones_are_not() {
    let server =
        TestServer::start_http_with(|config| config.platform.limits.idle_timeout_secs = 2).await;

    // Nothing sent at all.
    let mut silent = connect_from(&server, Ipv4Addr::LOCALHOST).await;
    assert!(
        closed_within(&mut silent, Duration::from_secs(10)).await,
        "a silent connection was still open after 10 s with a 2 s idle timeout"
    );

    // Kept alive after an answer, then silent.
    let mut kept = connect_from(&server, Ipv4Addr::LOCALHOST).await;
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: suite\r\n\r\n")
        .await
        .expect("sent");
    let mut answer = [0u8; 12];
    kept.read_exact(&mut answer).await.expect("an answer");
    assert_eq!(&answer, b"HTTP/1.1 200");
    assert!(
        closed_within(&mut kept, Duration::from_secs(10)).await,
        "a kept-alive connection was still open 10 s after its answer"
    );
    assert!(server.metric("suite_connections_idle_closed_total").await >= 2);

    // A body that keeps arriving, slower than the idle timeout in all but still moving, is
    // the client working: its answer comes.
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let body = br#"{"number":"4111 1111 1111 1111"}"#;
    let mut slow = connect_from(&server, Ipv4Addr::LOCALHOST).await;
    let head = format!(
        "POST /v1/dev/validate/creditcard/validate HTTP/1.1\r\nHost: suite\r\nX-API-Key: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        key.secret,
        body.len()
    );
    slow.write_all(head.as_bytes()).await.expect("sent");
    for chunk in body.chunks(8) {
        tokio::time::sleep(Duration::from_millis(700)).await;
        slow.write_all(chunk).await.expect("sent");
    }
    let mut status = [0u8; 12];
    slow.read_exact(&mut status).await.expect("an answer");
    assert_eq!(&status, b"HTTP/1.1 200");
}

#[tokio::test]
async fn one_client_cannot_take_every_connection() {
    let server = TestServer::start_with(|config| {
        config.platform.limits.max_connections_per_client = 4;
    })
    .await;
    let key = server.key(Plan::Free, &[Api::Validate]).await;
    let hog = Ipv4Addr::new(127, 0, 0, 2);
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from(&server, hog).await);
    }
    // Let the guard count them before the fifth arrives.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = connect_from(&server, hog).await;
    assert!(
        closed_within(&mut extra, Duration::from_secs(5)).await,
        "the fifth connection of one client was kept"
    );

    // Another client is served as usual meanwhile.
    let answer = server
        .client(&key)
        .validate_creditcard()
        .body_map(|b| b.number("4111111111111111"))
        .send()
        .await;
    assert_eq!(conformance::status_of(answer), 200);
    assert!(
        server
            .metric("suite_connections_refused_total{cap=\"per_client\"}")
            .await
            >= 1
    );

    // A connection given back makes room again.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from(&server, hog).await;
    assert!(
        !closed_within(&mut again, Duration::from_millis(500)).await,
        "a connection under the cap was closed"
    );
}
