//! Who a helper process runs as. A server running as root hands its helpers to the suite's
//! unprivileged system user (`suite-sandbox`, created by `cargo xtask serve`/`test` or by the
//! operator), with no supplementary groups and `no_new_privs`; an unprivileged server cannot
//! change user, so its helpers keep its uid (and rely on the other walls). Running a helper
//! as root is never an option: a server that is root without that user refuses to start.

use std::os::unix::process::CommandExt;
use std::path::Path;

/// The suite's unprivileged system user (the name `xtask/src/system.rs` creates).
pub const SANDBOX_USER: &str = "suite-sandbox";

/// util-linux's `setpriv`, which sets `no_new_privs` and execs the helper.
const SETPRIV: &str = "/usr/bin/setpriv";

/// The file the sandbox user is looked up in (a system user made by `useradd --system`).
const PASSWD: &str = "/etc/passwd";

/// Why the helpers' user cannot be settled.
#[derive(Debug)]
pub enum SandboxError {
    /// The server is root and the sandbox user does not exist.
    NoUser,
    /// The sandbox user exists but is root (uid or gid 0): it would be no wall at all.
    UserIsRoot,
    /// The account database could not be read.
    Unreadable(std::io::Error),
}

impl std::fmt::Display for SandboxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SandboxError::NoUser => write!(
                f,
                "the server runs as root and the sandbox user `{SANDBOX_USER}` does not exist, so \
                 Chromium, poppler and LibreOffice would run as root; create it with \
                 `useradd --system --no-create-home --home-dir /nonexistent --shell \
                 /usr/sbin/nologin {SANDBOX_USER}` (`cargo xtask serve` and `cargo xtask test` \
                 do), or run the server as an unprivileged user"
            ),
            SandboxError::UserIsRoot => write!(
                f,
                "the sandbox user `{SANDBOX_USER}` has uid or gid 0; recreate it as a system user \
                 (`useradd --system …`)"
            ),
            SandboxError::Unreadable(e) => write!(f, "reading {PASSWD}: {e}"),
        }
    }
}

impl std::error::Error for SandboxError {}

/// The user the helpers run as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunAs {
    /// The server is root: helpers become the sandbox user.
    SandboxUser { uid: u32, gid: u32 },
    /// The server is unprivileged: helpers keep its user, which cannot be changed.
    Server,
}

impl RunAs {
    /// Settles the helpers' user for this process: the sandbox user when root, else the
    /// server's own.
    pub fn resolve() -> Result<RunAs, SandboxError> {
        if !rustix::process::geteuid().is_root() {
            return Ok(RunAs::Server);
        }
        let passwd = std::fs::read_to_string(PASSWD).map_err(SandboxError::Unreadable)?;
        match lookup(&passwd, SANDBOX_USER) {
            None => Err(SandboxError::NoUser),
            Some((0, _) | (_, 0)) => Err(SandboxError::UserIsRoot),
            Some((uid, gid)) => Ok(RunAs::SandboxUser { uid, gid }),
        }
    }

    /// The uid and gid the helpers run with.
    pub fn ids(&self) -> (u32, u32) {
        match self {
            RunAs::SandboxUser { uid, gid } => (*uid, *gid),
            RunAs::Server => (
                rustix::process::geteuid().as_raw(),
                rustix::process::getegid().as_raw(),
            ),
        }
    }

    /// The uid the helpers run with.
    pub fn uid(&self) -> u32 {
        self.ids().0
    }

    /// A command running `program` as this user: uid and gid set with no supplementary
    /// groups (std clears them when it sets the uid), through util-linux's `setpriv
    /// --no-new-privs` (Debian's essential util-linux; the workspace forbids the unsafe
    /// `pre_exec` that could set it in the child), so that no setuid or file-capability
    /// binary gives anything back.
    pub fn command(&self, program: &Path) -> std::process::Command {
        let mut command = self.command_of(Path::new(SETPRIV));
        command.args(["--no-new-privs", "--"]).arg(program);
        command
    }

    /// A command running `program` itself as this user (uid and gid set, no supplementary
    /// groups), for wrappers that set `no_new_privs` themselves (bubblewrap does).
    pub(crate) fn command_of(&self, program: &Path) -> std::process::Command {
        let mut command = std::process::Command::new(program);
        if let RunAs::SandboxUser { uid, gid } = *self {
            command.uid(uid).gid(gid);
        }
        command
    }

    /// The helpers' user for this process, settled once (`resolve`), for the engines that
    /// start helpers per job; its failure is the reason each of them is unavailable.
    pub fn current() -> Result<RunAs, String> {
        static CURRENT: std::sync::OnceLock<Result<RunAs, String>> = std::sync::OnceLock::new();
        CURRENT
            .get_or_init(|| RunAs::resolve().map_err(|e| e.to_string()))
            .clone()
    }

    /// Gives `dir` to this user (when it differs from the server's) with mode 0700: a
    /// helper's own profile or scratch directory, which only it (and root) can enter.
    pub fn own(&self, dir: &Path) -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        if let RunAs::SandboxUser { uid, gid } = *self {
            std::os::unix::fs::chown(dir, Some(uid), Some(gid))?;
        }
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
    }
}

/// The uid and gid of `name` in a passwd file's text.
fn lookup(passwd: &str, name: &str) -> Option<(u32, u32)> {
    passwd.lines().find_map(|line| {
        let mut fields = line.split(':');
        if fields.next()? != name {
            return None;
        }
        let _password = fields.next()?;
        let uid = fields.next()?.parse().ok()?;
        let gid = fields.next()?.parse().ok()?;
        Some((uid, gid))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_is_found_by_its_exact_name_only() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\n\
                      suite-sandbox-old:x:990:990::/nonexistent:/usr/sbin/nologin\n\
                      suite-sandbox:x:999:995::/nonexistent:/usr/sbin/nologin\n";
        assert_eq!(lookup(passwd, "suite-sandbox"), Some((999, 995)));
        assert_eq!(lookup(passwd, "root"), Some((0, 0)));
        assert_eq!(lookup(passwd, "suite"), None);
        assert_eq!(
            lookup("suite-sandbox:x:nine:995::/:/bin/false", "suite-sandbox"),
            None
        );
    }

    #[test]
    fn a_root_server_needs_the_sandbox_user_and_never_hands_out_root() {
        let resolved = RunAs::resolve();
        if rustix::process::geteuid().is_root() {
            let run_as = resolved
                .expect("the sandbox user exists on a machine prepared by `cargo xtask test`");
            assert!(matches!(run_as, RunAs::SandboxUser { .. }));
            assert_ne!(run_as.uid(), 0);
        } else {
            assert_eq!(resolved.expect("no lookup needed"), RunAs::Server);
        }
    }
}
