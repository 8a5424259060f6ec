//! The `[office]` section of the server's configuration: how many LibreOffice worker
//! processes, when they are replaced, how long one document may take, and which install.

use std::path::PathBuf;

use serde::Deserialize;

/// The LibreOffice worker pool (`[office]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Worker processes, and so documents converted at once (at least 1).
    pub workers: usize,
    /// A worker is replaced by a fresh process after this many jobs (at least 1).
    pub restart_after_jobs: u32,
    /// Seconds one conversion may take inside its worker; a worker that takes longer is
    /// killed and the job answered with [`OfficeError::TimedOut`](super::OfficeError).
    pub job_timeout_secs: u64,
    /// LibreOffice's `program` folder; `None` means the first of `LOK_PROGRAM_PATH`,
    /// `/usr/lib64/libreoffice/program`, `/usr/lib/libreoffice/program`, `/opt/libreoffice*`.
    pub install_dir: Option<PathBuf>,
    /// Address space one worker may use, MiB (`RLIMIT_AS` in its bubblewrap jail): a
    /// document that needs more kills its worker and fails alone.
    pub memory_limit_mb: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            workers: 2,
            restart_after_jobs: 100,
            job_timeout_secs: 60,
            install_dir: None,
            memory_limit_mb: 2048,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_fill_missing_fields_and_unknown_fields_are_refused() {
        let config: Config = serde_json::from_str(r#"{"workers": 3}"#).expect("valid section");
        assert_eq!(config.workers, 3);
        assert_eq!(config.restart_after_jobs, 100);
        assert_eq!(config.job_timeout_secs, 60);
        assert!(config.install_dir.is_none());
        assert_eq!(config.memory_limit_mb, 2048);
        assert!(serde_json::from_str::<Config>(r#"{"worker": 3}"#).is_err());
    }
}
