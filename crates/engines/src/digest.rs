//! SHA-256 digests as lowercase hex: the versions of imported lists and the fingerprints of
//! submitted documents.

use sha2::{Digest, Sha256};

/// SHA-256 of `parts` concatenated, hex.
pub fn sha256_hex(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_hash_as_their_concatenation() {
        assert_eq!(
            sha256_hex(&[b"ab", b"c"]),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(sha256_hex(&[b"abc"]), sha256_hex(&[b"a", b"", b"bc"]));
    }
}
