//! Base58Check decoding (version byte, payload, double SHA-256 checksum), shared by the
//! Bitcoin family's legacy addresses and the Tron and XRP account addresses.

/// Why a Base58Check string does not decode.
pub(super) enum Base58CheckError {
    /// Not Base58 in this alphabet at all: not this coin's.
    NotBase58(String),
    /// Decodes, but the 4-byte checksum does not match.
    Checksum,
    TooShort,
}

/// Decodes Base58Check (double SHA-256 checksum) in `alphabet`: version byte + payload.
pub(super) fn base58check(
    address: &str,
    alphabet: &bs58::Alphabet,
) -> Result<Vec<u8>, Base58CheckError> {
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
pub(super) fn plausible_base58_length(address: &str) -> bool {
    (25..=36).contains(&address.len())
}
