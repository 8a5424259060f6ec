//! Every conversion between the five formats, each through the engine that does it best:
//! the browser prints HTML and text to PDF; LibreOffice reads DOCX and ODT and writes them
//! (from HTML and text too); poppler reads PDF as text or HTML (and LibreOffice takes that
//! HTML on to DOCX/ODT: lossy, as PDF keeps no structure); text and HTML convert natively.
//! A PDF going in is read by poppler first: encrypted, corrupt or too long is refused there.

use std::sync::Arc;

use super::document::{Document, Format};
use super::plain;
use suite_engines::browser::Chromium;
use suite_engines::browser::job::{BrowserError, Load, Print, WaitUntil};
use suite_engines::office::{self, Office, OfficeError};
use suite_engines::pages::{self, PagesError};
use suite_engines::poppler::{self, PopplerError};

/// Why a conversion failed, whichever engine failed it.
#[derive(Debug)]
pub enum ConvertError {
    /// The input cannot be read or the page would not load (422).
    Unreadable(String),
    /// The input or the result is over a limit (413).
    TooLarge(String),
    /// An engine is not installed or cannot start (503).
    Unavailable(String),
    /// A fault of an engine (500).
    Failed(anyhow::Error),
}

impl From<BrowserError> for ConvertError {
    fn from(e: BrowserError) -> Self {
        match e {
            BrowserError::Unprocessable(m) => ConvertError::Unreadable(m),
            BrowserError::TooLarge(m) => ConvertError::TooLarge(m),
            BrowserError::Unavailable(m) => ConvertError::Unavailable(m),
            BrowserError::Failed(e) => ConvertError::Failed(e),
        }
    }
}

impl From<OfficeError> for ConvertError {
    fn from(e: OfficeError) -> Self {
        match e {
            OfficeError::Unreadable(m) | OfficeError::TimedOut(m) => ConvertError::Unreadable(m),
            OfficeError::TooLarge(m) => ConvertError::TooLarge(m),
            OfficeError::Unavailable(m) => ConvertError::Unavailable(m),
            OfficeError::Failed(e) => ConvertError::Failed(e),
        }
    }
}

impl From<PagesError> for ConvertError {
    fn from(e: PagesError) -> Self {
        match e {
            PagesError::TooLarge(m) => ConvertError::TooLarge(m),
            PagesError::Unreadable(m) => ConvertError::Unreadable(m),
            PagesError::Busy(m) | PagesError::Unavailable(m) => ConvertError::Unavailable(m),
            PagesError::Failed(m) => ConvertError::Failed(anyhow::anyhow!(m)),
        }
    }
}

impl From<PopplerError> for ConvertError {
    fn from(e: PopplerError) -> Self {
        match e {
            PopplerError::Unreadable(m) => ConvertError::Unreadable(m),
            PopplerError::TooLarge { .. } => ConvertError::TooLarge(e.to_string()),
            PopplerError::Unavailable(m) => ConvertError::Unavailable(m),
            PopplerError::Failed(e) => ConvertError::Failed(e),
        }
    }
}

/// The engines a conversion may use, and the page limit of PDFs in and out.
#[derive(Clone)]
pub struct Converter {
    pub chromium: Arc<Chromium>,
    pub office: Arc<Office>,
    pub max_pages: usize,
}

impl Converter {
    /// `doc` in format `to`.
    pub async fn convert(&self, doc: Document, to: Format) -> Result<Document, ConvertError> {
        use Format::*;
        let from = doc.format;
        if from == Pdf {
            self.check_pdf(&doc.bytes).await?;
        }
        let out = match (doc.format, to) {
            (Pdf, Pdf) | (Html, Html) => doc,
            (Txt, Txt) => Document::new(Txt, normalized_text(&doc.text())),
            (Html, Pdf) => self.print(&doc.text()).await?,
            (Txt, Pdf) => self.print(&plain::text_to_html(&doc.text())).await?,
            (Html, Txt) => Document::new(Txt, plain::html_to_text(&doc.text())),
            (Txt, Html) => Document::new(Html, plain::text_to_html(&doc.text())),
            (Html, Docx | Odt) => self.office(doc.bytes, office::Input::Html, to).await?,
            (Txt, Docx | Odt) => {
                let html = plain::text_to_html(&doc.text());
                self.office(html.into(), office::Input::Html, to).await?
            }
            (Docx, _) => self.office(doc.bytes, office::Input::Docx, to).await?,
            (Odt, _) => self.office(doc.bytes, office::Input::Odt, to).await?,
            (Pdf, Txt) => Document::new(Txt, poppler::text(&doc.bytes).await?),
            (Pdf, Html) => Document::new(Html, poppler::html(&doc.bytes).await?),
            (Pdf, Docx | Odt) => {
                let html = poppler::html(&doc.bytes).await?;
                self.office(html.into(), office::Input::Html, to).await?
            }
        };
        // The browser counts the pages it prints; LibreOffice's PDFs are counted here.
        if to == Pdf && matches!(from, Docx | Odt) {
            self.check_pdf(&out.bytes).await?;
        }
        Ok(out)
    }

    /// Refuses a PDF poppler cannot read, an encrypted or empty one, or one over the page
    /// limit (the shared page engine's check).
    async fn check_pdf(&self, pdf: &[u8]) -> Result<(), ConvertError> {
        pages::pdf_page_count(pdf, self.max_pages)
            .await
            .map(drop)
            .map_err(ConvertError::from)
    }

    /// HTML printed by the browser: A4, 10 mm margins (a document's `@page` rules win),
    /// backgrounds printed.
    async fn print(&self, html: &str) -> Result<Document, ConvertError> {
        let mut load = Load::html(html);
        load.wait_until = WaitUntil::Load;
        let job = Print {
            load,
            paper_width: 210.0 / 25.4,
            paper_height: 297.0 / 25.4,
            landscape: false,
            print_background: true,
            margins: [10.0 / 25.4; 4],
            scale: 1.0,
            page_ranges: None,
            header_template: None,
            footer_template: None,
            max_pages: self.max_pages,
            prefer_css_page_size: true,
        };
        let pdf = self.chromium.print(job).await?;
        Ok(Document::new(Format::Pdf, pdf.bytes))
    }

    async fn office(
        &self,
        bytes: Vec<u8>,
        from: office::Input,
        to: Format,
    ) -> Result<Document, ConvertError> {
        let output = match to {
            Format::Pdf => office::Output::Pdf,
            Format::Docx => office::Output::Docx,
            Format::Html => office::Output::Html,
            Format::Txt => office::Output::Txt,
            Format::Odt => office::Output::Odt,
        };
        let bytes = self.office.convert(bytes, from, output).await?;
        Ok(Document::new(to, bytes))
    }
}

/// Text with one line ending (`\n`) and no byte-order mark.
fn normalized_text(text: &str) -> String {
    text.trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n")
}
