//! Cryptocurrency address validation: decodes an address in its coin's encoding (Base58Check,
//! Bech32/Bech32m SegWit, CashAddr, EIP-55 hex, Ripple Base58Check, plain Base58), checks the
//! checksum and the version byte, and says which coin, network and address type it is. Pure.
//! This file holds the coins and [`check`], which tries each coin's decoder; the decoders
//! live one encoding family per file.

mod accounts;
mod base58;
pub mod cashaddr;
mod evm;
mod legacy;
mod segwit;

use accounts::{ripple, solana, tron};
pub use evm::eip55;
use evm::ethereum;
use legacy::legacy;
use segwit::segwit;

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
        let text = include_str!("../fixtures/crypto_addresses.tsv");
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
        let text = include_str!("../fixtures/crypto_cashaddr_legacy.tsv");
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
