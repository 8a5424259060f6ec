//! poppler's jail, tried from inside with the same walls `run` builds: the tool runs as a
//! non-root user and sees its scratch directory, not a canary in a directory private to the
//! server's user nor a world-readable file elsewhere nor this process; a tool over its memory
//! limit fails its own job, and the next job is served.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use tokio::process::Command;

use super::tests::one_page_pdf;
use super::{JOB, LIMITS, PopplerError, jail, run_in_jail, text};
use crate::sandbox::{Limits, RunAs};

#[tokio::test]
async fn inside_its_jail_a_tool_sees_its_scratch_directory_and_nothing_private() {
    let run_as = RunAs::current().expect("the sandbox user exists");
    let secret = format!("canary-{}", std::process::id());
    // The server's data directory, 0700, with the canary in it.
    let data = tempfile::tempdir().expect("a data dir");
    let canary = data.path().join("canary.txt");
    std::fs::write(&canary, &secret).expect("the canary");
    // A file any user could read, outside the scratch directory.
    let public = tempfile::tempdir().expect("a public dir");
    std::fs::set_permissions(public.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let readable = public.path().join("public.txt");
    std::fs::write(&readable, "world-readable").expect("the public file");
    std::fs::set_permissions(&readable, std::fs::Permissions::from_mode(0o644)).unwrap();
    let scratch = tempfile::tempdir().expect("a scratch dir");
    run_as.own(scratch.path()).expect("the scratch dir given");
    std::fs::write(scratch.path().join("in.pdf"), "the job's own bytes").unwrap();

    let script = format!(
        "id -u; cat in.pdf; echo; cat {canary} {readable} {job}/../root/.bashrc; \
         cat /proc/*/cmdline | tr '\\0' ' '",
        canary = canary.display(),
        readable = readable.display(),
        job = JOB,
    );
    let out = Command::from(jail(run_as, scratch.path(), LIMITS).command("sh"))
        .args(["-c", &script])
        .output()
        .await
        .expect("the jail runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let uid = stdout.lines().next().unwrap_or_default();
    assert_eq!(uid, run_as.uid().to_string(), "{stdout} {stderr}");
    assert_ne!(uid, "0");
    assert!(stdout.contains("the job's own bytes"), "{stdout} {stderr}");
    assert!(!stdout.contains(&secret), "the canary was read: {stdout}");
    assert!(!stdout.contains("world-readable"), "a host file was read");
    assert!(
        stderr.contains(&format!("{}: No such file", canary.display())),
        "the data directory is not there at all: {stderr}"
    );
    let me = std::env::args().next().unwrap_or_default();
    let me = Path::new(&me).file_name().unwrap().to_string_lossy();
    assert!(
        !stdout.contains(me.as_ref()),
        "this process is visible: {stdout}"
    );
}

#[tokio::test]
async fn a_tool_over_its_memory_limit_fails_its_job_alone() {
    let pdf = one_page_pdf("Limits");
    // A page at 600 DPI is about 100 MB of pixels: within the real limit, not within 64 MiB.
    let options = ["-r", "600"];
    let starved = Limits {
        memory_bytes: Some(64 << 20),
        ..LIMITS
    };
    let failed = run_in_jail("pdftoppm", &pdf, &options, &["page"], starved).await;
    assert!(
        matches!(failed, Err(PopplerError::Unreadable(_))),
        "{:?}",
        failed.map(|(out, _)| out.len())
    );
    let (_, scratch) = run_in_jail("pdftoppm", &pdf, &options, &["page"], LIMITS)
        .await
        .expect("the same page within the real limit");
    assert!(scratch.path().join("page-1.ppm").is_file());
    assert!(text(&pdf).await.expect("the next job").contains("Limits"));
}
