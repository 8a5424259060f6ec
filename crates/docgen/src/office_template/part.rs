//! One XML part as a template: turning the document's XML into Jinja source (merge split tags,
//! lift paragraph and row statements, clean the tags), and checking and finishing what a
//! render produced.

use suite_engines::jinja::JinjaError;

use super::OfficeKind;
use super::docx::{self, DOCX};
use super::odt::{self, ODT};
use super::{OfficeTemplateError, blocks, check, runs, tags, xml};

/// Whether a part can hold a tag at all (a `{` may be split from the next one across runs).
pub(crate) fn may_hold_tags(xml: &str) -> bool {
    xml.contains('{')
}

/// The Jinja source for a part's XML.
pub(crate) fn prepare(
    kind: OfficeKind,
    name: &str,
    xml: &str,
) -> Result<String, OfficeTemplateError> {
    let corrupt = |e: String| OfficeTemplateError::Corrupt(format!("{name}: {e}"));
    check::well_formed(xml).map_err(corrupt)?;
    let mut nodes = xml::parse(xml).map_err(corrupt)?;
    let dialect = match kind {
        OfficeKind::Docx => &DOCX,
        OfficeKind::Odt => &ODT,
    };
    runs::merge_split_tags(dialect, &mut nodes);
    blocks::bare_statement_paragraphs(dialect, &mut nodes);
    blocks::table_rows(dialect, &mut nodes);
    if kind == OfficeKind::Docx {
        docx::preserve_space(&mut nodes);
    }
    Ok(tags::clean_tags(&xml::serialize(&nodes)))
}

/// The part as it goes into the package, from what Jinja rendered.
pub(crate) fn finish(kind: OfficeKind, name: &str, rendered: &str) -> Result<String, JinjaError> {
    let broken = |e: String| {
        JinjaError::Render(format!(
            "{name}: the rendered XML is broken ({e}); a block statement probably opens in one \
             paragraph, cell or row and closes in another that is not its sibling"
        ))
    };
    let rendered = allowed_chars(rendered);
    let mut nodes = xml::parse(&rendered).map_err(broken)?;
    match kind {
        OfficeKind::Docx => docx::finish(&mut nodes),
        OfficeKind::Odt => odt::finish(&mut nodes),
    }
    let out = xml::serialize(&nodes);
    check::well_formed(&out).map_err(broken)?;
    Ok(out)
}

/// The text without characters XML 1.0 forbids (control characters in a value would make
/// Word refuse the file); the template itself had none, being well-formed.
fn allowed_chars(text: &str) -> std::borrow::Cow<'_, str> {
    let allowed = |c: char| {
        matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')
    };
    if text.chars().all(allowed) {
        text.into()
    } else {
        text.chars()
            .filter(|&c| allowed(c))
            .collect::<String>()
            .into()
    }
}
