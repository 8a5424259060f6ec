//! What is particular to OpenDocument text: which package is one, which of its parts are
//! templates, and turning line breaks in values into `<text:line-break/>` after rendering.

use super::text::Dialect;
use super::xml::{Node, drop_empty};

pub(crate) const ODT: Dialect = Dialect {
    paragraphs: &["text:p", "text:h"],
    holders: &["text:p", "text:h", "text:span", "text:a", "text:meta"],
    row: "table:table-row",
    table: "table:table",
    keep: &[
        "draw:frame",
        "draw:a",
        "draw:custom-shape",
        "text:note",
        "office:annotation",
    ],
};

/// The media type an ODF text document declares in its `mimetype` entry.
pub(crate) const MIMETYPE: &str = "application/vnd.oasis.opendocument.text";

/// The parts that are templates, if the package is an ODF text document.
pub(crate) fn template_parts(entries: &[(String, Vec<u8>)]) -> Option<Vec<String>> {
    let (_, mimetype) = entries.iter().find(|(n, _)| n == "mimetype")?;
    if mimetype.trim_ascii() != MIMETYPE.as_bytes() {
        return None;
    }
    let parts: Vec<String> = ["content.xml", "styles.xml"]
        .into_iter()
        .filter(|part| entries.iter().any(|(n, _)| n == part))
        .map(str::to_owned)
        .collect();
    parts
        .first()
        .is_some_and(|p| p == "content.xml")
        .then_some(parts)
}

/// After rendering: a line break in a value becomes `<text:line-break/>`, and a table left
/// without rows (a loop over nothing) goes.
pub(crate) fn finish(nodes: &mut Vec<Node>) {
    drop_empty(nodes, "table:table", "table:table-row");
    in_text(nodes, false);
}

fn in_text(nodes: &mut [Node], parent_is_holder: bool) {
    for node in nodes {
        match node {
            Node::Text(text) if parent_is_holder && text.contains('\n') => {
                *text = text.replace('\r', "").replace('\n', "<text:line-break/>");
            }
            Node::Element(e) => {
                let holder = ODT.is_holder(&e.name);
                in_text(&mut e.children, holder);
            }
            _ => {}
        }
    }
}
