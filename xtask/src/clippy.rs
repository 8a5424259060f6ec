//! Clippy as the compiler of the workspace's own crates, the way `cargo clippy` itself runs it
//! (`RUSTC_WORKSPACE_WRAPPER=clippy-driver`, its arguments in `CLIPPY_ARGS`), so that CI's test
//! build is also its lint: `cargo clippy --all-targets` followed by `cargo test` compiled
//! every dependency twice (check mode, then code), 12 of the 52 minutes of a fresh clone's
//! `cargo xtask test`. clippy-driver is rustc with clippy's lints registered: it writes the
//! same artifacts, and only workspace members go through it.

use std::ffi::OsStr;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The arguments clippy-driver reads from `CLIPPY_ARGS`, joined as cargo-clippy joins them.
const CLIPPY_ARGS: &str = "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__";

/// The environment that makes a cargo command compile the workspace's crates with clippy,
/// warnings denied; every cargo command of `cargo xtask test` that builds them takes it, so
/// they share one build. Fails when clippy is not installed.
pub fn workspace_wrapper() -> Result<[(&'static str, &'static OsStr); 2]> {
    let version = Command::new("clippy-driver")
        .arg("--version")
        .output()
        .context("clippy-driver is missing: `rustup component add clippy`")?;
    if !version.status.success() {
        bail!("`clippy-driver --version` failed: `rustup component add clippy`");
    }
    Ok([
        ("RUSTC_WORKSPACE_WRAPPER", OsStr::new("clippy-driver")),
        ("CLIPPY_ARGS", OsStr::new(CLIPPY_ARGS)),
    ])
}
