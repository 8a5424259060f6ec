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
    /// UTF-8 text that starts as HTML does (WHATWG MIME sniffing's HTML patterns).
    Html,
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
            Sniffed::Html => "text/html",
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
        if looks_like_html(bytes) {
            Sniffed::Html
        } else {
            Sniffed::Text
        }
    } else {
        Sniffed::Unknown
    }
}

/// Tags WHATWG MIME sniffing takes as the start of an HTML document (after whitespace), each
/// followed by a space or `>` (`<!--` by anything).
const HTML_STARTS: &[&[u8]] = &[
    b"<!doctype html",
    b"<html",
    b"<head",
    b"<script",
    b"<iframe",
    b"<h1",
    b"<div",
    b"<font",
    b"<table",
    b"<a",
    b"<style",
    b"<title",
    b"<b",
    b"<body",
    b"<br",
    b"<p",
];

/// Whether UTF-8 `bytes` begin as an HTML document.
fn looks_like_html(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let text = &text[start..];
    if text.starts_with(b"<!--") {
        return true;
    }
    HTML_STARTS.iter().any(|tag| {
        text.len() > tag.len()
            && text[..tag.len()].eq_ignore_ascii_case(tag)
            && matches!(text[tag.len()], b' ' | b'>' | b'\t' | b'\n' | b'\r')
    })
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
    fn html_is_text_that_starts_as_html() {
        for html in [
            "<!DOCTYPE html><p>x</p>",
            "\u{feff}  \n<html lang=\"en\">",
            "<P>Hello</P>",
            "<!-- generated -->\n<div>",
            "<table>\n",
        ] {
            assert_eq!(sniff(html.as_bytes()), Sniffed::Html, "{html:?}");
        }
        for text in [
            "a <p> inside",
            "<pre",
            "<pane>",
            "{{ name }} <b>x</b>",
            "<brand new>",
        ] {
            assert_eq!(sniff(text.as_bytes()), Sniffed::Text, "{text:?}");
        }
    }

    #[test]
    fn a_declared_type_is_not_trusted() {
        // A PNG renamed to .pdf is still a PNG.
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n").media_type(), "image/png");
    }
}
