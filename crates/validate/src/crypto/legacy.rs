//! The Bitcoin family's legacy Base58Check addresses (P2PKH and P2SH of Bitcoin, Bitcoin Cash,
//! Litecoin and Dogecoin), told apart by their version byte.

use super::base58::{Base58CheckError, base58check, plausible_base58_length};
use super::{Coin, Decoded, Encoding, Failure, Network, cashaddr};

/// Base58Check versions of the Bitcoin family's legacy addresses: (coin, version, network,
/// address type). The payload after the version is a 20-byte hash.
const LEGACY_VERSIONS: &[(Coin, u8, Network, &str)] = &[
    (Coin::Btc, 0x00, Network::Mainnet, "p2pkh"),
    (Coin::Btc, 0x05, Network::Mainnet, "p2sh"),
    (Coin::Btc, 0x6f, Network::Testnet, "p2pkh"),
    (Coin::Btc, 0xc4, Network::Testnet, "p2sh"),
    (Coin::Bch, 0x00, Network::Mainnet, "p2pkh"),
    (Coin::Bch, 0x05, Network::Mainnet, "p2sh"),
    (Coin::Bch, 0x6f, Network::Testnet, "p2pkh"),
    (Coin::Bch, 0xc4, Network::Testnet, "p2sh"),
    (Coin::Ltc, 0x30, Network::Mainnet, "p2pkh"),
    (Coin::Ltc, 0x32, Network::Mainnet, "p2sh"),
    (Coin::Ltc, 0x6f, Network::Testnet, "p2pkh"),
    (Coin::Ltc, 0x3a, Network::Testnet, "p2sh"),
    (Coin::Ltc, 0xc4, Network::Testnet, "p2sh"),
    (Coin::Doge, 0x1e, Network::Mainnet, "p2pkh"),
    (Coin::Doge, 0x16, Network::Mainnet, "p2sh"),
    (Coin::Doge, 0x71, Network::Testnet, "p2pkh"),
    (Coin::Doge, 0xc4, Network::Testnet, "p2sh"),
];

pub(super) fn legacy(coin: Coin, address: &str) -> Result<Decoded, Failure> {
    let shape = plausible_base58_length(address);
    let bytes = match base58check(address, bs58::Alphabet::BITCOIN) {
        Ok(bytes) => bytes,
        Err(Base58CheckError::Checksum) => {
            // Only claim the address when its first character is one of this coin's.
            let prefix_known = bs58::decode(address)
                .into_vec()
                .ok()
                .and_then(|b| b.first().copied())
                .is_some_and(|v| legacy_version(coin, v).is_some());
            let failure = if shape && prefix_known {
                Failure::recognized(
                    Encoding::Base58Check,
                    Some(false),
                    "the Base58Check checksum does not match".into(),
                )
            } else {
                Failure {
                    recognized: false,
                    encoding: Some(Encoding::Base58Check),
                    checksum_valid: Some(false),
                    reason: "the Base58Check checksum does not match".into(),
                }
            };
            return Err(failure);
        }
        Err(Base58CheckError::TooShort) => {
            return Err(Failure::unrecognized("too short for a Base58Check address"));
        }
        Err(Base58CheckError::NotBase58(reason)) => return Err(Failure::unrecognized(reason)),
    };
    let Some((&version, hash)) = bytes.split_first() else {
        return Err(Failure::unrecognized("too short for a Base58Check address"));
    };
    let Some((network, address_type)) = legacy_version(coin, version) else {
        return Err(Failure {
            recognized: false,
            encoding: Some(Encoding::Base58Check),
            checksum_valid: Some(true),
            reason: format!(
                "version byte 0x{version:02x} is not a {} address version",
                coin.name()
            ),
        });
    };
    if hash.len() != 20 {
        return Err(Failure::recognized(
            Encoding::Base58Check,
            Some(true),
            format!("the payload is {} bytes, not a 20-byte hash", hash.len()),
        ));
    }
    let normalized = if coin == Coin::Bch {
        cashaddr::from_legacy(network, address_type, hash)
    } else {
        address.to_owned()
    };
    Ok(Decoded {
        network: Some(network),
        address_type,
        encoding: Encoding::Base58Check,
        checksum_valid: Some(true),
        normalized,
    })
}

fn legacy_version(coin: Coin, version: u8) -> Option<(Network, &'static str)> {
    LEGACY_VERSIONS
        .iter()
        .find(|(c, v, _, _)| *c == coin && *v == version)
        .map(|(_, _, network, kind)| (*network, *kind))
}
