//! Why a report could not be written: fonts that cannot be read or embedded.

use std::fmt;
use std::path::PathBuf;

/// A failure to load the report fonts or to write the report.
#[derive(Debug)]
pub enum ReportError {
    /// A font file could not be read (missing, unreadable).
    FontMissing {
        /// The file that was looked for.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// A font file was read but is not a usable font.
    FontInvalid {
        /// The file that was read.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A font could not be subset or embedded into the PDF.
    Embedding {
        /// The font's PostScript name.
        font: String,
        /// What went wrong.
        reason: String,
    },
    /// Compressing a stream failed (in practice never: it writes to memory).
    Compression(std::io::Error),
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::FontMissing { path, source } => {
                write!(
                    f,
                    "report font file {} cannot be read: {source}",
                    path.display()
                )
            }
            ReportError::FontInvalid { path, reason } => {
                write!(
                    f,
                    "report font file {} is not usable: {reason}",
                    path.display()
                )
            }
            ReportError::Embedding { font, reason } => {
                write!(f, "font {font} cannot be embedded in the report: {reason}")
            }
            ReportError::Compression(error) => {
                write!(f, "report stream compression failed: {error}")
            }
        }
    }
}

impl std::error::Error for ReportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReportError::FontMissing { source, .. } | ReportError::Compression(source) => {
                Some(source)
            }
            _ => None,
        }
    }
}
