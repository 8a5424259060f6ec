//! `cargo xtask bench validate`: each data validator in-process, then over HTTP through the
//! whole platform (auth and quota on SQLite), reported next to a bare hyper hello-world
//! measured by the same load generator (wrk) on loopback in the same run.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::cargo::{cargo, free_port, target_dir};
use crate::process::{Server, TempDir, capture, issue_key};
use crate::system;

/// One validator's HTTP case: its path and a representative request body. Email is left out:
/// its answer waits on DNS.
const CASES: &[(&str, &str, &str)] = &[
    (
        "creditcard",
        "/v1/dev/validate/creditcard/validate",
        r#"{"number":"4111 1111 1111 1111"}"#,
    ),
    (
        "phone",
        "/v1/dev/validate/phone/validate",
        r#"{"number":"+44 20 7031 3000"}"#,
    ),
    (
        "iban",
        "/v1/dev/validate/iban/validate",
        r#"{"iban":"DE89 3704 0044 0532 0130 00"}"#,
    ),
    (
        "vat",
        "/v1/dev/validate/vat/validate",
        r#"{"vat_number":"DE136695976"}"#,
    ),
    (
        "postalcode",
        "/v1/dev/validate/postalcode/validate",
        r#"{"postal_code":"SW1A 1AA","country":"GB"}"#,
    ),
    (
        "date",
        "/v1/dev/validate/date/convert",
        r#"{"date":"02/03/2024"}"#,
    ),
    (
        "password",
        "/v1/dev/validate/password/analyze",
        r#"{"password":"P@ssw0rd2024"}"#,
    ),
    (
        "crypto",
        "/v1/dev/validate/crypto/validate",
        r#"{"address":"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}"#,
    ),
];

/// wrk's settings: one thread, a few keep-alive connections.
const CONNECTIONS: &str = "16";
const DURATION: &str = "5s";

/// Which CPUs wrk and the servers under test run on: wrk on the first, every server (the
/// reference and the suite alike) on all the others, so the two never take turns on a core
/// and each run measures the same split. On a single CPU nothing is pinned.
struct Cpus {
    load: Option<String>,
    server: Option<String>,
}

impl Cpus {
    fn split() -> Cpus {
        let count = std::thread::available_parallelism().map_or(1, usize::from);
        if count < 2 {
            return Cpus {
                load: None,
                server: None,
            };
        }
        let server = if count == 2 {
            "1".to_owned()
        } else {
            format!("1-{}", count - 1)
        };
        Cpus {
            load: Some("0".to_owned()),
            server: Some(server),
        }
    }

    /// `program` started on `cpus` (through `taskset`), or anywhere.
    fn command(program: &Path, cpus: Option<&str>) -> Command {
        match cpus {
            Some(cpus) => {
                let mut command = Command::new("taskset");
                command.args(["-c", cpus]).arg(program);
                command
            }
            None => Command::new(program),
        }
    }
}

pub fn run(root: &Path) -> Result<()> {
    system::ensure_bench_deps()?;
    cargo(
        root,
        &[
            "build",
            "--release",
            "-p",
            "suite-server",
            "--bin",
            "suite",
            "-p",
            "suite-bench",
            "--example",
            "hello",
            "--example",
            "validate_throughput",
        ],
        &[],
    )?;
    let release = target_dir(root).join("release");

    println!("\n== in-process (engine + wire types), calls per second ==");
    let mut throughput = Command::new(release.join("examples").join("validate_throughput"));
    print!("{}", capture(throughput.arg("1000"))?);

    let cpus = Cpus::split();
    println!(
        "\n== over HTTP on loopback (wrk -t1 -c{CONNECTIONS} -d{DURATION}; wrk on CPU {}, servers on CPU {}) ==",
        cpus.load.as_deref().unwrap_or("any"),
        cpus.server.as_deref().unwrap_or("any")
    );
    let work = TempDir::create("suite-xtask-bench")?;
    let hello_addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
    let mut hello = Cpus::command(
        &release.join("examples").join("hello"),
        cpus.server.as_deref(),
    );
    hello.arg(hello_addr.to_string());
    let mut hello = Server::spawn_command(hello, hello_addr, &work.path.join("hello.log"))?;
    std::thread::sleep(Duration::from_millis(300));
    let reference = wrk(&format!("http://{hello_addr}/"), None, &cpus, &work.path)?;
    hello.stop();
    println!(
        "{:<14} {reference:>10.0} req/s  (reference: bare hyper hello world)",
        "hello"
    );

    let suite = release.join("suite");
    let data = work.path.join("data");
    let key = issue_key(&suite, &data, "bench", "unlimited", &["validate"])?;
    let addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
    let mut server = Server::spawn_serve(
        Cpus::command(&suite, cpus.server.as_deref()),
        &data,
        addr,
        &work.path.join("suite.log"),
    )?;
    server.wait_healthy(Duration::from_secs(60))?;
    let floor = wrk(&format!("http://{addr}/healthz"), None, &cpus, &work.path)?;
    println!(
        "{:<14} {floor:>10.0} req/s  ({:.0}% of hello world: the framework alone, no key, no body)",
        "healthz",
        100.0 * floor / reference
    );
    for (name, path, body) in CASES {
        let script = work.path.join(format!("{name}.lua"));
        std::fs::write(
            &script,
            format!(
                "wrk.method = \"POST\"\nwrk.body = [[{body}]]\nwrk.headers[\"Content-Type\"] = \"application/json\"\nwrk.headers[\"X-API-Key\"] = \"{key}\"\n"
            ),
        )?;
        let rate = wrk(
            &format!("http://{addr}{path}"),
            Some(&script),
            &cpus,
            &work.path,
        )?;
        println!(
            "{name:<14} {rate:>10.0} req/s  ({:.0}% of hello world)",
            100.0 * rate / reference
        );
    }
    server.stop();
    Ok(())
}

/// Runs wrk against `url` and returns its Requests/sec; non-2xx answers fail the run.
fn wrk(url: &str, script: Option<&Path>, cpus: &Cpus, dir: &Path) -> Result<f64> {
    let mut command = Cpus::command(Path::new("wrk"), cpus.load.as_deref());
    command
        .args(["-t1", "-c", CONNECTIONS, "-d", DURATION])
        .current_dir(dir);
    if let Some(script) = script {
        command.arg("-s").arg(script);
    }
    let output = capture(command.arg(url))?;
    if output.contains("Non-2xx or 3xx responses") {
        bail!("wrk saw error answers from {url}:\n{output}");
    }
    output
        .lines()
        .find_map(|line| line.strip_prefix("Requests/sec:"))
        .and_then(|rate| rate.trim().parse().ok())
        .with_context(|| format!("no Requests/sec in wrk's output:\n{output}"))
}
