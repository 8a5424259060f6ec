//! Why a reading failed: a model that would not load or plan, or an inference error.

/// A PP-OCR failure, with tract's explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpOcrError(pub String);

impl std::fmt::Display for PpOcrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PpOcrError {}

impl PpOcrError {
    pub(crate) fn context(
        what: &str,
    ) -> impl FnOnce(tract_onnx::prelude::TractError) -> PpOcrError {
        move |e| PpOcrError(format!("{what}: {e:#}"))
    }
}
