//! Tesseract's OpenMP threads, limited to one per worker. Debian builds Tesseract with
//! OpenMP, whose spinning threads fight each other on small machines (a receipt: 2.7 s by
//! default, 0.3 s with one thread each). libgomp reads `OMP_THREAD_LIMIT` when it loads,
//! before `main`, so a process that lacks it starts itself again with it set.

use std::os::unix::process::CommandExt;

/// The variable libgomp reads.
const THREAD_LIMIT: &str = "OMP_THREAD_LIMIT";

/// Returns when OpenMP is already limited (or an operator chose a limit); otherwise replaces
/// the process by the same program and arguments with `OMP_THREAD_LIMIT=1` and passive
/// waiting. Call first thing in `main`, before any thread starts. If the new start fails,
/// the process goes on unlimited (slower, not wrong) and says so.
pub fn limit_threads_or_restart() {
    if std::env::var_os(THREAD_LIMIT).is_some() {
        return;
    }
    let Ok(program) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(program)
        .args(std::env::args_os().skip(1))
        .env(THREAD_LIMIT, "1")
        .env("OMP_WAIT_POLICY", "PASSIVE")
        .exec();
    eprintln!("[ocr] WARNING: could not restart with {THREAD_LIMIT}=1 ({error}); OCR runs slower");
}
