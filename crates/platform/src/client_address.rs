//! Who a request really comes from. Behind the connection guard dropshot sees the guard's
//! loopback relay socket as the peer, so the guard registers each relay's local address with
//! the client it carries; behind a front (nginx) the client is the last address the front
//! appended to `X-Forwarded-For`, believed only when the peer is one of the trusted proxies.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use http::HeaderMap;
use ipnet::IpNet;

/// The relays the connection guard holds open: relay socket → the client behind it.
#[derive(Default)]
pub struct RelayedPeers {
    peers: Mutex<HashMap<SocketAddr, IpAddr>>,
}

/// A relay's entry, removed when the relay ends.
pub struct Relayed {
    peers: Arc<RelayedPeers>,
    relay: SocketAddr,
}

impl RelayedPeers {
    /// Notes that the connection from `relay` carries `client`'s bytes until the answer drops.
    pub fn register(self: &Arc<Self>, relay: SocketAddr, client: IpAddr) -> Relayed {
        self.lock().insert(relay, client);
        Relayed {
            peers: Arc::clone(self),
            relay,
        }
    }

    /// The client behind the connection dropshot saw from `peer`.
    pub fn client_of(&self, peer: SocketAddr) -> IpAddr {
        self.lock().get(&peer).copied().unwrap_or(peer.ip())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<SocketAddr, IpAddr>> {
        self.peers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for Relayed {
    fn drop(&mut self) {
        self.peers.lock().remove(&self.relay);
    }
}

/// The client's address: `peer` itself, or — when `peer` is a trusted proxy — the address
/// that proxy put last in `X-Forwarded-For` (earlier entries are the client's own claims).
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted_proxies: &[IpNet]) -> IpAddr {
    if !trusted_proxies.iter().any(|net| net.contains(&peer)) {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|part| part.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn relays_resolve_to_their_client_until_dropped() {
        let peers = Arc::new(RelayedPeers::default());
        let relay: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        let entry = peers.register(relay, ip("203.0.113.7"));
        assert_eq!(peers.client_of(relay), ip("203.0.113.7"));
        drop(entry);
        assert_eq!(peers.client_of(relay), ip("127.0.0.1"));
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "198.51.100.1, 203.0.113.9".parse().unwrap(),
        );
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        assert_eq!(
            client_address(ip("10.1.2.3"), &headers, &trusted),
            ip("203.0.113.9"),
            "the front's own entry is the last one"
        );
        assert_eq!(
            client_address(ip("192.0.2.5"), &headers, &trusted),
            ip("192.0.2.5")
        );
        assert_eq!(
            client_address(ip("10.1.2.3"), &HeaderMap::new(), &trusted),
            ip("10.1.2.3")
        );
    }
}
