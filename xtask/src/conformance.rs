//! `cargo xtask conformance --base-url URL`: the conformance suite against a running
//! deployment, for QA teams' CI. The operator token comes from `SUITE_OPERATOR_TOKEN` (never a
//! flag, so it stays out of shell history and CI logs). The harness makes one key per test
//! through the admin API, named after the run; `harness revoke-run` revokes whatever the run
//! left in force, also after failures. The result is a JUnit XML report, one summary line
//! (`N passed, N failed, N skipped`) and a non-zero exit on any failure.
//!
//! Trust for https follows the client crate: the platform's roots, or `SSL_CERT_FILE` naming
//! a CA bundle (a staging deployment with a private CA).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::cargo::{Profile, build_suite, free_port, target_dir};
use crate::examples;
use crate::libtest::{self, Suite, Verdict};
use crate::process::{Server, TempDir, import_sanctions_lists, issue_key};
use crate::test_binaries;

/// The longest one test binary may run against a deployment.
const BINARY_TIMEOUT: Duration = Duration::from_secs(15 * 60);

/// The fewest tests external mode must pass against `cargo xtask test`'s server: 105 passed on
/// 2026-11-29 (106 skipped); a harness that wrongly skipped what it should run falls far below.
const MIN_EXTERNAL_PASSES: usize = 100;

/// The harness's environment (`conformance/src/external.rs`).
const BASE_URL_VAR: &str = "SUITE_CONFORMANCE_BASE_URL";
const TOKEN_VAR: &str = "SUITE_OPERATOR_TOKEN";
const RUN_VAR: &str = "SUITE_CONFORMANCE_RUN";

/// The conformance test binaries, the harness's own tool and the client's examples, built.
pub struct Built {
    tests: Vec<(String, PathBuf)>,
    pub harness: PathBuf,
    examples: Vec<(String, PathBuf)>,
}

/// What a run found.
pub struct Outcome {
    pub suites: Vec<Suite>,
    pub junit: PathBuf,
}

impl Outcome {
    pub fn counts(&self) -> (usize, usize, usize) {
        libtest::counts(&self.suites)
    }

    pub fn summary(&self) -> String {
        let (passed, failed, skipped) = self.counts();
        format!("{passed} passed, {failed} failed, {skipped} skipped")
    }
}

/// `cargo xtask conformance --base-url URL [--junit PATH] [FILTER]...`
pub fn run(root: &Path, args: &[String]) -> Result<()> {
    let mut base_url = None;
    let mut junit = target_dir(root).join("conformance").join("junit.xml");
    let mut filters = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--base-url" => base_url = Some(args.next().context("--base-url needs a URL")?),
            "--junit" => junit = PathBuf::from(args.next().context("--junit needs a path")?),
            "--operator-token" | "--token" => bail!(
                "the operator token is read from {TOKEN_VAR} only, so it stays out of shell history and CI logs"
            ),
            other if other.starts_with("--") => bail!(
                "unknown flag {other}; usage: cargo xtask conformance --base-url URL [--junit PATH] [TEST-NAME-FILTER]..."
            ),
            other => filters.push(other.to_owned()),
        }
    }
    let base_url = base_url.context("usage: cargo xtask conformance --base-url URL")?;
    if !(base_url.starts_with("https://") || base_url.starts_with("http://")) {
        bail!("--base-url must start with https:// or http://, not {base_url:?}");
    }
    if std::env::var(TOKEN_VAR).map_or(true, |t| t.is_empty()) {
        bail!("set {TOKEN_VAR} to the deployment's operator token (its admin API's bearer token)");
    }
    let built = build(root, &[])?;
    let outcome = run_against(root, &built, base_url, &[], &filters, &junit)?;
    println!("\nconformance against {base_url}: {}", outcome.summary());
    println!("JUnit report: {}", outcome.junit.display());
    if outcome.counts().1 > 0 {
        bail!("{} conformance tests failed", outcome.counts().1);
    }
    Ok(())
}

/// Builds the workspace's tests as `cargo xtask test` does (so nothing is rebuilt with other
/// features; cargo given `env`) and finds the conformance binaries among them.
pub fn build(root: &Path, env: &[(&str, &OsStr)]) -> Result<Built> {
    let artifacts = test_binaries::build(root, env)?;
    let conformance = root.join("conformance");
    let client = root.join("client");
    let pick = |dir: &Path, kind: &str, is_test: bool| -> Vec<(String, PathBuf)> {
        artifacts
            .iter()
            .filter(|a| a.package_dir == dir && a.kind == kind && a.is_test == is_test)
            .map(|a| (a.name.clone(), a.executable.clone()))
            .collect()
    };
    let tests = pick(&conformance, "test", true);
    if tests.is_empty() {
        bail!("cargo built no conformance test binary");
    }
    // The tool itself, not its unit-test binary (built too).
    let harness = pick(&conformance, "bin", false)
        .into_iter()
        .find(|(name, _)| name == "harness")
        .map(|(_, exe)| exe)
        .context("cargo did not build the conformance harness tool")?;
    Ok(Built {
        tests,
        harness,
        examples: pick(&client, "example", false),
    })
}

/// Runs every conformance binary against `base_url` (extra `env` for each), revokes the run's
/// keys whatever happened, and writes the JUnit report to `junit`.
pub fn run_against(
    root: &Path,
    built: &Built,
    base_url: &str,
    env: &[(&str, OsString)],
    filters: &[String],
    junit: &Path,
) -> Result<Outcome> {
    let run = format!(
        "{}-{}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        std::process::id()
    );
    let logs = junit.parent().unwrap_or(Path::new(".")).to_path_buf();
    std::fs::create_dir_all(&logs).with_context(|| format!("creating {}", logs.display()))?;
    println!("conformance run {run} against {base_url} (keys named \"conformance run {run}: …\")");
    let with_env = |mut command: Command| {
        command
            .env(BASE_URL_VAR, base_url)
            .env(RUN_VAR, &run)
            .envs(env.iter().map(|(k, v)| (k, v)));
        command
    };

    let mut preflight = with_env(Command::new(&built.harness));
    preflight.arg("preflight");
    crate::system::run(preflight).context("the deployment is not ready for the suite")?;

    let mut suites = Vec::new();
    let mut trouble = None;
    for (name, exe) in &built.tests {
        let mut command = with_env(Command::new(exe));
        command.args(filters).current_dir(root.join("conformance"));
        match run_binary(name, command, &logs.join(format!("{name}.log"))) {
            Ok(suite) => {
                let (p, f, s) = libtest::counts([&suite]);
                println!(
                    "  {name:<32} {p:>3} passed {f:>3} failed {s:>3} skipped {:>7.1}s",
                    suite.time.as_secs_f64()
                );
                suites.push(suite);
            }
            Err(e) => {
                trouble = Some(e);
                break;
            }
        }
    }

    // The run's keys go whatever happened above.
    let mut revoke = with_env(Command::new(&built.harness));
    revoke.arg("revoke-run");
    let revoked = crate::system::run(revoke).context("revoking the run's keys");

    for suite in &suites {
        for case in &suite.cases {
            if let Verdict::Failed(text) = &case.verdict {
                println!("\n---- FAILED {} {}\n{text}", suite.name, case.name);
            }
        }
    }
    std::fs::write(junit, libtest::junit("suite conformance", &suites))
        .with_context(|| format!("writing {}", junit.display()))?;
    if let Some(e) = trouble {
        return Err(e);
    }
    revoked?;
    Ok(Outcome {
        suites,
        junit: junit.to_path_buf(),
    })
}

/// Runs one test binary with its output in `log`, killed after [`BINARY_TIMEOUT`].
fn run_binary(name: &str, mut command: Command, log: &Path) -> Result<Suite> {
    let file = std::fs::File::create(log)?;
    let started = Instant::now();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(file.try_clone()?)
        .stderr(file)
        .spawn()
        .with_context(|| format!("starting the test binary {name}"))?;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() > BINARY_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = std::fs::read_to_string(log).unwrap_or_default();
    // A killed binary is one failure of its own, below.
    let exited_ok = status.is_none_or(|s| s.success());
    let mut cases = libtest::parse(name, &output, exited_ok);
    if status.is_none() {
        cases.push(libtest::Case {
            name: format!("{name} (the test binary)"),
            verdict: Verdict::Failed(format!("killed after {BINARY_TIMEOUT:?}")),
        });
    }
    Ok(Suite {
        name: name.to_owned(),
        cases,
        time: started.elapsed(),
    })
}

/// `cargo xtask test`'s run of external mode: a separately started `suite serve` of this
/// build terminating TLS on loopback with a certificate of a CA made for the run, reached the
/// documented way (`SSL_CERT_FILE` naming the CA) — the path QA takes against staging; then
/// every client example against the same server, as a new user runs them. `build_env` is the
/// environment the test steps built the workspace with.
pub fn against_local_https(root: &Path, build_env: &[(&str, &OsStr)]) -> Result<()> {
    let built = build(root, build_env)?;
    let suite = build_suite(root, Profile::Dev)?;
    let work = TempDir::create("suite-xtask-conformance")?;
    let tls = work.path.join("tls");
    let mut make_ca = Command::new(&built.harness);
    make_ca.arg("make-ca").arg(&tls);
    crate::system::run(make_ca).context("making the run's CA and certificate")?;
    let token = format!(
        "conformance-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    );

    let report_dir = target_dir(root).join("conformance");
    std::fs::create_dir_all(&report_dir)?;
    let data = work.path.join("data");
    import_sanctions_lists(root, &suite, &data)?;
    // Issued before the server starts, so that nothing but the server touches its data
    // directory while it runs (as another user, see below).
    let examples_key = issue_key(&suite, &data, "client examples", "unlimited", &[])?;
    let page = examples::Page::serve()?;
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], free_port()?));
    let mut serve = Command::new(&suite);
    serve
        .env("SUITE_TLS_CERT", tls.join("cert.pem"))
        .env("SUITE_TLS_KEY", tls.join("key.pem"))
        .env("SUITE_BROWSER_ALLOW_INTERNAL", page.addr.to_string())
        .env(TOKEN_VAR, &token);
    run_unprivileged(&mut serve, &work.path)?;
    let mut server = Server::spawn_serve(serve, &data, addr, &report_dir.join("server.log"))?;
    server.wait_listening(Duration::from_secs(60))?;

    let base_url = format!("https://{addr}");
    let env = [
        ("SSL_CERT_FILE", tls.join("ca.pem").into_os_string()),
        (TOKEN_VAR, OsString::from(&token)),
    ];
    let outcome = run_against(
        root,
        &built,
        &base_url,
        &env,
        &[],
        &report_dir.join("junit.xml"),
    )
    .and_then(|outcome| {
        let key = examples_key;
        let trust = [("SSL_CERT_FILE", tls.join("ca.pem").into_os_string())];
        examples::run_all(
            &built.examples,
            &base_url,
            &key,
            &trust,
            &page,
            &work.path.join("examples"),
        )?;
        Ok(outcome)
    });
    server.stop();
    let outcome = outcome?;
    let (passed, failed, skipped) = outcome.counts();
    println!("conformance against {base_url}: {}", outcome.summary());
    if failed > 0 {
        bail!("{failed} conformance tests failed against the external server");
    }
    // External mode that skips what it should run would pass by doing nothing. Skips are
    // expected (engine-level and fault-injection tests need the in-process server, and their
    // number grows with every such test), so the floor is on what ran over the wire.
    if passed < MIN_EXTERNAL_PASSES {
        bail!(
            "external mode ran too little: {passed} passed (at least {MIN_EXTERNAL_PASSES} expected), {skipped} skipped"
        );
    }
    Ok(())
}

/// Makes `serve` start the server as an unprivileged user when xtask runs as root (the
/// suite must pass with a server that is not root, whose helpers then share its user and
/// rely on their jails), handing it `work` (its data directory, its TLS key) and a home
/// there. An unprivileged xtask already starts it as itself.
fn run_unprivileged(serve: &mut Command, work: &Path) -> Result<()> {
    if !crate::system::is_root()? {
        return Ok(());
    }
    let user = crate::system::TEST_SERVER_USER;
    let (uid, gid) = crate::system::user_ids(user)
        .with_context(|| format!("the system step creates the user {user}"))?;
    let home = work.join("home");
    std::fs::create_dir_all(&home)?;
    let mut chown = Command::new("chown");
    chown.arg("-R").arg(format!("{uid}:{gid}")).arg(work);
    crate::system::run(chown).with_context(|| format!("giving {} to {user}", work.display()))?;
    println!("the external server runs as {user} (uid {uid})");
    std::os::unix::process::CommandExt::uid(serve, uid);
    std::os::unix::process::CommandExt::gid(serve, gid);
    serve.env("HOME", &home).env("USER", user);
    Ok(())
}
