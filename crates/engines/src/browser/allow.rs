//! The operator's allow-list of internal destinations (off by default): what lets tests
//! capture pages they serve on 127.0.0.1, or an operator reach an intranet on purpose.

use std::net::{IpAddr, SocketAddr};

/// One allowed destination: a network, and optionally one port of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    net: ipnet::IpNet,
    port: Option<u16>,
}

/// The allow-list: empty unless configured.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<Allowed>);

impl AllowList {
    /// Parses entries written as `127.0.0.1`, `10.0.0.0/8`, `127.0.0.1:8080` or
    /// `[::1]:8080`.
    pub fn parse(entries: &[String]) -> Result<AllowList, String> {
        entries
            .iter()
            .map(|entry| parse_entry(entry.trim()))
            .collect::<Result<Vec<_>, _>>()
            .map(AllowList)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `addr` is allowed although the address policy refuses it.
    pub fn allows(&self, addr: SocketAddr) -> bool {
        self.0
            .iter()
            .any(|a| a.net.contains(&addr.ip()) && a.port.is_none_or(|port| port == addr.port()))
    }
}

fn parse_entry(entry: &str) -> Result<Allowed, String> {
    if let Ok(addr) = entry.parse::<SocketAddr>() {
        return Ok(Allowed {
            net: ipnet::IpNet::from(addr.ip()),
            port: Some(addr.port()),
        });
    }
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Ok(Allowed {
            net: ipnet::IpNet::from(ip),
            port: None,
        });
    }
    entry
        .parse::<ipnet::IpNet>()
        .map(|net| Allowed { net, port: None })
        .map_err(|_| {
            format!("`{entry}` is not an address, a network (10.0.0.0/8) or an address with a port")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(entries: &[&str]) -> AllowList {
        AllowList::parse(&entries.iter().map(|e| e.to_string()).collect::<Vec<_>>())
            .expect("valid list")
    }

    #[test]
    fn entries_match_address_network_and_port() {
        let allow = list(&["127.0.0.1:8080", "10.0.0.0/8", "[::1]:9000", "192.168.1.5"]);
        let ok = |s: &str| allow.allows(s.parse().expect("socket address"));
        assert!(ok("127.0.0.1:8080"));
        assert!(!ok("127.0.0.1:8081"));
        assert!(ok("10.200.3.4:443"));
        assert!(ok("[::1]:9000"));
        assert!(!ok("[::1]:9001"));
        assert!(ok("192.168.1.5:1"));
        assert!(!ok("192.168.1.6:1"));
    }

    #[test]
    fn bad_entries_are_named() {
        let err = AllowList::parse(&["localhost".to_owned()]).expect_err("not an address");
        assert!(err.contains("`localhost`"), "{err}");
        assert!(AllowList::default().is_empty());
    }
}
