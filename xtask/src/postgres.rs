//! A throwaway PostgreSQL cluster for one test run: its own directory, a free port on 127.0.0.1,
//! no fsync; stopped and deleted when dropped, even when a step fails.
//!
//! initdb refuses to run as root, so as root every PostgreSQL tool runs as the `postgres` OS
//! user (`runuser`), in a directory that user owns. As anyone else they run as that user.
//! pg_ctl detaches the server from the terminal, so a run killed by Ctrl-C leaves its cluster
//! behind: the next run stops and deletes clusters whose xtask process is gone.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::system;

/// Directory names of our clusters in the temp directory: this prefix, then the xtask pid.
const PREFIX: &str = "suite-xtask-pg-";

/// A running cluster; dropping it stops the server and deletes its files.
#[derive(Debug)]
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Cluster {
    /// Creates and starts a cluster with the tools in `bin`, and waits until it accepts connections.
    pub fn start(bin: &Path) -> Result<Cluster> {
        let as_postgres = system::is_root()?;
        sweep_stale(bin, as_postgres);
        let dir = std::env::temp_dir().join(format!("{PREFIX}{}", std::process::id()));
        if dir.exists() {
            teardown(bin, &dir, as_postgres, "immediate");
        }
        std::fs::create_dir(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let cluster = Cluster {
            bin: bin.to_path_buf(),
            dir,
            port: crate::cargo::free_port()?,
            as_postgres,
        };
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&cluster.dir, std::fs::Permissions::from_mode(0o700))?;
        }
        if as_postgres {
            let mut chown = Command::new("chown");
            chown.arg("postgres:postgres").arg(&cluster.dir);
            quiet(chown).context("giving the cluster directory to the postgres user (is the postgresql package installed?)")?;
        }
        let data = cluster.data_dir();
        let mut initdb = cluster.tool("initdb");
        initdb.arg("-D").arg(&data).args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ]);
        quiet(initdb).context("initdb")?;

        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -c unix_socket_directories={} -c fsync=off -c max_connections=200",
            cluster.port,
            cluster.dir.display()
        );
        let log = cluster.dir.join("postgres.log");
        let mut start = cluster.tool("pg_ctl");
        start
            .arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(&log)
            .args(["-w", "-t", "60", "-o", &options, "start"]);
        if let Err(e) = quiet(start) {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(e.context(format!("pg_ctl start failed; server log:\n{text}")));
        }
        cluster.wait_ready(Duration::from_secs(30))?;
        println!(
            "PostgreSQL listening on 127.0.0.1:{} (data in {})",
            cluster.port,
            cluster.dir.display()
        );
        Ok(cluster)
    }

    /// The superuser URL of the cluster's `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn tool(&self, name: &str) -> Command {
        tool(&self.bin, &self.dir, self.as_postgres, name)
    }

    fn wait_ready(&self, timeout: Duration) -> Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            let mut ready = self.tool("pg_isready");
            ready.args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-t",
                "2",
            ]);
            if ready
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
            {
                return Ok(());
            }
            if Instant::now() > deadline {
                bail!(
                    "PostgreSQL on 127.0.0.1:{} did not accept connections within {timeout:?}",
                    self.port
                );
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        println!("stopping PostgreSQL on 127.0.0.1:{}", self.port);
        teardown(&self.bin, &self.dir, self.as_postgres, "fast");
    }
}

/// A PostgreSQL tool from `bin`, run as the `postgres` user when we are root, from `dir`.
fn tool(bin: &Path, dir: &Path, as_postgres: bool, name: &str) -> Command {
    let mut command = if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin.join(name));
        c
    } else {
        Command::new(bin.join(name))
    };
    command.current_dir(dir);
    command
}

/// Stops the server of the cluster in `dir` if it runs, then deletes `dir`. Best effort.
fn teardown(bin: &Path, dir: &Path, as_postgres: bool, mode: &str) {
    let data = dir.join("data");
    if data.join("postmaster.pid").exists() {
        let mut stop = tool(bin, dir, as_postgres, "pg_ctl");
        stop.arg("-D")
            .arg(&data)
            .args(["-m", mode, "-w", "-t", "60", "stop"]);
        if let Err(e) = quiet(stop) {
            eprintln!("warning: stopping PostgreSQL in {}: {e:#}", dir.display());
        }
    }
    if let Err(e) = std::fs::remove_dir_all(dir) {
        eprintln!("warning: removing {}: {e}", dir.display());
    }
}

/// Stops and deletes clusters left by xtask runs that no longer exist (killed by Ctrl-C).
fn sweep_stale(bin: &Path, as_postgres: bool) {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(PREFIX)) else {
            continue;
        };
        let alive = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && Path::new(&format!("/proc/{pid}")).exists()
        });
        if !alive {
            println!(
                "removing a cluster left by an interrupted run: {}",
                entry.path().display()
            );
            teardown(bin, &entry.path(), as_postgres, "immediate");
        }
    }
}

/// Runs `command`, showing its output only when it fails.
fn quiet(mut command: Command) -> Result<()> {
    let out = command
        .output()
        .with_context(|| format!("starting {}", system::describe(&command)))?;
    if !out.status.success() {
        bail!(
            "{} exited with {}\n{}{}",
            system::describe(&command),
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(())
}
