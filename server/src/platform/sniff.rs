//! What an uploaded file really is, from its first bytes: engines accept or refuse uploads by
//! this (415 `unsupported_media_type`), never by the client's declared Content-Type.

/// Media types the suite recognises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    Pdf,
    Png,
    Jpeg,
    Webp,
    Docx,
    Odt,
    /// Valid UTF-8 without NUL bytes.
    Text,
    Unknown,
}

impl Sniffed {
    pub fn media_type(self) -> &'static str {
        match self {
            Sniffed::Pdf => "application/pdf",
            Sniffed::Png => "image/png",
            Sniffed::Jpeg => "image/jpeg",
            Sniffed::Webp => "image/webp",
            Sniffed::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            Sniffed::Odt => "application/vnd.oasis.opendocument.text",
            Sniffed::Text => "text/plain",
            Sniffed::Unknown => "application/octet-stream",
        }
    }
}

/// Identifies `bytes` by signature (and, for ZIP containers, by their first entries).
pub fn sniff(bytes: &[u8]) -> Sniffed {
    if bytes.starts_with(b"%PDF-") {
        Sniffed::Pdf
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Sniffed::Png
    } else if bytes.starts_with(b"\xff\xd8\xff") {
        Sniffed::Jpeg
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Sniffed::Webp
    } else if bytes.starts_with(b"PK\x03\x04") {
        sniff_zip(bytes)
    } else if !bytes.contains(&0) && std::str::from_utf8(bytes).is_ok() {
        Sniffed::Text
    } else {
        Sniffed::Unknown
    }
}

/// OpenDocument stores its `mimetype` entry first and uncompressed; OOXML names `word/` parts.
fn sniff_zip(bytes: &[u8]) -> Sniffed {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    if contains(head, b"mimetypeapplication/vnd.oasis.opendocument.text") {
        Sniffed::Odt
    } else if contains(head, b"word/") && contains(head, b"[Content_Types].xml") {
        Sniffed::Docx
    } else {
        Sniffed::Unknown
    }
}

/// Whether `needle` occurs anywhere in `haystack`.
pub(super) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures() {
        assert_eq!(sniff(b"%PDF-1.7\n"), Sniffed::Pdf);
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0"), Sniffed::Png);
        assert_eq!(sniff(b"\xff\xd8\xff\xe0"), Sniffed::Jpeg);
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Sniffed::Webp);
        assert_eq!(sniff("Vertrag über Leistungen".as_bytes()), Sniffed::Text);
        assert_eq!(sniff(b"\0\x01\x02"), Sniffed::Unknown);
        assert_eq!(
            sniff(b"PK\x03\x04....mimetypeapplication/vnd.oasis.opendocument.text"),
            Sniffed::Odt
        );
        assert_eq!(
            sniff(b"PK\x03\x04..[Content_Types].xml..word/document.xml"),
            Sniffed::Docx
        );
        assert_eq!(sniff(b"PK\x03\x04..other.zip"), Sniffed::Unknown);
    }

    #[test]
    fn a_declared_type_is_not_trusted() {
        // A PNG renamed to .pdf is still a PNG.
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n").media_type(), "image/png");
    }
}
