//! The name gazetteer: given names and surnames from public census and registry lists
//! (see `data/SOURCES.md`), gzip-compressed in the binary and loaded once into hash sets.

use std::collections::HashSet;
use std::io::Read;
use std::sync::LazyLock;

static FIRST: LazyLock<HashSet<String>> =
    LazyLock::new(|| load(include_bytes!("data/first_names.txt.gz")));
static LAST: LazyLock<HashSet<String>> =
    LazyLock::new(|| load(include_bytes!("data/last_names.txt.gz")));

fn load(gz: &[u8]) -> HashSet<String> {
    let mut text = String::new();
    if flate2::read::GzDecoder::new(gz)
        .read_to_string(&mut text)
        .is_err()
    {
        return HashSet::new();
    }
    text.lines().map(str::to_owned).collect()
}

/// A known given name (any case).
pub(crate) fn is_first(word: &str) -> bool {
    FIRST.contains(&word.to_lowercase())
}

/// A known surname (any case).
pub(crate) fn is_last(word: &str) -> bool {
    LAST.contains(&word.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_names_of_many_origins_and_scripts() {
        for n in [
            "John",
            "MARY",
            "Krzysztof",
            "Mehmet",
            "Priya",
            "Olga",
            "João",
        ] {
            assert!(is_first(n), "{n}");
        }
        for n in [
            "Smith",
            "Nowak",
            "Yılmaz",
            "佐藤",
            "김",
            "Иванов",
            "Papadopoulos",
            "王",
        ] {
            assert!(is_last(n), "{n}");
        }
        assert!(!is_first("Xqzt"));
    }
}
