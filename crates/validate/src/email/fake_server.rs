//! A loopback name server for the DNS tests (the server's own, and the conformance suite's
//! through the `testing` feature): it answers each question from a function of the record
//! type, for at most a fixed number of questions, so tests drive the real UDP client and wire
//! format without leaving the machine.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::dns::RecordType;

/// What the server does with one question.
pub enum Reply {
    /// NOERROR with these records (their RDATA) of the asked type; none is NODATA.
    Records(Vec<Vec<u8>>),
    /// An empty answer with this RCODE (2 SERVFAIL, 3 NXDOMAIN, 5 REFUSED).
    Rcode(u8),
    /// No answer at all.
    Silent,
}

/// One question the server received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub rtype: RecordType,
    /// The UDP payload size of the query's EDNS(0) OPT record, if it had one.
    pub edns_payload: Option<u16>,
}

/// A running loopback name server.
pub struct Server {
    pub addr: SocketAddr,
    asked: Arc<Mutex<Vec<Question>>>,
}

impl Server {
    /// The questions received so far, in order.
    pub fn asked(&self) -> Vec<Question> {
        self.asked.lock().map(|a| a.clone()).unwrap_or_default()
    }
}

const TYPES: [RecordType; 5] = [
    RecordType::A,
    RecordType::Ns,
    RecordType::Mx,
    RecordType::Txt,
    RecordType::Aaaa,
];

/// Starts a server on 127.0.0.1 that answers at most `max_questions` questions (and stops
/// after 10 s without one).
pub async fn start(
    answer: impl Fn(RecordType) -> Reply + Send + 'static,
    max_questions: usize,
) -> Server {
    let socket = tokio::net::UdpSocket::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = socket.local_addr().expect("addr");
    let asked = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&asked);
    tokio::spawn(async move {
        let mut buf = [0u8; 1500];
        for _ in 0..max_questions {
            let Ok(Ok((n, from))) =
                tokio::time::timeout(Duration::from_secs(10), socket.recv_from(&mut buf)).await
            else {
                return;
            };
            let query = &buf[..n];
            let Some((question, question_end)) = read_question(query) else {
                continue;
            };
            if let Ok(mut log) = log.lock() {
                log.push(question.clone());
            }
            let message = match answer(question.rtype) {
                Reply::Records(rdatas) => reply(query, question_end, 0, question.rtype, &rdatas),
                Reply::Rcode(rcode) => reply(query, question_end, rcode, question.rtype, &[]),
                Reply::Silent => continue,
            };
            let _ = socket.send_to(&message, from).await;
        }
    });
    Server { addr, asked }
}

/// The question of a query and where it ends; `None` for anything else.
fn read_question(query: &[u8]) -> Option<(Question, usize)> {
    let mut pos = 12;
    loop {
        let len = usize::from(*query.get(pos)?);
        pos += 1 + len;
        if len == 0 {
            break;
        }
    }
    let code = u16::from_be_bytes([*query.get(pos)?, *query.get(pos + 1)?]);
    let rtype = TYPES.into_iter().find(|t| t.code() == code)?;
    let question_end = pos + 4;
    // An OPT record right after the question: root owner, type 41, class = payload size.
    let additional = u16::from_be_bytes([*query.get(10)?, *query.get(11)?]);
    let edns_payload = match query.get(question_end..question_end + 5) {
        Some([0, 0, 41, hi, lo]) if additional > 0 => Some(u16::from_be_bytes([*hi, *lo])),
        _ => None,
    };
    Some((
        Question {
            rtype,
            edns_payload,
        },
        question_end,
    ))
}

/// A response to `query` carrying `rdatas` as records of `rtype`, owners compressed to the
/// question's name.
pub fn reply(
    query: &[u8],
    question_end: usize,
    rcode: u8,
    rtype: RecordType,
    rdatas: &[Vec<u8>],
) -> Vec<u8> {
    let mut msg = query[..question_end].to_vec();
    msg[2] = 0x80 | (query[2] & 0x01); // QR, RD as asked
    msg[3] = 0x80 | rcode; // RA
    let count = u8::try_from(rdatas.len()).expect("few records");
    msg[4..12].copy_from_slice(&[0, 1, 0, count, 0, 0, 0, 0]);
    for rdata in rdatas {
        msg.extend_from_slice(&[0xc0, 12]);
        msg.extend_from_slice(&rtype.code().to_be_bytes());
        msg.extend_from_slice(&[0, 1, 0, 0, 0, 60]);
        let len = u16::try_from(rdata.len()).expect("short record");
        msg.extend_from_slice(&len.to_be_bytes());
        msg.extend_from_slice(rdata);
    }
    msg
}

/// The RDATA of a TXT record made of these character-strings.
pub fn txt_rdata(strings: &[&str]) -> Vec<u8> {
    let mut rdata = Vec::new();
    for s in strings {
        rdata.push(u8::try_from(s.len()).expect("at most 255 bytes"));
        rdata.extend_from_slice(s.as_bytes());
    }
    rdata
}

/// The RDATA of an MX record (exchange uncompressed).
pub fn mx_rdata(preference: u16, exchange: &str) -> Vec<u8> {
    let mut rdata = preference.to_be_bytes().to_vec();
    for label in exchange.split('.').filter(|l| !l.is_empty()) {
        rdata.push(u8::try_from(label.len()).expect("short label"));
        rdata.extend_from_slice(label.as_bytes());
    }
    rdata.push(0);
    rdata
}
