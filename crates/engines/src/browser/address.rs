//! Which network addresses a page may reach: only public unicast ones. Every address the
//! browser connects to (the page, its redirects and every sub-request) passes this check in
//! the egress proxy, and the URL a caller sends passes it before admission.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address is refused; the text is part of the `url_not_allowed` message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    Unspecified,
    Loopback,
    Private,
    LinkLocal,
    SharedCgnat,
    Multicast,
    Reserved,
    CloudMetadata,
    Documentation,
}

impl Refusal {
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Unspecified => "an unspecified address",
            Refusal::Loopback => "a loopback address",
            Refusal::Private => "a private network address",
            Refusal::LinkLocal => "a link-local address",
            Refusal::SharedCgnat => "a shared (CGNAT) address",
            Refusal::Multicast => "a multicast or broadcast address",
            Refusal::Reserved => "a reserved address",
            Refusal::CloudMetadata => "a cloud metadata address",
            Refusal::Documentation => "a documentation or benchmarking address",
        }
    }
}

/// `Ok` for a public unicast address, else why not. IPv6 forms that carry an IPv4 address
/// (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) are judged by the address they carry.
pub fn check(ip: IpAddr) -> Result<(), Refusal> {
    match ip {
        IpAddr::V4(v4) => check_v4(v4),
        IpAddr::V6(v6) => check_v6(v6),
    }
}

fn in_v4(ip: Ipv4Addr, net: [u8; 4], prefix: u32) -> bool {
    let mask = if prefix == 0 {
        0
    } else {
        u32::MAX << (32 - prefix)
    };
    u32::from(ip) & mask == u32::from(Ipv4Addr::from(net)) & mask
}

fn check_v4(ip: Ipv4Addr) -> Result<(), Refusal> {
    // Cloud metadata services first: some sit inside ranges refused for another reason.
    const METADATA: [[u8; 4]; 3] = [
        [169, 254, 169, 254], // AWS, GCP, Azure, DigitalOcean, OpenStack
        [100, 100, 100, 200], // Alibaba Cloud
        [192, 0, 0, 192],     // Oracle Cloud
    ];
    if METADATA.iter().any(|m| ip == Ipv4Addr::from(*m)) {
        return Err(Refusal::CloudMetadata);
    }
    let table: &[([u8; 4], u32, Refusal)] = &[
        ([0, 0, 0, 0], 8, Refusal::Unspecified),
        ([127, 0, 0, 0], 8, Refusal::Loopback),
        ([10, 0, 0, 0], 8, Refusal::Private),
        ([172, 16, 0, 0], 12, Refusal::Private),
        ([192, 168, 0, 0], 16, Refusal::Private),
        ([169, 254, 0, 0], 16, Refusal::LinkLocal),
        ([100, 64, 0, 0], 10, Refusal::SharedCgnat),
        ([192, 0, 0, 0], 24, Refusal::Reserved),
        ([192, 88, 99, 0], 24, Refusal::Reserved),
        ([192, 0, 2, 0], 24, Refusal::Documentation),
        ([198, 51, 100, 0], 24, Refusal::Documentation),
        ([203, 0, 113, 0], 24, Refusal::Documentation),
        ([198, 18, 0, 0], 15, Refusal::Documentation),
        ([224, 0, 0, 0], 4, Refusal::Multicast),
        ([255, 255, 255, 255], 32, Refusal::Multicast),
        ([240, 0, 0, 0], 4, Refusal::Reserved),
    ];
    match table
        .iter()
        .find(|(net, prefix, _)| in_v4(ip, *net, *prefix))
    {
        Some((_, _, refusal)) => Err(*refusal),
        None => Ok(()),
    }
}

fn in_v6(ip: Ipv6Addr, net: Ipv6Addr, prefix: u32) -> bool {
    let mask = if prefix == 0 {
        0
    } else {
        u128::MAX << (128 - prefix)
    };
    u128::from(ip) & mask == u128::from(net) & mask
}

fn v6(segments: [u16; 8]) -> Ipv6Addr {
    Ipv6Addr::from(segments)
}

fn check_v6(ip: Ipv6Addr) -> Result<(), Refusal> {
    let bits = u128::from(ip);
    if ip.is_unspecified() {
        return Err(Refusal::Unspecified);
    }
    if ip.is_loopback() {
        return Err(Refusal::Loopback);
    }
    // Forms that carry an IPv4 address in their low or middle bits.
    let carried = |shift: u32| Ipv4Addr::from((bits >> shift) as u32);
    if in_v6(ip, v6([0, 0, 0, 0, 0, 0xffff, 0, 0]), 96) || in_v6(ip, Ipv6Addr::UNSPECIFIED, 96) {
        return check_v4(carried(0)); // IPv4-mapped, IPv4-compatible
    }
    if in_v6(ip, v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0]), 96) {
        return check_v4(carried(0)); // NAT64 well-known prefix
    }
    if in_v6(ip, v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0]), 48) {
        return Err(Refusal::Private); // NAT64 local-use prefix
    }
    if in_v6(ip, v6([0x2002, 0, 0, 0, 0, 0, 0, 0]), 16) {
        return check_v4(carried(80)); // 6to4
    }
    if in_v6(ip, v6([0x2001, 0, 0, 0, 0, 0, 0, 0]), 32) {
        return check_v4(Ipv4Addr::from(!(bits as u32))); // Teredo: the client, obfuscated
    }
    if ip == v6([0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x254]) {
        return Err(Refusal::CloudMetadata); // AWS over IPv6
    }
    let table: &[(Ipv6Addr, u32, Refusal)] = &[
        (v6([0xfc00, 0, 0, 0, 0, 0, 0, 0]), 7, Refusal::Private),
        (v6([0xfe80, 0, 0, 0, 0, 0, 0, 0]), 10, Refusal::LinkLocal),
        (v6([0xfec0, 0, 0, 0, 0, 0, 0, 0]), 10, Refusal::Private),
        (v6([0xff00, 0, 0, 0, 0, 0, 0, 0]), 8, Refusal::Multicast),
        (
            v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]),
            32,
            Refusal::Documentation,
        ),
        (v6([0x100, 0, 0, 0, 0, 0, 0, 0]), 64, Refusal::Reserved),
        (
            v6([0x2001, 0x2, 0, 0, 0, 0, 0, 0]),
            48,
            Refusal::Documentation,
        ),
    ];
    if let Some((_, _, refusal)) = table.iter().find(|(net, p, _)| in_v6(ip, *net, *p)) {
        return Err(*refusal);
    }
    // Only global unicast (2000::/3) is routable on the internet.
    if !in_v6(ip, v6([0x2000, 0, 0, 0, 0, 0, 0, 0]), 3) {
        return Err(Refusal::Reserved);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(s: &str) -> Option<Refusal> {
        check(s.parse().expect("address")).err()
    }

    #[test]
    fn public_addresses_pass() {
        for ok in [
            "8.8.8.8",
            "1.1.1.1",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "2a00:1450::1",
        ] {
            assert_eq!(refused(ok), None, "{ok}");
        }
    }

    #[test]
    fn internal_ipv4_is_refused() {
        let cases = [
            ("127.0.0.1", Refusal::Loopback),
            ("127.255.0.9", Refusal::Loopback),
            ("0.0.0.0", Refusal::Unspecified),
            ("10.0.0.1", Refusal::Private),
            ("172.16.5.4", Refusal::Private),
            ("172.31.255.255", Refusal::Private),
            ("192.168.1.1", Refusal::Private),
            ("169.254.169.254", Refusal::CloudMetadata),
            ("169.254.1.1", Refusal::LinkLocal),
            ("100.64.0.1", Refusal::SharedCgnat),
            ("100.100.100.200", Refusal::CloudMetadata),
            ("192.0.0.192", Refusal::CloudMetadata),
            ("224.0.0.1", Refusal::Multicast),
            ("255.255.255.255", Refusal::Multicast),
            ("240.0.0.1", Refusal::Reserved),
            ("198.18.0.1", Refusal::Documentation),
        ];
        for (ip, why) in cases {
            assert_eq!(refused(ip), Some(why), "{ip}");
        }
        assert_eq!(refused("172.32.0.1"), None);
        assert_eq!(refused("100.128.0.1"), None);
    }

    #[test]
    fn ipv6_forms_of_internal_ipv4_are_refused() {
        let cases = [
            ("::1", Refusal::Loopback),
            ("::", Refusal::Unspecified),
            ("::ffff:127.0.0.1", Refusal::Loopback),
            ("::ffff:169.254.169.254", Refusal::CloudMetadata),
            ("::127.0.0.1", Refusal::Loopback),
            ("64:ff9b::10.0.0.1", Refusal::Private),
            ("64:ff9b:1::1", Refusal::Private),
            ("2002:7f00:1::", Refusal::Loopback),
            ("2002:a9fe:a9fe::", Refusal::CloudMetadata),
            ("fd00:ec2::254", Refusal::CloudMetadata),
            ("fc00::1", Refusal::Private),
            ("fe80::1", Refusal::LinkLocal),
            ("ff02::1", Refusal::Multicast),
            ("2001:db8::1", Refusal::Documentation),
        ];
        for (ip, why) in cases {
            assert_eq!(refused(ip), Some(why), "{ip}");
        }
        // Public IPv4 inside the forms passes.
        assert_eq!(refused("::ffff:8.8.8.8"), None);
        assert_eq!(refused("64:ff9b::8.8.8.8"), None);
        // Teredo carries the client's address inverted.
        let loopback_teredo = format!("2001:0:0:0:0:0:{:x}:{:x}", !0x7f00u16, !0x0001u16);
        assert_eq!(refused(&loopback_teredo), Some(Refusal::Loopback));
    }
}
