//! Ethereum (and every EVM chain) addresses: `0x` and 40 hex digits, with the EIP-55
//! mixed-case checksum over Keccak-256.

use tiny_keccak::{Hasher, Keccak};

use super::{Decoded, Encoding, Failure};

/// Keccak-256 (Ethereum's, not NIST SHA3-256).
fn keccak256(data: &[u8]) -> [u8; 32] {
    let mut hasher = Keccak::v256();
    hasher.update(data);
    let mut out = [0u8; 32];
    hasher.finalize(&mut out);
    out
}

/// The EIP-55 mixed-case form of 40 hex digits (any case).
pub fn eip55(hex: &str) -> String {
    let lower = hex.to_ascii_lowercase();
    let hash = keccak256(lower.as_bytes());
    let mut out = String::with_capacity(42);
    out.push_str("0x");
    for (i, c) in lower.chars().enumerate() {
        let nibble = (hash[i / 2] >> if i % 2 == 0 { 4 } else { 0 }) & 0x0f;
        if c.is_ascii_alphabetic() && nibble >= 8 {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn ethereum(address: &str) -> Result<Decoded, Failure> {
    let hex = if let Some(hex) = address.strip_prefix("0x") {
        hex
    } else if address.len() == 40 && address.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Failure {
            recognized: false,
            encoding: Some(Encoding::Hex),
            checksum_valid: None,
            reason: "an Ethereum address starts with 0x".into(),
        });
    } else if address.starts_with("0X") {
        return Err(Failure::recognized(
            Encoding::Hex,
            None,
            "an Ethereum address starts with a lower-case 0x".into(),
        ));
    } else {
        return Err(Failure::unrecognized("not an Ethereum address (0x...)"));
    };
    if let Some(c) = hex.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(Failure::recognized(
            Encoding::Hex,
            None,
            format!("{c:?} is not a hexadecimal digit"),
        ));
    }
    if hex.len() != 40 {
        return Err(Failure::recognized(
            Encoding::Hex,
            None,
            format!(
                "an Ethereum address has 40 hex digits after 0x, not {}",
                hex.len()
            ),
        ));
    }
    let normalized = eip55(hex);
    let has_lower = hex.chars().any(|c| c.is_ascii_lowercase());
    let has_upper = hex.chars().any(|c| c.is_ascii_uppercase());
    if has_lower && has_upper {
        if normalized[2..] != *hex {
            return Err(Failure::recognized(
                Encoding::Hex,
                Some(false),
                "the EIP-55 mixed-case checksum does not match".into(),
            ));
        }
        Ok(Decoded {
            network: None,
            address_type: "account",
            encoding: Encoding::Hex,
            checksum_valid: Some(true),
            normalized,
        })
    } else {
        Ok(Decoded {
            network: None,
            address_type: "account",
            encoding: Encoding::Hex,
            checksum_valid: None,
            normalized,
        })
    }
}
