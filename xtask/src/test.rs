//! `cargo xtask test`: everything CI checks, in order, stopping at the first failing step.
//!
//! - `system`         install PostgreSQL and schemathesis when missing (`system.rs`)
//! - `codegen`        generated code matches openapi/suite.yaml
//! - `layering`       the crates keep the layers: what each may depend on, who may depend on it
//! - `fmt`            `cargo fmt --check`
//! - `test-sqlite`    `cargo test --workspace`, the workspace's crates compiled by clippy with
//!   `-D warnings` (`clippy.rs`): the lints of `cargo clippy --all-targets` without compiling
//!   every dependency a second time in check mode
//! - `test-postgres`  the conformance and server test binaries of test-sqlite run again
//!   (`test_binaries.rs`) on a throwaway cluster (`postgres.rs`),
//!   with every conformance server terminating TLS this time (`SUITE_TEST_TLS`, certificates
//!   of a CA made at test time), so the suite runs both over http and over https
//! - `schemathesis`   property tests of the running binary against the contract (`schemathesis.rs`)
//! - `conformance-external` the conformance suite in external mode against a separately
//!   started `suite serve` terminating TLS on loopback (`conformance.rs`), then every client
//!   example against it (`examples.rs`)
//! - `coverage`       every declared (operation, status) is exercised or listed (`coverage.rs`)
//!
//! The three test steps record the (operation, status) pairs they exercise in
//! `target/conformance-coverage/`, which `coverage` reads.

use std::ffi::OsStr;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::cargo::cargo;
use crate::{clippy, coverage, postgres, schemathesis, system, test_binaries};

/// Runs every step; `args` may hold `--skip <step>` (repeatable) to iterate on a later step
/// locally. CI never skips.
pub fn run(root: &Path, args: &[String]) -> Result<()> {
    let skip = skipped_steps(args)?;
    let mut steps = Steps {
        skip,
        ..Steps::default()
    };
    let coverage_dir = root.join("target").join("conformance-coverage");
    // Tesseract's OpenMP threads, one per OCR worker: libgomp reads the limit before `main`,
    // so the test binaries (which run the server in process) get it from here.
    let test_env = [
        ("SUITE_COVERAGE_DIR", coverage_dir.as_os_str()),
        ("OMP_THREAD_LIMIT", OsStr::new("1")),
    ];

    // How every step builds the workspace, the same for all so that they share one build:
    // through clippy, and without incremental compilation (a cache for the next edit, which
    // CI never makes; it held 9 GB of a developer's target directory).
    let mut build_env = clippy::workspace_wrapper()?.to_vec();
    build_env.push(("CARGO_INCREMENTAL", OsStr::new("0")));
    let tools = steps.run("system", || system::ensure_test_deps(root))?;
    steps.run("codegen", || crate::codegen::run(root, true))?;
    steps.run("layering", || crate::layering::check(root))?;
    steps.run("fmt", || {
        cargo(root, &["fmt", "--all", "--", "--check"], &[])
    })?;
    steps.run("test-sqlite", || {
        if coverage_dir.exists() {
            std::fs::remove_dir_all(&coverage_dir)
                .with_context(|| format!("removing {}", coverage_dir.display()))?;
        }
        std::fs::create_dir_all(&coverage_dir)?;
        let env: Vec<_> = test_env.iter().chain(&build_env).copied().collect();
        cargo(root, &["test", "--workspace", "--no-fail-fast"], &env)
    })?;
    steps.run("test-postgres", || {
        let tools = tools.as_ref().context("the system step was skipped")?;
        let cluster = postgres::Cluster::start(&tools.pg_bin)?;
        let url = cluster.url();
        let mut env = test_env.to_vec();
        env.push(("SUITE_TEST_POSTGRES_URL", OsStr::new(&url)));
        env.push(("SUITE_TEST_TLS", OsStr::new("1")));
        // The binaries test-sqlite built, run again: asking cargo for `-p conformance -p
        // suite-server` would resolve other features and rebuild every suite crate.
        let artifacts = test_binaries::build(root, &build_env)?;
        test_binaries::run_tests(
            &artifacts,
            &[root.join("conformance"), root.join("server")],
            &env,
        )
        // `cluster` drops here, on success and on failure alike: the server stops.
    })?;
    steps.run("schemathesis", || {
        let tools = tools.as_ref().context("the system step was skipped")?;
        schemathesis::run(root, &tools.schemathesis, &coverage_dir)
    })?;
    steps.run("conformance-external", || {
        crate::conformance::against_local_https(root, &build_env)
    })?;
    steps.run("coverage", || coverage::check(root, &coverage_dir))?;

    steps.summary();
    if steps.skip.is_empty() {
        println!("all checks passed");
    } else {
        println!(
            "the steps that ran passed; SKIPPED (CI runs them): {}",
            steps.skip.join(", ")
        );
    }
    Ok(())
}

/// Step names, in order, as `--skip` takes them.
const STEP_NAMES: &[&str] = &[
    "system",
    "codegen",
    "layering",
    "fmt",
    "test-sqlite",
    "test-postgres",
    "schemathesis",
    "conformance-external",
    "coverage",
];

fn skipped_steps(args: &[String]) -> Result<Vec<String>> {
    let mut skip = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--skip" => {
                let name = args.next().context("--skip needs a step name")?;
                if !STEP_NAMES.contains(&name.as_str()) {
                    bail!("unknown step {name:?}; steps: {}", STEP_NAMES.join(", "));
                }
                skip.push(name.clone());
            }
            other => {
                bail!("unknown argument {other:?}; usage: cargo xtask test [--skip <step>]...")
            }
        }
    }
    Ok(skip)
}

/// The steps run so far and how long each took.
#[derive(Debug, Default)]
struct Steps {
    skip: Vec<String>,
    started: Option<Instant>,
    done: Vec<(&'static str, Duration)>,
}

impl Steps {
    /// Runs one step, announcing it and its time; a failure names the step. `None` when skipped.
    fn run<T>(
        &mut self,
        name: &'static str,
        step: impl FnOnce() -> Result<T>,
    ) -> Result<Option<T>> {
        self.started.get_or_insert_with(Instant::now);
        if self.skip.iter().any(|s| s == name) {
            println!("\n==> {name}: SKIPPED (--skip)");
            return Ok(None);
        }
        println!("\n==> {name}");
        let start = Instant::now();
        let result = step();
        let elapsed = start.elapsed();
        match result {
            Ok(value) => {
                println!("<== {name}: ok in {}", secs(elapsed));
                self.done.push((name, elapsed));
                Ok(Some(value))
            }
            Err(e) => {
                self.summary();
                eprintln!("\nFAILED step `{name}` after {}", secs(elapsed));
                Err(e.context(format!("step `{name}` failed")))
            }
        }
    }

    fn summary(&self) {
        println!("\nsteps:");
        for (name, elapsed) in &self.done {
            println!("  {name:<28} {:>8}", secs(*elapsed));
        }
        if let Some(started) = self.started {
            println!("  {:<28} {:>8}", "total", secs(started.elapsed()));
        }
    }
}

fn secs(d: Duration) -> String {
    format!("{:.1}s", d.as_secs_f64())
}
