//! What the APIs' benchmarks share (`suite-bench <api> bench`, never serving code): latency
//! figures, a bare HTTP/1.1 client that calls the server under test with a JSON or multipart
//! body (no client library measured with it), and a loopback server for a fixed page.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
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

/// The p50 and p99 of `ms` (zero when there are none).
pub fn stats(mut ms: Vec<f64>) -> Stats {
    ms.sort_by(f64::total_cmp);
    Stats {
        p50: percentile(&ms, 0.5).unwrap_or_default(),
        p99: percentile(&ms, 0.99).unwrap_or_default(),
    }
}

/// The value at quantile `q` (0 to 1) of `sorted`, by nearest rank; `None` when it is empty.
pub fn percentile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    let last = sorted.len().checked_sub(1)?;
    sorted.get((last as f64 * q).round() as usize).copied()
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

/// Resident and peak memory of this process, KiB (Linux `/proc/self/status`).
pub fn rss_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
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
        Body::form_files("file", &[(file_name, file)], texts)
    }

    /// A multipart form of file parts named `part` (a batch) and text parts.
    pub fn form_files(part: &str, files: &[(&str, &[u8])], texts: &[(&str, &str)]) -> Body {
        let parts: Vec<(&str, &str, &[u8])> = files
            .iter()
            .map(|&(file_name, file)| (part, file_name, file))
            .collect();
        Body::form_parts(&parts, texts)
    }

    /// A multipart form of `(part, file name, bytes)` file parts and text parts.
    pub fn form_parts(files: &[(&str, &str, &[u8])], texts: &[(&str, &str)]) -> Body {
        const BOUNDARY: &str = "suite-bench-boundary-7MA4YWxkTrZu0gW";
        let size: usize = files.iter().map(|(_, _, f)| f.len() + 256).sum();
        let mut bytes = Vec::with_capacity(size + 512);
        for (part, file_name, file) in files {
            bytes.extend_from_slice(
                format!(
                    "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{part}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            );
            bytes.extend_from_slice(file);
            bytes.extend_from_slice(b"\r\n");
        }
        for (name, value) in texts {
            bytes.extend_from_slice(
                format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        bytes.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
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
        let request = http::Request::post(path)
            .header("content-type", &body.content_type)
            .body(Full::new(body.bytes.clone()))?;
        self.send(request).await
    }

    /// GETs `path` (a download); an answer other than 2xx is an error.
    pub async fn get(&self, path: &str) -> Result<Bytes> {
        self.send(http::Request::get(path).body(Full::new(Bytes::new()))?)
            .await
    }

    async fn send(&self, mut request: http::Request<Full<Bytes>>) -> Result<Bytes> {
        let path = request.uri().path().to_owned();
        let headers = request.headers_mut();
        headers.insert("host", self.addr.to_string().parse()?);
        headers.insert("x-api-key", self.key.parse()?);
        let stream = tokio::net::TcpStream::connect(self.addr).await?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection);
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

    /// `html` printed to PDF by the document API (the key needs docgen).
    pub async fn printed(&self, html: &str) -> Result<Vec<u8>> {
        let record: serde_json::Value = serde_json::from_slice(
            &self
                .post(
                    "/v1/dev/pdf/convert",
                    &Body::form("file.html", html.as_bytes(), &[("output_format", "pdf")]),
                )
                .await?,
        )?;
        let id = record["document_id"]
            .as_str()
            .context("the document API answered no document id")?;
        Ok(self
            .get(&format!("/v1/dev/pdf/download/{id}"))
            .await?
            .to_vec())
    }
}

/// Times `runs` runs of a command as its users run it (a process each, after one untimed
/// run), with `env` set; when `out` is given, checks the command wrote it.
pub fn time_command(
    command: &[&str],
    env: &[(&str, &str)],
    out: Option<&std::path::Path>,
    runs: usize,
) -> Result<Stats> {
    let mut ms = Vec::new();
    for run in 0..=runs {
        if let Some(out) = out {
            let _ = std::fs::remove_file(out);
        }
        let started = std::time::Instant::now();
        let status = std::process::Command::new(command[0])
            .args(&command[1..])
            .envs(env.iter().copied())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .with_context(|| format!("running {}", command[0]))?;
        let elapsed = started.elapsed().as_secs_f64() * 1e3;
        if !status.success() || out.is_some_and(|out| !out.exists()) {
            anyhow::bail!("{} failed ({status})", command[0]);
        }
        if run > 0 {
            ms.push(elapsed);
        }
    }
    Ok(stats(ms))
}

/// Debian's `tesseract` CLI reading `image` to TSV in English at its best
/// (`OMP_THREAD_LIMIT=1`, a process per image, as its users run it): the reference of the
/// document APIs' benchmarks.
pub fn tesseract_cli(image: &[u8], scratch: &std::path::Path, runs: usize) -> Result<Stats> {
    let file = scratch.join("reference-image");
    std::fs::write(&file, image)?;
    let path = file.to_str().context("a scratch path in UTF-8")?;
    time_command(
        &["tesseract", path, "-", "-l", "eng", "tsv"],
        &[("OMP_THREAD_LIMIT", "1")],
        None,
        runs,
    )
}

/// The server under test: `config` on a loopback port with a fresh SQLite database in
/// `data_dir` and no sanctions refresh, and a client holding an unlimited key for `apis`.
pub async fn bench_server(
    mut config: suite_server::config::Config,
    data_dir: std::path::PathBuf,
    apis: &[suite_platform::Api],
) -> Result<(suite_server::server::RunningServer, ApiClient)> {
    config.platform.listen = "127.0.0.1:0".into();
    config.platform.data_dir = data_dir;
    config.platform.database_url = String::new();
    config.sanctions.refresh_interval_secs = 0;
    let log = suite_platform::logging::logger(dropshot::ConfigLoggingLevel::Warn)?;
    let running =
        suite_server::server::start(config, suite_platform::clock::Clock::System, log).await?;
    let plans: Vec<_> = apis
        .iter()
        .map(|api| (*api, suite_platform::Plan::Unlimited))
        .collect();
    let key = suite_platform::keys::create(
        running.platform.db(),
        "bench",
        &plans,
        chrono::Utc::now().timestamp(),
    )
    .await?
    .api_key;
    let api = ApiClient {
        addr: running.addr,
        key,
    };
    Ok((running, api))
}

/// Confusion counts of an evaluation (PII types, contract categories) and the precision,
/// recall and F-beta derived from them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub true_positives: u64,
    pub false_positives: u64,
    pub false_negatives: u64,
    pub true_negatives: u64,
}

impl Counts {
    /// Adds one labelled prediction.
    pub fn record(&mut self, labelled: bool, predicted: bool) {
        match (labelled, predicted) {
            (true, true) => self.true_positives += 1,
            (false, true) => self.false_positives += 1,
            (true, false) => self.false_negatives += 1,
            (false, false) => self.true_negatives += 1,
        }
    }

    /// Share of predictions that are right (1.0 when nothing was predicted).
    pub fn precision(&self) -> f64 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_positives,
        )
    }

    /// Share of labelled positives found (1.0 when there are none).
    pub fn recall(&self) -> f64 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_negatives,
        )
    }

    /// F-beta: beta 2 weighs recall four times as much as precision.
    pub fn f(&self, beta: f64) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 {
            return 0.0;
        }
        (1.0 + beta * beta) * p * r / (beta * beta * p + r)
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.true_positives += other.true_positives;
        self.false_positives += other.false_positives;
        self.false_negatives += other.false_negatives;
        self.true_negatives += other.true_negatives;
    }
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "P {:5.1}%  R {:5.1}%  (TP {} FP {} FN {} TN {})",
            self.precision() * 100.0,
            self.recall() * 100.0,
            self.true_positives,
            self.false_positives,
            self.false_negatives,
            self.true_negatives
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Counts;

    #[test]
    fn precision_recall_and_f_follow_the_counts() {
        let mut c = Counts::default();
        c.record(true, true);
        c.record(true, true);
        c.record(true, false);
        c.record(false, true);
        c.record(false, false);
        assert!((c.precision() - 2.0 / 3.0).abs() < 1e-9);
        assert!((c.recall() - 2.0 / 3.0).abs() < 1e-9);
        assert!((c.f(2.0) - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(c.true_negatives, 1);
        assert_eq!(Counts::default().precision(), 1.0);
    }
}
