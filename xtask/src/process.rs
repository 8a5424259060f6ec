//! The `suite` binary as a child process for xtask's steps (schemathesis, benchmarks): a
//! served instance killed on drop, keys issued through its CLI, and the little HTTP and
//! temporary-directory helpers they need, without dependencies.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::system::describe;

/// Issues a key with `suite keys create --quiet` in `data` and returns its secret.
pub fn issue_key(
    suite: &Path,
    data: &Path,
    name: &str,
    plan: &str,
    apis: &[&str],
) -> Result<String> {
    let mut command = Command::new(suite);
    command.args(["keys", "create", "--name", name, "--plan", plan, "--quiet"]);
    for api in apis {
        command.args(["--api", api]);
    }
    let secret = capture(command.env("SUITE_DATA_DIR", data)).context("creating a key")?;
    let secret = secret.trim().to_owned();
    if secret.is_empty() || secret.contains(char::is_whitespace) {
        bail!("`suite keys create --quiet` printed something other than one key");
    }
    Ok(secret)
}

/// Loads the real sanctions lists (from the `shared/` folder beside the repository) and the EU
/// fixture into `data`, so the sanctions operations answer for real instead of 503
/// `lists_unavailable`.
pub fn import_sanctions_lists(root: &Path, suite: &Path, data: &Path) -> Result<()> {
    let shared = root
        .join("..")
        .join("shared")
        .join("data")
        .join("sanctions");
    let mut command = Command::new(suite);
    command
        .args(["lists", "import"])
        .arg(shared.join("ofac-sdn-2021"))
        .arg(shared.join("ofac-cons-2025"))
        .arg(shared.join("un").join("consolidated.xml"))
        .arg(root.join("crates/sanctions/src/fixtures/eu_fsf_sample.xml"))
        .env("SUITE_DATA_DIR", data);
    crate::system::run(command).context("importing the sanctions lists")
}

/// Runs `command` with its stdout captured (stderr shown); fails on a non-zero exit.
pub fn capture(command: &mut Command) -> Result<String> {
    let out = command
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("starting {}", describe(command)))?;
    if !out.status.success() {
        bail!("{} exited with {}", describe(command), out.status);
    }
    String::from_utf8(out.stdout).context("non-UTF-8 output")
}

/// A `suite serve` child process; killed when dropped.
pub struct Server {
    child: Option<Child>,
    pub addr: SocketAddr,
    pub log: PathBuf,
}

impl Server {
    /// `suite serve` on `addr` with its data in `data`, logging to `log`.
    pub fn spawn(suite: &Path, data: &Path, addr: SocketAddr, log: &Path) -> Result<Server> {
        Self::spawn_serve(Command::new(suite), data, addr, log)
    }

    /// `suite serve` as `command` starts it (the binary itself, or a wrapper that runs it).
    pub fn spawn_serve(
        mut command: Command,
        data: &Path,
        addr: SocketAddr,
        log: &Path,
    ) -> Result<Server> {
        command
            .arg("serve")
            .env("SUITE_DATA_DIR", data)
            .env("SUITE_LISTEN", addr.to_string());
        Self::spawn_command(command, addr, log)
    }

    /// Any server process that listens on `addr`, logging to `log`.
    pub fn spawn_command(mut command: Command, addr: SocketAddr, log: &Path) -> Result<Server> {
        let out = std::fs::File::create(log)?;
        let err = out.try_clone()?;
        let child = command
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .with_context(|| format!("starting {}", describe(&command)))?;
        Ok(Server {
            child: Some(child),
            addr,
            log: log.to_path_buf(),
        })
    }

    pub fn wait_healthy(&mut self, timeout: Duration) -> Result<()> {
        let addr = self.addr;
        self.wait_until(timeout, "answered GET /healthz with 200", || {
            matches!(http_get(addr, "/healthz"), Ok((200, _)))
        })
    }

    /// Waits until the server accepts connections on its address (for a server speaking
    /// TLS, which [`Server::wait_healthy`]'s plain HTTP cannot ask).
    pub fn wait_listening(&mut self, timeout: Duration) -> Result<()> {
        let addr = self.addr;
        self.wait_until(timeout, "listened", || {
            TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_ok()
        })
    }

    /// Polls `ready` until it holds; fails with the server's log when the process exits
    /// first or `timeout` passes.
    fn wait_until(
        &mut self,
        timeout: Duration,
        what: &str,
        mut ready: impl FnMut() -> bool,
    ) -> Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self
                .child
                .as_mut()
                .map(Child::try_wait)
                .transpose()?
                .flatten()
            {
                bail!(
                    "`suite serve` exited with {status} before it {what}:\n{}",
                    self.log_text()
                );
            }
            if ready() {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!(
                    "`suite serve` had not {what} on {} within {timeout:?}:\n{}",
                    self.addr,
                    self.log_text()
                );
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Stops the server: SIGTERM first, so that it ends the Chromium and LibreOffice workers
    /// it started (a SIGKILLed server leaves its browser running), SIGKILL after 15 s.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let asked = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .is_ok_and(|status| status.success());
            let deadline = Instant::now() + Duration::from_secs(15);
            while asked && Instant::now() < deadline {
                if matches!(child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A minimal HTTP/1.0 GET (no dependencies, no chunked encoding): the status and the body.
pub fn http_get(addr: SocketAddr, path: &str) -> Result<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&addr, Duration::from_secs(2))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").context("no end of headers")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .context("no status line")?;
    Ok((status, body.to_owned()))
}

/// A directory in the system temp directory, deleted when dropped.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn create(prefix: &str) -> Result<TempDir> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
