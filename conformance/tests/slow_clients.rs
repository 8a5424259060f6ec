//! slowhttptest (Debian's) in its three slow-client modes — slow headers (slowloris), slow
//! body (R-U-Dead-Yet) and slow read — each for a few seconds, against the server with short
//! deadlines and against the shipped nginx front before it: a probe from another client
//! address keeps being answered throughout, and the guard's counters show it refused and
//! closed what the attack held.

use std::net::{IpAddr, Ipv4Addr};
use std::process::Stdio;
use std::time::Duration;

use conformance::TestServer;
use tokio::process::Command;

const ATTACK_SECS: u64 = 6;

async fn server() -> TestServer {
    TestServer::start_http_with(|config| {
        let limits = &mut config.platform.limits;
        limits.idle_timeout_secs = 2;
        limits.body_timeout_secs = 2;
        limits.form_body_timeout_secs = 2;
        limits.max_connections_per_client = 64;
    })
    .await
}

/// Runs slowhttptest with `mode_args` against `base` + `path` while `probe` asks `/healthz`
/// every 250 ms for the attack's length; returns how many probes were answered 200 and how many were sent.
async fn attack(
    base: &str,
    probe: &reqwest::Client,
    mode_args: &[&str],
    path: &str,
) -> (usize, usize) {
    let mut slow = Command::new("slowhttptest")
        .args(mode_args)
        .args(["-c", "400", "-r", "200", "-i", "1", "-p", "3"])
        .args(["-l", &ATTACK_SECS.to_string()])
        .args(["-u", &format!("{base}{path}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("slowhttptest runs (cargo xtask test installs it)");
    // Let the attack open its connections first.
    tokio::time::sleep(Duration::from_secs(1)).await;
    // Probe every 250 ms for the attack's length, each probe on its own (slowhttptest ends
    // early when the server has closed every connection it opened): how long a probe takes
    // under attack does not change how many are sent.
    let mut probes = tokio::task::JoinSet::new();
    let mut ticks = tokio::time::interval(Duration::from_millis(250));
    for _ in 0..(ATTACK_SECS * 4) {
        ticks.tick().await;
        let request = probe.get(format!("{base}/healthz"));
        probes.spawn(async move { request.send().await.is_ok_and(|r| r.status() == 200) });
    }
    let answered = probes.join_all().await.into_iter().filter(|ok| *ok).count();
    let sent = (ATTACK_SECS * 4) as usize;
    let _ = slow.kill().await;
    (answered, sent)
}

/// The three attacks: name, slowhttptest's mode arguments, the path attacked.
const ATTACKS: [(&str, &[&str], &str); 3] = [
    ("slow headers", &["-H"], "/healthz"),
    (
        "slow body",
        &["-B", "-s", "100000", "-f", "application/json"],
        "/v1/dev/validate/creditcard/validate",
    ),
    (
        "slow read",
        &["-X", "-k", "4", "-n", "1", "-w", "1", "-y", "4", "-z", "4"],
        "/openapi.yaml",
    ),
];

/// A client from another loopback address than the attack's.
fn prober() -> reqwest::ClientBuilder {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)))
        .timeout(Duration::from_secs(5))
        .pool_max_idle_per_host(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_do_not_keep_others_out() {
    let server = server().await;
    let probe = prober().build().expect("a client");
    for (mode, args, path) in ATTACKS {
        let (answered, sent) = attack(&server.base_url, &probe, args, path).await;
        assert_eq!(answered, sent, "{mode}: probes refused or unanswered");
    }
    let refused = server
        .metric("suite_connections_refused_total{cap=\"per_client\"}")
        .await;
    let idle = server.metric("suite_connections_idle_closed_total").await;
    assert!(refused > 0, "the per-client cap never refused a connection");
    assert!(idle > 0, "no held connection was closed as idle");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_front_keeps_serving_through_slow_clients() {
    let server = TestServer::start_http_with(|config| {
        // Behind a front every connection is the front's: no per-client cap at the server.
        config.platform.limits.max_connections_per_client = 0;
    })
    .await;
    let upstream = server.addr().to_string();
    let dir = std::env::temp_dir().join(format!("suite-slow-front-{}", std::process::id()));
    let front = conformance::front::Front::start([&upstream, &upstream], &dir).await;
    let probe = prober()
        .add_root_certificate(front.ca_certificate())
        .build()
        .expect("a client");
    for (mode, args, path) in ATTACKS {
        let (answered, sent) = attack(&front.base, &probe, args, path).await;
        assert_eq!(
            answered, sent,
            "{mode} through the front: probes refused or unanswered"
        );
    }
    drop(front);
    let _ = std::fs::remove_dir_all(dir);
}
