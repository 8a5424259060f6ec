//! The walls around the helper processes that read untrusted bytes (Chromium, poppler and
//! LibreOffice): which user they run as (`identity`) and the bubblewrap jails they run in
//! (`bwrap`), so that a helper taken over by a hostile page or file
//! cannot read the server's data directory, keys or memory.

pub mod bwrap;
pub mod identity;
pub mod processes;

pub use bwrap::{Jail, Limits};

pub use identity::{RunAs, SANDBOX_USER, SandboxError};
