//! The platform's settings: the top level of the configuration file plus `[limits]` and
//! `[testing]` (each API's own section is read by the server's `config`). A TOML file, then
//! environment overrides, then defaults (DESIGN §2).

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use dropshot::ConfigLoggingLevel;
use serde::Deserialize;

/// Everything the server reads at start.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Address to listen on (`SUITE_LISTEN`).
    pub listen: String,
    /// Directory for the embedded SQLite database and the blob store (`SUITE_DATA_DIR`).
    pub data_dir: PathBuf,
    /// PostgreSQL URL (`DATABASE_URL`); empty means SQLite in `data_dir`.
    pub database_url: String,
    /// Public base URL used in `download_url` (`SUITE_PUBLIC_URL`); empty means the request's Host.
    pub public_url: String,
    /// PEM certificate chain (`SUITE_TLS_CERT`): with `tls_key`, the server speaks https
    /// itself; both empty means plain http (TLS terminated at a front, or loopback).
    pub tls_cert: PathBuf,
    /// PEM PKCS #8 private key of `tls_cert` (`SUITE_TLS_KEY`).
    pub tls_key: PathBuf,
    /// Bearer token of the admin API (`SUITE_OPERATOR_TOKEN`); empty disables the admin API.
    pub operator_token: String,
    /// Seconds a generated file stays downloadable (`SUITE_DOWNLOAD_TTL_SECS`).
    pub download_ttl_secs: i64,
    /// Seconds between sweeps of expired files.
    pub sweep_interval_secs: u64,
    /// The least severe log events written (`SUITE_LOG_LEVEL`): `info` writes one line per
    /// request (the access log), `warn` only problems.
    pub log_level: ConfigLoggingLevel,
    pub limits: Limits,
    pub testing: Testing,
}

/// Input limits; each one is answered with 413 when exceeded.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    pub json_body_bytes: usize,
    pub file_bytes: usize,
    pub form_text_bytes: usize,
    pub pdf_pages: u32,
    pub image_megapixels: u32,
    pub contract_text_bytes: usize,
    /// Seconds a JSON body may take to arrive in full; slower is 408 and the connection closes.
    pub body_timeout_secs: u64,
    /// Seconds a multipart body (uploads) may take to arrive in full.
    pub form_body_timeout_secs: u64,
    /// Calls of one API worked on at once; more wait in its queue.
    pub in_flight_per_api: usize,
    /// Calls of one API allowed to wait; more are answered 503.
    pub queue_per_api: usize,
    /// Seconds a connection may wait for its client (nothing sent yet, or an answer sent
    /// and no next request) before it is closed; 0 for never (`connection_guard.rs`).
    pub idle_timeout_secs: u64,
    /// Connections open at once, all clients together; more are closed on accept; 0 for no cap.
    pub max_connections: usize,
    /// Connections open at once from one client address; 0 for no cap (behind a front, whose
    /// address every connection has, set 0 and cap per client at the front).
    pub max_connections_per_client: usize,
}

/// Hooks for the conformance suite only; empty in production.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Testing {
    /// operationIds that fail with 500 right after admission (to prove refunds).
    pub fail_after_admission: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: "127.0.0.1:8080".into(),
            data_dir: PathBuf::from("data"),
            database_url: String::new(),
            public_url: String::new(),
            tls_cert: PathBuf::new(),
            tls_key: PathBuf::new(),
            operator_token: String::new(),
            download_ttl_secs: 24 * 3600,
            sweep_interval_secs: 300,
            log_level: ConfigLoggingLevel::Info,
            limits: Limits::default(),
            testing: Testing::default(),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        const MIB: usize = 1024 * 1024;
        Limits {
            json_body_bytes: MIB,
            file_bytes: 25 * MIB,
            form_text_bytes: 64 * 1024,
            pdf_pages: 100,
            image_megapixels: 50,
            contract_text_bytes: 2_000_000,
            body_timeout_secs: 30,
            form_body_timeout_secs: 120,
            in_flight_per_api: 64,
            queue_per_api: 256,
            idle_timeout_secs: 75,
            max_connections: 10_000,
            max_connections_per_client: 256,
        }
    }
}

impl Limits {
    /// The largest multipart body accepted for a form of at most `max_files` files (its
    /// batch bound; at least two): every file plus its fields.
    pub fn form_body_bytes(&self, max_files: Option<usize>) -> usize {
        self.file_bytes
            .saturating_mul(max_files.unwrap_or(0).max(2))
            .saturating_add(self.json_body_bytes)
    }
}

impl Config {
    /// Applies the environment's overrides of the platform's settings.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<()> {
        if let Some(v) = var("SUITE_LISTEN") {
            self.listen = v;
        }
        if let Some(v) = var("SUITE_DATA_DIR") {
            self.data_dir = v.into();
        }
        if let Some(v) = var("DATABASE_URL") {
            self.database_url = v;
        }
        if let Some(v) = var("SUITE_PUBLIC_URL") {
            self.public_url = v;
        }
        if let Some(v) = var("SUITE_TLS_CERT") {
            self.tls_cert = v.into();
        }
        if let Some(v) = var("SUITE_TLS_KEY") {
            self.tls_key = v.into();
        }
        if let Some(v) = var("SUITE_OPERATOR_TOKEN") {
            self.operator_token = v;
        }
        if let Some(v) = var("SUITE_LOG_LEVEL") {
            self.log_level = match v.to_ascii_lowercase().as_str() {
                "trace" => ConfigLoggingLevel::Trace,
                "debug" => ConfigLoggingLevel::Debug,
                "info" => ConfigLoggingLevel::Info,
                "warn" => ConfigLoggingLevel::Warn,
                "error" => ConfigLoggingLevel::Error,
                "critical" => ConfigLoggingLevel::Critical,
                other => bail!(
                    "SUITE_LOG_LEVEL must be one of trace, debug, info, warn, error, critical, not {other:?}"
                ),
            };
        }
        if let Some(v) = var("SUITE_DOWNLOAD_TTL_SECS") {
            self.download_ttl_secs = v
                .parse()
                .context("SUITE_DOWNLOAD_TTL_SECS must be an integer")?;
        }
        Ok(())
    }

    /// The database URL actually used: PostgreSQL if configured, else SQLite in the data dir.
    pub fn effective_database_url(&self) -> String {
        if self.database_url.is_empty() {
            format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("suite.db").display()
            )
        } else {
            self.database_url.clone()
        }
    }

    /// The certificate and key files when the server terminates TLS itself: `None` when
    /// neither is set; an error naming what is missing when only one is, or when a file
    /// cannot be read.
    pub fn tls_files(&self) -> Result<Option<(PathBuf, PathBuf)>> {
        let (cert, key) = (&self.tls_cert, &self.tls_key);
        match (cert.as_os_str().is_empty(), key.as_os_str().is_empty()) {
            (true, true) => Ok(None),
            (false, true) => bail!("tls_cert is set but tls_key is not: set both, or neither"),
            (true, false) => bail!("tls_key is set but tls_cert is not: set both, or neither"),
            (false, false) => {
                for (setting, path) in [("tls_cert", cert), ("tls_key", key)] {
                    std::fs::File::open(path)
                        .with_context(|| format!("{setting}: cannot read {}", path.display()))?;
                }
                Ok(Some((cert.clone(), key.clone())))
            }
        }
    }

    /// The scheme of the URLs this server hands out when no public URL is configured.
    pub fn scheme(&self) -> &'static str {
        if self.tls_cert.as_os_str().is_empty() {
            "http"
        } else {
            "https"
        }
    }

    pub fn blob_dir(&self) -> PathBuf {
        self.data_dir.join("blobs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_then_environment() {
        let mut config: Config =
            toml::from_str("listen = \"0.0.0.0:9000\"\n[limits]\nfile_bytes = 10\n").unwrap();
        assert_eq!(config.limits.file_bytes, 10);
        config
            .apply_env(|name| (name == "SUITE_LISTEN").then(|| "127.0.0.1:1".to_owned()))
            .unwrap();
        assert_eq!(config.listen, "127.0.0.1:1");
    }

    #[test]
    fn log_level_from_file_or_environment() {
        let mut config: Config = toml::from_str("log_level = \"warn\"\n").unwrap();
        assert!(matches!(config.log_level, ConfigLoggingLevel::Warn));
        config
            .apply_env(|name| (name == "SUITE_LOG_LEVEL").then(|| "DEBUG".to_owned()))
            .unwrap();
        assert!(matches!(config.log_level, ConfigLoggingLevel::Debug));
        let refused = config
            .apply_env(|name| (name == "SUITE_LOG_LEVEL").then(|| "loud".to_owned()))
            .unwrap_err();
        assert!(refused.to_string().contains("SUITE_LOG_LEVEL"), "{refused}");
    }

    #[test]
    fn tls_needs_both_files_and_names_the_one_it_cannot_read() {
        let mut config = Config::default();
        assert!(config.tls_files().unwrap().is_none());
        assert_eq!(config.scheme(), "http");
        config
            .apply_env(|name| {
                (name == "SUITE_TLS_CERT").then(|| "/nonexistent/cert.pem".to_owned())
            })
            .unwrap();
        let refused = config.tls_files().unwrap_err().to_string();
        assert!(refused.contains("tls_key is not"), "{refused}");
        config.tls_key = "/nonexistent/key.pem".into();
        let refused = format!("{:#}", config.tls_files().unwrap_err());
        assert!(
            refused.contains("tls_cert: cannot read /nonexistent/cert.pem"),
            "{refused}"
        );
        assert_eq!(config.scheme(), "https");
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert!(toml::from_str::<Config>("lisen = \"x\"").is_err());
    }

    #[test]
    fn sqlite_is_the_default() {
        let config = Config {
            data_dir: "/tmp/x".into(),
            ..Config::default()
        };
        assert_eq!(
            config.effective_database_url(),
            "sqlite:///tmp/x/suite.db?mode=rwc"
        );
    }
}
