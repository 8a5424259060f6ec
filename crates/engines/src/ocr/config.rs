//! The `[ocr]` section of the server's configuration: how many OCR workers read pages at
//! once and where Tesseract's language data, PP-OCR's models and their runtime are.

use std::path::PathBuf;

use serde::Deserialize;

/// The OCR worker pool (`[ocr]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Worker threads, each with its own Tesseract handles; 0 means one per core.
    pub workers: usize,
    /// Pages allowed to wait for a worker; more are refused as overloaded.
    pub queue: usize,
    /// Tesseract's `tessdata` folder; `None` means the one Tesseract was built with.
    pub tessdata_dir: Option<PathBuf>,
    /// PP-OCR's three ONNX models; `None` means where `cargo xtask serve` installs them
    /// ([`suite_ppocr::DEFAULT_DIR`]).
    pub ppocr_dir: Option<PathBuf>,
    /// ONNX Runtime's library, which runs PP-OCR's models; `None` means where `cargo xtask
    /// serve` installs it ([`suite_ppocr::DEFAULT_RUNTIME`]).
    pub onnxruntime: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            workers: 0,
            queue: 256,
            tessdata_dir: None,
            ppocr_dir: None,
            onnxruntime: None,
        }
    }
}

impl Config {
    /// Workers to start: the configured number, else one per core.
    pub fn worker_count(&self) -> usize {
        if self.workers > 0 {
            self.workers
        } else {
            std::thread::available_parallelism().map_or(1, usize::from)
        }
    }

    /// Where PP-OCR's models are read from.
    pub fn ppocr_dir(&self) -> PathBuf {
        self.ppocr_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from(suite_ppocr::DEFAULT_DIR))
    }

    /// Where ONNX Runtime's library is loaded from.
    pub fn onnxruntime(&self) -> PathBuf {
        self.onnxruntime
            .clone()
            .unwrap_or_else(|| PathBuf::from(suite_ppocr::DEFAULT_RUNTIME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_workers_means_one_per_core_and_unknown_fields_are_refused() {
        let config: Config = serde_json::from_str("{}").expect("valid section");
        assert!(config.worker_count() >= 1);
        let config: Config = serde_json::from_str(r#"{"workers": 3}"#).expect("valid section");
        assert_eq!(config.worker_count(), 3);
        assert!(serde_json::from_str::<Config>(r#"{"worker": 3}"#).is_err());
    }
}
