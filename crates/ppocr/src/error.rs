//! Why a reading failed: a model that would not load or plan, or an inference error.

/// A PP-OCR failure, with the runtime's explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpOcrError(pub String);

impl std::fmt::Display for PpOcrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PpOcrError {}
