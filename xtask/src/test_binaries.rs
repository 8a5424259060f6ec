//! The workspace's test binaries exactly as `cargo test --workspace` builds them, listed from
//! cargo's JSON messages, so a later step runs the same binaries again instead of asking cargo
//! for another package selection: `-p a -p b` resolves other features than `--workspace`
//! (dev-dependencies of the packages left out no longer count) and rebuilt every suite crate.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// One target cargo built for `cargo test --workspace`.
#[derive(Debug, Clone)]
pub struct Artifact {
    /// The target's name (`harness`, `quota`, `suite_server`).
    pub name: String,
    /// The package's directory, where `cargo test` runs its binaries.
    pub package_dir: PathBuf,
    /// `test`, `lib`, `bin`, `example`…: the target's first kind.
    pub kind: String,
    /// Built with the test harness (a unit or integration test binary), not the target itself.
    pub is_test: bool,
    pub executable: PathBuf,
}

/// Builds every test of the workspace (`cargo test --workspace --no-run`, cargo given `env`) and
/// lists what has an executable.
pub fn build(root: &Path, env: &[(&str, &OsStr)]) -> Result<Vec<Artifact>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    println!("$ cargo test --workspace --no-run --message-format=json-render-diagnostics");
    let out = Command::new(cargo)
        .current_dir(root)
        .args([
            "test",
            "--workspace",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .envs(env.iter().copied())
        .stderr(Stdio::inherit())
        .output()
        .context("starting cargo")?;
    if !out.status.success() {
        bail!("building the tests failed ({})", out.status);
    }
    let mut artifacts: Vec<Artifact> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|message| artifact(&message))
        .collect();
    artifacts.sort_by(|a, b| (&a.package_dir, &a.name).cmp(&(&b.package_dir, &b.name)));
    Ok(artifacts)
}

fn artifact(message: &serde_json::Value) -> Option<Artifact> {
    let executable = message["executable"].as_str()?;
    let manifest = Path::new(message["manifest_path"].as_str()?);
    Some(Artifact {
        name: message["target"]["name"].as_str()?.to_owned(),
        package_dir: manifest.parent()?.to_path_buf(),
        kind: message["target"]["kind"][0].as_str()?.to_owned(),
        is_test: message["profile"]["test"].as_bool()?,
        executable: PathBuf::from(executable),
    })
}

/// Runs every test binary of the packages in `package_dirs`, as `cargo test --no-fail-fast`
/// would (in the package's directory, with `CARGO_MANIFEST_DIR` set, output shown), with extra
/// `env`; fails at the end naming the binaries that failed.
pub fn run_tests(
    artifacts: &[Artifact],
    package_dirs: &[PathBuf],
    env: &[(&str, &OsStr)],
) -> Result<()> {
    let selected: Vec<&Artifact> = artifacts
        .iter()
        .filter(|a| a.is_test && package_dirs.contains(&a.package_dir))
        .collect();
    if selected.is_empty() {
        bail!("cargo built no test binary in {package_dirs:?}");
    }
    let mut failed = Vec::new();
    for test in selected {
        println!(
            "\n     Running {} ({})",
            test.name,
            test.executable.display()
        );
        let status = Command::new(&test.executable)
            .current_dir(&test.package_dir)
            .env("CARGO_MANIFEST_DIR", &test.package_dir)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .status()
            .with_context(|| format!("starting {}", test.executable.display()))?;
        if !status.success() {
            failed.push(format!("{} ({status})", test.name));
        }
    }
    if !failed.is_empty() {
        bail!("test binaries failed: {}", failed.join(", "));
    }
    Ok(())
}
