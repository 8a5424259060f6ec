//! The suite's unprivileged system user, `suite-sandbox`: a root server runs Chromium, poppler
//! and LibreOffice as it (`crates/engines/src/sandbox/identity.rs`, which refuses to start
//! without it). Created once, like a package, when `serve` and `test` prepare the machine.

use std::process::Command;

use anyhow::{Context, Result};

use crate::system::{privileged, run};

/// The user's name (the one `suite_engines::sandbox::SANDBOX_USER` looks up).
pub const SANDBOX_USER: &str = "suite-sandbox";

/// Creates the sandbox user unless it exists: a system user with no home, no shell and no
/// password (`useradd` is in Debian's essential `passwd` package).
pub fn ensure() -> Result<()> {
    let exists = Command::new("id")
        .arg(SANDBOX_USER)
        .output()
        .context("running `id`")?
        .status
        .success();
    if exists {
        return Ok(());
    }
    println!("missing: the sandbox user {SANDBOX_USER} -> creating it");
    run(privileged(&[
        "useradd",
        "--system",
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        SANDBOX_USER,
    ])?)
    .with_context(|| format!("creating the sandbox user {SANDBOX_USER}"))
}
