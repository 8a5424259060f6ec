//! A template of any kind, compiled once: what it is written in, the variables it reads, and
//! its rendering into the document of its own kind (HTML for `html` and `markdown`, text for
//! `text`, the same word-processor kind for `docx` and `odt`).

use super::document::{Document, Format};
use super::markdown;
use super::office_template::{OfficeKind, OfficeTemplate, OfficeTemplateError, ZipLimits};
use suite_engines::jinja::{self, Budget, Escape, JinjaError};

/// How a template is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Text,
    Markdown,
    Docx,
    Odt,
}

impl Kind {
    /// The media type its source is stored under.
    pub fn media_type(self) -> &'static str {
        match self {
            Kind::Html => Format::Html.media_type(),
            Kind::Text | Kind::Markdown => Format::Txt.media_type(),
            Kind::Docx => Format::Docx.media_type(),
            Kind::Odt => Format::Odt.media_type(),
        }
    }

    /// The name the contract and the database use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Html => "html",
            Kind::Text => "text",
            Kind::Markdown => "markdown",
            Kind::Docx => "docx",
            Kind::Odt => "odt",
        }
    }

    /// The kind named `name`.
    pub fn named(name: &str) -> Option<Kind> {
        [
            Kind::Html,
            Kind::Text,
            Kind::Markdown,
            Kind::Docx,
            Kind::Odt,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// Why a template did not compile or render.
#[derive(Debug)]
pub enum TemplateError {
    /// The file is not what its kind says (415).
    NotThatKind(String),
    /// A document template's zip is over the limits (413).
    TooLarge(String),
    /// The source does not compile (400), with where.
    Syntax(String),
    /// `data` lacks a value the template prints (400).
    Missing(String),
    /// The render ran over its budget, or failed on the data (422).
    Unprocessable(String),
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TemplateError::NotThatKind(m)
            | TemplateError::TooLarge(m)
            | TemplateError::Syntax(m)
            | TemplateError::Missing(m)
            | TemplateError::Unprocessable(m) => f.write_str(m),
        }
    }
}

impl From<JinjaError> for TemplateError {
    fn from(e: JinjaError) -> Self {
        match e {
            JinjaError::Syntax(m) => TemplateError::Syntax(m),
            JinjaError::Missing(m) => TemplateError::Missing(m),
            JinjaError::Exhausted(m) | JinjaError::Render(m) => TemplateError::Unprocessable(m),
        }
    }
}

impl From<OfficeTemplateError> for TemplateError {
    fn from(e: OfficeTemplateError) -> Self {
        match e {
            OfficeTemplateError::NotThatKind(m) => TemplateError::NotThatKind(m),
            OfficeTemplateError::TooLarge(m) => TemplateError::TooLarge(m),
            OfficeTemplateError::Jinja(e) => e.into(),
            OfficeTemplateError::Corrupt(m) => TemplateError::Unprocessable(m),
        }
    }
}

/// A compiled template.
#[derive(Debug)]
pub enum Template {
    /// Jinja text: HTML, plain text or Markdown.
    Text {
        kind: Kind,
        compiled: Box<jinja::Compiled>,
    },
    /// A DOCX or ODT document with tags in its text.
    Office {
        kind: Kind,
        compiled: OfficeTemplate,
    },
}

impl Template {
    /// Compiles `source` as `kind`.
    pub fn compile(kind: Kind, source: &[u8], budget: Budget) -> Result<Template, TemplateError> {
        match kind {
            Kind::Html | Kind::Text | Kind::Markdown => {
                let text = std::str::from_utf8(source).map_err(|_| {
                    TemplateError::NotThatKind(format!(
                        "a {} template must be UTF-8 text",
                        kind.name()
                    ))
                })?;
                let escape = if kind == Kind::Html {
                    Escape::Markup
                } else {
                    Escape::Nothing
                };
                let compiled = jinja::compile(text.trim_start_matches('\u{feff}'), escape, budget)?;
                Ok(Template::Text {
                    kind,
                    compiled: Box::new(compiled),
                })
            }
            Kind::Docx | Kind::Odt => {
                let office = if kind == Kind::Docx {
                    OfficeKind::Docx
                } else {
                    OfficeKind::Odt
                };
                let compiled =
                    OfficeTemplate::compile(office, source, ZipLimits::default(), budget)?;
                Ok(Template::Office { kind, compiled })
            }
        }
    }

    /// The top-level variables it reads, sorted.
    pub fn fields(&self) -> Vec<String> {
        match self {
            Template::Text { compiled, .. } => compiled.fields(),
            Template::Office { compiled, .. } => compiled.fields(),
        }
    }

    /// Renders with `data` into a document of the template's own kind.
    pub fn render(&self, data: &serde_json::Value) -> Result<Document, TemplateError> {
        match self {
            Template::Text { kind, compiled } => {
                let text = compiled.render(data)?;
                Ok(match kind {
                    Kind::Markdown => Document::new(Format::Html, markdown::to_html(&text)),
                    Kind::Text => Document::new(Format::Txt, text),
                    _ => Document::new(Format::Html, text),
                })
            }
            Template::Office { kind, compiled } => {
                let format = if *kind == Kind::Docx {
                    Format::Docx
                } else {
                    Format::Odt
                };
                Ok(Document::new(format, compiled.render(data)?))
            }
        }
    }
}
