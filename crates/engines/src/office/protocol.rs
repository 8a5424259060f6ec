//! The parent↔worker protocol: one JSON line per message over the worker's stdin and its
//! saved stdout. The worker greets once (ready or unavailable), then answers each request
//! with exactly one reply. Document bytes never travel here, only paths in the job's
//! private directory inside the worker's home (the only writable place in its jail).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The argument that starts a worker (`<program> office-worker`).
pub const WORKER_ARG: &str = "office-worker";

/// Environment variable naming LibreOffice's `program` folder for the worker.
pub const ENV_INSTALL_DIR: &str = "SUITE_OFFICE_INSTALL_DIR";

/// Environment variable naming the worker's private home, set only by the pool: the worker
/// writes its LibreOffice profile below it, and refuses to run without it.
pub const ENV_WORKER_HOME: &str = "SUITE_OFFICE_WORKER_HOME";

/// How the pool walled the worker in (reported in its greeting).
pub const ENV_ISOLATION: &str = "SUITE_OFFICE_ISOLATION";

/// Longest line either side accepts.
pub const MAX_LINE: u64 = 64 * 1024;

/// Parent → worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// Load `input` and save it as `output` with LibreOfficeKit's `format` (an extension it
    /// maps to a filter) and the filter's options.
    Convert {
        input: PathBuf,
        output: PathBuf,
        format: String,
        options: Option<String>,
    },
    /// Test only (honoured by workers built with the `testing` feature): never answer.
    Hang,
    /// Test only: die by SIGKILL mid-job.
    Crash,
    /// Test only: allocate and touch `bytes` of memory (past the worker's limit, it dies).
    Allocate { bytes: u64 },
}

/// Worker → parent.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Reply {
    /// Greeting: LibreOfficeKit is initialised.
    Ready { isolation: String },
    /// Greeting: LibreOfficeKit could not be initialised; the worker exits.
    Unavailable { error: String },
    /// The output file is written.
    Done,
    /// LibreOffice could not load the input.
    Unreadable { error: String },
    /// Anything else went wrong with the job; the worker stays usable.
    Failed { error: String },
}
