//! The worker's isolation. Its walls: the pool starts it in a bubblewrap jail of its own
//! (`crate::sandbox`; the jail itself is `process.rs`'s), as the sandbox user, with no
//! network, `/usr` read-only and its private home as the only writable place; whether such
//! a jail starts here is found once per pool, and no worker runs without one. Its stdout:
//! the protocol gets a private copy and fd 1 then points at stderr, so nothing LibreOffice
//! prints can corrupt the protocol.

use std::fs::File;
use std::io;
use std::os::fd::AsFd;
use std::path::Path;
use std::process::Stdio;

use crate::sandbox::{Jail, Limits, RunAs, bwrap};

/// A private copy of stdout for the protocol, with fd 1 redirected to stderr.
pub fn protocol_stdout() -> io::Result<File> {
    let copy = io::stdout().as_fd().try_clone_to_owned()?;
    rustix::stdio::dup2_stdout(io::stderr())?;
    Ok(File::from(copy))
}

/// The user workers run as, once a jail as that user has run `true` here; else why not
/// (no sandbox user, no bubblewrap, no user namespaces).
pub fn jail_check(limits: Limits) -> Result<RunAs, String> {
    let run_as = RunAs::current()?;
    let out = Jail::new(run_as, limits)
        .chdir(Path::new("/"))
        .command("true")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("starting {}: {e}", bwrap::BWRAP))?;
    if out.status.success() {
        return Ok(run_as);
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    Err(format!(
        "the office workers' sandbox does not start here ({}): {}",
        out.status,
        bwrap::setup_failure(&stderr).unwrap_or(stderr.trim())
    ))
}
