//! SegWit addresses of Bitcoin and Litecoin: Bech32 (BIP-173) for witness version 0, Bech32m
//! (BIP-350) above, with a reason for each way decoding fails.

use bech32::primitives::decode::{
    CheckedHrpstring, ChecksumError, SegwitHrpstring, SegwitHrpstringError,
};
use bech32::{Bech32, Fe32};

use super::{Coin, Decoded, Encoding, Failure, Network};

/// SegWit human-readable parts: (coin, hrp, network).
const SEGWIT_HRPS: &[(Coin, &str, Network)] = &[
    (Coin::Btc, "bc", Network::Mainnet),
    (Coin::Btc, "tb", Network::Testnet),
    (Coin::Btc, "bcrt", Network::Regtest),
    (Coin::Ltc, "ltc", Network::Mainnet),
    (Coin::Ltc, "tltc", Network::Testnet),
    (Coin::Ltc, "rltc", Network::Regtest),
];

/// A SegWit address (BIP-173 / BIP-350) of `coin`; `Ok(None)` when the address does not have
/// one of the coin's HRPs (then it may still be a legacy address).
pub(super) fn segwit(coin: Coin, address: &str) -> Result<Option<Decoded>, Failure> {
    let Some(separator) = address.rfind('1') else {
        return Ok(None);
    };
    let hrp = address[..separator].to_ascii_lowercase();
    let Some(&(_, _, network)) = SEGWIT_HRPS.iter().find(|(c, h, _)| *c == coin && *h == hrp)
    else {
        return Ok(None);
    };
    let segwit = match SegwitHrpstring::new(address) {
        Ok(segwit) => segwit,
        Err(error) => return Err(segwit_failure(address, &error)),
    };
    let version = segwit.witness_version();
    let program_len = segwit.byte_iter().len();
    let address_type = match (version.to_u8(), program_len) {
        (0, 20) => "p2wpkh",
        (0, 32) => "p2wsh",
        (1, 32) => "p2tr",
        _ => "witness_unknown",
    };
    Ok(Some(Decoded {
        network: Some(network),
        address_type,
        encoding: if version == Fe32::Q {
            Encoding::Bech32
        } else {
            Encoding::Bech32m
        },
        checksum_valid: Some(true),
        normalized: address.to_ascii_lowercase(),
    }))
}

fn segwit_failure(address: &str, error: &SegwitHrpstringError) -> Failure {
    use bech32::primitives::decode::{CharError, UncheckedHrpstringError};
    let witness_version = address
        .rfind('1')
        .and_then(|i| address[i + 1..].chars().next())
        .and_then(|c| Fe32::from_char(c).ok());
    let encoding = match witness_version {
        Some(Fe32::Q) | None => Encoding::Bech32,
        Some(_) => Encoding::Bech32m,
    };
    let (checksum_valid, reason) = match error {
        SegwitHrpstringError::Checksum(ChecksumError::InvalidResidue(_)) => {
            // A v1+ program with a BIP-173 checksum: valid before BIP-350, not since.
            let bech32_ok = CheckedHrpstring::new::<Bech32>(address).is_ok();
            if bech32_ok && encoding == Encoding::Bech32m {
                (
                    Some(false),
                    "witness version 1 and above need a Bech32m checksum (BIP-350); this address \
                     has a Bech32 one"
                        .to_owned(),
                )
            } else if !bech32_ok && encoding == Encoding::Bech32 && is_bech32m(address) {
                (
                    Some(false),
                    "witness version 0 needs a Bech32 checksum (BIP-173); this address has a \
                     Bech32m one"
                        .to_owned(),
                )
            } else {
                (Some(false), "the Bech32 checksum does not match".to_owned())
            }
        }
        SegwitHrpstringError::Checksum(_) => (None, "the address has the wrong length".to_owned()),
        SegwitHrpstringError::Unchecked(UncheckedHrpstringError::Char(CharError::MixedCase)) => (
            None,
            "Bech32 addresses are all lower or all upper case".to_owned(),
        ),
        SegwitHrpstringError::Unchecked(UncheckedHrpstringError::Char(CharError::InvalidChar(
            c,
        ))) => (None, format!("{c:?} is not a Bech32 character")),
        SegwitHrpstringError::Unchecked(e) => (None, format!("not Bech32: {e}")),
        SegwitHrpstringError::NoData => (None, "the address has no witness program".to_owned()),
        SegwitHrpstringError::TooLong(len) => (
            None,
            format!("{len} characters is too long for a SegWit address (at most 90)"),
        ),
        SegwitHrpstringError::InvalidWitnessVersion(v) => (
            Some(true),
            format!("witness version {} does not exist (0 to 16)", v.to_u8()),
        ),
        SegwitHrpstringError::Padding(_) => (
            Some(true),
            "the witness program has invalid padding".to_owned(),
        ),
        SegwitHrpstringError::WitnessLength(e) => {
            (Some(true), format!("invalid witness program length: {e}"))
        }
        other => (None, format!("not a SegWit address: {other}")),
    };
    Failure::recognized(encoding, checksum_valid, reason)
}

fn is_bech32m(address: &str) -> bool {
    CheckedHrpstring::new::<bech32::Bech32m>(address).is_ok()
}
