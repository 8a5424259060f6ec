//! The conformance harness: starts the real server in-process on `127.0.0.1:0` with a fresh
//! database (SQLite in a temporary directory, or a new PostgreSQL database when
//! `SUITE_TEST_POSTGRES_URL` names a server), issues keys, and hands out generated clients.
//!
//! When `SUITE_TEST_TLS` is set, every server terminates TLS itself with a certificate made
//! for the run (`tls.rs`), and every client the harness hands out trusts that CA: the whole
//! suite then runs over https.
//!
//! When `SUITE_CONFORMANCE_BASE_URL` is set (`cargo xtask conformance --base-url`), the same
//! tests run against that deployment instead (`external.rs`): keys come from its admin API,
//! and what only an in-process server gives — its clock, database, configuration, address —
//! stops the test as skipped. The tests themselves speak only HTTP and the client.
//!
//! When `SUITE_COVERAGE_DIR` is set, each server writes the (operationId, status) pairs it
//! answered there when dropped; `cargo xtask test` checks them against the contract.

use std::path::PathBuf;

use anyhow::{Context, Result};
use chrono::{DateTime, TimeZone, Utc};
use rand::RngCore;
use suite_platform::clock::Clock;
use suite_platform::keys;
use suite_platform::{Api, Plan};
use suite_server::config::Config;
use suite_server::server::{self, RunningServer};

pub use suite_client as client;

pub mod browser;
pub mod docs;
pub mod external;
pub mod finance;
pub mod forms;
pub mod front;
pub mod invoice;
pub mod legal;
pub mod pages;
pub mod pii;
pub mod requests;
pub mod shots;
pub mod smtp_sink;
pub mod tls;

/// A server under test — started in process, or the external deployment — and what it needs
/// to be torn down.
pub struct TestServer {
    pub base_url: String,
    /// The in-process server's injected clock (none in external mode).
    clock: Option<Clock>,
    /// The CA the server's certificate chains to, when it terminates TLS.
    tls_ca: Option<tls::TestCa>,
    server: Option<RunningServer>,
    data_dir: Option<PathBuf>,
    external: Option<external::Deployment>,
}

/// A key issued by the harness.
#[derive(Debug, Clone)]
pub struct TestKey {
    pub id: String,
    pub secret: String,
}

/// The harness's default "now": mid-month, so tests that cross a month do so on purpose.
pub fn default_start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 15, 12, 0, 0)
        .single()
        .unwrap_or_else(Utc::now)
}

fn random_suffix() -> String {
    let mut raw = [0u8; 8];
    rand::rng().fill_bytes(&mut raw);
    raw.iter().map(|b| format!("{b:02x}")).collect()
}

impl TestServer {
    /// The server under test as it is configured by default: started in process, or the
    /// external deployment in external mode.
    pub async fn start() -> TestServer {
        match external::Deployment::from_env().expect("the external deployment is named fully") {
            Some(deployment) => TestServer {
                base_url: deployment.base_url.clone(),
                clock: None,
                tls_ca: None,
                server: None,
                data_dir: None,
                external: Some(deployment),
            },
            None => Self::start_with(|_| {}).await,
        }
    }

    /// Starts a server sized for this machine by `adjust` (pools and workers: nothing a
    /// client can observe but time); in external mode, the deployment as it is.
    pub async fn start_sized(adjust: impl FnOnce(&mut Config)) -> TestServer {
        if external::is_external() {
            return Self::start().await;
        }
        Self::start_with(adjust).await
    }

    /// Starts a server after `adjust` has changed its configuration.
    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        Self::try_start(adjust)
            .await
            .expect("the server under test starts")
    }

    /// Starts a server that terminates TLS itself, with a certificate made for this run;
    /// the harness's clients trust its CA.
    pub async fn start_tls() -> TestServer {
        Self::try_start_as(true, |_| {})
            .await
            .expect("the https server under test starts")
    }

    /// Starts a server over plain http whatever `SUITE_TEST_TLS` says, for tests that speak
    /// raw HTTP/1.1 on the socket.
    pub async fn start_http_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        Self::try_start_as(false, adjust)
            .await
            .expect("the server under test starts")
    }

    /// The PEM of the CA the server's certificate chains to, when it terminates TLS.
    pub fn ca_pem(&self) -> Option<&str> {
        self.tls_ca.as_ref().map(|ca| ca.pem.as_str())
    }

    /// The address the server listens on.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.running().addr
    }

    /// Starts a server over https when `SUITE_TEST_TLS` is set, else over http.
    pub async fn try_start(adjust: impl FnOnce(&mut Config)) -> Result<TestServer> {
        Self::try_start_as(std::env::var_os("SUITE_TEST_TLS").is_some(), adjust).await
    }

    /// Starts a second replica of this server, as an operator runs one: the same database
    /// and the same clock, a browser pool and caches of its own, and with PostgreSQL a data
    /// directory of its own (as on another host). With SQLite it shares this server's data
    /// directory, the database file's and the files' (two processes share SQLite on one host).
    pub async fn start_replica(&self) -> TestServer {
        let config = self.platform().config();
        let database_url = config.effective_database_url();
        let shared_dir = (database_kind() == "sqlite").then(|| config.data_dir.clone());
        Self::launch(
            std::env::var_os("SUITE_TEST_TLS").is_some(),
            Some(database_url),
            Some(self.clock().clone()),
            |config| {
                if let Some(dir) = shared_dir {
                    config.platform.data_dir = dir;
                }
            },
        )
        .await
        .expect("the replica under test starts")
    }

    async fn try_start_as(tls: bool, adjust: impl FnOnce(&mut Config)) -> Result<TestServer> {
        Self::launch(tls, None, None, adjust).await
    }

    /// Starts a server on `database_url` (else a fresh database) with `clock` (else a new
    /// manual clock at [`default_start`]).
    async fn launch(
        tls: bool,
        database_url: Option<String>,
        clock: Option<Clock>,
        adjust: impl FnOnce(&mut Config),
    ) -> Result<TestServer> {
        external::in_process_only("a server started and configured by the test");
        let data_dir = std::env::temp_dir().join(format!("suite-conformance-{}", random_suffix()));
        std::fs::create_dir_all(&data_dir)?;
        let mut config = Config::default();
        config.platform.listen = "127.0.0.1:0".into();
        config.platform.data_dir = data_dir.clone();
        config.platform.database_url = match database_url {
            Some(url) => url,
            None => fresh_database().await?,
        };
        // A test server never downloads the official lists: its lists are the test's own.
        config.sanctions.refresh_interval_secs = 0;
        // Tests send hundreds of requests at once from one address (quota races); the
        // per-client cap is tested on its own (connections.rs, slow_clients.rs).
        config.platform.limits.max_connections_per_client = 0;
        let tls_ca = if tls {
            let ca = tls::TestCa::new("suite conformance CA")?;
            let files = ca.server_files(&data_dir)?;
            config.platform.tls_cert = files.cert;
            config.platform.tls_key = files.key;
            Some(ca)
        } else {
            None
        };
        adjust(&mut config);
        let clock = clock.unwrap_or_else(|| Clock::manual(default_start()));
        let log = suite_platform::logging::logger(dropshot::ConfigLoggingLevel::Warn)?;
        let running = server::start(config, clock.clone(), log).await?;
        let scheme = running.platform.config().scheme();
        Ok(TestServer {
            base_url: format!("{scheme}://{}", running.addr),
            clock: Some(clock),
            tls_ca,
            server: Some(running),
            data_dir: Some(data_dir),
            external: None,
        })
    }

    fn running(&self) -> &RunningServer {
        external::in_process_only("the in-process server (its database, configuration or address)");
        self.server.as_ref().expect("server is running")
    }

    /// The in-process server's clock, which the test may move.
    pub fn clock(&self) -> &Clock {
        external::in_process_only("the in-process server's clock");
        self.clock
            .as_ref()
            .expect("an in-process server has a clock")
    }

    pub fn platform(&self) -> &suite_platform::Platform {
        &self.running().platform
    }

    /// A new key subscribed to `apis` on `plan`.
    pub async fn key(&self, plan: Plan, apis: &[Api]) -> TestKey {
        if let Some(deployment) = &self.external {
            return deployment
                .create_key(plan, apis)
                .await
                .expect("key created through the admin API");
        }
        let subscriptions: Vec<(Api, Plan)> = apis.iter().map(|api| (*api, plan)).collect();
        let issued = keys::create(
            self.platform().db(),
            "conformance",
            &subscriptions,
            self.clock().now().timestamp(),
        )
        .await
        .expect("key created");
        TestKey {
            id: issued.info.id,
            secret: issued.api_key,
        }
    }

    /// Units `key` has used on `api` in the current month of the server's clock.
    pub async fn used(&self, key: &TestKey, api: Api) -> i64 {
        let period = suite_platform::clock::period_of(self.clock().now());
        self.platform()
            .quotas()
            .used(&key.id, api, &period)
            .await
            .expect("usage read")
    }

    pub async fn revoke(&self, key: &TestKey) {
        if let Some(deployment) = &self.external {
            return deployment
                .revoke(&key.id)
                .await
                .expect("key revoked through the admin API");
        }
        keys::revoke(
            self.platform().db(),
            &key.id,
            self.clock().now().timestamp(),
        )
        .await
        .expect("key revoked");
    }

    /// A generated client sending `key`, built the way the README tells users to: with
    /// `with_api_key`, or from `http_builder` plus the private CA when the server has one.
    pub fn client(&self, key: &TestKey) -> suite_client::Client {
        self.client_with_secret(&key.secret)
    }

    /// A generated client sending the raw key `secret` (one the harness did not issue, such
    /// as a key a user made in the portal), built as [`TestServer::client`] builds it.
    pub fn client_with_secret(&self, secret: &str) -> suite_client::Client {
        match &self.tls_ca {
            None => {
                suite_client::Client::with_api_key(&self.base_url, secret).expect("client builds")
            }
            Some(ca) => {
                let http = suite_client::Client::http_builder(secret)
                    .expect("a valid key")
                    .add_root_certificate(ca.certificate())
                    .build()
                    .expect("client builds");
                suite_client::Client::new_with_client(&self.base_url, http)
            }
        }
    }

    /// A generated client sending no key at all.
    pub fn anonymous_client(&self) -> suite_client::Client {
        suite_client::Client::new_with_client(&self.base_url, self.raw())
    }

    /// A plain HTTP client, for requests the generated client cannot make (malformed ones);
    /// it trusts the server's CA when the server terminates TLS.
    pub fn raw(&self) -> reqwest::Client {
        let builder = reqwest::Client::builder();
        let builder = match &self.tls_ca {
            Some(ca) => builder.add_root_certificate(ca.certificate()),
            None => builder,
        };
        builder.build().expect("client builds")
    }

    /// POSTs `body` as JSON with `secret` over plain HTTP (for bodies the generated client
    /// refuses): the status and the JSON answer.
    pub async fn post_json(
        &self,
        secret: &str,
        path: &str,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let response = self
            .raw()
            .post(self.url(path))
            .header("X-API-Key", secret)
            .json(body)
            .send()
            .await
            .expect("response");
        let status = response.status().as_u16();
        (status, response.json().await.expect("a JSON answer"))
    }

    /// One call of the cheapest operation (a valid card number) with `secret`, for tests of
    /// what surrounds every call (quota, headers, storage): the raw response.
    pub async fn validate_a_card(&self, secret: &str) -> reqwest::Response {
        self.raw()
            .post(self.url("/v1/dev/validate/creditcard/validate"))
            .header("X-API-Key", secret)
            .json(&serde_json::json!({ "number": "4111 1111 1111 1111" }))
            .send()
            .await
            .expect("the API answers")
    }

    /// POSTs a form of `file` and one text field (a value the generated client's types
    /// cannot carry, such as an unknown enum value) with `secret`: the status and the error
    /// message.
    pub async fn post_form_field(
        &self,
        secret: &str,
        path: &str,
        file: Vec<u8>,
        (field, value): (&str, &str),
    ) -> (u16, String) {
        let form = reqwest::multipart::Form::new()
            .part(
                "file",
                reqwest::multipart::Part::bytes(file).file_name("upload.bin"),
            )
            .text(field.to_owned(), value.to_owned());
        let response = self
            .raw()
            .post(self.url(path))
            .header("X-API-Key", secret)
            .multipart(form)
            .send()
            .await
            .expect("response");
        let status = response.status().as_u16();
        let body: serde_json::Value = response.json().await.expect("a JSON answer");
        (
            status,
            body["message"].as_str().unwrap_or_default().to_owned(),
        )
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// The value of the `/metrics` line that starts with `series` (a name with its labels).
    pub async fn metric(&self, series: &str) -> u64 {
        let text = self
            .raw()
            .get(self.url("/metrics"))
            .send()
            .await
            .expect("metrics")
            .text()
            .await
            .expect("text");
        metric_value(&text, series).unwrap_or_else(|| panic!("no {series} in {text}"))
    }

    /// Shuts the server down as `suite serve` does on SIGTERM, waiting for it to finish.
    pub async fn stop(mut self) {
        self.record_coverage();
        if let Some(server) = self.server.take() {
            server.close().await.expect("the server shuts down");
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.record_coverage();
        if let Some(dir) = &self.data_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl TestServer {
    /// Writes the (operation, status) pairs this server answered, when asked to.
    fn record_coverage(&self) {
        if let (Some(dir), Some(server)) = (std::env::var_os("SUITE_COVERAGE_DIR"), &self.server) {
            let pairs = server.platform.metrics().answered();
            let lines: String = pairs
                .iter()
                .map(|(op, status)| format!("{op} {status}\n"))
                .collect();
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(
                PathBuf::from(dir).join(format!("{}.txt", random_suffix())),
                lines,
            );
        }
    }
}

/// The database URL for a new server: a fresh PostgreSQL database when the environment names
/// a server, else empty (SQLite in the data directory).
pub async fn fresh_database() -> Result<String> {
    let Ok(admin_url) = std::env::var("SUITE_TEST_POSTGRES_URL") else {
        return Ok(String::new());
    };
    sqlx::any::install_default_drivers();
    let name = format!("conformance_{}", random_suffix());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin_url)
        .await
        .with_context(|| "connecting to SUITE_TEST_POSTGRES_URL")?;
    // `name` is our own hex suffix: nothing outside this function reaches the statement.
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await?;
    let base = admin_url
        .rsplit_once('/')
        .map(|(base, _)| base)
        .unwrap_or(&admin_url);
    Ok(format!("{base}/{name}"))
}

/// The value of the series `series` (a name with its labels) in `/metrics` text, if present.
pub fn metric_value(text: &str, series: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let value = line.strip_prefix(series)?.strip_prefix(' ')?;
        Some(
            value
                .trim()
                .parse()
                .expect("a metric's value is a whole number"),
        )
    })
}

/// The contract's error body of a call that must fail with `status`; panics otherwise.
pub fn expect_error<T>(
    result: Result<suite_client::ResponseValue<T>, suite_client::Error<suite_client::types::Error>>,
    status: u16,
) -> suite_client::ResponseValue<suite_client::types::Error> {
    match result {
        Ok(response) => panic!("expected {status}, got {}", response.status()),
        Err(suite_client::Error::ErrorResponse(error)) => {
            assert_eq!(error.status().as_u16(), status, "{:?}", *error);
            error
        }
        Err(other) => panic!("expected a typed {status} error, got {other}"),
    }
}

/// The status of a call's answer, success or error (0 when there was none).
pub fn status_of<T>(
    result: Result<suite_client::ResponseValue<T>, suite_client::Error<suite_client::types::Error>>,
) -> u16 {
    match result {
        Ok(response) => response.status().as_u16(),
        Err(error) => error.status().map_or(0, |s| s.as_u16()),
    }
}

/// Which database this run uses, for messages.
/// A directory of the real sanctions lists from `../shared/data/sanctions` (OFAC SDN 2021,
/// OFAC Consolidated 2025, UN 2026), linked in place, plus the EU sample written to the EU
/// schema when `with_eu_sample`, for `config.sanctions.list_dir`.
pub fn real_sanctions_lists(with_eu_sample: bool) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let data = root.join("../shared/data/sanctions");
    assert!(
        data.join("un/consolidated.xml").is_file(),
        "the real sanctions lists are missing: expected them in {}",
        data.display()
    );
    let selection = if with_eu_sample { "with-eu" } else { "no-eu" };
    let dir = std::env::temp_dir().join(format!(
        "suite-conformance-lists-{selection}-{}",
        std::process::id()
    ));
    let mut links = vec![
        ("ofac-sdn", data.join("ofac-sdn-2021")),
        ("ofac-cons", data.join("ofac-cons-2025")),
        ("un", data.join("un")),
    ];
    if with_eu_sample {
        links.push((
            "eu.xml",
            root.join("crates/sanctions/src/fixtures/eu_fsf_sample.xml"),
        ));
    }
    let _ = std::fs::create_dir_all(&dir);
    for (link, target) in links {
        // Tests of one binary run in parallel: a link another made first is as good.
        let _ = std::os::unix::fs::symlink(target, dir.join(link));
    }
    dir
}

pub fn database_kind() -> &'static str {
    if std::env::var_os("SUITE_TEST_POSTGRES_URL").is_some() {
        "postgres"
    } else {
        "sqlite"
    }
}
