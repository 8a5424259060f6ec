//! Bitcoin Cash's CashAddr: a BCH-code checksum over `prefix:payload` (40 bits), own code
//! since no maintained crate implements it. Also turns a legacy address's hash into its
//! CashAddr form.

use super::{Decoded, Encoding, Failure, Network};

const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/// (prefix, network).
const PREFIXES: &[(&str, Network)] = &[
    ("bitcoincash", Network::Mainnet),
    ("bchtest", Network::Testnet),
    ("bchreg", Network::Regtest),
];

/// The CashAddr checksum polynomial: the result is 0 for a valid string.
pub fn polymod(values: impl IntoIterator<Item = u8>) -> u64 {
    const GENERATORS: [u64; 5] = [
        0x98_f2bc_8e61,
        0x79_b76d_99e2,
        0xf3_3e5f_b3c4,
        0xae_2eab_e2a8,
        0x1e_4f43_e470,
    ];
    let mut c: u64 = 1;
    for d in values {
        let c0 = (c >> 35) as u8;
        c = ((c & 0x07_ffff_ffff) << 5) ^ u64::from(d);
        for (i, g) in GENERATORS.iter().enumerate() {
            if (c0 >> i) & 1 == 1 {
                c ^= g;
            }
        }
    }
    c ^ 1
}

fn prefix_values(prefix: &str) -> impl Iterator<Item = u8> + '_ {
    prefix.bytes().map(|b| b & 0x1f).chain(std::iter::once(0))
}

/// Regroups bits: 5-bit to 8-bit (no padding beyond 4 zero bits) or 8 to 5 (padded).
fn convert_bits(data: &[u8], from: u32, to: u32, pad: bool) -> Option<Vec<u8>> {
    let mut acc: u32 = 0;
    let mut bits: u32 = 0;
    let mut out = Vec::with_capacity(data.len() * from as usize / to as usize + 1);
    let max = (1u32 << to) - 1;
    for &value in data {
        acc = (acc << from) | u32::from(value);
        bits += from;
        while bits >= to {
            bits -= to;
            out.push(((acc >> bits) & max) as u8);
        }
    }
    if pad {
        if bits > 0 {
            out.push(((acc << (to - bits)) & max) as u8);
        }
    } else if bits >= from || ((acc << (to - bits)) & max) != 0 {
        return None;
    }
    Some(out)
}

/// Encodes a hash as CashAddr (`type` 0 = P2PKH, 1 = P2SH).
pub fn encode(prefix: &str, kind: u8, hash: &[u8]) -> String {
    let size_code: u8 = match hash.len() {
        20 => 0,
        24 => 1,
        28 => 2,
        32 => 3,
        40 => 4,
        48 => 5,
        56 => 6,
        _ => 7,
    };
    let mut payload = vec![(kind << 3) | size_code];
    payload.extend_from_slice(hash);
    let values = convert_bits(&payload, 8, 5, true).unwrap_or_default();
    let checksum = polymod(
        prefix_values(prefix)
            .chain(values.iter().copied())
            .chain([0; 8]),
    );
    let mut out = String::with_capacity(prefix.len() + 1 + values.len() + 8);
    out.push_str(prefix);
    out.push(':');
    for v in values {
        out.push(char::from(CHARSET[usize::from(v)]));
    }
    for i in 0..8 {
        out.push(char::from(
            CHARSET[((checksum >> (5 * (7 - i))) & 0x1f) as usize],
        ));
    }
    out
}

/// The CashAddr form of a legacy address's hash.
pub fn from_legacy(network: Network, address_type: &str, hash: &[u8]) -> String {
    let prefix = PREFIXES
        .iter()
        .find(|(_, n)| *n == network)
        .map_or("bitcoincash", |(p, _)| p);
    encode(prefix, u8::from(address_type == "p2sh"), hash)
}

/// Decodes a CashAddr address, with or without its prefix. `Ok(None)` when the string
/// is not CashAddr-shaped (it may still be a legacy address).
pub(super) fn decode(address: &str) -> Result<Option<Decoded>, Failure> {
    let has_lower = address.chars().any(|c| c.is_ascii_lowercase());
    let has_upper = address.chars().any(|c| c.is_ascii_uppercase());
    let lower = address.to_ascii_lowercase();
    let (prefixes, payload): (Vec<(&str, Network)>, &str) = match lower.split_once(':') {
        Some((prefix, payload)) => match PREFIXES.iter().find(|(p, _)| *p == prefix) {
            Some(&found) => (vec![found], payload),
            None => return Ok(None),
        },
        None => {
            // Without a prefix only the usual 42-character q/p form is claimed.
            if lower.len() != 42 || !(lower.starts_with('q') || lower.starts_with('p')) {
                return Ok(None);
            }
            (PREFIXES.to_vec(), lower.as_str())
        }
    };
    let claimed = address.contains(':');
    let fail = |checksum_valid: Option<bool>, reason: String| Failure {
        recognized: claimed,
        encoding: Some(Encoding::CashAddr),
        checksum_valid,
        reason,
    };
    if has_lower && has_upper {
        return Err(fail(
            None,
            "CashAddr addresses are all lower or all upper case".into(),
        ));
    }
    let mut values = Vec::with_capacity(payload.len());
    for c in payload.bytes() {
        match CHARSET.iter().position(|&x| x == c) {
            Some(v) => values.push(v as u8),
            None => {
                return Err(fail(
                    None,
                    format!("{:?} is not a CashAddr character", char::from(c)),
                ));
            }
        }
    }
    if values.len() < 8 + 2 {
        return Err(fail(None, "too short for a CashAddr address".into()));
    }
    let Some(&(prefix, network)) = prefixes
        .iter()
        .find(|(p, _)| polymod(prefix_values(p).chain(values.iter().copied())) == 0)
    else {
        return Err(Failure {
            recognized: true,
            encoding: Some(Encoding::CashAddr),
            checksum_valid: Some(false),
            reason: "the CashAddr checksum does not match".into(),
        });
    };
    let data = &values[..values.len() - 8];
    let Some(bytes) = convert_bits(data, 5, 8, false) else {
        return Err(fail(Some(true), "the payload has invalid padding".into()));
    };
    let Some((&version, hash)) = bytes.split_first() else {
        return Err(fail(Some(true), "the payload is empty".into()));
    };
    let size = match version & 0x07 {
        0 => 20,
        1 => 24,
        2 => 28,
        3 => 32,
        4 => 40,
        5 => 48,
        6 => 56,
        _ => 64,
    };
    if version & 0x80 != 0 {
        return Err(fail(
            Some(true),
            "the version byte's reserved bit is set".into(),
        ));
    }
    if hash.len() != size {
        return Err(fail(
            Some(true),
            format!(
                "the version byte announces a {size}-byte hash, the payload has {}",
                hash.len()
            ),
        ));
    }
    // Types 2 and 3 are the token-aware forms (CashTokens) of P2PKH and P2SH.
    let address_type = match ((version >> 3) & 0x0f, size) {
        (0 | 2, 20) => "p2pkh",
        (1 | 3, 20 | 32) => "p2sh",
        (kind, size) => {
            return Err(fail(
                Some(true),
                format!("address type {kind} with a {size}-byte hash is not defined"),
            ));
        }
    };
    Ok(Some(Decoded {
        network: Some(network),
        address_type,
        encoding: Encoding::CashAddr,
        checksum_valid: Some(true),
        normalized: format!("{prefix}:{payload}"),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cashaddr_checksum_vectors() {
        // The spec's checksum examples: valid strings have a zero polymod.
        for s in [
            "prefix:x64nx6hz",
            "p:gpf8m4h7",
            "bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyn",
            "bchtest:testnetaddress4d6njnut",
            "bchreg:555555555555555555555555555555555555555555555udxmlmrz",
        ] {
            let (prefix, payload) = s.split_once(':').expect("prefix");
            let values = payload.bytes().map(|c| {
                b"qpzry9x8gf2tvdw0s3jn54khce6mua7l"
                    .iter()
                    .position(|&x| x == c)
                    .expect("charset") as u8
            });
            let all = prefix.bytes().map(|b| b & 0x1f).chain([0]).chain(values);
            assert_eq!(polymod(all), 0, "{s}");
        }
    }
}
