//! The document generation API: templates of five kinds (HTML, text, Markdown, DOCX, ODT;
//! Jinja syntax, strict and bounded) rendered with the caller's data, and documents converted
//! between PDF, DOCX, HTML, TXT and ODT through the shared engines: the Chromium pool prints,
//! LibreOffice workers read and write word-processor files, poppler reads PDFs.

pub mod builtin;
pub mod config;
mod convert;
pub mod document;
mod http;
mod markdown;
mod office_template;
pub mod plain;
pub mod template;

use std::sync::Arc;

use self::convert::Converter;
use self::template::Template;
use suite_engines::browser::Chromium;
use suite_engines::jinja::Budget;
use suite_engines::office::Office;

/// The document generation API's state: the engines it converts with, the render budget and
/// the built-in templates, compiled once.
pub struct Docgen {
    converter: Converter,
    budget: Budget,
    builtins: Arc<Vec<Template>>,
}

impl std::fmt::Debug for Docgen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Docgen")
            .field("budget", &self.budget)
            .finish()
    }
}

impl Docgen {
    /// The API on the shared engines; `max_pages` is the platform's PDF page limit.
    pub fn start(
        config: &config::Config,
        chromium: Arc<Chromium>,
        office: Arc<Office>,
        max_pages: usize,
    ) -> Docgen {
        let budget = config.budget();
        Docgen {
            converter: Converter {
                chromium,
                office,
                max_pages,
            },
            budget,
            builtins: Arc::new(builtin::compile_all(budget)),
        }
    }
}
