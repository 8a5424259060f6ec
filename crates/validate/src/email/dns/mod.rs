//! Whether a domain accepts mail, from DNS: its MX records (RFC 5321 5.1), a null MX (RFC
//! 7505), or failing MX the A/AAAA fallback, which an SPF reject-all record (`spf`) vetoes.
//! DNS goes through the [`Dns`] trait so the decision logic is tested with a fake;
//! [`UdpDns`] asks name servers (the configured ones, else the system's) over UDP with a
//! deadline. The rule that
//! matters: only a trustworthy negative answer makes an address undeliverable. A timeout, a
//! network error, a server failure, or a resolver that denies even the top-level domain
//! exists (as sandboxed and captive resolvers do) answers `unknown`, never `undeliverable`.
//!
//! This file holds the vocabulary (record types, answers, the [`Dns`] trait); the decision
//! is in `deliverability`, the resolvers in `udp` and `cache`, the DNS messages in `codec`.

mod cache;
mod codec;
mod deliverability;
mod udp;

use std::future::Future;
use std::pin::Pin;

pub use cache::CachedDns;
pub use deliverability::{Deliverability, MailHosts, mail_hosts};
pub use udp::UdpDns;

/// The record types the check asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordType {
    A,
    Ns,
    Mx,
    Txt,
    Aaaa,
}

impl RecordType {
    pub(crate) fn code(self) -> u16 {
        match self {
            RecordType::A => 1,
            RecordType::Ns => 2,
            RecordType::Mx => 15,
            RecordType::Txt => 16,
            RecordType::Aaaa => 28,
        }
    }
}

/// One MX record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mx {
    pub preference: u16,
    /// The exchange's name, without the final dot; empty for the root (a null MX).
    pub exchange: String,
}

/// What a name server said to one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Records of the asked type: their count, the MX records when MX was asked, and each
    /// TXT record's text (its character-strings joined) when TXT was asked.
    Records {
        count: usize,
        mx: Vec<Mx>,
        txt: Vec<String>,
    },
    /// The name exists but has no record of that type (NOERROR, empty answer).
    NoData,
    /// The name does not exist (NXDOMAIN).
    NxDomain,
    /// No usable answer: timeout, network error, SERVFAIL, REFUSED, truncation.
    Failed,
}

/// Future returned by [`Dns::query`].
pub type DnsFuture<'a> = Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;

/// A DNS resolver, as far as the email check needs one.
pub trait Dns: Send + Sync {
    /// Asks for `rtype` records of `name` (ASCII, no final dot).
    fn query<'a>(&'a self, name: &'a str, rtype: RecordType) -> DnsFuture<'a>;
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::time::Duration;

    /// A resolver that answers from a table; anything not in it is `Failed`.
    #[derive(Default)]
    pub(crate) struct FakeDns {
        pub(crate) answers: HashMap<(String, RecordType), Answer>,
        pub(crate) delay: Option<Duration>,
        /// Questions of this type are never answered.
        pub(crate) hang: Option<RecordType>,
    }

    impl FakeDns {
        pub(crate) fn with(mut self, name: &str, rtype: RecordType, answer: Answer) -> FakeDns {
            self.answers.insert((name.to_owned(), rtype), answer);
            self
        }

        /// A resolver that knows `com` and `org` exist.
        pub(crate) fn honest() -> FakeDns {
            FakeDns::default()
                .with("com", RecordType::Ns, records(13))
                .with("org", RecordType::Ns, records(6))
        }
    }

    pub(crate) fn records(count: usize) -> Answer {
        Answer::Records {
            count,
            mx: Vec::new(),
            txt: Vec::new(),
        }
    }

    pub(crate) fn mx(exchanges: &[(u16, &str)]) -> Answer {
        Answer::Records {
            count: exchanges.len(),
            mx: exchanges
                .iter()
                .map(|&(preference, exchange)| Mx {
                    preference,
                    exchange: exchange.to_owned(),
                })
                .collect(),
            txt: Vec::new(),
        }
    }

    pub(crate) fn txt(texts: &[&str]) -> Answer {
        Answer::Records {
            count: texts.len(),
            mx: Vec::new(),
            txt: texts.iter().map(|&t| t.to_owned()).collect(),
        }
    }

    impl Dns for FakeDns {
        fn query<'a>(&'a self, name: &'a str, rtype: RecordType) -> DnsFuture<'a> {
            Box::pin(async move {
                if let Some(delay) = self.delay {
                    tokio::time::sleep(delay).await;
                }
                if self.hang == Some(rtype) {
                    std::future::pending::<()>().await;
                }
                self.answers
                    .get(&(name.to_owned(), rtype))
                    .cloned()
                    .unwrap_or(Answer::Failed)
            })
        }
    }

    /// A response for `query` with the given rcode and MX answers (names uncompressed, the
    /// second answer's owner compressed to the question).
    pub(crate) fn response(query: &[u8], rcode: u8, answers: &[(u16, &str)]) -> Vec<u8> {
        let mut msg = query.to_vec();
        msg[2] |= 0x80;
        msg[3] = 0x80 | rcode;
        msg[7] = u8::try_from(answers.len()).expect("few");
        for (preference, exchange) in answers {
            msg.extend_from_slice(&[0xc0, 12]);
            msg.extend_from_slice(&15u16.to_be_bytes());
            msg.extend_from_slice(&[0, 1, 0, 0, 0, 60]);
            let mut rdata = preference.to_be_bytes().to_vec();
            for label in exchange.split('.').filter(|l| !l.is_empty()) {
                rdata.push(u8::try_from(label.len()).expect("short"));
                rdata.extend_from_slice(label.as_bytes());
            }
            rdata.push(0);
            msg.extend_from_slice(&u16::try_from(rdata.len()).expect("short").to_be_bytes());
            msg.extend_from_slice(&rdata);
        }
        msg
    }
}
