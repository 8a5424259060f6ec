//! What each language of the contract means to the OCR engine: the Tesseract data read with
//! it (`engines::ocr::languages`).

use super::detect::Language;
use suite_engines::ocr::languages;

/// Tesseract language codes for OCR in `language`, the language's own data first.
pub fn tesseract_codes(language: Language) -> &'static [&'static str] {
    let iso = match language {
        Language::En => "en",
        Language::Es => "es",
        Language::Fr => "fr",
        Language::De => "de",
        Language::It => "it",
        Language::Pt => "pt",
        Language::Nl => "nl",
        Language::Pl => "pl",
        Language::Sv => "sv",
        Language::Da => "da",
        Language::Nb => "nb",
        Language::Fi => "fi",
        Language::Cs => "cs",
        Language::Ro => "ro",
        Language::Hu => "hu",
        Language::Tr => "tr",
        Language::El => "el",
        Language::Ru => "ru",
        Language::Uk => "uk",
        Language::Ar => "ar",
        Language::He => "he",
        Language::Hi => "hi",
        Language::Zh => "zh",
        Language::Ja => "ja",
        Language::Ko => "ko",
    };
    languages::tesseract_codes_or_english(iso)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_api_has_its_own_data() {
        assert_eq!(tesseract_codes(Language::Sv), ["swe"]);
        assert_eq!(tesseract_codes(Language::Zh)[0], "chi_sim");
        assert_eq!(tesseract_codes(Language::Ko), ["kor", "eng"]);
    }
}
