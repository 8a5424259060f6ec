//! bubblewrap (Debian's `bwrap`) around a helper that reads customer bytes: run as the
//! sandbox user (`RunAs`, dropped to before bwrap starts, so that bwrap itself is
//! unprivileged), in new user, PID, network, IPC, UTS and cgroup namespaces with nested user
//! namespaces refused, `no_new_privs`, a file system of `/usr` and the fonts read-only, a
//! private `/tmp` and `/proc`, and only the directories the caller binds (its scratch
//! directory) — no data directory, no `/root`, no other process — under `prlimit`'s memory,
//! file-size and open-file limits. The caller's deadline kills it; `--die-with-parent`
//! takes the sandbox down with it. Chromium's browser process gets the same walls but the
//! network namespace and nested user namespaces (`Jail::browser`).

use std::ffi::{OsStr, OsString};
use std::path::Path;

use super::RunAs;

/// util-linux's `prlimit`, which sets the limits and execs bwrap (the workspace forbids the
/// unsafe `pre_exec` that could set them in the child).
const PRLIMIT: &str = "/usr/bin/prlimit";

/// The bubblewrap binary (Debian's `bubblewrap`, installed by `cargo xtask serve`/`test`).
pub const BWRAP: &str = "bwrap";

/// What a sandboxed helper may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Address space (`RLIMIT_AS`), bytes: an allocation past it fails. None for Chromium,
    /// whose V8 reserves far more address space than it ever touches.
    pub memory_bytes: Option<u64>,
    /// The largest file it may write (`RLIMIT_FSIZE`), bytes.
    pub file_bytes: u64,
    /// Open files at once (`RLIMIT_NOFILE`).
    pub open_files: u64,
}

/// A bubblewrap command line being built.
#[derive(Debug, Clone)]
pub struct Jail {
    run_as: RunAs,
    limits: Limits,
    args: Vec<OsString>,
}

/// The namespaces of a jail for a file reader: all of them (network included), nested user
/// namespaces refused.
const FILE_READER_NAMESPACES: &[&str] = &["--unshare-all", "--unshare-user", "--disable-userns"];

/// The namespaces of Chromium's browser process: its own user, PID, IPC, UTS and cgroup
/// namespaces. Not its own network: it reaches the egress proxy and answers DevTools on the
/// host's loopback (pages still reach the network only through the proxy). Nested user
/// namespaces allowed: Chromium's own sandbox makes one per renderer.
const BROWSER_NAMESPACES: &[&str] = &[
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
];

/// The host's files Chromium needs besides `/usr` and the fonts: the certificates, the time
/// zone, name resolution for a browser without a proxy, and Debian's wrapper's settings.
const BROWSER_ETC: &[&str] = &[
    "/etc/ssl",
    "/etc/localtime",
    "/etc/hosts",
    "/etc/resolv.conf",
    "/etc/nsswitch.conf",
    "/etc/chromium.d",
    "/etc/chromium",
];

impl Jail {
    /// The walls every file reader (poppler, a LibreOffice worker) gets; add binds for what
    /// it needs.
    pub fn new(run_as: RunAs, limits: Limits) -> Jail {
        Jail::with_namespaces(run_as, limits, FILE_READER_NAMESPACES)
    }

    /// The walls of Chromium's browser process (see `BROWSER_NAMESPACES`), with the host
    /// files it needs read-only; add its profile.
    pub fn browser(run_as: RunAs, limits: Limits) -> Jail {
        let mut jail = Jail::with_namespaces(run_as, limits, BROWSER_NAMESPACES);
        for path in BROWSER_ETC {
            jail.push(&["--ro-bind-try", path, path]);
        }
        jail
    }

    fn with_namespaces(run_as: RunAs, limits: Limits, namespaces: &[&str]) -> Jail {
        let mut jail = Jail {
            run_as,
            limits,
            args: Vec::new(),
        };
        jail.push(namespaces);
        jail.push(&[
            "--die-with-parent",
            "--new-session",
            "--cap-drop",
            "ALL",
            "--ro-bind",
            "/usr",
            "/usr",
            "--symlink",
            "usr/lib",
            "/lib",
            "--symlink",
            "usr/lib64",
            "/lib64",
            "--symlink",
            "usr/bin",
            "/bin",
            "--symlink",
            "usr/sbin",
            "/sbin",
            "--ro-bind-try",
            "/etc/ld.so.cache",
            "/etc/ld.so.cache",
            // The fonts, and their cache (without it every run rebuilds one).
            "--ro-bind-try",
            "/etc/fonts",
            "/etc/fonts",
            "--ro-bind-try",
            "/var/cache/fontconfig",
            "/var/cache/fontconfig",
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--tmpfs",
            "/tmp",
            "--clearenv",
            "--setenv",
            "PATH",
            "/usr/bin",
            "--setenv",
            "LANG",
            "C.UTF-8",
            "--setenv",
            "TMPDIR",
            "/tmp",
        ]);
        jail
    }

    fn push(&mut self, args: &[&str]) {
        self.args.extend(args.iter().map(OsString::from));
    }

    fn push_os(&mut self, flag: &str, values: &[&OsStr]) {
        self.args.push(flag.into());
        self.args.extend(values.iter().map(|v| v.to_os_string()));
    }

    /// Binds `outside` writable at `inside`.
    pub fn bind(mut self, outside: &Path, inside: &Path) -> Jail {
        self.push_os("--bind", &[outside.as_os_str(), inside.as_os_str()]);
        self
    }

    /// Binds `outside` read-only at `inside`.
    pub fn ro_bind(mut self, outside: &Path, inside: &Path) -> Jail {
        self.push_os("--ro-bind", &[outside.as_os_str(), inside.as_os_str()]);
        self
    }

    /// Binds `outside` read-only at `inside` when it exists.
    pub fn ro_bind_try(mut self, outside: &Path, inside: &Path) -> Jail {
        self.push_os("--ro-bind-try", &[outside.as_os_str(), inside.as_os_str()]);
        self
    }

    /// Sets the environment variable `name` inside.
    pub fn setenv(mut self, name: &str, value: impl AsRef<OsStr>) -> Jail {
        self.push_os("--setenv", &[OsStr::new(name), value.as_ref()]);
        self
    }

    /// The working directory inside.
    pub fn chdir(mut self, inside: &Path) -> Jail {
        self.push_os("--chdir", &[inside.as_os_str()]);
        self
    }

    /// Sets the host name inside.
    pub fn hostname(mut self, name: &str) -> Jail {
        self.push(&["--hostname", name]);
        self
    }

    /// The command running `program` (a path inside, or a name on `/usr/bin`) in the jail;
    /// add its arguments. Standard input, output and error are the caller's to set.
    pub fn command(&self, program: impl AsRef<OsStr>) -> std::process::Command {
        let limits = self.limits;
        let mut command = self.run_as.command_of(Path::new(PRLIMIT));
        if let Some(bytes) = limits.memory_bytes {
            command.arg(format!("--as={bytes}"));
        }
        command
            .arg(format!("--fsize={}", limits.file_bytes))
            .arg(format!("--nofile={}", limits.open_files))
            .arg("--core=0")
            .arg("--")
            .arg(BWRAP)
            .args(&self.args)
            .arg("--")
            .arg(program)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .current_dir("/");
        command
    }
}

/// Whether a failed helper's standard error says the sandbox itself did not start (bwrap or
/// prlimit complaining: no user namespaces, bwrap missing, a path it cannot bind), rather
/// than the tool refusing its input. The first such line, if so.
pub fn setup_failure(stderr: &str) -> Option<&str> {
    stderr
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("bwrap:") || l.starts_with("prlimit:"))
}
