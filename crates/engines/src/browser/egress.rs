//! The browser's only way out: a forward proxy on loopback through which Chromium sends every
//! request (`--proxy-server`, loopback included). It resolves each host once, refuses
//! internal addresses, and connects to the address it checked, so redirects, sub-resources,
//! WebSockets, preconnects and DNS rebinding all meet the same policy. Request interception
//! in the browser could not do this: Chromium opens some connections before or without a
//! paused request (DESIGN, headless_chrome notes).
//! The documents the server itself hands the browser (rendered templates, converted files)
//! are set as a page's content without a request (see `page.rs`); what they link to comes
//! through here like everything else.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use http::{Method, Request, Response, StatusCode};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpStream};

use super::allow::AllowList;
use super::target;

/// How long connecting to a destination may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

type Body = BoxBody<Bytes, hyper::Error>;

/// The running proxy: its loopback address and what it refused.
#[derive(Debug)]
pub struct Egress {
    pub addr: SocketAddr,
    refused: Arc<AtomicU64>,
}

impl Egress {
    /// Starts the proxy on an ephemeral loopback port, for the life of the process.
    pub async fn start(allow: AllowList) -> std::io::Result<Egress> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let refused = Arc::new(AtomicU64::new(0));
        let policy = Arc::new(Policy {
            allow,
            refused: refused.clone(),
        });
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let _ = stream.set_nodelay(true);
                let policy = policy.clone();
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |req| {
                        let policy = policy.clone();
                        async move { policy.handle(req).await }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .preserve_header_case(true)
                        .serve_connection(TokioIo::new(stream), service)
                        .with_upgrades()
                        .await;
                });
            }
        });
        Ok(Egress { addr, refused })
    }

    /// Requests refused since start (connections the browser was not allowed to open).
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }
}

struct Policy {
    allow: AllowList,
    refused: Arc<AtomicU64>,
}

/// A refusal of a plain-http request: the connection is closed without an answer, so the
/// browser sees a failed load (never a page of ours it would capture).
#[derive(Debug)]
struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("destination refused by the egress policy")
    }
}

impl std::error::Error for Refused {}

impl Policy {
    async fn handle(&self, req: Request<Incoming>) -> Result<Response<Body>, Refused> {
        if req.method() == Method::CONNECT {
            return Ok(self.tunnel(req).await);
        }
        self.forward(req).await
    }

    /// Connects to the first checked address of `host:port`, or says why not.
    async fn connect(&self, host: &str, port: u16) -> Result<TcpStream, StatusCode> {
        let addrs = match target::resolve(host, port, &self.allow).await {
            Ok(addrs) => addrs,
            Err(_) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                return Err(StatusCode::FORBIDDEN);
            }
        };
        for addr in addrs {
            if let Ok(Ok(stream)) =
                tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(addr)).await
            {
                let _ = stream.set_nodelay(true);
                return Ok(stream);
            }
        }
        Err(StatusCode::BAD_GATEWAY)
    }

    /// `CONNECT host:port` (https and secure WebSockets): a checked TCP tunnel.
    async fn tunnel(&self, req: Request<Incoming>) -> Response<Body> {
        let Some(authority) = req.uri().authority().cloned() else {
            return status(StatusCode::BAD_REQUEST);
        };
        let port = authority.port_u16().unwrap_or(443);
        let mut upstream = match self.connect(authority.host(), port).await {
            Ok(stream) => stream,
            Err(code) => return status(code),
        };
        tokio::spawn(async move {
            if let Ok(upgraded) = hyper::upgrade::on(req).await {
                let mut client = TokioIo::new(upgraded);
                let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
            }
        });
        status(StatusCode::OK)
    }

    /// An absolute-form plain-http request: forwarded over a connection to the checked
    /// address, in origin form.
    async fn forward(&self, mut req: Request<Incoming>) -> Result<Response<Body>, Refused> {
        let uri = req.uri().clone();
        let (Some("http"), Some(host)) = (uri.scheme_str(), uri.host()) else {
            return Ok(status(StatusCode::BAD_REQUEST));
        };
        let port = uri.port_u16().unwrap_or(80);
        let upstream = match self.connect(host, port).await {
            Ok(stream) => stream,
            Err(StatusCode::FORBIDDEN) => return Err(Refused),
            Err(code) => return Ok(status(code)),
        };
        let Ok((mut sender, connection)) =
            hyper::client::conn::http1::handshake(TokioIo::new(upstream)).await
        else {
            return Ok(status(StatusCode::BAD_GATEWAY));
        };
        tokio::spawn(connection.with_upgrades());
        let origin_form = uri.path_and_query().map_or("/", |pq| pq.as_str());
        *req.uri_mut() = match origin_form.parse() {
            Ok(uri) => uri,
            Err(_) => return Ok(status(StatusCode::BAD_REQUEST)),
        };
        let headers = req.headers_mut();
        headers.remove("proxy-connection");
        headers.remove(http::header::PROXY_AUTHORIZATION);
        match sender.send_request(req).await {
            Ok(response) => Ok(response.map(|body| body.boxed())),
            Err(_) => Ok(status(StatusCode::BAD_GATEWAY)),
        }
    }
}

fn status(code: StatusCode) -> Response<Body> {
    let mut response = Response::new(
        Full::new(Bytes::new())
            .map_err(|never: Infallible| match never {})
            .boxed(),
    );
    *response.status_mut() = code;
    response
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// A loopback port that answers one fixed HTTP response and counts connections.
    async fn upstream() -> (SocketAddr, Arc<AtomicU64>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let hits = Arc::new(AtomicU64::new(0));
        let counter = hits.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                counter.fetch_add(1, Ordering::Relaxed);
                let mut buf = [0u8; 1024];
                let _ = stream.read(&mut buf).await;
                let _ = stream
                    .write_all(
                        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok",
                    )
                    .await;
            }
        });
        (addr, hits)
    }

    async fn ask(proxy: SocketAddr, request: String) -> String {
        let mut stream = TcpStream::connect(proxy).await.expect("proxy reachable");
        stream.write_all(request.as_bytes()).await.expect("sent");
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
        String::from_utf8_lossy(&answer).into_owned()
    }

    #[tokio::test]
    async fn internal_destinations_are_never_connected_to() {
        let (target, hits) = upstream().await;
        let egress = Egress::start(AllowList::default()).await.expect("proxy");
        let connect = ask(
            egress.addr,
            format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n"),
        )
        .await;
        assert!(connect.starts_with("HTTP/1.1 403"), "{connect}");
        let plain = ask(
            egress.addr,
            format!("GET http://{target}/x HTTP/1.1\r\nHost: {target}\r\n\r\n"),
        )
        .await;
        assert_eq!(plain, "", "a refused plain request gets no answer at all");
        let named = ask(
            egress.addr,
            format!(
                "GET http://localhost:{}/x HTTP/1.1\r\nHost: localhost\r\n\r\n",
                target.port()
            ),
        )
        .await;
        assert_eq!(named, "");
        assert_eq!(hits.load(Ordering::Relaxed), 0);
        assert_eq!(egress.refused(), 3);
    }

    #[tokio::test]
    async fn allowed_destinations_are_forwarded_and_tunnelled() {
        let (target, hits) = upstream().await;
        let allow = AllowList::parse(&[target.to_string()]).expect("list");
        let egress = Egress::start(allow).await.expect("proxy");
        let plain = ask(
            egress.addr,
            format!(
                "GET http://{target}/x HTTP/1.1\r\nHost: {target}\r\nConnection: close\r\n\r\n"
            ),
        )
        .await;
        assert!(
            plain.starts_with("HTTP/1.1 200") && plain.ends_with("ok"),
            "{plain}"
        );
        let mut tunnel = TcpStream::connect(egress.addr).await.expect("proxy");
        tunnel
            .write_all(format!("CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n").as_bytes())
            .await
            .expect("sent");
        let mut head = [0u8; 19];
        tunnel.read_exact(&mut head).await.expect("tunnel answer");
        assert!(
            head.starts_with(b"HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&head)
        );
        tunnel
            .write_all(b"GET / HTTP/1.1\r\n\r\n")
            .await
            .expect("through the tunnel");
        let mut rest = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), tunnel.read_to_end(&mut rest)).await;
        assert!(String::from_utf8_lossy(&rest).ends_with("ok"));
        assert_eq!(hits.load(Ordering::Relaxed), 2);
    }
}
