//! The tessdata directory: where it is when the operator does not say, which languages it
//! holds, and checking a request's languages against it before Tesseract sees them (an unknown
//! code would otherwise cost a failed initialisation and noise on stderr).

use std::path::{Path, PathBuf};

use super::OcrError;

/// Debian's `tesseract-ocr` 5 data directory, Tesseract's compiled-in default there.
const DEBIAN_TESSDATA: &str = "/usr/share/tesseract-ocr/5/tessdata";

/// Models in tessdata that are not recognition languages.
const NOT_LANGUAGES: &[&str] = &["osd", "equ"];

/// The directory Tesseract would use: `TESSDATA_PREFIX` when set (Tesseract 5 reads it as the
/// tessdata directory itself), else Debian's.
pub fn default_dir() -> PathBuf {
    match std::env::var_os("TESSDATA_PREFIX") {
        Some(prefix) if !prefix.is_empty() => PathBuf::from(prefix),
        _ => PathBuf::from(DEBIAN_TESSDATA),
    }
}

/// The recognition languages in `dir`, sorted.
pub fn installed(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut languages: Vec<String> = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let code = name.strip_suffix(".traineddata")?;
            (is_code(code) && !NOT_LANGUAGES.contains(&code)).then(|| code.to_owned())
        })
        .collect();
    languages.sort();
    languages
}

/// The `+`-joined set Tesseract is initialised with (duplicates dropped, order kept: the first
/// language is the primary one), once every code is installed.
pub fn language_set(dir: &Path, languages: &[&str]) -> Result<String, OcrError> {
    if languages.is_empty() {
        return Err(OcrError::UnknownLanguage(String::new()));
    }
    let mut set: Vec<&str> = Vec::with_capacity(languages.len());
    for &code in languages {
        let known = is_code(code)
            && !NOT_LANGUAGES.contains(&code)
            && dir.join(format!("{code}.traineddata")).is_file();
        if !known {
            return Err(OcrError::UnknownLanguage(code.to_owned()));
        }
        if !set.contains(&code) {
            set.push(code);
        }
    }
    Ok(set.join("+"))
}

/// A plausible Tesseract code (`eng`, `chi_sim`, `script/Latin` is not one): no separators, no
/// path components, nothing Tesseract would split on.
fn is_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 32
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_sets_are_checked_and_deduplicated() {
        let dir = default_dir();
        assert_eq!(
            language_set(&dir, &["eng", "deu", "eng"]),
            Ok("eng+deu".into())
        );
        assert_eq!(
            language_set(&dir, &["eng", "xx"]),
            Err(OcrError::UnknownLanguage("xx".into()))
        );
        for bad in ["../eng", "eng+deu", "osd", ""] {
            assert_eq!(
                language_set(&dir, &[bad]),
                Err(OcrError::UnknownLanguage(bad.into()))
            );
        }
        assert_eq!(
            language_set(&dir, &[]),
            Err(OcrError::UnknownLanguage(String::new()))
        );
    }

    #[test]
    fn installed_languages_exclude_osd() {
        let languages = installed(&default_dir());
        assert!(languages.iter().any(|l| l == "eng"), "{languages:?}");
        assert!(languages.iter().any(|l| l == "chi_sim"), "{languages:?}");
        assert!(!languages.iter().any(|l| l == "osd"), "{languages:?}");
    }
}
