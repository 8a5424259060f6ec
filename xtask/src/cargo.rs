//! What every command shares to drive cargo: running it, where it builds, building the
//! `suite` binary in a chosen profile, and a free loopback port for the servers it starts.

use std::ffi::OsStr;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// Runs cargo (the one running xtask) in `root` with extra environment; fails on a non-zero exit.
pub fn cargo(root: &Path, args: &[&str], env: &[(&str, &OsStr)]) -> Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(root).args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    let shown: Vec<String> = env
        .iter()
        .map(|(k, v)| format!("{k}={}", v.to_string_lossy()))
        .collect();
    println!("$ {} cargo {}", shown.join(" "), args.join(" "));
    let status = command.status().context("starting cargo")?;
    if !status.success() {
        bail!("`cargo {}` exited with {status}", args.join(" "));
    }
    Ok(())
}

/// Which build of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// Quick to build, slow to run: tests and people changing the code.
    Dev,
    /// Optimized (`[profile.release]`): what users try and benchmarks measure.
    Release,
}

/// Builds the `suite` binary in `profile` and returns its path.
pub fn build_suite(root: &Path, profile: Profile) -> Result<PathBuf> {
    build_binary(root, profile, "suite-server", "suite")
}

/// Builds the `suite-bench` binary (and the `suite` its benchmarks start LibreOffice workers
/// from) in `profile` and returns its path.
pub fn build_bench(root: &Path, profile: Profile) -> Result<PathBuf> {
    build_suite(root, profile)?;
    build_binary(root, profile, "suite-bench", "suite-bench")
}

/// Builds `binary` of `package` in `profile` and returns its path.
fn build_binary(root: &Path, profile: Profile, package: &str, binary: &str) -> Result<PathBuf> {
    let mut args = vec!["build", "-p", package, "--bin", binary];
    let dir = match profile {
        Profile::Dev => "debug",
        Profile::Release => {
            args.push("--release");
            "release"
        }
    };
    cargo(root, &args, &[])?;
    Ok(target_dir(root).join(dir).join(binary))
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else `<root>/target`.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago.
pub fn free_port() -> Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").context("finding a free port")?;
    Ok(listener.local_addr()?.port())
}
