//! The DNS wire format, as far as the check needs it: one recursive query (RFC 1035 4.1, with
//! EDNS(0) for TXT), and the answer read back (MX exchanges, TXT text, the response code).

use super::{Answer, Mx, RecordType};

/// The UDP payload a TXT query offers to receive (EDNS(0), RFC 6891): TXT answers often
/// exceed the classic 512 bytes. 1232 is the DNS Flag Day 2020 size, below any path MTU.
const EDNS_PAYLOAD: u16 = 1232;

/// A recursive query for one question (RFC 1035 4.1); `None` for a name no query can hold.
/// TXT queries carry an EDNS(0) OPT record; the others stay plain, as before.
pub(super) fn build_query(id: u16, name: &str, rtype: RecordType) -> Option<Vec<u8>> {
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
pub(super) fn parse_response(msg: &[u8], id: u16, rtype: RecordType) -> Option<Answer> {
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
mod tests {
    use super::super::tests::response;
    use super::*;

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
        use super::super::super::fake_server::{reply, txt_rdata};
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
}
