//! The client crate's examples (`client/examples/`), run as a new user runs them: each
//! binary against a running `suite serve` with `SUITE_URL` and `SUITE_API_KEY`, in a
//! directory of its own for the files it writes; each must exit successfully. The screenshot
//! example captures a page served here on loopback (the server is told it may reach it),
//! since a test reaches nothing outside the machine.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// A page for the screenshot example, served on loopback until the process ends.
pub struct Page {
    pub addr: SocketAddr,
}

impl Page {
    pub fn serve() -> Result<Page> {
        let listener = TcpListener::bind("127.0.0.1:0").context("binding the example's page")?;
        let addr = listener.local_addr()?;
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request);
                let body = "<!doctype html><title>Example</title><h1>A page for the screenshot example</h1>";
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        Ok(Page { addr })
    }
}

/// Runs every example in `examples` (name, binary) against `base_url` with `key`; `env`
/// adds what the process needs (`SSL_CERT_FILE` for a private CA).
pub fn run_all(
    examples: &[(String, PathBuf)],
    base_url: &str,
    key: &str,
    env: &[(&str, OsString)],
    page: &Page,
    work: &Path,
) -> Result<()> {
    if examples.len() < 7 {
        bail!("expected an example per API, found {}", examples.len());
    }
    for (name, binary) in examples {
        let dir = work.join(name);
        std::fs::create_dir_all(&dir)?;
        let mut command = Command::new(binary);
        command
            .current_dir(&dir)
            .env("SUITE_URL", base_url)
            .env("SUITE_API_KEY", key)
            .envs(env.iter().map(|(k, v)| (k, v)));
        if name == "screenshot" {
            command.arg(format!("http://{}/", page.addr));
        }
        println!("example {name}:");
        let output = command
            .output()
            .with_context(|| format!("starting the {name} example"))?;
        let text = String::from_utf8_lossy(&output.stdout);
        for line in text.lines() {
            println!("  {line}");
        }
        if !output.status.success() {
            bail!(
                "the {name} example failed ({}):\n{text}{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
    Ok(())
}
