//! `docx` and `odt` templates: a Word or OpenDocument text file whose text holds Jinja tags
//! (`{{ customer.name }}`, `{% if paid %}…{% endif %}`, `{% for item in items %}…{% endfor %}`),
//! rendered with JSON data into a new file of the same kind, as docxtemplater, Carbone and
//! docxtpl do.
//!
//! Compiling a template:
//! 1. the upload is read as a zip under [`ZipLimits`] and recognised as DOCX (its
//!    `[Content_Types].xml` declares a Word main document) or ODT (its `mimetype` entry);
//! 2. each part holding body text (DOCX: the main document, headers, footers, footnotes,
//!    endnotes as declared in `[Content_Types].xml`; ODT: `content.xml`, `styles.xml`) is
//!    prepared: tags split across runs are merged into their first run (`runs`), paragraphs
//!    and table rows holding only statements give way to the bare statements, and statements
//!    at a row's edges move outside it so rows repeat (`blocks`, whose doc states the rules),
//!    and the text inside tags is cleaned of XML entities and typographic quotes (`tags`);
//! 3. the prepared XML is compiled as a Jinja template that escapes values for XML.
//!
//! Rendering renders each part, turns line breaks in values into the format's line breaks,
//! checks the XML is well-formed, and zips everything back in the original order (every other
//! entry byte for byte).

mod blocks;
mod check;
mod docx;
mod locate;
mod odt;
mod part;
mod runs;
mod tags;
mod text;
mod xml;
mod zip_io;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod tests;

use suite_engines::jinja::{self, Budget, Compiled, Escape, JinjaError};

pub use zip_io::{ZipLimits, read_zip};

/// Which kind of office document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfficeKind {
    /// Word (Office Open XML WordprocessingML), `.docx`.
    Docx,
    /// OpenDocument text, `.odt`.
    Odt,
}

impl OfficeKind {
    /// The media type of a document of this kind.
    pub fn media_type(self) -> &'static str {
        match self {
            OfficeKind::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            OfficeKind::Odt => odt::MIMETYPE,
        }
    }

    /// What the entries of a zip (from [`read_zip`]) are, if a DOCX or ODT.
    pub fn detect(entries: &[(String, Vec<u8>)]) -> Option<OfficeKind> {
        detect(entries).ok().flatten().map(|(kind, _)| kind)
    }

    fn describe(self) -> &'static str {
        match self {
            OfficeKind::Docx => "a Word document (.docx)",
            OfficeKind::Odt => "an OpenDocument text (.odt)",
        }
    }
}

/// Why a template did not compile or render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfficeTemplateError {
    /// Not a zip, or not a document of the expected kind.
    NotThatKind(String),
    /// The zip has too many entries or inflates too far.
    TooLarge(String),
    /// A tag does not compile, or rendering failed; messages name the part and the tag.
    Jinja(JinjaError),
    /// The zip or a part's XML is unreadable.
    Corrupt(String),
}

impl std::fmt::Display for OfficeTemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OfficeTemplateError::NotThatKind(m)
            | OfficeTemplateError::TooLarge(m)
            | OfficeTemplateError::Corrupt(m) => f.write_str(m),
            OfficeTemplateError::Jinja(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OfficeTemplateError {}

/// A compiled DOCX or ODT template.
pub struct OfficeTemplate {
    kind: OfficeKind,
    entries: Vec<Entry>,
    budget: Budget,
}

impl std::fmt::Debug for OfficeTemplate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OfficeTemplate")
            .field("kind", &self.kind)
            .field("entries", &self.entries.len())
            .finish()
    }
}

enum Entry {
    /// Written back as it came.
    Copy { name: String, bytes: Vec<u8> },
    /// Rendered; `source` is the prepared XML, to explain errors.
    Template {
        name: String,
        source: String,
        compiled: Box<Compiled>,
    },
}

impl OfficeTemplate {
    /// Reads and compiles an uploaded document of `kind`.
    pub fn compile(
        kind: OfficeKind,
        bytes: &[u8],
        limits: ZipLimits,
        budget: Budget,
    ) -> Result<OfficeTemplate, OfficeTemplateError> {
        let entries = read_zip(bytes, limits)?;
        let parts = match detect(&entries)? {
            Some((found, parts)) if found == kind => parts,
            Some((found, _)) => {
                return Err(OfficeTemplateError::NotThatKind(format!(
                    "expected {} but the file is {}",
                    kind.describe(),
                    found.describe()
                )));
            }
            None => {
                return Err(OfficeTemplateError::NotThatKind(format!(
                    "the zip is not {}",
                    kind.describe()
                )));
            }
        };
        let mut compiled = Vec::with_capacity(entries.len());
        for (name, bytes) in entries {
            if !parts.contains(&name) {
                compiled.push(Entry::Copy { name, bytes });
                continue;
            }
            let Ok(xml) = std::str::from_utf8(&bytes) else {
                return Err(OfficeTemplateError::Corrupt(format!("{name} is not UTF-8")));
            };
            if !part::may_hold_tags(xml) {
                compiled.push(Entry::Copy { name, bytes });
                continue;
            }
            let source = part::prepare(kind, &name, xml)?;
            let template = jinja::compile(&source, Escape::Markup, budget)
                .map_err(|e| OfficeTemplateError::Jinja(locate::locate(e, &name, &source)))?;
            compiled.push(Entry::Template {
                name,
                source,
                compiled: Box::new(template),
            });
        }
        Ok(OfficeTemplate {
            kind,
            entries: compiled,
            budget,
        })
    }

    /// The kind of document this template renders.
    pub fn kind(&self) -> OfficeKind {
        self.kind
    }

    /// The top-level variables the template reads, over all parts, sorted.
    pub fn fields(&self) -> Vec<String> {
        let mut fields: Vec<String> = self
            .entries
            .iter()
            .flat_map(|entry| match entry {
                Entry::Template { compiled, .. } => compiled.fields(),
                Entry::Copy { .. } => Vec::new(),
            })
            .collect();
        fields.sort();
        fields.dedup();
        fields
    }

    /// Renders with `data` into a new document (zip bytes) of the same kind.
    pub fn render(&self, data: &serde_json::Value) -> Result<Vec<u8>, OfficeTemplateError> {
        let mut rendered: Vec<(&str, std::borrow::Cow<'_, [u8]>)> =
            Vec::with_capacity(self.entries.len());
        let mut total = 0usize;
        for entry in &self.entries {
            match entry {
                Entry::Copy { name, bytes } => rendered.push((name, bytes.as_slice().into())),
                Entry::Template {
                    name,
                    source,
                    compiled,
                } => {
                    let jinja_error =
                        |e| OfficeTemplateError::Jinja(locate::locate(e, name, source));
                    let out = compiled.render(data).map_err(jinja_error)?;
                    let out =
                        part::finish(self.kind, name, &out).map_err(OfficeTemplateError::Jinja)?;
                    total += out.len();
                    if total > self.budget.max_output {
                        return Err(OfficeTemplateError::Jinja(JinjaError::Exhausted(format!(
                            "the document's parts add up to more than {} bytes",
                            self.budget.max_output
                        ))));
                    }
                    rendered.push((name, out.into_bytes().into()));
                }
            }
        }
        zip_io::write_zip(rendered.iter().map(|(n, b)| (*n, b.as_ref())))
    }
}

/// The kind of the package and its template parts, or `None` if neither kind.
fn detect(
    entries: &[(String, Vec<u8>)],
) -> Result<Option<(OfficeKind, Vec<String>)>, OfficeTemplateError> {
    if let Some(parts) = odt::template_parts(entries) {
        return Ok(Some((OfficeKind::Odt, parts)));
    }
    Ok(docx::template_parts(entries)?.map(|parts| (OfficeKind::Docx, parts)))
}
