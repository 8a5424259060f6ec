//! Account addresses of the non-Bitcoin chains: Tron and XRP (Base58Check with a one-byte
//! version, each in its own alphabet) and Solana (a plain Base58 public key).

use super::base58::{Base58CheckError, base58check, plausible_base58_length};
use super::{Coin, Decoded, Encoding, Failure};

/// An account address in Base58Check with a one-byte version and a 20-byte hash (Tron, XRP).
fn account_base58check(
    address: &str,
    alphabet: &bs58::Alphabet,
    version: u8,
    first_char: char,
    coin: Coin,
) -> Result<Decoded, Failure> {
    let shape = address.starts_with(first_char) && plausible_base58_length(address);
    let bytes = match base58check(address, alphabet) {
        Ok(bytes) => bytes,
        Err(Base58CheckError::Checksum) => {
            let reason = "the Base58Check checksum does not match".to_owned();
            return Err(if shape {
                Failure::recognized(Encoding::Base58Check, Some(false), reason)
            } else {
                Failure {
                    recognized: false,
                    encoding: Some(Encoding::Base58Check),
                    checksum_valid: Some(false),
                    reason,
                }
            });
        }
        Err(Base58CheckError::TooShort) => {
            return Err(Failure::unrecognized("too short for a Base58Check address"));
        }
        Err(Base58CheckError::NotBase58(reason)) => {
            return Err(if shape {
                Failure::recognized(Encoding::Base58Check, None, reason)
            } else {
                Failure::unrecognized(reason)
            });
        }
    };
    match bytes.split_first() {
        Some((&v, hash)) if v == version && hash.len() == 20 => Ok(Decoded {
            network: None,
            address_type: "account",
            encoding: Encoding::Base58Check,
            checksum_valid: Some(true),
            normalized: address.to_owned(),
        }),
        Some((&v, hash)) => Err(Failure {
            recognized: shape,
            encoding: Some(Encoding::Base58Check),
            checksum_valid: Some(true),
            reason: if v == version {
                format!(
                    "the payload is {} bytes, not a 20-byte account id",
                    hash.len()
                )
            } else {
                format!(
                    "version byte 0x{v:02x} is not a {} address version",
                    coin.name()
                )
            },
        }),
        None => Err(Failure::unrecognized("too short for a Base58Check address")),
    }
}

pub(super) fn tron(address: &str) -> Result<Decoded, Failure> {
    account_base58check(address, bs58::Alphabet::BITCOIN, 0x41, 'T', Coin::Trx)
}

pub(super) fn ripple(address: &str) -> Result<Decoded, Failure> {
    account_base58check(address, bs58::Alphabet::RIPPLE, 0x00, 'r', Coin::Xrp)
}

/// A Solana address: an Ed25519 public key (or program-derived address), 32 bytes in plain
/// Base58. It has no checksum, so any 32-byte Base58 string is well formed.
pub(super) fn solana(address: &str) -> Result<Decoded, Failure> {
    if !(32..=44).contains(&address.len()) {
        return Err(Failure::unrecognized(format!(
            "a Solana address is 32 to 44 Base58 characters, not {}",
            address.chars().count()
        )));
    }
    match bs58::decode(address).into_vec() {
        Ok(bytes) if bytes.len() == 32 => Ok(Decoded {
            network: None,
            address_type: "account",
            encoding: Encoding::Base58,
            checksum_valid: None,
            normalized: address.to_owned(),
        }),
        Ok(bytes) => Err(Failure {
            recognized: false,
            encoding: Some(Encoding::Base58),
            checksum_valid: None,
            reason: format!("decodes to {} bytes, not a 32-byte public key", bytes.len()),
        }),
        Err(bs58::decode::Error::InvalidCharacter { character, .. }) => Err(Failure::unrecognized(
            format!("{character:?} is not a Base58 character"),
        )),
        Err(_) => Err(Failure::unrecognized("not Base58")),
    }
}
