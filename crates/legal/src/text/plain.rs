//! Plain-text contracts in the encodings they are really saved in: UTF-8 (with or without a
//! byte-order mark), UTF-16 with its mark (Windows Notepad's "Unicode"), and otherwise
//! Windows-1252, the legacy encoding of western European text — refused when the bytes do
//! not look like text at all (control bytes), so a binary file is not read as a contract.

use super::{Block, TextError, lines};

/// The text of a plain-text file, and the encoding it was read in.
pub fn decode(bytes: &[u8]) -> Result<(String, &'static str), TextError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return utf8(rest).map(|text| (text, "UTF-8"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes).map(|text| (text, "UTF-16LE"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes).map(|text| (text, "UTF-16BE"));
    }
    if let Ok(text) = utf8(bytes) {
        return Ok((text, "UTF-8"));
    }
    let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
    let text = text.into_owned();
    if has_control_chars(&text) {
        return Err(TextError::Unreadable(
            "the file is neither UTF-8, UTF-16 nor Windows-1252 text".into(),
        ));
    }
    Ok((text, "Windows-1252"))
}

/// Whether `bytes` read as text in one of the accepted encodings (for sniffing uploads that
/// are not UTF-8).
pub fn is_text(bytes: &[u8]) -> bool {
    decode(bytes).is_ok()
}

/// The paragraphs of a plain-text file: its lines.
pub fn blocks(text: &str) -> impl Iterator<Item = Block> + '_ {
    lines(text)
}

fn utf8(bytes: &[u8]) -> Result<String, TextError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| TextError::Unreadable(format!("the text is not valid UTF-8 ({e})")))?;
    if has_control_chars(text) {
        return Err(TextError::Unreadable(
            "the file holds binary data, not text".into(),
        ));
    }
    Ok(text.to_owned())
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, TextError> {
    if !bytes.len().is_multiple_of(2) {
        return Err(TextError::Unreadable(
            "the UTF-16 text has an odd number of bytes".into(),
        ));
    }
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    let text: String = char::decode_utf16(units)
        .collect::<Result<_, _>>()
        .map_err(|_| TextError::Unreadable("the UTF-16 text is malformed".into()))?;
    if has_control_chars(&text) {
        return Err(TextError::Unreadable(
            "the file holds binary data, not text".into(),
        ));
    }
    Ok(text)
}

/// Control characters other than tab, newlines and form feed (page breaks in exported text).
fn has_control_chars(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_mark() {
        assert_eq!(
            decode("Überweisung".as_bytes()).expect("utf-8").0,
            "Überweisung"
        );
        let mut marked = b"\xEF\xBB\xBF".to_vec();
        marked.extend_from_slice("Cláusula".as_bytes());
        assert_eq!(
            decode(&marked).expect("utf-8"),
            ("Cláusula".into(), "UTF-8")
        );
    }

    #[test]
    fn utf16_both_orders() {
        let text = "§ 5 Haftung";
        let mut le = b"\xFF\xFE".to_vec();
        let mut be = b"\xFE\xFF".to_vec();
        for unit in text.encode_utf16() {
            le.extend_from_slice(&unit.to_le_bytes());
            be.extend_from_slice(&unit.to_be_bytes());
        }
        assert_eq!(decode(&le).expect("le"), (text.into(), "UTF-16LE"));
        assert_eq!(decode(&be).expect("be"), (text.into(), "UTF-16BE"));
        assert!(decode(&le[..le.len() - 1]).is_err());
    }

    #[test]
    fn windows_1252_is_the_fallback_and_binary_is_refused() {
        // "Résiliation – préavis" in Windows-1252 (é = E9, en dash = 96).
        let bytes = b"R\xE9siliation \x96 pr\xE9avis";
        assert_eq!(
            decode(bytes).expect("cp1252"),
            ("Résiliation – préavis".into(), "Windows-1252")
        );
        assert!(decode(b"\x00\x01\x02binary\x03").is_err());
        assert!(!is_text(b"\x89PNG\r\n\x1a\n\x00\x00"));
    }
}
