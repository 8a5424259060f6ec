//! The walls around the helper processes that read untrusted bytes (Chromium today; poppler
//! and LibreOffice next): which user they run as (`identity`), so that a helper taken over by
//! a hostile page or file cannot read the server's data directory, keys or memory.

pub mod identity;

pub use identity::{RunAs, SANDBOX_USER, SandboxError};
