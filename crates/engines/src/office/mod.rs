//! Document conversion with LibreOffice: a small pool of worker processes, each holding one
//! warm LibreOfficeKit instance (a DOCX→PDF takes tens of milliseconds instead of the ~0.9 s
//! of a cold `soffice --convert-to`). Each worker lives in its own process (LibreOfficeKit
//! allows one office per process, is not thread-safe, and can crash or hang on hostile
//! documents), in its own network namespace, with a fresh profile that never updates links
//! or runs macros; inputs are read within zip limits and stripped of everything external
//! before LibreOffice sees them.

pub mod config;
mod error;
mod format;
mod isolate;
mod pool;
mod process;
mod profile;
mod program;
pub mod protocol;
mod sanitize;
mod worker;

pub use self::config::Config;
pub use self::error::OfficeError;
pub use self::format::{Input, Output};
pub use self::pool::Office;
pub use self::program::worker_program;
pub use self::worker::worker_main;
