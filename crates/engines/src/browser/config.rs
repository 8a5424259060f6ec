//! The `[browser]` section of the server's configuration: which Chromium, how many pages at
//! once, when to restart it, and which internal destinations an operator opens on purpose.
//! Read from the TOML file, then overridden by `SUITE_BROWSER_BINARY`, `SUITE_BROWSER_JOBS`
//! and `SUITE_BROWSER_ALLOW_INTERNAL` (comma-separated).

use std::path::PathBuf;

use serde::Deserialize;

/// The Chromium pool (`[browser]`), shared by the screenshot and document APIs.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The Chromium binary; empty means `chromium` (Debian's package), then
    /// `chromium-browser` and `google-chrome` on `PATH`. Never downloaded.
    pub binary: PathBuf,
    /// Pages rendered at once (one browser context each); 0 means two per core, at least 4
    /// (a page spends much of its time waiting for the network, not on a core).
    pub jobs: usize,
    /// The browser is restarted after this many jobs (and after a failed health check).
    pub restart_after_jobs: u32,
    /// Seconds allowed for the capture or print itself, after the page has loaded.
    pub capture_timeout_secs: u64,
    /// Internal destinations pages may reach although the address policy refuses them:
    /// `127.0.0.1:8080`, `10.0.0.0/8`, `[::1]:9000`. Empty (the default) refuses every
    /// loopback, private, link-local and metadata address.
    pub allow_internal: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            binary: PathBuf::new(),
            jobs: 0,
            restart_after_jobs: 500,
            capture_timeout_secs: 30,
            allow_internal: Vec::new(),
        }
    }
}

impl Config {
    /// Applies the environment's overrides.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> anyhow::Result<()> {
        if let Some(v) = var("SUITE_BROWSER_BINARY") {
            self.binary = v.into();
        }
        if let Some(v) = var("SUITE_BROWSER_JOBS") {
            self.jobs = v.trim().parse().map_err(|_| {
                anyhow::anyhow!("SUITE_BROWSER_JOBS={v:?} is not a number of pages")
            })?;
        }
        if let Some(v) = var("SUITE_BROWSER_ALLOW_INTERNAL") {
            self.allow_internal = v
                .split(',')
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .map(str::to_owned)
                .collect();
        }
        Ok(())
    }

    /// Pages rendered at once.
    pub fn jobs(&self) -> usize {
        if self.jobs > 0 {
            return self.jobs;
        }
        std::thread::available_parallelism()
            .map(|n| n.get())
            .map_or(4, |cores| cores * 2)
            .max(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_refuse_internal_addresses_and_the_environment_wins() {
        let mut config: Config = toml::from_str("jobs = 3\n").expect("valid section");
        assert_eq!(config.jobs(), 3);
        assert!(config.allow_internal.is_empty());
        config
            .apply_env(|name| {
                (name == "SUITE_BROWSER_ALLOW_INTERNAL").then(|| "127.0.0.1:80, 10.0.0.0/8".into())
            })
            .expect("env");
        assert_eq!(config.allow_internal, ["127.0.0.1:80", "10.0.0.0/8"]);
        assert!(toml::from_str::<Config>("job = 3").is_err());
    }
}
