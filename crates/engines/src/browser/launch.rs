//! Starting Debian's Chromium the way these machines need it: headless, with its own sandbox
//! (renderers in their own user and PID namespaces under seccomp), the browser process in a
//! bubblewrap jail of its own (its own user and PID namespaces, `/usr` read-only, its
//! profile the only directory of the host's it sees, see `crate::sandbox`), never as root
//! (the sandbox user when the server is root), with an environment of its own rather than
//! the server's, no GPU, no /dev/shm, nothing phoning home, popups blocked,
//! a profile only its user can enter that goes with it, and every byte through the egress
//! proxy — loopback included. The browser is ours to end: dropping it kills the process.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use super::cdp::{CdpError, Connection};
use super::page::PageSession;
use crate::sandbox::{Jail, Limits, RunAs, processes};

/// How long Chromium may take to start and open its DevTools endpoint.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// How many of Chromium's last lines of standard error a failed start reports.
const STDERR_LINES_KEPT: usize = 8;

/// How long a browser-level call (a context made or disposed, a version asked) may take.
const BROWSER_CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// Chromium's flags (the profile, the proxy and the DevTools port are added per launch).
/// There is no `--no-sandbox`: Chromium's namespace sandbox is on (it needs unprivileged user
/// namespaces and a non-root user); `--disable-setuid-sandbox` only rules out the setuid
/// helper, which Debian does not install and `no_new_privs` would defeat anyway.
pub const FLAGS: &[&str] = &[
    "--headless",
    "--disable-setuid-sandbox",
    "--window-size=1280,800",
    "--enable-automation",
    "--password-store=basic",
    "--use-mock-keychain",
    "--metrics-recording-only",
    "--disable-pings",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-component-extensions-with-background-pages",
    "--disable-client-side-phishing-detection",
    "--disable-hang-monitor",
    "--disable-prompt-on-repost",
    // Every page is a job someone waits for: none is throttled as a background tab.
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-ipc-flooding-protection",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-breakpad",
    "--mute-audio",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    // The omnibox WebUI that Chromium ≥ 151 preloads costs ~75 MB per browser; the AI-mode
    // popup that Chromium 156 preloads costs a renderer of ~145 MB per window, and a
    // context's first page opens a window.
    "--disable-features=OmniboxWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup,Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,InterestFeedContentSuggestions",
    // Nothing leaves outside the proxy: no WebRTC UDP, no QUIC.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-quic",
];

/// The Chromium binary: the configured one, else the first of Debian's and the usual names
/// on `PATH`.
pub fn binary(configured: &Path) -> Result<PathBuf> {
    if !configured.as_os_str().is_empty() {
        if configured.is_file() {
            return Ok(configured.to_owned());
        }
        bail!(
            "the configured Chromium {} does not exist",
            configured.display()
        );
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    bail!(
        "no Chromium found on PATH (chromium, chromium-browser, google-chrome); install Debian's \
         `chromium` package (`cargo xtask serve` does) or set [browser] binary"
    )
}

/// Chromium's browser processes below `root` (the process that launched browsers, or one
/// browser's jail), for the checks that look at them from outside: Chromium's own children
/// carry `--type=`.
pub fn browser_processes_below(root: u32) -> Vec<u32> {
    processes::descendants(root)
        .into_iter()
        .filter(|pid| {
            let args = processes::args(*pid);
            args.first().is_some_and(|a| a.ends_with("/chromium"))
                && !args.iter().any(|a| a.starts_with("--type="))
        })
        .collect()
}

/// What the browser process may use: no address-space limit (V8 reserves terabytes it never
/// touches; the pool's restarts and the machine bound its memory), files up to 1 GiB, and
/// the open files a browser with many pages holds.
const LIMITS: Limits = Limits {
    memory_bytes: None,
    file_bytes: 1 << 30,
    open_files: 8192,
};

/// The browser's jail: its home bound at the same path (the profile and the temporary files
/// it names), a Chromium installed outside `/usr` read-only, and an environment of its own.
fn jail(home: &Path, binary: &Path, run_as: RunAs) -> Jail {
    let mut jail = Jail::browser(run_as, LIMITS)
        .bind(home, home)
        .chdir(home)
        .hostname("browser")
        .setenv("HOME", home)
        .setenv("XDG_CONFIG_HOME", home.join(".config"))
        .setenv("XDG_CACHE_HOME", home.join(".cache"))
        .setenv("XDG_RUNTIME_DIR", home.join("run"))
        .setenv("TMPDIR", home.join("tmp"));
    if let Some(install) = binary.parent().filter(|dir| !dir.starts_with("/usr")) {
        jail = jail.ro_bind(install, install);
    }
    jail
}

/// A running Chromium and our connection to it; the process is killed when this is dropped.
pub struct Browser {
    process: Mutex<Child>,
    pid: u32,
    connection: Arc<Connection>,
    /// The profile directory, removed after the process is gone.
    _profile: tempfile::TempDir,
}

impl std::fmt::Debug for Browser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Browser").field("pid", &self.pid).finish()
    }
}

impl Browser {
    /// Launches one browser, run as `run_as`, whose every request goes through `proxy`.
    pub fn launch(binary: &Path, proxy: SocketAddr, run_as: RunAs) -> Result<Browser> {
        Browser::start(binary, Some(proxy), run_as)
    }

    /// Launches one browser with the same flags and user but no proxy: the benchmark's raw
    /// reference and the engine's own tests, never used to serve.
    pub fn launch_direct(binary: &Path) -> Result<Browser> {
        Browser::start(binary, None, RunAs::resolve()?)
    }

    fn start(binary: &Path, proxy: Option<SocketAddr>, run_as: RunAs) -> Result<Browser> {
        let profile = tempfile::Builder::new()
            .prefix("suite-chromium-")
            .tempdir()?;
        let home = profile.path();
        // The home holds everything Chromium writes: its profile (`data`, made by Chromium),
        // its temporary files and shared memory (`tmp`: --disable-dev-shm-usage), and what
        // crashpad and dconf write under the XDG directories.
        let tmp = home.join("tmp");
        std::fs::create_dir(&tmp)?;
        for dir in [home, tmp.as_path()] {
            run_as
                .own(dir)
                .with_context(|| format!("giving {} to the browser's user", dir.display()))?;
        }
        let mut command = jail(home, binary, run_as).command(binary);
        command
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", home.join("data").display()))
            .arg("--remote-debugging-port=0");
        if let Some(proxy) = proxy {
            // Loopback bypasses a proxy unless told otherwise.
            command
                .arg(format!("--proxy-server=http://{proxy}"))
                .arg("--proxy-bypass-list=<-loopback>");
        }
        let mut process = command
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("launching {}", binary.display()))?;
        let pid = process.id();
        let connection = devtools_url(&mut process).and_then(|url| {
            Connection::connect(&url).with_context(|| format!("connecting to {url}"))
        });
        match connection {
            Ok(connection) => Ok(Browser {
                process: Mutex::new(process),
                pid,
                connection,
                _profile: profile,
            }),
            Err(e) => {
                let _ = process.kill();
                let _ = process.wait();
                Err(e.context(format!("starting {}", binary.display())))
            }
        }
    }

    /// The process id of the browser's jail (bubblewrap, which Chromium runs below): which
    /// browser a page belongs to.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// The connection to the browser, for its pages' sessions.
    pub fn connection(&self) -> &Arc<Connection> {
        &self.connection
    }

    /// A browser-level call answered within `timeout`.
    fn call_browser(
        &self,
        method: &str,
        params: serde_json::Value,
        timeout: Duration,
    ) -> Result<serde_json::Value, CdpError> {
        self.connection
            .call_raw(None, method, params, Instant::now() + timeout)
    }

    /// Creates a browser context (its own cookies, storage, cache and network context).
    pub fn new_context(&self) -> Result<String, CdpError> {
        let created = self.call_browser(
            "Target.createBrowserContext",
            serde_json::json!({}),
            BROWSER_CALL_TIMEOUT,
        )?;
        created["browserContextId"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| CdpError::Invalid("a context without an id".into()))
    }

    /// Disposes a browser context, closing every page it has.
    pub fn dispose_context(&self, context_id: &str) -> Result<(), CdpError> {
        self.call_browser(
            "Target.disposeBrowserContext",
            serde_json::json!({ "browserContextId": context_id }),
            BROWSER_CALL_TIMEOUT,
        )
        .map(drop)
    }

    /// How many browser contexts the browser has (the default one not counted).
    pub fn contexts(&self) -> Result<usize, CdpError> {
        let listed = self.call_browser(
            "Target.getBrowserContexts",
            serde_json::json!({}),
            BROWSER_CALL_TIMEOUT,
        )?;
        listed["browserContextIds"]
            .as_array()
            .map(Vec::len)
            .ok_or_else(|| CdpError::Invalid("no list of contexts".into()))
    }

    /// Opens a page (`create` says where: its context, in the background or not) and attaches
    /// a session to it on this browser's connection.
    pub fn open_page(
        &self,
        create: headless_chrome::protocol::cdp::Target::CreateTarget,
        deadline: Instant,
    ) -> Result<PageSession, CdpError> {
        use headless_chrome::protocol::cdp::Target;
        let target_id = self.connection.call(None, create, deadline)?.target_id;
        let session_id = self
            .connection
            .call(
                None,
                Target::AttachToTarget {
                    target_id: target_id.clone(),
                    flatten: Some(true),
                },
                deadline,
            )?
            .session_id;
        Ok(PageSession {
            connection: self.connection.clone(),
            target_id,
            session_id,
        })
    }

    /// Whether the browser answers a version query within `timeout` (a closed connection
    /// fails at once).
    pub fn answers(&self, timeout: Duration) -> bool {
        self.call_browser("Browser.getVersion", serde_json::json!({}), timeout)
            .is_ok()
    }

    /// Kills the process now (also while pages of it are still held elsewhere).
    pub fn kill(&self) {
        if let Ok(mut process) = self.process.lock() {
            let _ = process.kill();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Ok(process) = self.process.get_mut() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// Reads Chromium's standard error until it names its DevTools endpoint, then keeps draining
/// it in the background (a full pipe would stall the browser). A Chromium that exits first
/// (no usable sandbox, a profile it cannot write) is reported with its last lines.
fn devtools_url(process: &mut Child) -> Result<String> {
    let stderr = process.stderr.take().context("Chromium's standard error")?;
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("chromium-stderr".into())
        .spawn(move || {
            let mut lines = BufReader::new(stderr);
            let mut line = String::new();
            let mut tx = Some(tx);
            let mut last = std::collections::VecDeque::new();
            while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
                if let Some(url) = line.trim().strip_prefix("DevTools listening on ")
                    && let Some(tx) = tx.take()
                {
                    let _ = tx.send(Ok(url.to_owned()));
                } else if tx.is_some() {
                    if last.len() == STDERR_LINES_KEPT {
                        last.pop_front();
                    }
                    last.push_back(line.trim().to_owned());
                }
                line.clear();
            }
            if let Some(tx) = tx {
                let _ = tx.send(Err(Vec::from(last).join("\n")));
            }
        })?;
    match rx.recv_timeout(START_TIMEOUT) {
        Ok(Ok(url)) => Ok(url),
        Ok(Err(said)) => bail!("Chromium exited before opening its DevTools endpoint: {said}"),
        Err(_) => bail!(
            "Chromium did not open its DevTools endpoint within {} s",
            START_TIMEOUT.as_secs()
        ),
    }
}
