//! The SPF reject-all rule of python-email-validator's deliverability check: a domain with no
//! MX record whose mail would go to its A/AAAA address, but whose SPF policy is exactly
//! `v=spf1 -all` (RFC 7208: no host may send for it), does not use email at all. Only a TXT
//! answer that holds that record counts; a TXT lookup that fails, times out or finds other
//! records changes nothing.

use super::dns::{Answer, Dns, RecordType};

/// Why a domain is undeliverable by this rule.
pub const REJECT_ALL_REASON: &str = "The domain does not send or receive email (no MX record, and its SPF record is \"v=spf1 -all\").";

/// The one SPF record that marks a domain as not using email, compared byte for byte as the
/// reference does.
pub const REJECT_ALL: &str = "v=spf1 -all";

/// `ascii_domain` publishes the SPF reject-all record. `false` whenever the TXT lookup gives
/// no records, whatever the reason.
pub async fn rejects_all(dns: &dyn Dns, ascii_domain: &str) -> bool {
    match dns.query(ascii_domain, RecordType::Txt).await {
        Answer::Records { txt, .. } => txt.iter().any(|record| record == REJECT_ALL),
        Answer::NoData | Answer::NxDomain | Answer::Failed => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::dns::tests::{FakeDns, mx, records, txt};
    use super::super::dns::{Deliverability, MailHosts, UdpDns, mail_hosts};
    use super::super::fake_server::{self, Reply};
    use super::*;
    use std::time::Duration;

    /// Turns a lookup that never ends into a failure; far above any deadline used here.
    const HANG_GUARD: Duration = Duration::from_secs(60);

    const DEADLINE: Duration = Duration::from_secs(2);

    /// A domain with no MX record and an IPv4 address, and `answer` to its TXT question.
    fn fallback_domain(answer: Answer) -> FakeDns {
        FakeDns::honest()
            .with("parked.com", RecordType::Mx, Answer::NoData)
            .with("parked.com", RecordType::A, records(1))
            .with("parked.com", RecordType::Aaaa, Answer::NoData)
            .with("parked.com", RecordType::Txt, answer)
    }

    fn deliverable() -> MailHosts {
        MailHosts {
            deliverability: Deliverability::Deliverable,
            mx_records: true,
            reason: None,
        }
    }

    #[tokio::test]
    async fn reject_all_without_mx_is_undeliverable() {
        let dns = fallback_domain(txt(&["v=spf1 -all"]));
        let got = mail_hosts(&dns, "parked.com", DEADLINE).await;
        assert_eq!(
            got,
            MailHosts {
                deliverability: Deliverability::Undeliverable,
                mx_records: false,
                reason: Some(REJECT_ALL_REASON),
            }
        );
        // Among other TXT records, as the reference reads them (any record will do).
        let among = fallback_domain(txt(&["google-site-verification=abc", "v=spf1 -all"]));
        assert_eq!(
            mail_hosts(&among, "parked.com", DEADLINE)
                .await
                .deliverability,
            Deliverability::Undeliverable
        );
    }

    #[tokio::test]
    async fn reject_all_with_an_mx_stays_deliverable() {
        let dns = FakeDns::honest()
            .with("corp.com", RecordType::Mx, mx(&[(10, "mx.corp.com")]))
            .with("corp.com", RecordType::Txt, txt(&["v=spf1 -all"]));
        assert_eq!(mail_hosts(&dns, "corp.com", DEADLINE).await, deliverable());
    }

    #[tokio::test]
    async fn a_failed_txt_lookup_changes_nothing() {
        for answer in [Answer::Failed, Answer::NxDomain, Answer::NoData] {
            let dns = fallback_domain(answer.clone());
            assert_eq!(
                mail_hosts(&dns, "parked.com", DEADLINE).await,
                deliverable(),
                "{answer:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_txt_lookup_that_never_ends_changes_nothing() {
        let dns = FakeDns {
            hang: Some(RecordType::Txt),
            ..fallback_domain(txt(&["v=spf1 -all"]))
        };
        // The lookup never ends: an answer at all is the deadline holding (the guard only
        // turns a hang into a failure, it is not a speed bound).
        let got = tokio::time::timeout(
            HANG_GUARD,
            mail_hosts(&dns, "parked.com", Duration::from_millis(200)),
        )
        .await
        .expect("mail_hosts stops at its deadline");
        assert_eq!(got, deliverable());
    }

    #[tokio::test]
    async fn other_spf_records_change_nothing() {
        for record in [
            "v=spf1 include:_spf.example.com -all",
            "v=spf1 ~all",
            "v=spf1 ?all",
            "v=spf1 -all exp=explain.parked.com",
            "v=spf1 a -all",
            "v=spf1 -all ",
            " v=spf1 -all",
            "V=SPF1 -ALL",
            "v=spf1  -all",
            "v=spf10 -all",
            "google-site-verification=v=spf1 -all",
        ] {
            let dns = fallback_domain(txt(&[record]));
            assert_eq!(
                mail_hosts(&dns, "parked.com", DEADLINE).await,
                deliverable(),
                "{record:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_other_negative_answers_are_unchanged() {
        // No MX and no address: still the old reason, the TXT record is not what decides.
        let dns = FakeDns::honest()
            .with("empty.com", RecordType::Mx, Answer::NoData)
            .with("empty.com", RecordType::A, Answer::NoData)
            .with("empty.com", RecordType::Aaaa, Answer::NoData)
            .with("empty.com", RecordType::Txt, txt(&["v=spf1 -all"]));
        assert_eq!(
            mail_hosts(&dns, "empty.com", DEADLINE).await.reason,
            Some("The domain has no MX record and no address to fall back to.")
        );
    }

    #[tokio::test]
    async fn the_email_answer_names_the_rule() {
        let dns = FakeDns::honest()
            .with("nomail.org", RecordType::Mx, Answer::NoData)
            .with("nomail.org", RecordType::A, Answer::NoData)
            .with("nomail.org", RecordType::Aaaa, records(1))
            .with("nomail.org", RecordType::Txt, txt(&["v=spf1 -all"]));
        let got = super::super::check("jane@nomail.org", &dns, DEADLINE).await;
        assert!(got.format_valid && !got.valid && !got.mx_records);
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert_eq!(got.reason.as_deref(), Some(REJECT_ALL_REASON));
    }

    // ─────────────── the same through the UDP client and a loopback name server ───────────────

    fn udp(addr: std::net::SocketAddr) -> UdpDns {
        UdpDns {
            servers: vec![addr],
            per_server: Duration::from_millis(300),
        }
    }

    /// No MX, one A record, and `txt` for the TXT question.
    fn parked(txt: Reply) -> impl Fn(RecordType) -> Reply + Send + 'static {
        let txt = std::sync::Mutex::new(Some(txt));
        move |rtype| match rtype {
            RecordType::Mx | RecordType::Aaaa => Reply::Records(Vec::new()),
            RecordType::A => Reply::Records(vec![vec![192, 0, 2, 1]]),
            RecordType::Txt => txt
                .lock()
                .ok()
                .and_then(|mut t| t.take())
                .unwrap_or(Reply::Silent),
            RecordType::Ns => Reply::Rcode(2),
        }
    }

    #[tokio::test]
    async fn over_udp_reject_all_without_mx_is_undeliverable() {
        // Two character-strings that SPF reads as one record, next to an unrelated record.
        let server = fake_server::start(
            parked(Reply::Records(vec![
                fake_server::txt_rdata(&["v=spf1", " -all"]),
                fake_server::txt_rdata(&["hello"]),
            ])),
            8,
        )
        .await;
        let got = mail_hosts(&udp(server.addr), "parked.example", DEADLINE).await;
        assert_eq!(got.deliverability, Deliverability::Undeliverable);
        assert_eq!(got.reason, Some(REJECT_ALL_REASON));
        let asked = server.asked();
        let txt_query = asked
            .iter()
            .find(|q| q.rtype == RecordType::Txt)
            .expect("a TXT question");
        assert!(txt_query.edns_payload >= Some(1232), "{txt_query:?}");
        assert!(
            asked
                .iter()
                .filter(|q| q.rtype != RecordType::Txt)
                .all(|q| q.edns_payload.is_none()),
            "{asked:?}"
        );
    }

    #[tokio::test]
    async fn over_udp_a_failing_or_silent_txt_server_changes_nothing() {
        for reply in [Reply::Rcode(2), Reply::Rcode(5), Reply::Silent] {
            let server = fake_server::start(parked(reply), 8).await;
            let got = tokio::time::timeout(
                HANG_GUARD,
                mail_hosts(&udp(server.addr), "parked.example", DEADLINE),
            )
            .await
            .expect("mail_hosts stops at its deadline");
            assert_eq!(got, deliverable());
        }
    }

    #[tokio::test]
    async fn over_udp_a_domain_with_mx_is_not_asked_for_txt() {
        let server = fake_server::start(
            |rtype| match rtype {
                RecordType::Mx => {
                    Reply::Records(vec![fake_server::mx_rdata(10, "mx.corp.example")])
                }
                _ => Reply::Records(vec![fake_server::txt_rdata(&["v=spf1 -all"])]),
            },
            4,
        )
        .await;
        let got = mail_hosts(&udp(server.addr), "corp.example", DEADLINE).await;
        assert_eq!(got, deliverable());
        let asked: Vec<RecordType> = server.asked().iter().map(|q| q.rtype).collect();
        assert_eq!(asked, vec![RecordType::Mx]);
    }
}
