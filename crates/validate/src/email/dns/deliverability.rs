//! The deliverability decision: MX records, a null MX, the A/AAAA fallback vetoed by an SPF
//! reject-all record, and a negative answer believed only from a resolver that knows the
//! top-level domain exists.

use std::time::Duration;

use super::{Answer, Dns, RecordType};

/// Deliverability as DNS tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deliverability {
    Deliverable,
    Undeliverable,
    Unknown,
}

/// What the DNS check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailHosts {
    pub deliverability: Deliverability,
    /// The domain has MX records, or A/AAAA records that stand in for them.
    pub mx_records: bool,
    /// Why the domain is undeliverable, when it is.
    pub reason: Option<&'static str>,
}

impl MailHosts {
    fn unknown() -> MailHosts {
        MailHosts {
            deliverability: Deliverability::Unknown,
            mx_records: false,
            reason: None,
        }
    }

    fn deliverable() -> MailHosts {
        MailHosts {
            deliverability: Deliverability::Deliverable,
            mx_records: true,
            reason: None,
        }
    }

    fn undeliverable(reason: &'static str) -> MailHosts {
        MailHosts {
            deliverability: Deliverability::Undeliverable,
            mx_records: false,
            reason: Some(reason),
        }
    }
}

/// Decides whether `ascii_domain` accepts mail, within `deadline` overall.
pub async fn mail_hosts(dns: &dyn Dns, ascii_domain: &str, deadline: Duration) -> MailHosts {
    let until = tokio::time::Instant::now() + deadline;
    match tokio::time::timeout_at(until, decide(dns, ascii_domain)).await {
        Err(_) => MailHosts::unknown(),
        Ok(Found::Decided(hosts)) => hosts,
        // Only a reject-all record read in time vetoes the fallback: a TXT lookup that
        // fails or runs out of time leaves the domain deliverable.
        Ok(Found::AddressFallback) => {
            match tokio::time::timeout_at(until, super::super::spf::rejects_all(dns, ascii_domain))
                .await
            {
                Ok(true) => MailHosts::undeliverable(super::super::spf::REJECT_ALL_REASON),
                _ => MailHosts::deliverable(),
            }
        }
    }
}

/// What MX, A/AAAA and the top-level domain's NS records tell.
enum Found {
    Decided(MailHosts),
    /// No MX record, but an address that stands in for one (RFC 5321 5.1).
    AddressFallback,
}

async fn decide(dns: &dyn Dns, domain: &str) -> Found {
    let negative = match dns.query(domain, RecordType::Mx).await {
        Answer::Records { mx, .. } if mx.is_empty() => return Found::Decided(MailHosts::unknown()),
        Answer::Records { mx, .. } => {
            // RFC 7505: a single MX of preference 0 naming the root means "no mail".
            if mx.iter().all(|m| m.exchange.is_empty()) {
                return Found::Decided(MailHosts::undeliverable(
                    "The domain does not accept email (null MX).",
                ));
            }
            return Found::Decided(MailHosts::deliverable());
        }
        Answer::Failed => return Found::Decided(MailHosts::unknown()),
        Answer::NxDomain => "The domain name does not exist.",
        Answer::NoData => {
            // No MX: SMTP falls back to the domain's own address (RFC 5321 5.1).
            let (a, aaaa) = tokio::join!(
                dns.query(domain, RecordType::A),
                dns.query(domain, RecordType::Aaaa)
            );
            match (a, aaaa) {
                (Answer::Records { .. }, _) | (_, Answer::Records { .. }) => {
                    return Found::AddressFallback;
                }
                (Answer::Failed, _) | (_, Answer::Failed) => {
                    return Found::Decided(MailHosts::unknown());
                }
                _ => "The domain has no MX record and no address to fall back to.",
            }
        }
    };
    // A negative answer counts only if the same resolver knows the top-level domain: a
    // resolver that denies `com` exists is filtering, not informing.
    let tld = domain.rsplit('.').next().unwrap_or(domain);
    Found::Decided(match dns.query(tld, RecordType::Ns).await {
        Answer::Records { count, .. } if count > 0 => MailHosts::undeliverable(negative),
        _ => MailHosts::unknown(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{FakeDns, mx, records};
    use super::*;

    const DEADLINE: Duration = Duration::from_secs(2);

    async fn decide_for(dns: &FakeDns, domain: &str) -> MailHosts {
        mail_hosts(dns, domain, DEADLINE).await
    }

    #[tokio::test]
    async fn mx_records_make_a_domain_deliverable() {
        let dns =
            FakeDns::honest().with("example.com", RecordType::Mx, mx(&[(10, "mx.example.com")]));
        let got = decide_for(&dns, "example.com").await;
        assert_eq!(got.deliverability, Deliverability::Deliverable);
        assert!(got.mx_records);
    }

    #[tokio::test]
    async fn a_null_mx_refuses_mail() {
        let dns = FakeDns::honest().with("example.org", RecordType::Mx, mx(&[(0, "")]));
        let got = decide_for(&dns, "example.org").await;
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert!(!got.mx_records);
    }

    #[tokio::test]
    async fn without_mx_the_address_records_stand_in() {
        let dns = FakeDns::honest()
            .with("a.com", RecordType::Mx, Answer::NoData)
            .with("a.com", RecordType::A, Answer::NoData)
            .with("a.com", RecordType::Aaaa, records(1));
        let got = decide_for(&dns, "a.com").await;
        assert_eq!(got.deliverability, Deliverability::Deliverable);
        assert!(got.mx_records);
    }

    #[tokio::test]
    async fn no_mx_and_no_address_is_undeliverable() {
        let dns = FakeDns::honest()
            .with("b.com", RecordType::Mx, Answer::NoData)
            .with("b.com", RecordType::A, Answer::NoData)
            .with("b.com", RecordType::Aaaa, Answer::NoData);
        assert_eq!(
            decide_for(&dns, "b.com").await.deliverability,
            Deliverability::Undeliverable
        );
    }

    #[tokio::test]
    async fn a_missing_domain_is_undeliverable() {
        let dns = FakeDns::honest().with("nope.com", RecordType::Mx, Answer::NxDomain);
        let got = decide_for(&dns, "nope.com").await;
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert_eq!(got.reason, Some("The domain name does not exist."));
    }

    #[tokio::test]
    async fn a_resolver_that_denies_the_tld_is_not_believed() {
        // What this machine's sandboxed resolver does: NXDOMAIN for everything.
        let dns = FakeDns::default()
            .with("gmail.com", RecordType::Mx, Answer::NxDomain)
            .with("com", RecordType::Ns, Answer::NxDomain);
        assert_eq!(
            decide_for(&dns, "gmail.com").await.deliverability,
            Deliverability::Unknown
        );
    }

    #[tokio::test]
    async fn failures_are_unknown_never_undeliverable() {
        let failing = FakeDns::honest();
        assert_eq!(
            decide_for(&failing, "x.com").await.deliverability,
            Deliverability::Unknown
        );
        let half = FakeDns::honest()
            .with("c.com", RecordType::Mx, Answer::NoData)
            .with("c.com", RecordType::A, Answer::NoData);
        assert_eq!(
            decide_for(&half, "c.com").await.deliverability,
            Deliverability::Unknown
        );
    }

    #[tokio::test]
    async fn a_slow_resolver_is_cut_off_at_the_deadline() {
        let slow = FakeDns {
            delay: Some(Duration::from_secs(30)),
            ..FakeDns::honest().with("d.com", RecordType::Mx, mx(&[(10, "mx.d.com")]))
        };
        // Read to its end, the slow answer says deliverable: `Unknown` is the cut-off.
        let got = mail_hosts(&slow, "d.com", Duration::from_millis(200)).await;
        assert_eq!(got.deliverability, Deliverability::Unknown);
    }
}
