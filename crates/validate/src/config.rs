//! The `[validate]` section of the server's configuration: which name servers the email
//! check asks. Read from the TOML file, then overridden by `SUITE_DNS_SERVERS`.

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, Result};
use serde::Deserialize;

/// The data validation API (`[validate]`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Name servers the email check asks, as `ip` or `ip:port` (`SUITE_DNS_SERVERS`, comma
    /// separated); empty means those of `/etc/resolv.conf`.
    pub dns_servers: Vec<String>,
}

impl Config {
    /// Applies the environment's overrides: `SUITE_DNS_SERVERS`.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<()> {
        if let Some(v) = var("SUITE_DNS_SERVERS") {
            self.dns_servers = v
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
        }
        Ok(())
    }

    /// The configured name servers, port 53 unless given.
    pub fn dns_servers(&self) -> Result<Vec<SocketAddr>> {
        self.dns_servers
            .iter()
            .map(|server| {
                let server = server.trim();
                server
                    .parse::<SocketAddr>()
                    .or_else(|_| server.parse::<IpAddr>().map(|ip| SocketAddr::new(ip, 53)))
                    .with_context(|| {
                        format!("dns_servers: {server:?} is not an IP address or IP:port")
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dns_servers_from_file_or_environment() {
        let mut config: Config =
            toml::from_str("dns_servers = [\"10.0.0.53\", \"[::1]:5353\"]\n").unwrap();
        assert_eq!(
            config.dns_servers().unwrap(),
            vec![
                "10.0.0.53:53".parse::<SocketAddr>().unwrap(),
                "[::1]:5353".parse().unwrap()
            ]
        );
        config
            .apply_env(|name| {
                (name == "SUITE_DNS_SERVERS").then(|| "127.0.0.1:53, ,::1".to_owned())
            })
            .unwrap();
        assert_eq!(config.dns_servers().unwrap().len(), 2);
        config.dns_servers = vec!["dns.example".to_owned()];
        let refused = config.dns_servers().unwrap_err();
        assert!(refused.to_string().contains("dns.example"), "{refused}");
        assert!(Config::default().dns_servers().unwrap().is_empty());
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert!(toml::from_str::<Config>("dns_server = [\"10.0.0.53\"]").is_err());
    }
}
