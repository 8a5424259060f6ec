//! What each language of the contract means to the engines: the Tesseract data a scan is
//! read with, and the code the field rules take their label words and date order from.

use crate::engines::ocr::languages;
use crate::generated::types::FinanceLanguage;

/// The ISO 639-1 code of `language` (`en` when the form names none).
pub fn code(language: Option<FinanceLanguage>) -> &'static str {
    match language.unwrap_or(FinanceLanguage::En) {
        FinanceLanguage::En => "en",
        FinanceLanguage::Es => "es",
        FinanceLanguage::Fr => "fr",
        FinanceLanguage::De => "de",
        FinanceLanguage::It => "it",
        FinanceLanguage::Pt => "pt",
        FinanceLanguage::Nl => "nl",
        FinanceLanguage::Pl => "pl",
        FinanceLanguage::Zh => "zh",
        FinanceLanguage::Ja => "ja",
        FinanceLanguage::Ko => "ko",
        FinanceLanguage::Ar => "ar",
    }
}

/// Tesseract language codes for scans in `language`, its own data first.
pub fn tesseract_codes(language: Option<FinanceLanguage>) -> &'static [&'static str] {
    languages::tesseract_codes(code(language)).unwrap_or(&["eng"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_ocr_data() {
        let all = [
            FinanceLanguage::En,
            FinanceLanguage::Es,
            FinanceLanguage::Fr,
            FinanceLanguage::De,
            FinanceLanguage::It,
            FinanceLanguage::Pt,
            FinanceLanguage::Nl,
            FinanceLanguage::Pl,
            FinanceLanguage::Zh,
            FinanceLanguage::Ja,
            FinanceLanguage::Ko,
            FinanceLanguage::Ar,
        ];
        for language in &all[1..] {
            assert_ne!(tesseract_codes(Some(*language))[0], "eng", "{language:?}");
        }
        assert_eq!(tesseract_codes(None), ["eng"]);
        assert_eq!(tesseract_codes(Some(FinanceLanguage::Ja)), ["jpn", "eng"]);
    }
}
