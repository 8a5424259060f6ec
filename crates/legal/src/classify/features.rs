//! What the clause classifier sees of a clause: its words (lower-cased, digits folded to `0`)
//! and adjacent word pairs, each hashed to a bucket id. Training (in `suite-bench`) and
//! serving call this one function, so they cannot drift apart.

/// Width of the hash space: bucket ids are below `1 << BUCKET_BITS`.
pub const BUCKET_BITS: u32 = 20;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(FNV_PRIME);
    }
    hash
}

fn bucket(hash: u64) -> u32 {
    // Fold the high half in: FNV's low bits alone mix poorly.
    let folded = hash ^ (hash >> 32);
    (folded & ((1u64 << BUCKET_BITS) - 1)) as u32
}

/// The words of `text`: runs of letters and digits, lower-cased, every digit written `0`.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            if ch.is_numeric() {
                current.push('0');
            } else {
                current.extend(ch.to_lowercase());
            }
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The distinct bucket ids of `text`'s words and word pairs, sorted.
pub fn buckets(text: &str) -> Vec<u32> {
    let words = words(text);
    let mut ids = Vec::with_capacity(words.len() * 2);
    for (i, word) in words.iter().enumerate() {
        ids.push(bucket(fnv(FNV_OFFSET, word.as_bytes())));
        if let Some(next) = words.get(i + 1) {
            let pair = fnv(fnv(fnv(FNV_OFFSET, word.as_bytes()), b" "), next.as_bytes());
            ids.push(bucket(pair));
        }
    }
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[cfg(test)]
mod tests {
    use super::{BUCKET_BITS, buckets, words};

    #[test]
    fn words_are_lower_cased_with_digits_folded() {
        assert_eq!(
            words("Fees PAID in the 12 months, §5(b)"),
            ["fees", "paid", "in", "the", "00", "months", "0", "b"]
        );
    }

    #[test]
    fn buckets_are_distinct_sorted_and_bounded() {
        let ids = buckets("the fees the fees paid");
        // the, fees, paid; "the fees", "fees the", "fees paid".
        assert_eq!(ids.len(), 6);
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert!(ids.iter().all(|id| *id < 1 << BUCKET_BITS));
        assert_eq!(buckets("THE Fees"), buckets("the fees"));
        assert_ne!(buckets("fees paid"), buckets("paid fees"));
    }
}
