//! Which Tesseract data reads each language (ISO 639-1 codes), for every API that OCRs.
//! Latin-script text (e-mail addresses, IBANs, card numbers, amounts with currency codes)
//! appears in documents of every language, so `eng` is read beside every other script's
//! data; `zh` reads both Simplified and Traditional Chinese.

/// Tesseract language codes for OCR in the language `iso` (ISO 639-1), the language's own
/// data first; `None` for a language the server has no data for.
pub fn tesseract_codes(iso: &str) -> Option<&'static [&'static str]> {
    Some(match iso {
        "en" => &["eng"],
        "es" => &["spa"],
        "fr" => &["fra"],
        "de" => &["deu"],
        "it" => &["ita"],
        "pt" => &["por"],
        "nl" => &["nld"],
        "pl" => &["pol"],
        "sv" => &["swe"],
        "da" => &["dan"],
        "nb" => &["nor"],
        "fi" => &["fin"],
        "cs" => &["ces"],
        "ro" => &["ron"],
        "hu" => &["hun"],
        "tr" => &["tur"],
        "el" => &["ell", "eng"],
        "ru" => &["rus", "eng"],
        "uk" => &["ukr", "eng"],
        "ar" => &["ara", "eng"],
        "he" => &["heb", "eng"],
        "hi" => &["hin", "eng"],
        "zh" => &["chi_sim", "chi_tra", "eng"],
        "ja" => &["jpn", "eng"],
        "ko" => &["kor", "eng"],
        _ => return None,
    })
}

/// The Tesseract codes for `iso` (see `tesseract_codes`), English's for a language the
/// server has no data for: an API whose contract enum names only languages with data never
/// meets the fallback; it is there so that no caller writes its own.
pub fn tesseract_codes_or_english(iso: &str) -> &'static [&'static str] {
    tesseract_codes(iso).unwrap_or(&["eng"])
}

/// Tesseract codes of the languages PP-OCR's recogniser also reads: Latin-script ones (their
/// accented letters it lacks are left to Tesseract line by line) and Chinese.
const PPOCR_READS: &[&str] = &[
    "eng", "spa", "fra", "deu", "ita", "por", "nld", "pol", "swe", "dan", "nor", "fin", "ces",
    "ron", "hun", "tur", "chi_sim", "chi_tra",
];

/// Whether a page in Tesseract's `codes` is worth a second reading by PP-OCR.
pub fn ppocr_reads(codes: &[&str]) -> bool {
    !codes.is_empty() && codes.iter().all(|c| PPOCR_READS.contains(c))
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
    use crate::ocr::Recognizer;

    #[test]
    fn every_language_read_is_installed() {
        let installed = Recognizer::new(None).installed_languages();
        for code in ALL_TESSERACT_CODES {
            assert!(
                installed.iter().any(|l| l == code),
                "{code} is not installed"
            );
        }
        for iso in ["en", "zh", "ar", "ko"] {
            let codes = tesseract_codes(iso).expect("a language read");
            assert!(codes.iter().all(|c| ALL_TESSERACT_CODES.contains(c)));
        }
        assert_eq!(tesseract_codes("xx"), None);
        assert!(ppocr_reads(&["deu"]) && ppocr_reads(tesseract_codes("zh").unwrap_or(&[])));
        assert!(!ppocr_reads(&["rus", "eng"]) && !ppocr_reads(&[]));
    }
}
