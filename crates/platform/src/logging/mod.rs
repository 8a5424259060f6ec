//! The process's logger: one JSON line (bunyan format) per event on stderr. A line is
//! formatted in memory by the thread that logs it and reaches stderr in a batch, at least
//! every 50 ms, so that logging every request costs the process a handful of writes per
//! second and no hand-off to another thread. Never given request bodies or keys.

mod batch;
mod bunyan;

use std::io;

use anyhow::Result;
use dropshot::ConfigLoggingLevel;
use slog::Drain;

use batch::Batch;
use bunyan::Bunyan;

pub fn logger(level: ConfigLoggingLevel) -> Result<slog::Logger> {
    let level = match level {
        ConfigLoggingLevel::Trace => slog::Level::Trace,
        ConfigLoggingLevel::Debug => slog::Level::Debug,
        ConfigLoggingLevel::Info => slog::Level::Info,
        ConfigLoggingLevel::Warn => slog::Level::Warning,
        ConfigLoggingLevel::Error => slog::Level::Error,
        ConfigLoggingLevel::Critical => slog::Level::Critical,
    };
    // Filtered before formatting, so a record below the level costs nothing.
    let drain = Bunyan::new("suite", Batch::start(io::stderr())?)
        .filter_level(level)
        .fuse();
    Ok(slog::Logger::root(drain, slog::o!()))
}
