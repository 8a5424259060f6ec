//! The recogniser's alphabet: the `character` list stored in the model's own metadata (one
//! per line), after CTC's blank at index 0 and with a space last, as PaddleOCR decodes.

use crate::PpOcrError;

pub(crate) struct Dictionary {
    symbols: Vec<String>,
}

impl Dictionary {
    pub(crate) fn from_metadata(list: Option<&str>) -> Result<Dictionary, PpOcrError> {
        let list = list.ok_or_else(|| {
            PpOcrError("the recogniser's metadata has no `character` list".into())
        })?;
        let mut symbols = vec![String::new()];
        symbols.extend(list.lines().map(str::to_owned));
        symbols.push(" ".to_owned());
        Ok(Dictionary { symbols })
    }

    /// Symbols, the blank included.
    pub(crate) fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Whether `symbol` is one of the classes (the blank aside).
    pub(crate) fn contains(&self, symbol: &str) -> bool {
        self.symbols[1..].iter().any(|s| s == symbol)
    }

    /// The text of class `index`; `None` for the blank.
    pub(crate) fn symbol(&self, index: usize) -> Option<&str> {
        (index != 0)
            .then(|| self.symbols.get(index).map(String::as_str))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blank_comes_first_and_the_space_last() {
        let dictionary = Dictionary::from_metadata(Some("a\nb\n€")).expect("a list");
        assert_eq!(dictionary.len(), 5);
        assert_eq!(dictionary.symbol(0), None);
        assert_eq!(dictionary.symbol(3), Some("€"));
        assert_eq!(dictionary.symbol(4), Some(" "));
        assert!(dictionary.contains("€") && dictionary.contains(" "));
        assert!(!dictionary.contains("ß") && !dictionary.contains(""));
        assert!(Dictionary::from_metadata(None).is_err());
    }
}
