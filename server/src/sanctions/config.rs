//! The `[sanctions]` section of the server's configuration: where the official list files are,
//! how often to look for new ones, and how many matches an answer holds. Read from the TOML
//! file, then overridden by `SUITE_SANCTIONS_LIST_DIR`.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The sanctions lists (`[sanctions]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Directory of the official list files (`SUITE_SANCTIONS_LIST_DIR`); every list found
    /// there is loaded at start. Empty means `<data_dir>/lists`.
    pub list_dir: PathBuf,
    /// Seconds between checks of the list directory for new files (swapped in atomically);
    /// 0 disables the checks.
    pub reload_interval_secs: u64,
    /// Most matches returned per screened name.
    pub max_matches: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            list_dir: PathBuf::new(),
            reload_interval_secs: 60,
            max_matches: 10,
        }
    }
}

impl Config {
    /// Applies the environment's overrides: `SUITE_SANCTIONS_LIST_DIR`.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> anyhow::Result<()> {
        if let Some(v) = var("SUITE_SANCTIONS_LIST_DIR") {
            self.list_dir = v.into();
        }
        Ok(())
    }

    /// The list directory actually used: the configured one, else `<data_dir>/lists`.
    pub fn list_dir(&self, data_dir: &Path) -> PathBuf {
        if self.list_dir.as_os_str().is_empty() {
            data_dir.join("lists")
        } else {
            self.list_dir.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_default_to_the_data_dir_and_the_environment_wins() {
        let mut config: Config = toml::from_str("max_matches = 5\n").unwrap();
        assert_eq!(config.max_matches, 5);
        assert_eq!(config.list_dir(Path::new("/d")), PathBuf::from("/d/lists"));
        config
            .apply_env(|name| (name == "SUITE_SANCTIONS_LIST_DIR").then(|| "/l".to_owned()))
            .unwrap();
        assert_eq!(config.list_dir(Path::new("/d")), PathBuf::from("/l"));
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert!(toml::from_str::<Config>("max_match = 5").is_err());
    }
}
