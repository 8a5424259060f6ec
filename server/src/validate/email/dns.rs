//! Whether a domain accepts mail, from DNS: its MX records (RFC 5321 5.1), a null MX (RFC
//! 7505), or failing MX the A/AAAA fallback, which an SPF reject-all record (`spf`) vetoes.
//! DNS goes through the [`Dns`] trait so the decision logic is tested with a fake;
//! [`UdpDns`] asks name servers (the configured ones, else the system's) over UDP with a
//! deadline. The rule that
//! matters: only a trustworthy negative answer makes an address undeliverable. A timeout, a
//! network error, a server failure, or a resolver that denies even the top-level domain
//! exists (as sandboxed and captive resolvers do) answers `unknown`, never `undeliverable`.

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::time::Duration;

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
            match tokio::time::timeout_at(until, super::spf::rejects_all(dns, ascii_domain)).await {
                Ok(true) => MailHosts::undeliverable(super::spf::REJECT_ALL_REASON),
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

// ─────────────────────────────────── the UDP resolver ───────────────────────────────────

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

/// A [`Dns`] that remembers answers for `ttl` (failures are never remembered), so repeated
/// checks of one domain cost one lookup. At most `capacity` answers are kept; when full,
/// the memory is emptied and starts over.
pub struct CachedDns<D> {
    inner: D,
    ttl: Duration,
    capacity: usize,
    memory: std::sync::Mutex<
        std::collections::HashMap<(String, RecordType), (Answer, std::time::Instant)>,
    >,
}

impl<D: Dns> CachedDns<D> {
    pub fn new(inner: D, ttl: Duration, capacity: usize) -> CachedDns<D> {
        CachedDns {
            inner,
            ttl,
            capacity,
            memory: std::sync::Mutex::new(std::collections::HashMap::new()),
        }
    }

    fn recall(&self, key: &(String, RecordType)) -> Option<Answer> {
        let memory = self.memory.lock().ok()?;
        let (answer, at) = memory.get(key)?;
        (at.elapsed() < self.ttl).then(|| answer.clone())
    }

    fn remember(&self, key: (String, RecordType), answer: &Answer) {
        if *answer == Answer::Failed {
            return;
        }
        if let Ok(mut memory) = self.memory.lock() {
            if memory.len() >= self.capacity {
                memory.clear();
            }
            memory.insert(key, (answer.clone(), std::time::Instant::now()));
        }
    }
}

impl<D: Dns> Dns for CachedDns<D> {
    fn query<'a>(&'a self, name: &'a str, rtype: RecordType) -> DnsFuture<'a> {
        Box::pin(async move {
            let key = (name.to_ascii_lowercase(), rtype);
            if let Some(answer) = self.recall(&key) {
                return answer;
            }
            let answer = self.inner.query(name, rtype).await;
            self.remember(key, &answer);
            answer
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

/// The UDP payload a TXT query offers to receive (EDNS(0), RFC 6891): TXT answers often
/// exceed the classic 512 bytes. 1232 is the DNS Flag Day 2020 size, below any path MTU.
pub(crate) const EDNS_PAYLOAD: u16 = 1232;

/// A recursive query for one question (RFC 1035 4.1); `None` for a name no query can hold.
/// TXT queries carry an EDNS(0) OPT record; the others stay plain, as before.
fn build_query(id: u16, name: &str, rtype: RecordType) -> Option<Vec<u8>> {
    let edns = rtype == RecordType::Txt;
    let mut packet = Vec::with_capacity(48 + name.len());
    packet.extend_from_slice(&id.to_be_bytes());
    packet.extend_from_slice(&[0x01, 0x00]); // RD
    packet.extend_from_slice(&[0, 1, 0, 0, 0, 0, 0, u8::from(edns)]); // QD=1, AR=0 or 1
    for label in name.trim_end_matches('.').split('.') {
        let len = u8::try_from(label.len())
            .ok()
            .filter(|&n| (1..=63).contains(&n))?;
        packet.push(len);
        packet.extend_from_slice(label.as_bytes());
    }
    packet.push(0);
    packet.extend_from_slice(&rtype.code().to_be_bytes());
    packet.extend_from_slice(&[0, 1]); // IN
    if packet.len() > 512 {
        return None;
    }
    if edns {
        // Root owner, type OPT (41), class = payload size, no extended flags, no options.
        packet.push(0);
        packet.extend_from_slice(&41u16.to_be_bytes());
        packet.extend_from_slice(&EDNS_PAYLOAD.to_be_bytes());
        packet.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    }
    Some(packet)
}

/// Reads a response; `None` if it is not a response to query `id`.
fn parse_response(msg: &[u8], id: u16, rtype: RecordType) -> Option<Answer> {
    let u16_at =
        |i: usize| -> Option<u16> { Some(u16::from_be_bytes([*msg.get(i)?, *msg.get(i + 1)?])) };
    if u16_at(0)? != id || msg.get(2)? & 0x80 == 0 {
        return None;
    }
    let truncated = msg[2] & 0x02 != 0;
    let rcode = msg.get(3)? & 0x0f;
    match rcode {
        0 => {}
        3 => return Some(Answer::NxDomain),
        _ => return Some(Answer::Failed),
    }
    let questions = u16_at(4)?;
    let answers = u16_at(6)?;
    let mut pos = 12;
    for _ in 0..questions {
        pos = skip_name(msg, pos)? + 4;
    }
    let mut count = 0;
    let mut mx = Vec::new();
    let mut txt = Vec::new();
    for _ in 0..answers {
        let Some(after_name) = skip_name(msg, pos) else {
            break;
        };
        let (Some(rr_type), Some(rd_len)) = (u16_at(after_name), u16_at(after_name + 8)) else {
            break;
        };
        let rdata = after_name + 10;
        let end = rdata + usize::from(rd_len);
        if end > msg.len() {
            break;
        }
        if rr_type == rtype.code() {
            count += 1;
            if rtype == RecordType::Mx {
                let preference = u16_at(rdata)?;
                let exchange = read_name(msg, rdata + 2)?;
                mx.push(Mx {
                    preference,
                    exchange,
                });
            }
            if rtype == RecordType::Txt {
                txt.push(read_character_strings(&msg[rdata..end])?);
            }
        }
        pos = end;
    }
    Some(if count > 0 {
        Answer::Records { count, mx, txt }
    } else if truncated {
        Answer::Failed
    } else {
        Answer::NoData
    })
}

/// A TXT record's text: its character-strings (RFC 1035 3.3.14) joined with nothing between
/// them, as SPF reads them (RFC 7208 3.3); `None` if a length runs past the record.
fn read_character_strings(rdata: &[u8]) -> Option<String> {
    let mut text = Vec::with_capacity(rdata.len());
    let mut rest = rdata;
    while let Some((&len, tail)) = rest.split_first() {
        let piece = tail.get(..usize::from(len))?;
        text.extend_from_slice(piece);
        rest = &tail[usize::from(len)..];
    }
    Some(String::from_utf8_lossy(&text).into_owned())
}

/// The position after the (possibly compressed) name at `pos`.
fn skip_name(msg: &[u8], mut pos: usize) -> Option<usize> {
    loop {
        let len = *msg.get(pos)?;
        match len {
            0 => return Some(pos + 1),
            l if l & 0xc0 == 0xc0 => return Some(pos + 2),
            l => pos += 1 + usize::from(l),
        }
    }
}

/// The name at `pos`, following compression pointers (at most 64 of them).
fn read_name(msg: &[u8], mut pos: usize) -> Option<String> {
    let mut labels: Vec<String> = Vec::new();
    for _ in 0..64 {
        let len = *msg.get(pos)?;
        if len == 0 {
            return Some(labels.join("."));
        }
        if len & 0xc0 == 0xc0 {
            pos = usize::from(u16::from_be_bytes([len & 0x3f, *msg.get(pos + 1)?]));
            continue;
        }
        let label = msg.get(pos + 1..pos + 1 + usize::from(len))?;
        labels.push(String::from_utf8_lossy(label).into_owned());
        pos += 1 + usize::from(len);
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::time::Instant;

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
        let started = Instant::now();
        let got = mail_hosts(&slow, "d.com", Duration::from_millis(200)).await;
        assert_eq!(got.deliverability, Deliverability::Unknown);
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    /// Counts the questions that reach it.
    struct Counting(std::sync::atomic::AtomicUsize, Answer);

    impl Dns for Counting {
        fn query<'a>(&'a self, _: &'a str, _: RecordType) -> DnsFuture<'a> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let answer = self.1.clone();
            Box::pin(async move { answer })
        }
    }

    #[tokio::test]
    async fn answers_are_remembered_failures_are_not() {
        let cached = CachedDns::new(
            Counting(0.into(), mx(&[(10, "mx.e.com")])),
            Duration::from_secs(60),
            2,
        );
        for _ in 0..3 {
            cached.query("E.com", RecordType::Mx).await;
            cached.query("e.com", RecordType::Mx).await;
        }
        assert_eq!(cached.inner.0.load(std::sync::atomic::Ordering::SeqCst), 1);
        let failing = CachedDns::new(
            Counting(0.into(), Answer::Failed),
            Duration::from_secs(60),
            2,
        );
        failing.query("e.com", RecordType::Mx).await;
        failing.query("e.com", RecordType::Mx).await;
        assert_eq!(failing.inner.0.load(std::sync::atomic::Ordering::SeqCst), 2);
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

    /// A response for `query` with the given rcode and MX answers (names uncompressed, the
    /// second answer's owner compressed to the question).
    fn response(query: &[u8], rcode: u8, answers: &[(u16, &str)]) -> Vec<u8> {
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

    #[test]
    fn builds_and_reads_messages() {
        let query = build_query(0x1234, "example.com", RecordType::Mx).expect("query");
        assert_eq!(&query[12..25], b"\x07example\x03com\x00");
        let answer = response(&query, 0, &[(10, "mx1.example.com"), (0, "")]);
        assert_eq!(
            parse_response(&answer, 0x1234, RecordType::Mx),
            Some(Answer::Records {
                count: 2,
                mx: vec![
                    Mx {
                        preference: 10,
                        exchange: "mx1.example.com".into()
                    },
                    Mx {
                        preference: 0,
                        exchange: String::new()
                    },
                ],
                txt: Vec::new(),
            })
        );
        assert_eq!(parse_response(&answer, 0x9999, RecordType::Mx), None);
        let nx = response(&query, 3, &[]);
        assert_eq!(
            parse_response(&nx, 0x1234, RecordType::Mx),
            Some(Answer::NxDomain)
        );
        let empty = response(&query, 0, &[]);
        assert_eq!(
            parse_response(&empty, 0x1234, RecordType::Mx),
            Some(Answer::NoData)
        );
        let servfail = response(&query, 2, &[]);
        assert_eq!(
            parse_response(&servfail, 0x1234, RecordType::Mx),
            Some(Answer::Failed)
        );
        assert_eq!(parse_response(&answer[..20], 0x1234, RecordType::Mx), None);
        assert!(build_query(1, &"a".repeat(64), RecordType::A).is_none());
    }

    #[test]
    fn txt_queries_offer_edns_and_txt_answers_are_read() {
        use super::super::fake_server::{reply, txt_rdata};
        let plain = build_query(7, "example.com", RecordType::Mx).expect("query");
        assert_eq!(&plain[10..12], &[0, 0], "no additional record");
        let query = build_query(7, "example.com", RecordType::Txt).expect("query");
        assert_eq!(&query[10..12], &[0, 1], "one additional record");
        assert_eq!(query.len(), plain.len() + 11);
        let [hi, lo] = EDNS_PAYLOAD.to_be_bytes();
        assert_eq!(&query[plain.len()..], &[0, 0, 41, hi, lo, 0, 0, 0, 0, 0, 0]);
        let records = [
            txt_rdata(&["v=spf1", " -all"]),
            txt_rdata(&["google-site-verification=x"]),
            txt_rdata(&[]),
        ];
        let answer = reply(&query, plain.len(), 0, RecordType::Txt, &records);
        assert_eq!(
            parse_response(&answer, 7, RecordType::Txt),
            Some(Answer::Records {
                count: 3,
                mx: Vec::new(),
                txt: vec![
                    "v=spf1 -all".to_owned(),
                    "google-site-verification=x".to_owned(),
                    String::new()
                ],
            })
        );
        // A character-string longer than its record is not an answer.
        let broken = reply(
            &query,
            plain.len(),
            0,
            RecordType::Txt,
            &[vec![9, b'v', b'=']],
        );
        assert_eq!(parse_response(&broken, 7, RecordType::Txt), None);
        let nodata = reply(&query, plain.len(), 0, RecordType::Txt, &[]);
        assert_eq!(
            parse_response(&nodata, 7, RecordType::Txt),
            Some(Answer::NoData)
        );
    }

    #[tokio::test]
    async fn a_server_that_never_answers_times_out_as_unknown() {
        // A loopback socket that reads nothing: the query waits for its deadline.
        let silent = tokio::net::UdpSocket::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let dns = UdpDns {
            servers: vec![silent.local_addr().expect("addr")],
            per_server: Duration::from_millis(150),
        };
        let started = Instant::now();
        let got = mail_hosts(&dns, "gmail.com", Duration::from_secs(2)).await;
        assert_eq!(got.deliverability, Deliverability::Unknown);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }

    #[tokio::test]
    async fn a_local_name_server_is_read() {
        // A loopback name server answering one MX record.
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
        let dns = UdpDns {
            servers: vec![addr],
            per_server: Duration::from_secs(1),
        };
        let got = mail_hosts(&dns, "example.net", Duration::from_secs(2)).await;
        assert_eq!(got.deliverability, Deliverability::Deliverable);
    }

    /// The machine's own resolver (offline here, or filtering) must answer quickly and
    /// never claim a real provider is undeliverable.
    #[tokio::test]
    async fn the_system_resolver_never_hangs_nor_condemns() {
        let dns = UdpDns::system(Duration::from_millis(700));
        let started = Instant::now();
        let got = mail_hosts(&dns, "gmail.com", Duration::from_millis(1500)).await;
        assert_ne!(got.deliverability, Deliverability::Undeliverable);
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
    }
}
