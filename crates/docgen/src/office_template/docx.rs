//! What is particular to Word documents (WordprocessingML): which package is one, which of
//! its parts are templates, and the touches a part needs before compiling and after
//! rendering (kept spaces, line breaks, cells that must end with a paragraph).

use quick_xml::Reader;
use quick_xml::events::Event;

use super::OfficeTemplateError;
use super::text::Dialect;
use super::xml::{Element, Node, drop_empty, ensure_attribute};

pub(crate) const DOCX: Dialect = Dialect {
    paragraphs: &["w:p"],
    holders: &["w:t"],
    row: "w:tr",
    table: "w:tbl",
    keep: &[
        "w:drawing",
        "w:pict",
        "w:object",
        "w:sectPr",
        "w:footnoteReference",
        "w:endnoteReference",
        "w:commentReference",
        "mc:AlternateContent",
    ],
};

const PREFIX: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.";
/// The content type of a Word document's main part (not a template, macro file, ...).
const MAIN: &str = "document.main+xml";
/// The other parts that hold body text.
const TEXT_PARTS: [&str; 4] = ["header+xml", "footer+xml", "footnotes+xml", "endnotes+xml"];

/// The parts of a Word package that are templates, main part first; `None` if the package
/// is not a Word document.
pub(crate) fn template_parts(
    entries: &[(String, Vec<u8>)],
) -> Result<Option<Vec<String>>, OfficeTemplateError> {
    let Some((_, types)) = entries.iter().find(|(n, _)| n == "[Content_Types].xml") else {
        return Ok(None);
    };
    let types = std::str::from_utf8(types)
        .map_err(|_| OfficeTemplateError::Corrupt("[Content_Types].xml is not UTF-8".into()))?;
    let overrides = overrides(types)
        .map_err(|e| OfficeTemplateError::Corrupt(format!("[Content_Types].xml: {e}")))?;
    let kind_of = |ty: &str| ty.strip_prefix(PREFIX).map(str::to_owned);
    let mut main = None;
    let mut others = Vec::new();
    for (part, ty) in overrides {
        let name = part.trim_start_matches('/').to_owned();
        match kind_of(&ty) {
            Some(k) if k == MAIN => main = Some(name),
            Some(k) if TEXT_PARTS.contains(&k.as_str()) => others.push(name),
            _ => {}
        }
    }
    let Some(main) = main else { return Ok(None) };
    let mut parts = vec![main];
    parts.extend(others);
    for part in &parts {
        if !entries.iter().any(|(n, _)| n == part) {
            return Err(OfficeTemplateError::Corrupt(format!(
                "[Content_Types].xml names {part}, which the package does not contain"
            )));
        }
    }
    Ok(Some(parts))
}

/// `(PartName, ContentType)` of every `Override` in `[Content_Types].xml`.
fn overrides(xml: &str) -> Result<Vec<(String, String)>, quick_xml::Error> {
    let mut reader = Reader::from_str(xml);
    let mut out = Vec::new();
    loop {
        match reader.read_event()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"Override" => {
                let (mut part, mut ty) = (String::new(), String::new());
                for attribute in e.attributes() {
                    let attribute = attribute?;
                    let value = attribute.unescape_value()?.into_owned();
                    match attribute.key.local_name().as_ref() {
                        b"PartName" => part = value,
                        b"ContentType" => ty = value,
                        _ => {}
                    }
                }
                out.push((part, ty));
            }
            Event::Eof => return Ok(out),
            _ => {}
        }
    }
}

/// Marks every `w:t` that holds a tag `xml:space="preserve"`: a value's leading or trailing
/// spaces would otherwise be dropped by Word.
pub(crate) fn preserve_space(nodes: &mut [Node]) {
    for node in nodes {
        let Node::Element(e) = node else { continue };
        if e.name == "w:t" {
            let tagged = e
                .children
                .iter()
                .any(|c| matches!(c, Node::Text(t) if t.contains("{{") || t.contains("{%")));
            if tagged {
                ensure_attribute(e, "xml:space", "preserve");
            }
        } else {
            preserve_space(&mut e.children);
        }
    }
}

/// After rendering: a line break in a value becomes `<w:br/>`, a table left without rows (a
/// loop over nothing) goes, and a table cell left without a closing paragraph (its content
/// was a false condition) gets an empty one, as Word requires.
pub(crate) fn finish(nodes: &mut Vec<Node>) {
    drop_empty(nodes, "w:tbl", "w:tr");
    repair(nodes);
}

fn repair(nodes: &mut Vec<Node>) {
    let mut i = 0;
    while i < nodes.len() {
        if let Node::Element(e) = &mut nodes[i] {
            repair(&mut e.children);
            if e.name == "w:tc" && !ends_with_paragraph(e) {
                e.children.push(element("w:p"));
            }
            if e.name == "w:t" && text_of(e).contains('\n') {
                let lines = split_lines(e);
                let count = lines.len();
                nodes.splice(i..=i, lines);
                i += count;
                continue;
            }
        }
        i += 1;
    }
}

fn ends_with_paragraph(cell: &Element) -> bool {
    let last = cell.children.iter().rev().find_map(|n| match n {
        Node::Element(e) => Some(e.name.as_str()),
        _ => None,
    });
    matches!(last, Some("w:p" | "w:sdt" | "w:customXml"))
}

fn text_of(e: &Element) -> String {
    e.children
        .iter()
        .filter_map(|n| match n {
            Node::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

/// `<w:t>a\nb</w:t>` → `<w:t>a</w:t><w:br/><w:t>b</w:t>`.
fn split_lines(t: &Element) -> Vec<Node> {
    let text = text_of(t).replace('\r', "");
    let mut out = Vec::new();
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push(element("w:br"));
        }
        let mut piece = t.clone();
        piece.children = vec![Node::Text(line.to_owned())];
        ensure_attribute(&mut piece, "xml:space", "preserve");
        out.push(Node::Element(piece));
    }
    out
}

/// An empty element `<name/>`.
fn element(name: &str) -> Node {
    Node::Element(Element {
        name: name.to_owned(),
        open: format!("<{name}/>"),
        children: Vec::new(),
        close: None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::xml::{parse, serialize};
    use super::*;

    #[test]
    fn line_breaks_and_empty_cells_are_repaired() {
        let mut nodes = parse(
            "<w:tc><w:p><w:r><w:t>a\nb</w:t></w:r></w:p></w:tc><w:tc><w:tcPr/><w:tbl><w:tblPr/></w:tbl></w:tc>",
        )
        .unwrap();
        finish(&mut nodes);
        assert_eq!(
            serialize(&nodes),
            "<w:tc><w:p><w:r><w:t xml:space=\"preserve\">a</w:t><w:br/>\
             <w:t xml:space=\"preserve\">b</w:t></w:r></w:p></w:tc><w:tc><w:tcPr/><w:p/></w:tc>"
        );
    }
}
