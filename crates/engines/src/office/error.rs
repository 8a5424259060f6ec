//! What can go wrong converting a document, in terms the HTTP layer maps to status codes.

use std::fmt;

use crate::zip_package::Refusal;

/// A failed conversion. Messages never contain document contents.
#[derive(Debug)]
pub enum OfficeError {
    /// Corrupt, encrypted, not the declared format, or LibreOffice could not load it (422).
    Unreadable(String),
    /// Over the archive limits (entries, total size, compression ratio) (413).
    TooLarge(String),
    /// The document took longer than the job timeout; its worker was killed (422).
    TimedOut(String),
    /// LibreOffice is not installed or no worker can start (503).
    Unavailable(String),
    /// Anything else, including a worker that crashed during the job (500).
    Failed(anyhow::Error),
}

impl fmt::Display for OfficeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OfficeError::Unreadable(m) => write!(f, "unreadable document: {m}"),
            OfficeError::TooLarge(m) => write!(f, "document too large: {m}"),
            OfficeError::TimedOut(m) => write!(f, "conversion timed out: {m}"),
            OfficeError::Unavailable(m) => write!(f, "office unavailable: {m}"),
            OfficeError::Failed(e) => write!(f, "conversion failed: {e:#}"),
        }
    }
}

impl std::error::Error for OfficeError {}

impl OfficeError {
    /// Shorthand for [`OfficeError::Unreadable`].
    pub(crate) fn unreadable(message: impl Into<String>) -> OfficeError {
        OfficeError::Unreadable(message.into())
    }

    /// Shorthand for [`OfficeError::Failed`] from a message.
    pub(crate) fn failed(message: impl fmt::Display) -> OfficeError {
        OfficeError::Failed(anyhow::anyhow!("{message}"))
    }
}

impl From<Refusal> for OfficeError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::TooLarge(m) => OfficeError::TooLarge(m),
            Refusal::NotZip(m) | Refusal::Unreadable(m) => OfficeError::Unreadable(m),
        }
    }
}
