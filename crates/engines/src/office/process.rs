//! One worker process as the server sees it: launched with a private home and a minimal
//! environment, greeted, asked one request at a time, killed when it misbehaves. Its stderr
//! is read by a task that forwards only the worker's own `[office-worker]` lines (never
//! LibreOffice's chatter, which could quote a document) to the server's stderr.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

use super::OfficeError;
use super::protocol::{
    ENV_INSTALL_DIR, ENV_ISOLATION, ENV_WORKER_HOME, MAX_LINE, Reply, Request, WORKER_ARG,
};
use crate::sandbox::{Jail, Limits, RunAs};

/// How long a new worker may take to initialise LibreOfficeKit.
const STARTUP_TIMEOUT: Duration = Duration::from_secs(60);

/// Prefix of the stderr lines a worker writes itself.
const LOG_PREFIX: &[u8] = b"[office-worker]";

/// A running worker, killed when dropped.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Jobs answered so far.
    pub jobs: u32,
    /// Who it runs as (its job directories are given to that user).
    run_as: RunAs,
    /// The private home (profile, temp files, job directories), removed with the worker.
    home: tempfile::TempDir,
}

/// A worker's home: its profile, `tmp/` and `jobs/`, given to its user, with the
/// `/etc/passwd` and `/etc/group` its jail shows (LibreOffice needs an entry for its uid;
/// these name only it, not the host's accounts).
fn home_for(run_as: RunAs) -> std::io::Result<tempfile::TempDir> {
    let home = tempfile::Builder::new()
        .prefix("office-worker-")
        .tempdir()?;
    let (uid, gid) = run_as.ids();
    std::fs::write(
        home.path().join(".passwd"),
        format!(
            "office:x:{uid}:{gid}:office:{}:/usr/sbin/nologin\n",
            home.path().display()
        ),
    )?;
    std::fs::write(home.path().join(".group"), format!("office:x:{gid}:\n"))?;
    for dir in [home.path().join("tmp"), home.path().join("jobs")] {
        std::fs::create_dir(&dir)?;
        run_as.own(&dir)?;
    }
    run_as.own(home.path())?;
    Ok(home)
}

/// The worker's jail: its home bound at the same path (the protocol's paths need no
/// translation) and its working directory, the program and LibreOffice read-only, the
/// synthetic account files, and the worker's environment.
fn jail(home: &Path, program: &Path, install: &Path, run_as: RunAs, limits: Limits) -> Jail {
    Jail::new(run_as, limits)
        .bind(home, home)
        .chdir(home)
        .ro_bind(program, program)
        .ro_bind_try(install, install)
        .ro_bind_try(Path::new("/etc/libreoffice"), Path::new("/etc/libreoffice"))
        .ro_bind_try(
            Path::new("/var/lib/libreoffice"),
            Path::new("/var/lib/libreoffice"),
        )
        .ro_bind(&home.join(".passwd"), Path::new("/etc/passwd"))
        .ro_bind(&home.join(".group"), Path::new("/etc/group"))
        .hostname("office-worker")
        .setenv("HOME", home)
        .setenv("XDG_CONFIG_HOME", home.join(".config"))
        .setenv("XDG_CACHE_HOME", home.join(".cache"))
        .setenv("TMPDIR", home.join("tmp"))
        .setenv("SAL_USE_VCLPLUGIN", "svp")
        .setenv(ENV_WORKER_HOME, home)
        .setenv(ENV_INSTALL_DIR, install)
        .setenv(ENV_ISOLATION, "bwrap")
}

impl Worker {
    /// Starts `program office-worker` in its jail, as `run_as`, under `limits`, and waits for
    /// its greeting.
    pub async fn launch(
        program: &Path,
        install: &Path,
        run_as: RunAs,
        limits: Limits,
    ) -> Result<Worker, OfficeError> {
        let home = blocking(move || home_for(run_as))
            .await
            .map_err(|e| OfficeError::Unavailable(format!("no home for a worker: {e}")))?;
        let path = home.path().to_path_buf();
        let mut command =
            Command::from(jail(&path, program, install, run_as, limits).command(program));
        let mut child = command
            .arg(WORKER_ARG)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                OfficeError::Unavailable(format!(
                    "the office worker {} could not start: {e}",
                    program.display()
                ))
            })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(OfficeError::Unavailable(
                "the worker's pipes are missing".into(),
            ));
        };
        tokio::spawn(forward_log(stderr));
        let mut worker = Worker {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            jobs: 0,
            run_as,
            home,
        };
        match tokio::time::timeout(STARTUP_TIMEOUT, worker.read_reply()).await {
            Ok(Ok(Reply::Ready { .. })) => Ok(worker),
            Ok(Ok(Reply::Unavailable { error })) => Err(OfficeError::Unavailable(error)),
            Ok(Ok(other)) => Err(OfficeError::Unavailable(format!(
                "unexpected greeting from the office worker: {other:?}"
            ))),
            Ok(Err(_)) => {
                let status = worker.kill().await;
                Err(OfficeError::Unavailable(format!(
                    "the office worker exited while starting ({status})"
                )))
            }
            Err(_) => {
                worker.kill().await;
                Err(OfficeError::Unavailable(format!(
                    "the office worker did not start within {}s",
                    STARTUP_TIMEOUT.as_secs()
                )))
            }
        }
    }

    /// Where this worker's job directories go (inside its jail).
    pub fn jobs_dir(&self) -> PathBuf {
        self.home.path().join("jobs")
    }

    /// Who the worker runs as.
    pub fn run_as(&self) -> RunAs {
        self.run_as
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends `request` and reads the reply (no timeout: the caller has one).
    pub async fn request(&mut self, request: &Request) -> std::io::Result<Reply> {
        let mut line = serde_json::to_vec(request)?;
        line.push(b'\n');
        self.stdin.write_all(&line).await?;
        self.stdin.flush().await?;
        self.read_reply().await
    }

    async fn read_reply(&mut self) -> std::io::Result<Reply> {
        let mut line = Vec::new();
        let n = (&mut self.stdout)
            .take(MAX_LINE)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        Ok(serde_json::from_slice(&line)?)
    }

    /// Kills the process (SIGKILL) and reaps it; answers how it ended.
    pub async fn kill(mut self) -> String {
        let _ = self.child.start_kill();
        match self.child.wait().await {
            Ok(status) => status.to_string(),
            Err(e) => format!("unknown status: {e}"),
        }
    }
}

/// Copies the worker's own log lines to our stderr; drops everything else.
async fn forward_log(stderr: tokio::process::ChildStderr) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader)
            .take(8 * 1024)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => return,
            Ok(_) if line.starts_with(LOG_PREFIX) => {
                eprintln!("{}", String::from_utf8_lossy(&line).trim_end());
            }
            Ok(_) => {}
        }
    }
}

/// Runs blocking file-system work off Tokio's workers.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> std::io::Result<T> + Send + 'static,
) -> std::io::Result<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(std::io::Error::other)?
}

/// Where a job's files go: `in.<ext>` and `out.<ext>` in a directory of its own inside the
/// worker's home, given to the worker's user.
pub struct JobFiles {
    pub dir: tempfile::TempDir,
    pub input: PathBuf,
    pub output: PathBuf,
}

impl JobFiles {
    /// A fresh dir in `worker`'s jobs directory with `bytes` written as the input.
    pub async fn new(
        worker: &Worker,
        bytes: Vec<u8>,
        input_ext: &str,
        output_ext: &str,
    ) -> std::io::Result<JobFiles> {
        let (input_ext, output_ext) = (input_ext.to_owned(), output_ext.to_owned());
        let (jobs, run_as) = (worker.jobs_dir(), worker.run_as());
        blocking(move || {
            let dir = tempfile::Builder::new().prefix("job-").tempdir_in(jobs)?;
            run_as.own(dir.path())?;
            let input = dir.path().join(format!("in.{input_ext}"));
            let output = dir.path().join(format!("out.{output_ext}"));
            std::fs::write(&input, bytes)?;
            Ok(JobFiles { dir, input, output })
        })
        .await
    }

    /// Removes the dir off Tokio's workers.
    pub fn remove(self) {
        tokio::task::spawn_blocking(move || drop(self.dir));
    }
}
