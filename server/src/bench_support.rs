//! What the APIs' benchmarks share (`suite <api> bench`, never serving code): latency
//! figures, a bare HTTP/1.1 client that calls the server under test with a JSON or multipart
//! body (no client library measured with it), and a loopback server for a fixed page.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;

/// p50 and p99 in milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Stats {
    pub p50: f64,
    pub p99: f64,
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:.1} / {:.1} ms", self.p50, self.p99)
    }
}

/// The p50 and p99 of `ms`.
pub fn stats(mut ms: Vec<f64>) -> Stats {
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return Stats { p50: 0.0, p99: 0.0 };
    }
    let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
    Stats {
        p50: at(0.5),
        p99: at(0.99),
    }
}

/// Times `runs` calls of `call` after `warmup` untimed ones, pausing `pause` before each.
pub async fn time<F, Fut>(warmup: usize, runs: usize, pause: Duration, mut call: F) -> Result<Stats>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<()>>,
{
    for _ in 0..warmup {
        call().await?;
    }
    let mut ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        tokio::time::sleep(pause).await;
        let started = Instant::now();
        call().await?;
        ms.push(started.elapsed().as_secs_f64() * 1e3);
    }
    Ok(stats(ms))
}

/// A request body and its Content-Type.
#[derive(Debug, Clone)]
pub struct Body {
    pub content_type: String,
    pub bytes: Bytes,
}

impl Body {
    pub fn json(text: &str) -> Body {
        Body {
            content_type: "application/json".into(),
            bytes: Bytes::from(text.to_owned()),
        }
    }

    /// A multipart form of one file part `file` and text parts.
    pub fn form(file_name: &str, file: &[u8], texts: &[(&str, &str)]) -> Body {
        const BOUNDARY: &str = "suite-bench-boundary-7MA4YWxkTrZu0gW";
        let mut bytes = Vec::with_capacity(file.len() + 512);
        bytes.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        bytes.extend_from_slice(file);
        for (name, value) in texts {
            bytes.extend_from_slice(
                format!("\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}")
                    .as_bytes(),
            );
        }
        bytes.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
        Body {
            content_type: format!("multipart/form-data; boundary={BOUNDARY}"),
            bytes: Bytes::from(bytes),
        }
    }
}

/// The server under test, called over plain HTTP/1.1 from this process.
#[derive(Debug, Clone)]
pub struct ApiClient {
    pub addr: SocketAddr,
    pub key: String,
}

impl ApiClient {
    /// POSTs `body` to `path`; an answer other than 2xx is an error. Answers the response body.
    pub async fn post(&self, path: &str, body: &Body) -> Result<Bytes> {
        let stream = tokio::net::TcpStream::connect(self.addr).await?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
        let request = http::Request::post(path)
            .header("host", self.addr.to_string())
            .header("x-api-key", &self.key)
            .header("content-type", &body.content_type)
            .body(Full::new(body.bytes.clone()))?;
        let response = sender.send_request(request).await?;
        let status = response.status();
        let answer = response.into_body().collect().await?.to_bytes();
        if !status.is_success() {
            bail!(
                "{path} answered {status}: {}",
                String::from_utf8_lossy(&answer)
            );
        }
        Ok(answer)
    }

    /// POSTs a JSON body.
    pub async fn call(&self, path: &str, json: &str) -> Result<()> {
        self.post(path, &Body::json(json)).await.map(drop)
    }
}
