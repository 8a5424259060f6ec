//! Replicas as an operator runs them: two `suite serve` processes of the real binary on one
//! database (the throwaway PostgreSQL cluster in the PostgreSQL pass of `cargo xtask test`,
//! each replica with a data directory of its own as on two hosts; otherwise one SQLite file
//! in a data directory both share, which is how two processes share SQLite on one host). Through both at once: a screenshot published by one downloads through
//! the other, the quota race admits exactly the limit, a key revoked through one is refused
//! by the other within the key cache's bound, and a replica killed with SIGKILL under load
//! loses no charge and no file it had answered. The first test's calls go through the
//! repository's nginx front (`deploy/nginx/suite.conf`), as an operator deploys replicas.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use conformance::pages::Pages;
use futures::StreamExt;
use serde_json::{Value, json};
use suite_engines::sandbox::processes::descendants;

const OPERATOR_TOKEN: &str = "replica-test-operator-token";

/// The bound the README gives for a revocation to reach every replica (the key cache's 1 s),
/// with room for a loaded machine.
const REVOCATION_BOUND: Duration = Duration::from_secs(3);

/// The `suite` binary cargo built next to this test (`target/<profile>/suite`).
fn suite_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("SUITE_BINARY") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>");
    let binary = profile_dir.join("suite");
    assert!(
        binary.is_file(),
        "{} is missing: `cargo test --workspace` builds it (or set SUITE_BINARY)",
        binary.display()
    );
    binary
}

/// Where the test's calls go: a replica, or the front before both.
trait Endpoint {
    fn http(&self) -> &reqwest::Client;
    fn url(&self, path: &str) -> String;
}

impl Endpoint for Replica {
    fn http(&self) -> &reqwest::Client {
        &self.http
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// The repository's nginx front, with one client that trusts its certificate.
struct Front {
    nginx: conformance::front::Front,
    http: reqwest::Client,
}

impl Front {
    async fn start(replicas: [&Replica; 2], dir: &Path) -> Front {
        let addresses = replicas.map(|r| r.base.trim_start_matches("http://").to_owned());
        let nginx =
            conformance::front::Front::start([&addresses[0], &addresses[1]], &dir.join("front"))
                .await;
        let http = nginx.client();
        Front { nginx, http }
    }
}

impl Endpoint for Front {
    fn http(&self) -> &reqwest::Client {
        &self.http
    }

    fn url(&self, path: &str) -> String {
        self.nginx.url(path)
    }
}

/// One `suite serve` process on loopback.
struct Replica {
    child: Child,
    base: String,
    /// One client for every call to this replica.
    http: reqwest::Client,
    log: PathBuf,
}

impl Replica {
    async fn start(database_url: &str, data_dir: &Path, page_port: u16) -> Replica {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let log = data_dir.join(format!("replica-{port}.log"));
        let out = std::fs::File::create(&log).expect("log file");
        let child = Command::new(suite_binary())
            .arg("serve")
            .env("SUITE_LISTEN", format!("127.0.0.1:{port}"))
            .env("SUITE_DATA_DIR", data_dir)
            .env("DATABASE_URL", database_url)
            .env("SUITE_OPERATOR_TOKEN", OPERATOR_TOKEN)
            .env("SUITE_LOG_LEVEL", "warn")
            .env("SUITE_SANCTIONS_REFRESH_INTERVAL_SECS", "0")
            .env(
                "SUITE_BROWSER_ALLOW_INTERNAL",
                format!("127.0.0.1:{page_port}"),
            )
            .env("SUITE_BROWSER_JOBS", "2")
            .stdin(Stdio::null())
            .stdout(out.try_clone().expect("log file"))
            .stderr(out)
            .spawn()
            .expect("suite serve starts");
        let mut replica = Replica {
            child,
            base: format!("http://127.0.0.1:{port}"),
            http: http(),
            log,
        };
        replica.wait_healthy().await;
        replica
    }

    async fn wait_healthy(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = self.child.try_wait().expect("child state") {
                panic!("suite serve exited with {status}:\n{}", self.log_text());
            }
            let answer = self.http.get(format!("{}/healthz", self.base)).send().await;
            if answer.is_ok_and(|r| r.status() == 200) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "suite serve was not healthy within 60 s:\n{}",
                self.log_text()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGKILL: no shutdown code runs. The browser the replica had started is orphaned by
    /// that (see the README), so the test ends it itself afterwards.
    fn kill(&mut self) {
        let orphans = descendants(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        for pid in orphans {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    }
}

impl Drop for Replica {
    /// SIGTERM first, so the replica closes its browser; SIGKILL if it lingers; then whatever
    /// it had started and left behind.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return; // killed already (its pid may belong to another process by now)
        }
        let started = descendants(self.child.id());
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline && !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        for pid in started {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    }
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client")
}

/// The database both replicas use, and the data directory they share when it is SQLite.
async fn shared_database() -> (String, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "suite-replicas-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).expect("data dir");
    let url = conformance::fresh_database()
        .await
        .expect("a fresh database");
    let url = if url.is_empty() {
        format!("sqlite://{}?mode=rwc", dir.join("suite.db").display())
    } else {
        url
    };
    (url, dir)
}

/// A replica's data directory: with PostgreSQL one of its own, as on separate hosts (so a file
/// can only reach the other replica through the database); with SQLite the shared one.
fn own_dir(shared: &Path, name: &str) -> PathBuf {
    if conformance::database_kind() == "postgres" {
        let dir = shared.join(name);
        std::fs::create_dir_all(&dir).expect("data dir");
        dir
    } else {
        shared.to_owned()
    }
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(Instant::now())
}

/// A key made through `replica`'s admin API: (id, secret).
async fn admin_key(replica: &impl Endpoint, subscriptions: Value) -> (String, String) {
    let answer: Value = replica
        .http()
        .post(replica.url("/admin/keys"))
        .bearer_auth(OPERATOR_TOKEN)
        .json(&json!({ "name": "replica test", "subscriptions": subscriptions }))
        .send()
        .await
        .expect("admin API answers")
        .error_for_status()
        .expect("key created")
        .json()
        .await
        .expect("JSON");
    (
        answer["info"]["id"].as_str().expect("id").to_owned(),
        answer["api_key"].as_str().expect("secret").to_owned(),
    )
}

async fn validate_iban(replica: &impl Endpoint, secret: &str) -> Option<reqwest::Response> {
    replica
        .http()
        .post(replica.url("/v1/dev/validate/iban/validate"))
        .header("X-API-Key", secret)
        .json(&json!({ "iban": "DE89 3704 0044 0532 0130 00" }))
        .send()
        .await
        .ok()
}

/// A screenshot of `page` through `replica`: (id, size in bytes).
async fn screenshot(replica: &impl Endpoint, secret: &str, page: &str) -> (String, u64) {
    let answer: Value = replica
        .http()
        .post(replica.url("/v1/dev/screenshot/screenshot"))
        .header("X-API-Key", secret)
        .json(&json!({ "url": page, "width": 640, "height": 400 }))
        .send()
        .await
        .expect("answered")
        .error_for_status()
        .expect("captured")
        .json()
        .await
        .expect("JSON");
    (
        answer["screenshot_id"].as_str().expect("id").to_owned(),
        answer["size_bytes"].as_u64().expect("size"),
    )
}

async fn download(replica: &impl Endpoint, secret: &str, id: &str) -> (u16, Vec<u8>) {
    let response = replica
        .http()
        .get(replica.url(&format!("/v1/dev/screenshot/download/{id}")))
        .header("X-API-Key", secret)
        .send()
        .await
        .expect("answered");
    let status = response.status().as_u16();
    (status, response.bytes().await.expect("body").to_vec())
}

/// How many IBAN validations `replica` answered (its own `/metrics`), whatever the status.
async fn answered_validations(replica: &Replica) -> u64 {
    let text = replica
        .http
        .get(replica.url("/metrics"))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    text.lines()
        .filter(|l| l.starts_with("suite_requests_total{operation=\"validate_iban\""))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

/// What the key has left on validation this month, read through `replica`.
async fn remaining_validations(replica: &impl Endpoint, secret: &str) -> i64 {
    let response = validate_iban(replica, secret).await.expect("answered");
    let remaining: i64 = response
        .headers()
        .get("x-ratelimit-remaining")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("X-RateLimit-Remaining");
    // This call was charged too (when admitted): count it back.
    if response.status() == 200 {
        remaining + 1
    } else {
        remaining
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replica_processes_share_files_quotas_and_revocations() {
    conformance::external::in_process_only("replicas of this build started by the test");
    let pages = Pages::start(9).await;
    let page = format!("http://127.0.0.1:{}/", pages.port);
    let (database_url, data_dir) = shared_database().await;
    let first = Replica::start(&database_url, &own_dir(&data_dir, "a"), pages.port).await;
    let second = Replica::start(&database_url, &own_dir(&data_dir, "b"), pages.port).await;
    let (key_id, secret) =
        admin_key(&first, json!({ "validate": "free", "screenshot": "free" })).await;

    // A file published through one replica downloads through the other, byte for byte.
    let (shot, size) = screenshot(&first, &secret, &page).await;
    let (status, through_first) = download(&first, &secret, &shot).await;
    assert_eq!(status, 200);
    let (status, through_second) = download(&second, &secret, &shot).await;
    assert_eq!(status, 200, "the other replica serves the file");
    assert_eq!(through_second.len() as u64, size);
    assert!(through_second == through_first, "the same bytes");

    // Through the shipped nginx front (deploy/nginx/suite.conf), which spreads calls over
    // both: the file made by the first downloads through it whichever replica serves it.
    let front = Front::start([&first, &second], &data_dir).await;
    let (status, through_front) = download(&front, &secret, &shot).await;
    assert_eq!(status, 200, "the front serves the file");
    assert!(
        through_front == through_first,
        "the same bytes through the front"
    );

    // The quota race across both, through the front: 600 calls on a free plan (500 a month).
    let answers: Vec<u16> = futures::stream::iter(0..600)
        .map(|_| {
            let (front, secret) = (&front, &secret);
            async move {
                validate_iban(front, secret)
                    .await
                    .map_or(0, |r| r.status().as_u16())
            }
        })
        .buffer_unordered(48)
        .collect()
        .await;
    let admitted = answers.iter().filter(|s| **s == 200).count();
    let refused = answers.iter().filter(|s| **s == 429).count();
    assert_eq!(
        (admitted, refused),
        (500, 100),
        "exactly the plan's 500 admitted across both replicas"
    );
    for replica in [&first, &second] {
        assert!(
            answered_validations(replica).await > 0,
            "the front sent nothing to {}",
            replica.base
        );
    }

    // A key revoked through one replica is refused by the other within the cache's bound.
    let revoked = first
        .http
        .post(first.url(&format!("/admin/keys/{key_id}/revoke")))
        .bearer_auth(OPERATOR_TOKEN)
        .send()
        .await
        .expect("admin API answers");
    assert!(
        revoked.status().is_success(),
        "revoked: {}",
        revoked.status()
    );
    let started = Instant::now();
    loop {
        let (status, _) = download(&second, &secret, &shot).await;
        if status == 401 {
            break;
        }
        assert!(
            started.elapsed() < REVOCATION_BOUND,
            "the other replica still accepts the revoked key after {:?} ({status})",
            started.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = std::fs::remove_dir_all(&data_dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_killed_under_load_loses_no_charge_and_no_answered_file() {
    conformance::external::in_process_only("replicas of this build started by the test");
    let pages = Pages::start(9).await;
    let page = format!("http://127.0.0.1:{}/", pages.port);
    let (database_url, data_dir) = shared_database().await;
    let mut doomed = Replica::start(&database_url, &own_dir(&data_dir, "a"), pages.port).await;
    let survivor = Replica::start(&database_url, &own_dir(&data_dir, "b"), pages.port).await;
    let (_, secret) = admin_key(
        &survivor,
        json!({ "validate": "free", "screenshot": "free" }),
    )
    .await;

    // Files answered by the replica that is about to die.
    let mut answered_files = Vec::new();
    for _ in 0..3 {
        answered_files.push(screenshot(&doomed, &secret, &page).await);
    }

    // Load on both; the first replica is killed once 100 calls have been answered.
    let bases = [doomed.base.clone(), survivor.base.clone()];
    let client = survivor.http.clone();
    let (kill_tx, kill_rx) = tokio::sync::oneshot::channel::<()>();
    let killer = tokio::spawn(async move {
        let _ = kill_rx.await;
        doomed.kill();
        doomed
    });
    let mut kill_tx = Some(kill_tx);
    let mut answered_ok = 0usize;
    let mut unanswered = 0usize;
    let mut calls = futures::stream::iter(0..300)
        .map(|i| {
            let (base, secret, client) = (bases[i % 2].clone(), secret.clone(), client.clone());
            async move {
                let response = client
                    .post(format!("{base}/v1/dev/validate/iban/validate"))
                    .header("X-API-Key", secret)
                    .json(&json!({ "iban": "DE89 3704 0044 0532 0130 00" }))
                    .send()
                    .await;
                response.map(|r| r.status().as_u16()).unwrap_or(0)
            }
        })
        .buffer_unordered(32);
    let mut seen = 0;
    while let Some(status) = calls.next().await {
        seen += 1;
        match status {
            200 => answered_ok += 1,
            0 => unanswered += 1,
            other => panic!("a call answered {other}"),
        }
        if seen == 100
            && let Some(tx) = kill_tx.take()
        {
            let _ = tx.send(());
        }
    }
    let _doomed = killer.await.expect("killed");
    assert!(unanswered > 0, "the kill happened under load");

    // Every answered call was charged; nothing was charged twice.
    let used = 500 - remaining_validations(&survivor, &secret).await;
    assert!(
        used >= answered_ok as i64,
        "{answered_ok} calls answered 200 but only {used} charged"
    );
    assert!(
        used <= (answered_ok + unanswered) as i64,
        "{used} charged for {answered_ok} answered and {unanswered} cut off"
    );

    // The files the dead replica answered are all there, through the survivor.
    for (id, size) in &answered_files {
        let (status, bytes) = download(&survivor, &secret, id).await;
        assert_eq!(status, 200, "{id} survives its replica");
        assert_eq!(bytes.len() as u64, *size);
    }
    let _ = std::fs::remove_dir_all(&data_dir);
}
