//! Cryptocurrency address validation: decodes an address in its coin's encoding (Base58Check,
//! Bech32/Bech32m SegWit, CashAddr, EIP-55 hex, Ripple Base58Check, plain Base58), checks the
//! checksum and the version byte, and says which coin, network and address type it is. Pure.

use bech32::primitives::decode::{
    CheckedHrpstring, ChecksumError, SegwitHrpstring, SegwitHrpstringError,
};
use bech32::{Bech32, Fe32};
use tiny_keccak::{Hasher, Keccak};

/// A coin whose addresses this module knows. `Eth` stands for every EVM chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coin {
    Btc,
    Eth,
    Ltc,
    Doge,
    Bch,
    Xrp,
    Trx,
    Sol,
}

impl Coin {
    /// The order in which an address of unknown coin is tried: the first coin that accepts
    /// it wins (a legacy `1...` address is Bitcoin's before Bitcoin Cash's).
    pub const DETECTION_ORDER: [Coin; 8] = [
        Coin::Btc,
        Coin::Bch,
        Coin::Ltc,
        Coin::Doge,
        Coin::Eth,
        Coin::Trx,
        Coin::Xrp,
        Coin::Sol,
    ];

    /// The contract's code (`btc`, `eth`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Coin::Btc => "btc",
            Coin::Eth => "eth",
            Coin::Ltc => "ltc",
            Coin::Doge => "doge",
            Coin::Bch => "bch",
            Coin::Xrp => "xrp",
            Coin::Trx => "trx",
            Coin::Sol => "sol",
        }
    }

    pub fn from_code(code: &str) -> Option<Coin> {
        Coin::DETECTION_ORDER
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(code))
    }

    /// The coin's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Coin::Btc => "Bitcoin",
            Coin::Eth => "Ethereum",
            Coin::Ltc => "Litecoin",
            Coin::Doge => "Dogecoin",
            Coin::Bch => "Bitcoin Cash",
            Coin::Xrp => "XRP",
            Coin::Trx => "Tron",
            Coin::Sol => "Solana",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Network {
    Mainnet,
    Testnet,
    Regtest,
}

impl Network {
    pub fn code(self) -> &'static str {
        match self {
            Network::Mainnet => "mainnet",
            Network::Testnet => "testnet",
            Network::Regtest => "regtest",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Base58Check,
    Base58,
    Bech32,
    Bech32m,
    CashAddr,
    Hex,
}

impl Encoding {
    pub fn code(self) -> &'static str {
        match self {
            Encoding::Base58Check => "base58check",
            Encoding::Base58 => "base58",
            Encoding::Bech32 => "bech32",
            Encoding::Bech32m => "bech32m",
            Encoding::CashAddr => "cashaddr",
            Encoding::Hex => "hex",
        }
    }
}

/// What checking an address finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressCheck {
    pub valid: bool,
    /// The coin asked for, or the one detected (also for an invalid address whose format
    /// clearly belongs to one coin, e.g. `bc1...` with a bad checksum).
    pub coin: Option<Coin>,
    pub network: Option<Network>,
    pub address_type: Option<&'static str>,
    pub encoding: Option<Encoding>,
    /// `None` when the address has no checksum or was not decoded far enough to check it.
    pub checksum_valid: Option<bool>,
    pub normalized: Option<String>,
    pub error: Option<String>,
}

/// A successful decoding as one coin's address.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Decoded {
    network: Option<Network>,
    address_type: &'static str,
    encoding: Encoding,
    checksum_valid: Option<bool>,
    normalized: String,
}

/// Why an address is not one coin's, and how far decoding got.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Failure {
    /// The address has this coin's shape (prefix, HRP, version byte): the failure is the
    /// most relevant one to report.
    recognized: bool,
    encoding: Option<Encoding>,
    checksum_valid: Option<bool>,
    reason: String,
}

impl Failure {
    fn unrecognized(reason: impl Into<String>) -> Failure {
        Failure {
            recognized: false,
            encoding: None,
            checksum_valid: None,
            reason: reason.into(),
        }
    }

    fn recognized(encoding: Encoding, checksum_valid: Option<bool>, reason: String) -> Failure {
        Failure {
            recognized: true,
            encoding: Some(encoding),
            checksum_valid,
            reason,
        }
    }
}

/// Checks `input` as an address of `coin`, or of any known coin when `coin` is `None`.
pub fn check(input: &str, coin: Option<Coin>) -> AddressCheck {
    let address = strip_uri(input.trim());
    if address.is_empty() {
        return invalid(coin, None, None, "the address is empty".into());
    }
    match coin {
        Some(coin) => match check_as(coin, address) {
            Ok(decoded) => valid(coin, decoded),
            Err(failure) => {
                // Say what the address is when it belongs to another coin.
                let other = Coin::DETECTION_ORDER
                    .into_iter()
                    .filter(|&c| c != coin)
                    .find_map(|c| check_as(c, address).ok().map(|d| (c, d)));
                let reason = match other {
                    Some((other, _)) if !failure.recognized => format!(
                        "this is a {} address, not a {} address",
                        other.name(),
                        coin.name()
                    ),
                    _ => failure.reason,
                };
                invalid(Some(coin), failure.encoding, failure.checksum_valid, reason)
            }
        },
        None => {
            let mut best: Option<(Coin, Failure)> = None;
            for candidate in Coin::DETECTION_ORDER {
                match check_as(candidate, address) {
                    Ok(decoded) => return valid(candidate, decoded),
                    Err(failure) => {
                        if failure.recognized && best.as_ref().is_none_or(|(_, b)| !b.recognized) {
                            best = Some((candidate, failure));
                        }
                    }
                }
            }
            match best {
                Some((coin, failure)) => invalid(
                    Some(coin),
                    failure.encoding,
                    failure.checksum_valid,
                    failure.reason,
                ),
                None => invalid(
                    None,
                    None,
                    None,
                    "not an address of any supported coin (btc, bch, ltc, doge, eth, trx, xrp, sol)"
                        .into(),
                ),
            }
        }
    }
}

fn valid(coin: Coin, decoded: Decoded) -> AddressCheck {
    AddressCheck {
        valid: true,
        coin: Some(coin),
        network: decoded.network,
        address_type: Some(decoded.address_type),
        encoding: Some(decoded.encoding),
        checksum_valid: decoded.checksum_valid,
        normalized: Some(decoded.normalized),
        error: None,
    }
}

fn invalid(
    coin: Option<Coin>,
    encoding: Option<Encoding>,
    checksum_valid: Option<bool>,
    reason: String,
) -> AddressCheck {
    AddressCheck {
        valid: false,
        coin,
        network: None,
        address_type: None,
        encoding,
        checksum_valid,
        normalized: None,
        error: Some(reason),
    }
}

/// Removes a payment-URI scheme (`bitcoin:`, `ethereum:`, ...) and its query. `bitcoincash:`,
/// `bchtest:` and `bchreg:` are kept: they are CashAddr's own prefix.
fn strip_uri(address: &str) -> &str {
    const SCHEMES: &[&str] = &[
        "bitcoin:",
        "litecoin:",
        "dogecoin:",
        "ethereum:",
        "ripple:",
        "xrp:",
        "tron:",
        "solana:",
    ];
    let mut rest = address;
    for scheme in SCHEMES {
        if rest.len() >= scheme.len()
            && rest.is_char_boundary(scheme.len())
            && rest[..scheme.len()].eq_ignore_ascii_case(scheme)
        {
            rest = &rest[scheme.len()..];
            // EIP-681: `ethereum:0x...@1/transfer?...`; BIP-21: `bitcoin:addr?amount=...`.
            let end = rest.find(['?', '@', '/']).unwrap_or(rest.len());
            rest = &rest[..end];
            break;
        }
    }
    if let Some(end) = rest.find('?') {
        rest = &rest[..end];
    }
    rest.trim()
}

fn check_as(coin: Coin, address: &str) -> Result<Decoded, Failure> {
    match coin {
        Coin::Btc | Coin::Ltc => {
            if let Some(decoded) = segwit(coin, address)? {
                return Ok(decoded);
            }
            legacy(coin, address)
        }
        Coin::Doge => legacy(coin, address),
        Coin::Bch => match cashaddr::decode(address)? {
            Some(decoded) => Ok(decoded),
            None => legacy(coin, address),
        },
        Coin::Eth => ethereum(address),
        Coin::Trx => tron(address),
        Coin::Xrp => ripple(address),
        Coin::Sol => solana(address),
    }
}

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

/// Why a Base58Check string does not decode.
enum Base58CheckError {
    /// Not Base58 in this alphabet at all: not this coin's.
    NotBase58(String),
    /// Decodes, but the 4-byte checksum does not match.
    Checksum,
    TooShort,
}

/// Decodes Base58Check (double SHA-256 checksum) in `alphabet`: version byte + payload.
fn base58check(address: &str, alphabet: &bs58::Alphabet) -> Result<Vec<u8>, Base58CheckError> {
    match bs58::decode(address)
        .with_alphabet(alphabet)
        .with_check(None)
        .into_vec()
    {
        Ok(bytes) => Ok(bytes),
        Err(bs58::decode::Error::InvalidChecksum { .. }) => Err(Base58CheckError::Checksum),
        Err(bs58::decode::Error::NoChecksum) => Err(Base58CheckError::TooShort),
        Err(bs58::decode::Error::InvalidCharacter { character, .. }) => Err(
            Base58CheckError::NotBase58(format!("{character:?} is not a Base58 character")),
        ),
        Err(bs58::decode::Error::NonAsciiCharacter { .. }) => Err(Base58CheckError::NotBase58(
            "non-ASCII characters are not Base58".into(),
        )),
        Err(other) => Err(Base58CheckError::NotBase58(other.to_string())),
    }
}

/// The usual length of a Base58Check address of 21 bytes (25 with the checksum).
fn plausible_base58_length(address: &str) -> bool {
    (25..=36).contains(&address.len())
}

fn legacy(coin: Coin, address: &str) -> Result<Decoded, Failure> {
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
fn segwit(coin: Coin, address: &str) -> Result<Option<Decoded>, Failure> {
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

fn ethereum(address: &str) -> Result<Decoded, Failure> {
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

fn tron(address: &str) -> Result<Decoded, Failure> {
    account_base58check(address, bs58::Alphabet::BITCOIN, 0x41, 'T', Coin::Trx)
}

fn ripple(address: &str) -> Result<Decoded, Failure> {
    account_base58check(address, bs58::Alphabet::RIPPLE, 0x00, 'r', Coin::Xrp)
}

/// A Solana address: an Ed25519 public key (or program-derived address), 32 bytes in plain
/// Base58. It has no checksum, so any 32-byte Base58 string is well formed.
fn solana(address: &str) -> Result<Decoded, Failure> {
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

/// Bitcoin Cash's CashAddr: a BCH-code checksum over `prefix:payload` (40 bits), own code
/// since no maintained crate implements it.
pub mod cashaddr {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One fixture row: `source`, `coin asked` (`-` to detect), `address`, then `invalid` or
    /// `valid coin network type encoding` (`-` for an absent network).
    struct Row<'a> {
        line: usize,
        source: &'a str,
        asked: Option<Coin>,
        address: &'a str,
        expect: Option<(Coin, Option<&'a str>, &'a str, &'a str)>,
    }

    fn rows() -> Vec<Row<'static>> {
        let text = include_str!("fixtures/crypto_addresses.tsv");
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, line)| {
                let f: Vec<&str> = line.split('\t').collect();
                assert!(f.len() >= 4, "line {}: {line}", i + 1);
                let asked = (f[1] != "-")
                    .then(|| Coin::from_code(f[1]).unwrap_or_else(|| panic!("coin {}", f[1])));
                let expect = match f[3] {
                    "invalid" => None,
                    "valid" => {
                        assert_eq!(f.len(), 8, "line {}: {line}", i + 1);
                        Some((
                            Coin::from_code(f[4]).unwrap_or_else(|| panic!("coin {}", f[4])),
                            (f[5] != "-").then_some(f[5]),
                            f[6],
                            f[7],
                        ))
                    }
                    other => panic!("line {}: expectation {other}", i + 1),
                };
                Row {
                    line: i + 1,
                    source: f[0],
                    asked,
                    address: f[2],
                    expect,
                }
            })
            .collect()
    }

    #[test]
    fn reference_vectors() {
        let rows = rows();
        let mut failures = Vec::new();
        for row in &rows {
            let got = check(row.address, row.asked);
            let ok = match &row.expect {
                None => !got.valid && got.error.is_some(),
                Some((coin, network, kind, encoding)) => {
                    got.valid
                        && got.coin == Some(*coin)
                        && got.network.map(Network::code) == *network
                        && got.address_type == Some(*kind)
                        && got.encoding.map(Encoding::code) == Some(*encoding)
                }
            };
            if !ok {
                failures.push(format!(
                    "line {} ({}) {} as {:?}: got {got:?}",
                    row.line, row.source, row.address, row.asked
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} vectors fail:\n{}",
            failures.len(),
            rows.len(),
            failures.join("\n")
        );
        assert!(rows.len() > 100, "{} vectors", rows.len());
    }

    #[test]
    fn eip55_vectors_round_trip() {
        // EIP-55's own examples: checksumming the lower-case form gives them back.
        for row in rows().iter().filter(|r| r.source == "eip55") {
            assert_eq!(eip55(&row.address[2..]), row.address, "line {}", row.line);
        }
    }

    #[test]
    fn cashaddr_translations_of_the_spec() {
        // CashAddr spec: legacy ↔ CashAddr pairs.
        let text = include_str!("fixtures/crypto_cashaddr_legacy.tsv");
        let mut n = 0;
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (legacy, cash) = line.split_once('\t').expect("two columns");
            let from_legacy = check(legacy, Some(Coin::Bch));
            assert!(from_legacy.valid, "{legacy}: {from_legacy:?}");
            assert_eq!(from_legacy.normalized.as_deref(), Some(cash), "{legacy}");
            let direct = check(cash, None);
            assert!(direct.valid, "{cash}: {direct:?}");
            assert_eq!(direct.coin, Some(Coin::Bch));
            assert_eq!(direct.encoding, Some(Encoding::CashAddr));
            assert_eq!(from_legacy.address_type, direct.address_type, "{cash}");
            // Without the prefix, and in upper case.
            let bare = cash.split_once(':').map(|(_, p)| p).unwrap_or(cash);
            assert!(check(bare, Some(Coin::Bch)).valid, "{bare}");
            assert!(check(&cash.to_uppercase(), Some(Coin::Bch)).valid, "{cash}");
            n += 1;
        }
        assert!(n >= 6);
    }

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
            assert_eq!(cashaddr::polymod(all), 0, "{s}");
        }
    }

    #[test]
    fn a_changed_character_breaks_every_checksum() {
        for row in rows().iter().filter(|r| r.expect.is_some()) {
            let Some((coin, ..)) = row.expect else {
                continue;
            };
            if coin == Coin::Sol || row.address.len() < 20 {
                continue; // no checksum
            }
            // Swap the last two distinct characters.
            let mut chars: Vec<char> = row.address.chars().collect();
            let n = chars.len();
            if chars[n - 1] == chars[n - 2] {
                continue;
            }
            chars.swap(n - 1, n - 2);
            let swapped: String = chars.into_iter().collect();
            let got = check(&swapped, Some(coin));
            if coin == Coin::Eth && !row.address[2..].chars().any(|c| c.is_ascii_uppercase()) {
                continue; // lower-case hex has no checksum
            }
            if coin == Coin::Eth && !row.address[2..].chars().any(|c| c.is_ascii_lowercase()) {
                continue; // upper-case hex has no checksum
            }
            assert!(
                !got.valid,
                "{swapped} (from {}) is valid: {got:?}",
                row.address
            );
        }
    }

    #[test]
    fn uri_prefixes_and_spaces_are_removed() {
        let got = check(
            " bitcoin:BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4?amount=0.1 ",
            None,
        );
        assert!(got.valid);
        assert_eq!(
            got.normalized.as_deref(),
            Some("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
        );
        let eth = check(
            "ethereum:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359@1/transfer?value=1",
            None,
        );
        assert!(eth.valid && eth.checksum_valid == Some(true));
    }

    #[test]
    fn wrong_coin_is_named() {
        let got = check("LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9", Some(Coin::Btc));
        assert!(!got.valid);
        assert_eq!(
            got.error.as_deref(),
            Some("this is a Litecoin address, not a Bitcoin address")
        );
        assert_eq!(got.coin, Some(Coin::Btc));
    }

    #[test]
    fn bad_checksums_are_reported_as_such() {
        let got = check("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", None);
        assert_eq!(got.coin, Some(Coin::Btc));
        assert_eq!(got.checksum_valid, Some(false));
        assert_eq!(got.encoding, Some(Encoding::Bech32));
        let v1 = check(
            "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx",
            None,
        );
        assert!(!v1.valid);
        assert!(v1.error.unwrap_or_default().contains("Bech32m"));
        let eth = check("0x02fcd51aAbB814FfFe17908fbc888A8975D839A5", None);
        assert_eq!(eth.coin, Some(Coin::Eth));
        assert_eq!(eth.checksum_valid, Some(false));
        let legacy = check("1A1zP1ePQGefi2DMPTifTL5SLmv7DivfNa", None);
        assert_eq!(legacy.checksum_valid, Some(false));
        assert_eq!(legacy.coin, Some(Coin::Btc));
    }

    #[test]
    fn anything_else_is_an_answer() {
        for s in [
            "",
            "   ",
            "€€",
            "%%@",
            "0x",
            "bc1",
            "bitcoincash:",
            "r",
            "T",
        ] {
            let got = check(s, None);
            assert!(!got.valid, "{s}");
            assert!(got.error.is_some());
        }
        let long = "1".repeat(256);
        assert!(!check(&long, None).valid);
    }
}
