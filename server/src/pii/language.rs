//! What each language of the contract means to the engines: the recognizers' language and
//! the Tesseract language data read with it. Latin-script text (e-mail addresses, IBANs,
//! card numbers, Latin names) appears in documents of every language, so `eng` is read
//! beside every other script's data; `zh` reads both Simplified and Traditional Chinese.

use super::detect::Language;

/// Tesseract language codes for OCR in `language`, the language's own data first.
pub fn tesseract_codes(language: Language) -> &'static [&'static str] {
    match language {
        Language::En => &["eng"],
        Language::Es => &["spa"],
        Language::Fr => &["fra"],
        Language::De => &["deu"],
        Language::It => &["ita"],
        Language::Pt => &["por"],
        Language::Nl => &["nld"],
        Language::Pl => &["pol"],
        Language::Sv => &["swe"],
        Language::Da => &["dan"],
        Language::Nb => &["nor"],
        Language::Fi => &["fin"],
        Language::Cs => &["ces"],
        Language::Ro => &["ron"],
        Language::Hu => &["hun"],
        Language::Tr => &["tur"],
        Language::El => &["ell", "eng"],
        Language::Ru => &["rus", "eng"],
        Language::Uk => &["ukr", "eng"],
        Language::Ar => &["ara", "eng"],
        Language::He => &["heb", "eng"],
        Language::Hi => &["hin", "eng"],
        Language::Zh => &["chi_sim", "chi_tra", "eng"],
        Language::Ja => &["jpn", "eng"],
        Language::Ko => &["kor", "eng"],
    }
}

/// Every language's Tesseract data, for the packages the server needs and the checks that
/// they are installed.
pub const ALL_TESSERACT_CODES: &[&str] = &[
    "eng", "spa", "fra", "deu", "ita", "por", "nld", "pol", "swe", "dan", "nor", "fin", "ces",
    "ron", "hun", "tur", "ell", "rus", "ukr", "ara", "heb", "hin", "chi_sim", "chi_tra", "jpn",
    "kor",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::ocr::Recognizer;

    #[test]
    fn every_language_the_api_reads_is_installed() {
        let installed = Recognizer::new(None).installed_languages();
        for code in ALL_TESSERACT_CODES {
            assert!(
                installed.iter().any(|l| l == code),
                "{code} is not installed"
            );
        }
        for language in [Language::En, Language::Zh, Language::Ar] {
            assert!(
                tesseract_codes(language)
                    .iter()
                    .all(|c| ALL_TESSERACT_CODES.contains(c))
            );
        }
    }
}
