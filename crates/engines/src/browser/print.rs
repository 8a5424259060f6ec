//! Printing a loaded page to PDF through CDP's `Page.printToPDF`, then counting its pages.

use std::time::{Duration, Instant};

use base64::Engine as _;
use headless_chrome::protocol::cdp::Page;

use super::job::{BrowserError, Pdf, Print};
use super::page::{Session, call};
use crate::pdf_pages::page_count;

/// Loads and prints `print` in `session`.
pub fn print(
    session: &Session,
    print: &Print,
    print_timeout: Duration,
) -> Result<Pdf, BrowserError> {
    session.load(&print.load, Instant::now())?;
    let deadline = Instant::now() + print_timeout;
    let templates = print.header_template.is_some() || print.footer_template.is_some();
    let [top, right, bottom, left] = print.margins;
    let printed = call(
        &session.page,
        Page::PrintToPDF {
            landscape: Some(print.landscape),
            display_header_footer: Some(templates),
            print_background: Some(print.print_background),
            scale: Some(print.scale),
            paper_width: Some(print.paper_width),
            paper_height: Some(print.paper_height),
            margin_top: Some(top),
            margin_bottom: Some(bottom),
            margin_left: Some(left),
            margin_right: Some(right),
            page_ranges: print.page_ranges.clone(),
            // An empty template prints nothing (Chromium's default prints the date and URL).
            header_template: templates.then(|| {
                print
                    .header_template
                    .clone()
                    .unwrap_or_else(|| "<span></span>".into())
            }),
            footer_template: templates.then(|| {
                print
                    .footer_template
                    .clone()
                    .unwrap_or_else(|| "<span></span>".into())
            }),
            prefer_css_page_size: Some(print.prefer_css_page_size),
            transfer_mode: None,
            generate_tagged_pdf: None,
            generate_document_outline: None,
        },
        deadline,
        "printing the page",
    )
    .map_err(|e| match e {
        BrowserError::Failed(e) if format!("{e:#}").contains("Page range") => {
            BrowserError::Unprocessable(format!(
                "page_ranges `{}` does not fit the document",
                print.page_ranges.as_deref().unwrap_or_default()
            ))
        }
        other => other,
    })?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(printed.data)
        .map_err(|e| BrowserError::Failed(anyhow::anyhow!("the PDF is not base64: {e}")))?;
    let pages = page_count(&bytes)
        .ok_or_else(|| BrowserError::Failed(anyhow::anyhow!("the printed PDF has no page tree")))?;
    if pages > print.max_pages {
        return Err(BrowserError::TooLarge(format!(
            "the printed PDF has {pages} pages; the limit is {}",
            print.max_pages
        )));
    }
    Ok(Pdf { bytes, pages })
}
