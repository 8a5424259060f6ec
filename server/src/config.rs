//! The server's configuration file: the platform's settings at the top level and one section
//! per API (`[validate]`, `[sanctions]`, `[docgen]`) and one per shared engine (`[browser]`,
//! `[office]`, `[ocr]`), each section's type owned by its API's or engine's folder, so the
//! platform knows no API. Read from TOML, then environment overrides, then defaults
//! (DESIGN §2). Unknown keys anywhere are an error.

use std::path::Path;

use anyhow::{Context, Result};
use serde::de::DeserializeOwned;

use crate::portal;
use suite_docgen as docgen;
use suite_engines::{browser, ocr, office};
use suite_platform as platform;
use suite_sanctions as sanctions;
use suite_validate as validate;

/// Everything the server reads at start.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The top-level settings and `[limits]`, `[testing]`.
    pub platform: platform::config::Config,
    pub validate: validate::config::Config,
    pub sanctions: sanctions::config::Config,
    /// The Chromium pool the screenshot and document APIs share (`[browser]`).
    pub browser: browser::config::Config,
    pub docgen: docgen::config::Config,
    /// The LibreOffice worker pool (`[office]`).
    pub office: office::config::Config,
    /// The OCR workers the document APIs share (`[ocr]`).
    pub ocr: ocr::config::Config,
    /// The customer portal (`[portal]`).
    pub portal: portal::config::Config,
}

impl Config {
    /// Reads `path` if given, then applies the environment's overrides.
    pub fn load(path: Option<&Path>) -> Result<Config> {
        let mut config = match path {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                Config::from_toml(&text).with_context(|| format!("parsing {}", path.display()))?
            }
            None => Config::default(),
        };
        config.apply_env(|name| std::env::var(name).ok())?;
        Ok(config)
    }

    /// The file's API sections go to their APIs, the rest to the platform.
    pub fn from_toml(text: &str) -> Result<Config> {
        let mut table: toml::Table = toml::from_str(text)?;
        Ok(Config {
            validate: section(&mut table, "validate")?,
            sanctions: section(&mut table, "sanctions")?,
            browser: section(&mut table, "browser")?,
            docgen: section(&mut table, "docgen")?,
            office: section(&mut table, "office")?,
            ocr: section(&mut table, "ocr")?,
            portal: section(&mut table, "portal")?,
            platform: toml::Value::Table(table).try_into()?,
        })
    }

    /// Every environment override, the platform's and each API's.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<()> {
        self.platform.apply_env(&var)?;
        self.validate.apply_env(&var)?;
        self.browser.apply_env(&var)?;
        self.portal.apply_env(&var)?;
        self.sanctions.apply_env(&var)
    }
}

/// Takes the `[name]` table out of `table` as the API's section type (its defaults when absent).
fn section<T: DeserializeOwned + Default>(table: &mut toml::Table, name: &str) -> Result<T> {
    match table.remove(name) {
        Some(value) => value
            .try_into()
            .with_context(|| format!("section [{name}]")),
        None => Ok(T::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_section_reaches_its_api_and_the_rest_the_platform() {
        let config = Config::from_toml(
            "listen = \"0.0.0.0:9000\"\n[limits]\nfile_bytes = 10\n\
             [sanctions]\nmax_matches = 5\n[validate]\ndns_servers = [\"9.9.9.9\"]\n",
        )
        .unwrap();
        assert_eq!(config.platform.listen, "0.0.0.0:9000");
        assert_eq!(config.platform.limits.file_bytes, 10);
        assert_eq!(config.sanctions.max_matches, 5);
        assert_eq!(config.validate.dns_servers, ["9.9.9.9"]);
    }

    #[test]
    fn unknown_keys_are_refused_at_the_top_and_in_sections() {
        assert!(Config::from_toml("lisen = \"x\"").is_err());
        let refused = Config::from_toml("[sanctions]\nmax_match = 5\n").unwrap_err();
        assert!(
            format!("{refused:#}").contains("[sanctions]"),
            "{refused:#}"
        );
    }

    #[test]
    fn the_environment_overrides_every_section() {
        let mut config = Config::default();
        config
            .apply_env(|name| match name {
                "SUITE_LISTEN" => Some("127.0.0.1:1".to_owned()),
                "SUITE_SANCTIONS_LIST_DIR" => Some("/l".to_owned()),
                "SUITE_DNS_SERVERS" => Some("1.1.1.1, 8.8.8.8".to_owned()),
                _ => None,
            })
            .unwrap();
        assert_eq!(config.platform.listen, "127.0.0.1:1");
        assert_eq!(config.sanctions.list_dir, Path::new("/l"));
        assert_eq!(config.validate.dns_servers.len(), 2);
    }
}
