//! Which program the pool starts as a worker: the `suite` binary itself (`suite
//! office-worker`). A server started from its binary is that binary; a server started inside
//! a test binary (`target/<profile>/deps/<test>-<hash>`) uses the `suite` cargo built beside it
//! (`target/<profile>/suite`).

use std::path::PathBuf;

/// The binary's name.
const SUITE: &str = "suite";

/// The `suite` binary to start workers from (the running one, or the one next to a test
/// binary; a missing one makes every job answer unavailable, not the server fail).
pub fn worker_program() -> PathBuf {
    let Ok(exe) = std::env::current_exe() else {
        return PathBuf::from(SUITE);
    };
    if exe.file_name().is_some_and(|n| n == SUITE) {
        return exe;
    }
    exe.parent()
        .into_iter()
        .flat_map(|dir| {
            [
                dir.join(SUITE),
                dir.parent().map(|p| p.join(SUITE)).unwrap_or_default(),
            ]
        })
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| PathBuf::from(SUITE))
}
