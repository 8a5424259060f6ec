//! A document in one of the five formats the API reads and writes.

/// The five formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Pdf,
    Docx,
    Html,
    Txt,
    Odt,
}

impl Format {
    /// Its media type (what downloads answer as Content-Type).
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Pdf => "application/pdf",
            Format::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            Format::Html => "text/html; charset=utf-8",
            Format::Txt => "text/plain; charset=utf-8",
            Format::Odt => "application/vnd.oasis.opendocument.text",
        }
    }

    /// Its name in the contract.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Docx => "docx",
            Format::Html => "html",
            Format::Txt => "txt",
            Format::Odt => "odt",
        }
    }
}

/// A document's bytes and format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub format: Format,
    pub bytes: Vec<u8>,
}

impl Document {
    pub fn new(format: Format, bytes: impl Into<Vec<u8>>) -> Document {
        Document {
            format,
            bytes: bytes.into(),
        }
    }

    /// The bytes as text (HTML and TXT are UTF-8 by construction or checked on upload).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}
