//! The worker's isolation. Its network: the pool starts it through util-linux's `unshare
//! --net` (or, unprivileged, `unshare --user --map-root-user --net`), a fresh network
//! namespace where only a down loopback exists and no document link can reach any host; the
//! mode is found once per pool and reported by every worker. Its stdout: the protocol gets
//! a private copy and fd 1 then points at stderr, so nothing LibreOffice prints can corrupt
//! the protocol.

use std::fs::File;
use std::io;
use std::os::fd::AsFd;
use std::process::{Command, Stdio};

/// A private copy of stdout for the protocol, with fd 1 redirected to stderr.
pub fn protocol_stdout() -> io::Result<File> {
    let copy = io::stdout().as_fd().try_clone_to_owned()?;
    rustix::stdio::dup2_stdout(io::stderr())?;
    Ok(File::from(copy))
}

/// How workers leave the network: the `unshare` arguments that work here, tried on `true`
/// (root: a network namespace; otherwise a user namespace holding one), or why none does.
pub fn network_isolation() -> Result<&'static [&'static str], String> {
    const MODES: [&[&str]; 2] = [&["--net"], &["--user", "--map-root-user", "--net"]];
    let mut failures = Vec::new();
    for mode in MODES {
        let status = Command::new("unshare")
            .args(mode)
            .arg("true")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        match status {
            Ok(s) if s.success() => return Ok(mode),
            Ok(s) => failures.push(format!("unshare {}: {s}", mode.join(" "))),
            Err(e) => failures.push(format!("unshare {}: {e}", mode.join(" "))),
        }
    }
    Err(failures.join("; "))
}
