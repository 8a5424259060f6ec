//! `suite` in a pipe whose reader has gone (`suite operations | head -1`): every command that
//! prints stops quietly, with no panic and no error message, as the coreutils and ripgrep do.

use std::io::{Read, pipe};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `suite args...` with a fresh data directory and its stdout a pipe whose read end is
/// already closed, so that its first write fails with `EPIPE`.
fn run_into_closed_pipe(data_dir: &Path, args: &[&str]) -> Output {
    let (reader, writer) = pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_suite"))
        .args(args)
        .env("SUITE_DATA_DIR", data_dir)
        .env_remove("SUITE_CONFIG")
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("suite runs")
}

fn assert_quiet(args: &[&str]) {
    let data_dir = std::env::temp_dir().join(format!(
        "suite-pipe-test-{}-{}",
        std::process::id(),
        args.join("-")
    ));
    let _ = std::fs::remove_dir_all(&data_dir);
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let out = run_into_closed_pipe(&data_dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "suite {args:?} complained on stderr: {stderr}"
    );
    assert!(
        out.status.success(),
        "suite {args:?} ended with {:?}: {stderr}",
        out.status
    );
    let _ = std::fs::remove_dir_all(&data_dir);
}

#[test]
fn operations_stops_quietly() {
    assert_quiet(&["operations"]);
}

#[test]
fn keys_commands_stop_quietly() {
    assert_quiet(&["keys", "create", "--name", "pipe", "--plan", "free"]);
    assert_quiet(&["keys", "list"]);
    assert_quiet(&["migrate"]);
}

#[test]
fn lists_info_stops_quietly() {
    assert_quiet(&["lists", "info"]);
}

/// A reader that stays prints everything: the quiet exit is only for a closed pipe.
#[test]
fn an_open_pipe_gets_every_line() {
    let (mut reader, writer) = pipe().expect("a pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_suite"))
        .arg("operations")
        .stdout(writer)
        .spawn()
        .expect("suite runs");
    let mut text = String::new();
    reader.read_to_string(&mut text).expect("read");
    assert!(child.wait().expect("wait").success());
    assert!(text.lines().count() > 3, "{text}");
}
