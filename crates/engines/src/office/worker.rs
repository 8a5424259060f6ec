//! The worker process (`<program> office-worker`, started in its jail): writes its profile,
//! initialises LibreOfficeKit once, then converts one job at a time as the parent asks over
//! stdin, answering on its saved stdout. LibreOfficeKit allows one office per process and is
//! not thread-safe, and hostile documents can crash or hang it: that is why it lives here,
//! in a process the pool can kill, and not in the server.
//!
//! Environment (set by the pool): `SUITE_OFFICE_WORKER_HOME` (private home; `HOME` must be
//! the same), `SUITE_OFFICE_INSTALL_DIR` (LibreOffice's `program` folder).

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use libreofficekit::{DocUrl, Office};

use super::isolate;
use super::profile;
use super::protocol::{ENV_INSTALL_DIR, ENV_ISOLATION, ENV_WORKER_HOME, MAX_LINE, Reply, Request};

/// Runs the worker until stdin closes. The test-only `hang`, `crash` and `allocate` requests are
/// honoured only in builds with the `testing` feature (the conformance suite's), refused
/// otherwise.
pub fn worker_main() -> anyhow::Result<()> {
    run(cfg!(feature = "testing"))
}

fn run(test_commands: bool) -> anyhow::Result<()> {
    let mut out = isolate::protocol_stdout().context("saving stdout for the protocol")?;
    let isolation = std::env::var(ENV_ISOLATION).unwrap_or_else(|_| "none".into());
    let home =
        PathBuf::from(std::env::var_os(ENV_WORKER_HOME).with_context(|| {
            format!("{ENV_WORKER_HOME} is not set: start workers from the pool")
        })?);
    if std::env::var_os("HOME").is_none_or(|h| Path::new(&h) != home) {
        anyhow::bail!("HOME must be {ENV_WORKER_HOME}");
    }
    profile::write(&home).context("writing the LibreOffice profile")?;
    let install = std::env::var_os(ENV_INSTALL_DIR)
        .map(PathBuf::from)
        .or_else(Office::find_install_path);
    let office = match install
        .context("no LibreOffice install found")
        .and_then(|dir| Office::new(dir).map_err(anyhow::Error::from))
    {
        Ok(office) => office,
        Err(e) => {
            send(
                &mut out,
                &Reply::Unavailable {
                    error: format!("{e:#}"),
                },
            )?;
            exit_now(0);
        }
    };
    send(&mut out, &Reply::Ready { isolation })?;
    let mut input = BufReader::new(std::io::stdin().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut line)
            .context("reading a request")?;
        if n == 0 {
            break;
        }
        let reply = match serde_json::from_slice::<Request>(&line) {
            Ok(Request::Convert {
                input,
                output,
                format,
                options,
            }) => convert(&office, &input, &output, &format, options.as_deref()),
            Ok(Request::Hang) if test_commands => loop {
                std::thread::sleep(std::time::Duration::from_secs(3600));
            },
            Ok(Request::Crash) if test_commands => {
                // Dies by SIGKILL, as a LibreOffice crash would end it.
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &std::process::id().to_string()])
                    .status();
                exit_now(137);
            }
            Ok(Request::Allocate { bytes }) if test_commands => {
                let block = vec![1u8; usize::try_from(bytes).unwrap_or(usize::MAX)];
                Reply::Failed {
                    error: format!("allocated {} bytes", std::hint::black_box(block).len()),
                }
            }
            Ok(Request::Hang | Request::Crash | Request::Allocate { .. }) => Reply::Failed {
                error: "test-only request refused".into(),
            },
            Err(e) => Reply::Failed {
                error: format!("bad request: {e}"),
            },
        };
        send(&mut out, &reply)?;
    }
    // LibreOfficeKit can crash while tearing down; there is nothing to tear down for.
    exit_now(0)
}

/// One conversion. LibreOffice's messages do not contain document text, only what failed.
fn convert(
    office: &Office,
    input: &Path,
    output: &Path,
    format: &str,
    options: Option<&str>,
) -> Reply {
    let urls = DocUrl::from_path(input).and_then(|i| Ok((i, DocUrl::from_path(output)?)));
    let (input_url, output_url) = match urls {
        Ok(urls) => urls,
        Err(e) => {
            return Reply::Failed {
                error: format!("bad path: {e}"),
            };
        }
    };
    let mut document = match office.document_load_with_options(&input_url, "") {
        Ok(document) => document,
        Err(e) => {
            return Reply::Unreadable {
                error: format!("LibreOffice could not load it: {e}"),
            };
        }
    };
    match document.save_as(&output_url, format, options) {
        Ok(true) => Reply::Done,
        Ok(false) => Reply::Failed {
            error: format!("LibreOffice could not save it as {format}"),
        },
        Err(e) => Reply::Failed {
            error: format!("LibreOffice could not save it as {format}: {e}"),
        },
    }
}

fn send(out: &mut File, reply: &Reply) -> anyhow::Result<()> {
    let mut line = serde_json::to_vec(reply)?;
    line.push(b'\n');
    out.write_all(&line).context("writing a reply")?;
    Ok(())
}

/// Ends the process without dropping the office (LibreOfficeKit can crash while tearing
/// down, and there is nothing to tear down for).
fn exit_now(code: i32) -> ! {
    std::process::exit(code)
}
