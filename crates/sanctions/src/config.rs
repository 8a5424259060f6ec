//! The `[sanctions]` section of the server's configuration: where the official list files are,
//! how often to look for new ones there, how often to download them again from the official
//! addresses (and from where), and how many matches an answer holds. Read from the TOML file,
//! then overridden by `SUITE_SANCTIONS_LIST_DIR` and `SUITE_SANCTIONS_REFRESH_INTERVAL_SECS`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

use super::model::Source;
use super::store;

/// Six hours: the default period of the official downloads.
pub const DEFAULT_REFRESH_INTERVAL_SECS: u64 = 6 * 3600;

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
    /// Seconds between downloads of the lists from their official addresses by the running
    /// server (`SUITE_SANCTIONS_REFRESH_INTERVAL_SECS`, default six hours); a download is
    /// swapped in only when it parses. 0 disables them.
    #[serde(alias = "refresh_interval")]
    pub refresh_interval_secs: u64,
    /// Where to download each list from, by list (`ofac-sdn`, `ofac-cons`, `un`, `eu`), in
    /// place of the official addresses: an OFAC list takes its CSV files (SDN.CSV, ALT.CSV,
    /// ADD.CSV, SDN_COMMENTS.CSV or their CONS_ counterparts, named by the URL's last
    /// segment), the UN and EU lists one XML file. When set, only the lists named here are
    /// refreshed (a mirror, or a test's loopback server).
    pub refresh_urls: BTreeMap<String, Vec<String>>,
    /// Most matches returned per screened name.
    pub max_matches: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            list_dir: PathBuf::new(),
            reload_interval_secs: 60,
            refresh_interval_secs: DEFAULT_REFRESH_INTERVAL_SECS,
            refresh_urls: BTreeMap::new(),
            max_matches: 10,
        }
    }
}

impl Config {
    /// Applies the environment's overrides: `SUITE_SANCTIONS_LIST_DIR`,
    /// `SUITE_SANCTIONS_REFRESH_INTERVAL_SECS`; and checks `refresh_urls`.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> anyhow::Result<()> {
        if let Some(v) = var("SUITE_SANCTIONS_LIST_DIR") {
            self.list_dir = v.into();
        }
        if let Some(v) = var("SUITE_SANCTIONS_REFRESH_INTERVAL_SECS") {
            self.refresh_interval_secs = v.trim().parse().context(
                "SUITE_SANCTIONS_REFRESH_INTERVAL_SECS must be a whole number of seconds",
            )?;
        }
        self.refresh_sources()?;
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

    /// The lists a refresh downloads and from where: `refresh_urls` when set, else every
    /// list from its official addresses. An unknown list name or an empty address list is
    /// an error naming it.
    pub fn refresh_sources(&self) -> anyhow::Result<Vec<(Source, Vec<String>)>> {
        if self.refresh_urls.is_empty() {
            return Ok(Source::ALL
                .iter()
                .map(|s| {
                    let urls = store::official_urls(*s).iter().map(|u| (*u).to_owned());
                    (*s, urls.collect())
                })
                .collect());
        }
        let mut sources = Vec::new();
        for (slug, urls) in &self.refresh_urls {
            let Some(source) = Source::ALL.iter().find(|s| s.slug() == slug) else {
                bail!(
                    "[sanctions] refresh_urls: {slug:?} is not a list (one of {})",
                    Source::ALL.map(|s| s.slug()).join(", ")
                );
            };
            if urls.is_empty() {
                bail!("[sanctions] refresh_urls: {slug:?} has no address");
            }
            sources.push((*source, urls.clone()));
        }
        Ok(sources)
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

    #[test]
    fn refresh_every_six_hours_from_the_official_addresses_unless_told() {
        let mut config = Config::default();
        assert_eq!(config.refresh_interval_secs, 6 * 3600);
        let sources = config.refresh_sources().unwrap();
        assert_eq!(sources.len(), Source::ALL.len());
        assert!(
            sources
                .iter()
                .all(|(_, urls)| urls[0].starts_with("https://"))
        );
        config
            .apply_env(|name| {
                (name == "SUITE_SANCTIONS_REFRESH_INTERVAL_SECS").then(|| "0".to_owned())
            })
            .unwrap();
        assert_eq!(config.refresh_interval_secs, 0);
        assert!(
            config
                .apply_env(|name| {
                    (name == "SUITE_SANCTIONS_REFRESH_INTERVAL_SECS").then(|| "6h".to_owned())
                })
                .is_err()
        );

        let config: Config = toml::from_str(
            "refresh_interval = 60\n[refresh_urls]\nun = [\"http://127.0.0.1:1/un.xml\"]\n",
        )
        .unwrap();
        assert_eq!(config.refresh_interval_secs, 60);
        let sources = config.refresh_sources().unwrap();
        assert_eq!(
            sources,
            vec![(
                Source::UnConsolidated,
                vec!["http://127.0.0.1:1/un.xml".to_owned()]
            )]
        );
        let mut wrong: Config = toml::from_str("[refresh_urls]\nofac = [\"http://x/\"]\n").unwrap();
        let error = wrong.apply_env(|_| None).unwrap_err().to_string();
        assert!(error.contains("\"ofac\" is not a list"), "{error}");
    }
}
