//! The browser's only way out: a forward proxy on loopback through which Chromium sends every
//! request (`--proxy-server`, loopback included). It resolves each host once, refuses
//! internal addresses, and connects to the address it checked, so redirects, sub-resources,
//! WebSockets, preconnects and DNS rebinding all meet the same policy. Request interception
//! in the browser could not do this: Chromium opens some connections before or without a
//! paused request (DESIGN, headless_chrome notes).
//!
//! The proxy also serves the documents the server itself hands the browser (rendered
//! templates, converted files), each at a one-time address under `document.suite.invalid`,
//! so such a page loads like any other and everything it links to meets the same policy.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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

/// The domain of the documents the proxy serves itself (`.invalid` never resolves, so no
/// real host can be reached under it).
const HOSTED_DOMAIN: &str = "document.suite.invalid";

/// Documents served by the proxy, by token.
type Hosted = Arc<Mutex<HashMap<String, Bytes>>>;

/// The running proxy: its loopback address, what it refused, and the documents it serves.
#[derive(Debug)]
pub struct Egress {
    pub addr: SocketAddr,
    refused: Arc<AtomicU64>,
    hosted: Hosted,
}

/// A document the proxy serves until this is dropped.
#[derive(Debug)]
pub struct HostedDocument {
    token: String,
    hosted: Hosted,
}

impl HostedDocument {
    /// The document's address, for the browser to load.
    pub fn url(&self) -> String {
        format!("http://{}.{HOSTED_DOMAIN}/", self.token)
    }
}

impl Drop for HostedDocument {
    fn drop(&mut self) {
        if let Ok(mut hosted) = self.hosted.lock() {
            hosted.remove(&self.token);
        }
    }
}

impl Egress {
    /// Starts the proxy on an ephemeral loopback port, for the life of the process.
    pub async fn start(allow: AllowList) -> std::io::Result<Egress> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let refused = Arc::new(AtomicU64::new(0));
        let hosted = Hosted::default();
        let policy = Arc::new(Policy {
            allow,
            refused: refused.clone(),
            hosted: hosted.clone(),
        });
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
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
        Ok(Egress {
            addr,
            refused,
            hosted,
        })
    }

    /// Serves `html` at a one-time address until the answer is dropped.
    pub fn host(&self, html: Vec<u8>) -> HostedDocument {
        let mut raw = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut raw);
        let token: String = raw.iter().map(|b| format!("{b:02x}")).collect();
        if let Ok(mut hosted) = self.hosted.lock() {
            hosted.insert(token.clone(), Bytes::from(html));
        }
        HostedDocument {
            token,
            hosted: self.hosted.clone(),
        }
    }

    /// Requests refused since start (connections the browser was not allowed to open).
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }
}

struct Policy {
    allow: AllowList,
    refused: Arc<AtomicU64>,
    hosted: Hosted,
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
        if let Some(token) = host
            .strip_suffix(HOSTED_DOMAIN)
            .and_then(|t| t.strip_suffix('.'))
        {
            return Ok(self.serve_hosted(token, uri.path()));
        }
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

impl Policy {
    /// A hosted document at its root; anything else under its host is 404.
    fn serve_hosted(&self, token: &str, path: &str) -> Response<Body> {
        let document = self
            .hosted
            .lock()
            .ok()
            .and_then(|hosted| hosted.get(token).cloned());
        match document {
            Some(bytes) if path == "/" => {
                let mut response = Response::new(
                    Full::new(bytes)
                        .map_err(|never: Infallible| match never {})
                        .boxed(),
                );
                response.headers_mut().insert(
                    http::header::CONTENT_TYPE,
                    http::HeaderValue::from_static("text/html; charset=utf-8"),
                );
                response
            }
            _ => status(StatusCode::NOT_FOUND),
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
    async fn hosted_documents_are_served_at_their_address_only_while_held() {
        let egress = Egress::start(AllowList::default()).await.expect("proxy");
        let document = egress.host(b"<p>hello</p>".to_vec());
        let host = document.url();
        let host = host.trim_start_matches("http://").trim_end_matches('/');
        let get = |path: &str| {
            format!("GET http://{host}{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
        };
        let page = ask(egress.addr, get("/")).await;
        assert!(
            page.starts_with("HTTP/1.1 200") && page.ends_with("<p>hello</p>"),
            "{page}"
        );
        assert!(
            ask(egress.addr, get("/logo.png"))
                .await
                .starts_with("HTTP/1.1 404")
        );
        let other = "GET http://0000.document.suite.invalid/ HTTP/1.1\r\nConnection: close\r\n\r\n";
        assert!(
            ask(egress.addr, other.into())
                .await
                .starts_with("HTTP/1.1 404")
        );
        drop(document);
        assert!(ask(egress.addr, get("/")).await.starts_with("HTTP/1.1 404"));
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
