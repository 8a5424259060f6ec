//! Which program the pool starts as a worker: the `suite` binary itself (`suite
//! office-worker`). A server started from its binary is that binary; a server started inside
//! a test binary (`target/<profile>/deps/<test>-<hash>`) uses the `suite` cargo built beside it
//! (`target/<profile>/suite`). A root server links it where the sandbox user can reach it.

use std::path::{Path, PathBuf};

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

/// Whether any user can execute `path` and enter every directory above it.
pub fn reachable_by_anyone(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.permissions().mode());
    mode(path) & 0o005 == 0o005 && path.ancestors().skip(1).all(|dir| mode(dir) & 0o001 != 0)
}

/// `program` where the sandbox user can open it: a hard link (else a copy) in a directory
/// of the pool's own, mode 0755, for a program whose path passes through a directory only
/// the server's user can enter (a checkout or target directory under `/root`), which
/// bubblewrap, already running as the sandbox user, could not bind. The directory goes with
/// the pool.
pub fn reachable_copy(program: &Path) -> std::io::Result<(tempfile::TempDir, PathBuf)> {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::Builder::new()
        .prefix("suite-office-program-")
        .tempdir()?;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
    let copy = dir.path().join(SUITE);
    if std::fs::hard_link(program, &copy).is_err() {
        std::fs::copy(program, &copy)?;
    }
    Ok((dir, copy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_program_behind_a_private_directory_is_linked_where_anyone_can_reach_it() {
        let private = tempfile::tempdir().expect("a dir");
        std::fs::set_permissions(private.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let program = private.path().join("suite");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!reachable_by_anyone(&program));
        let (_dir, copy) = reachable_copy(&program).expect("linked");
        assert!(reachable_by_anyone(&copy), "{}", copy.display());
        assert_eq!(std::fs::read(&copy).unwrap(), b"#!/bin/sh\n");
        assert!(reachable_by_anyone(Path::new("/usr/bin/env")));
    }
}
