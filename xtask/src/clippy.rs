//! Clippy as the compiler of the workspace's own crates, the way `cargo clippy` itself runs it
//! (`RUSTC_WORKSPACE_WRAPPER=clippy-driver`, its arguments in `CLIPPY_ARGS`), so that CI's test
//! build is also its lint: `cargo clippy --all-targets` followed by `cargo test` compiled
//! every dependency twice (check mode, then code), 12 of the 52 minutes of a fresh clone's
//! `cargo xtask test`. clippy-driver is rustc with clippy's lints registered: it writes the
//! same artifacts, and only workspace members go through it.

/// The arguments clippy-driver reads from `CLIPPY_ARGS`, joined as cargo-clippy joins them.
const CLIPPY_ARGS: &str = "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__";

use std::process::Command;

use anyhow::{Context, Result, bail};

/// Makes every cargo this process starts from now on compile the workspace's crates with
/// clippy, warnings denied; fails when clippy is not installed.
pub fn compile_workspace_with_clippy() -> Result<()> {
    let version = Command::new("clippy-driver")
        .arg("--version")
        .output()
        .context("clippy-driver is missing: `rustup component add clippy`")?;
    if !version.status.success() {
        bail!("`clippy-driver --version` failed: `rustup component add clippy`");
    }
    // SAFETY: called first thing in `cargo xtask test`, before this process starts a thread.
    unsafe {
        std::env::set_var("RUSTC_WORKSPACE_WRAPPER", "clippy-driver");
        std::env::set_var("CLIPPY_ARGS", CLIPPY_ARGS);
    }
    Ok(())
}
