//! The document formats the engine reads and writes, and the LibreOfficeKit names for them.

/// A format the engine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Input {
    Docx,
    Odt,
    Html,
}

/// A format the engine writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Output {
    Pdf,
    Docx,
    Odt,
    Html,
    Txt,
}

impl Input {
    /// The input file's extension, which LibreOffice's type detection starts from.
    pub fn extension(self) -> &'static str {
        match self {
            Input::Docx => "docx",
            Input::Odt => "odt",
            Input::Html => "html",
        }
    }
}

impl Output {
    /// The output file's extension; it is also LibreOfficeKit's `saveAs` format, which LOK
    /// maps to a Writer filter: pdf → `writer_pdf_Export`, docx → `MS Word 2007 XML`,
    /// odt → `writer8`, html → `HTML (StarWriter)`, txt → `Text`.
    pub fn extension(self) -> &'static str {
        match self {
            Output::Pdf => "pdf",
            Output::Docx => "docx",
            Output::Odt => "odt",
            Output::Html => "html",
            Output::Txt => "txt",
        }
    }

    /// The export filter's options: images inlined in HTML (one self-contained file), UTF-8
    /// text.
    pub fn filter_options(self) -> Option<&'static str> {
        match self {
            Output::Html => Some("EmbedImages"),
            Output::Txt => Some("UTF8"),
            Output::Pdf | Output::Docx | Output::Odt => None,
        }
    }
}
