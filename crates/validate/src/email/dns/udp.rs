//! The UDP resolver: asks the configured name servers (else those of `/etc/resolv.conf`)
//! one after the other, each within its own time limit.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use super::codec::{build_query, parse_response};
use super::{Answer, Dns, DnsFuture, RecordType};

/// Asks `servers` (the configured ones, or [`UdpDns::system`]'s) over UDP, each for at most
/// `per_server`.
#[derive(Debug, Clone)]
pub struct UdpDns {
    pub servers: Vec<SocketAddr>,
    pub per_server: Duration,
}

impl UdpDns {
    /// The system's name servers (at most three, as the C library uses), or none.
    pub fn system(per_server: Duration) -> UdpDns {
        let conf = std::fs::read_to_string("/etc/resolv.conf").unwrap_or_default();
        UdpDns {
            servers: parse_resolv_conf(&conf),
            per_server,
        }
    }

    async fn ask(&self, server: SocketAddr, packet: &[u8], id: u16, rtype: RecordType) -> Answer {
        let bind: SocketAddr = if server.is_ipv4() {
            (Ipv4Addr::UNSPECIFIED, 0).into()
        } else {
            (Ipv6Addr::UNSPECIFIED, 0).into()
        };
        let exchange = async {
            let socket = tokio::net::UdpSocket::bind(bind).await.ok()?;
            socket.connect(server).await.ok()?;
            socket.send(packet).await.ok()?;
            let mut buf = [0u8; 1500];
            loop {
                let n = socket.recv(&mut buf).await.ok()?;
                // Anything that is not the answer to this question is ignored.
                if let Some(answer) = parse_response(&buf[..n], id, rtype) {
                    return Some(answer);
                }
            }
        };
        match tokio::time::timeout(self.per_server, exchange).await {
            Ok(Some(answer)) => answer,
            _ => Answer::Failed,
        }
    }
}

impl Dns for UdpDns {
    fn query<'a>(&'a self, name: &'a str, rtype: RecordType) -> DnsFuture<'a> {
        Box::pin(async move {
            let id: u16 = rand::random();
            let Some(packet) = build_query(id, name, rtype) else {
                return Answer::Failed;
            };
            for &server in &self.servers {
                match self.ask(server, &packet, id, rtype).await {
                    Answer::Failed => continue,
                    answer => return answer,
                }
            }
            Answer::Failed
        })
    }
}

fn parse_resolv_conf(conf: &str) -> Vec<SocketAddr> {
    conf.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some("nameserver"))
                .then(|| words.next())
                .flatten()
        })
        // A scoped IPv6 address (`fe80::1%eth0`) is left out.
        .filter_map(|addr| addr.parse::<IpAddr>().ok())
        .map(|ip| SocketAddr::new(ip, 53))
        .take(3)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::tests::response;
    use super::super::{Deliverability, mail_hosts};
    use super::*;

    /// Turns a question that never ends into a failure; far above any time limit used here
    /// (a guard against a hang, not a speed bound).
    const HANG_GUARD: Duration = Duration::from_secs(60);

    /// A loopback socket that reads nothing: a question to it ends only at a time limit.
    async fn silent_server() -> (tokio::net::UdpSocket, SocketAddr) {
        let silent = tokio::net::UdpSocket::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = silent.local_addr().expect("addr");
        (silent, addr)
    }

    /// A loopback name server answering one question with one MX record.
    async fn answering_server() -> SocketAddr {
        let server = tokio::net::UdpSocket::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = server.local_addr().expect("addr");
        tokio::spawn(async move {
            let mut buf = [0u8; 512];
            if let Ok((n, from)) = server.recv_from(&mut buf).await {
                let reply = response(&buf[..n], 0, &[(5, "mx.example.net")]);
                let _ = server.send_to(&reply, from).await;
            }
        });
        addr
    }

    #[test]
    fn reads_resolv_conf() {
        let conf =
            "# comment\nnameserver 10.0.0.53\nsearch x\nnameserver ::1\nnameserver fe80::1%eth0\n";
        assert_eq!(
            parse_resolv_conf(conf),
            vec![
                "10.0.0.53:53".parse::<SocketAddr>().expect("addr"),
                "[::1]:53".parse().expect("addr")
            ]
        );
    }

    #[tokio::test]
    async fn a_server_that_never_answers_fails_at_its_own_time_limit() {
        let (_silent, addr) = silent_server().await;
        let dns = UdpDns {
            servers: vec![addr],
            per_server: Duration::from_millis(150),
        };
        // `query` has no deadline but the per-server one: an answer at all is that limit
        // holding.
        let answer = tokio::time::timeout(HANG_GUARD, dns.query("gmail.com", RecordType::Mx))
            .await
            .expect("the per-server time limit ends the question");
        assert_eq!(answer, Answer::Failed);
        let got = mail_hosts(&dns, "gmail.com", Duration::from_secs(2)).await;
        assert_eq!(got.deliverability, Deliverability::Unknown);
    }

    #[tokio::test]
    async fn a_silent_server_is_passed_over_for_the_next() {
        let (_silent, silent) = silent_server().await;
        let dns = UdpDns {
            servers: vec![silent, answering_server().await],
            per_server: Duration::from_secs(1),
        };
        // The overall deadline is out of the way: only the silent server's own limit lets
        // the second one be asked.
        let got = mail_hosts(&dns, "example.net", HANG_GUARD).await;
        assert_eq!(got.deliverability, Deliverability::Deliverable);
    }

    #[tokio::test]
    async fn a_local_name_server_is_read() {
        let dns = UdpDns {
            servers: vec![answering_server().await],
            per_server: Duration::from_secs(1),
        };
        let got = mail_hosts(&dns, "example.net", Duration::from_secs(2)).await;
        assert_eq!(got.deliverability, Deliverability::Deliverable);
    }

    /// The machine's own resolver (offline here, or filtering) never claims a real provider
    /// is undeliverable, and whatever it does the check ends at its deadline.
    #[tokio::test]
    async fn the_system_resolver_never_hangs_nor_condemns() {
        let dns = UdpDns::system(Duration::from_millis(700));
        let got = tokio::time::timeout(
            HANG_GUARD,
            mail_hosts(&dns, "gmail.com", Duration::from_millis(1500)),
        )
        .await
        .expect("mail_hosts stops at its deadline");
        assert_ne!(got.deliverability, Deliverability::Undeliverable);
    }
}
