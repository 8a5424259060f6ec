//! Email address validation: syntax by python-email-validator's rules (`syntax`), the
//! disposable, role-account and typo lists (`lists`), and deliverability from DNS (`dns`,
//! MX with the A/AAAA fallback, vetoed by an SPF reject-all record (`spf`); `unknown` rather
//! than a guess when DNS cannot tell). No SMTP connection is ever made.

pub mod dns;
#[cfg(any(test, feature = "testing"))]
pub mod fake_server;
pub mod lists;
pub mod spf;
pub mod syntax;

use std::net::SocketAddr;
use std::time::Duration;

pub use dns::{CachedDns, Deliverability, Dns, UdpDns};

/// How long one email check may wait for DNS, all queries together.
pub const DNS_DEADLINE: Duration = Duration::from_millis(1500);
/// How long one name server may take to answer one question.
pub const DNS_PER_SERVER: Duration = Duration::from_millis(700);

/// How long a DNS answer is reused.
pub const DNS_TTL: Duration = Duration::from_secs(300);

/// The resolver used by the HTTP API: `servers`, or the system's when none are given; answers
/// kept for [`DNS_TTL`].
pub fn resolver(servers: Vec<SocketAddr>) -> CachedDns<UdpDns> {
    let udp = if servers.is_empty() {
        UdpDns::system(DNS_PER_SERVER)
    } else {
        UdpDns {
            servers,
            per_server: DNS_PER_SERVER,
        }
    };
    CachedDns::new(udp, DNS_TTL, 10_000)
}

/// What an email check finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailCheck {
    /// Valid syntax, and DNS does not say the domain refuses mail.
    pub valid: bool,
    pub format_valid: bool,
    /// Domain in IDNA ASCII form, lower case; empty when none could be read.
    pub domain: String,
    pub disposable: bool,
    pub mx_records: bool,
    /// `local_part@domain`, when the syntax is valid.
    pub normalized: Option<String>,
    pub local_part: Option<String>,
    pub role: bool,
    pub did_you_mean: Option<String>,
    pub deliverability: Deliverability,
    /// Why the address is not valid, when it is not.
    pub reason: Option<String>,
}

/// Checks `input`, asking `dns` about the domain within `deadline`.
pub async fn check(input: &str, dns: &dyn Dns, deadline: Duration) -> EmailCheck {
    let address = match syntax::parse(input) {
        Ok(address) => address,
        Err(reason) => return invalid_syntax(input, reason),
    };
    let hosts = dns::mail_hosts(dns, &address.ascii_domain, deadline).await;
    let valid = hosts.deliverability != Deliverability::Undeliverable;
    EmailCheck {
        valid,
        format_valid: true,
        disposable: lists::is_disposable(&address.ascii_domain),
        mx_records: hosts.mx_records,
        normalized: Some(format!("{}@{}", address.local_part, address.ascii_domain)),
        role: lists::is_role(&address.local_part),
        did_you_mean: lists::did_you_mean(&address.ascii_domain)
            .map(|domain| format!("{}@{domain}", address.local_part)),
        deliverability: hosts.deliverability,
        reason: hosts.reason.map(str::to_owned),
        local_part: Some(address.local_part),
        domain: address.ascii_domain,
    }
}

/// The answer for an address whose syntax is wrong: still the domain (lower case, as typed)
/// when one can be seen, the disposable flag and a typo suggestion for it.
fn invalid_syntax(input: &str, reason: String) -> EmailCheck {
    let domain = input
        .rsplit_once('@')
        .map(|(_, d)| d.trim().to_lowercase())
        .filter(|d| {
            !d.is_empty()
                && d.chars()
                    .all(|c| c.is_alphanumeric() || c == '.' || c == '-')
        })
        .unwrap_or_default();
    EmailCheck {
        valid: false,
        format_valid: false,
        disposable: !domain.is_empty() && lists::is_disposable(&domain),
        mx_records: false,
        normalized: None,
        local_part: None,
        role: false,
        did_you_mean: None,
        deliverability: Deliverability::Undeliverable,
        reason: Some(reason),
        domain,
    }
}

#[cfg(test)]
mod tests {
    use super::dns::tests::{FakeDns, mx};
    use super::dns::{Answer, RecordType};
    use super::*;

    const DEADLINE: Duration = Duration::from_secs(2);

    #[tokio::test]
    async fn a_good_address_with_mx() {
        let dns =
            FakeDns::honest().with("example.com", RecordType::Mx, mx(&[(10, "mx.example.com")]));
        let got = check("John.Smith@Example.COM", &dns, DEADLINE).await;
        assert!(got.valid && got.format_valid && got.mx_records);
        assert_eq!(got.deliverability, Deliverability::Deliverable);
        assert_eq!(got.normalized.as_deref(), Some("John.Smith@example.com"));
        assert_eq!(got.local_part.as_deref(), Some("John.Smith"));
        assert_eq!(got.domain, "example.com");
        assert!(!got.disposable && !got.role);
        assert_eq!(got.reason, None);
    }

    #[tokio::test]
    async fn offline_dns_keeps_a_good_address_valid() {
        let got = check("someone@gmail.com", &FakeDns::default(), DEADLINE).await;
        assert!(got.valid);
        assert_eq!(got.deliverability, Deliverability::Unknown);
        assert!(!got.mx_records);
    }

    #[tokio::test]
    async fn a_domain_without_mail_is_invalid() {
        let dns = FakeDns::honest().with("nowhere-at-all.com", RecordType::Mx, Answer::NxDomain);
        let got = check("a@nowhere-at-all.com", &dns, DEADLINE).await;
        assert!(got.format_valid && !got.valid);
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert_eq!(
            got.reason.as_deref(),
            Some("The domain name does not exist.")
        );
    }

    #[tokio::test]
    async fn disposable_role_and_typo() {
        let dns = FakeDns::default();
        let got = check("admin@mailinator.com", &dns, DEADLINE).await;
        assert!(got.disposable && got.role);
        let typo = check("jane@gmial.com", &dns, DEADLINE).await;
        assert_eq!(typo.did_you_mean.as_deref(), Some("jane@gmail.com"));
    }

    #[tokio::test]
    async fn bad_syntax_is_an_answer_with_a_reason() {
        let got = check("white space@example.com", &FakeDns::default(), DEADLINE).await;
        assert!(!got.valid && !got.format_valid);
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert_eq!(got.domain, "example.com");
        assert!(
            got.reason
                .expect("reason")
                .contains("invalid characters before the @-sign")
        );
        let none = check("   ", &FakeDns::default(), DEADLINE).await;
        assert_eq!(none.domain, "");
        assert_eq!(
            none.reason.as_deref(),
            Some("An email address must have an @-sign.")
        );
    }
}
