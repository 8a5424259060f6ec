//! Where a document's visible text lives: which elements are paragraphs, rows and text, per
//! format, and the text nodes ("slots") of one paragraph or one table row, in reading order.

use super::xml::{Element, Node};

/// The names one format gives to the things the template passes work on.
#[derive(Debug)]
pub(crate) struct Dialect {
    /// Paragraph elements.
    pub paragraphs: &'static [&'static str],
    /// Elements whose character data is visible text.
    pub holders: &'static [&'static str],
    /// The table row element.
    pub row: &'static str,
    /// The table element (a nested table's rows are its own business).
    pub table: &'static str,
    /// Elements a paragraph or row must not lose: one containing them is never dropped.
    pub keep: &'static [&'static str],
}

impl Dialect {
    pub fn is_paragraph(&self, name: &str) -> bool {
        self.paragraphs.contains(&name)
    }

    pub fn is_holder(&self, name: &str) -> bool {
        self.holders.contains(&name)
    }

    /// Whether dropping `element` would lose something besides text.
    pub fn must_keep(&self, element: &Element) -> bool {
        super::xml::contains_any(element, self.keep)
            || super::xml::contains_any(element, self.paragraphs)
    }
}

/// The text nodes of `paragraph`, not those of paragraphs nested in it (text boxes).
pub(crate) fn paragraph_slots<'a>(d: &Dialect, paragraph: &'a mut Element) -> Vec<&'a mut String> {
    let mut out = Vec::new();
    let holder = d.is_holder(&paragraph.name);
    in_paragraph(d, &mut paragraph.children, holder, &mut out);
    out
}

fn in_paragraph<'a>(
    d: &Dialect,
    nodes: &'a mut [Node],
    parent_is_holder: bool,
    out: &mut Vec<&'a mut String>,
) {
    for node in nodes {
        match node {
            Node::Text(text) if parent_is_holder => out.push(text),
            Node::Element(e) if !d.is_paragraph(&e.name) => {
                let holder = d.is_holder(&e.name);
                in_paragraph(d, &mut e.children, holder, out);
            }
            _ => {}
        }
    }
}

/// The text of `row`: its paragraphs' slots and the bare tags standing between them, not
/// those of tables nested in its cells.
pub(crate) fn row_slots<'a>(d: &Dialect, row: &'a mut Element) -> Vec<&'a mut String> {
    let mut out = Vec::new();
    in_row(d, &mut row.children, &mut out);
    out
}

fn in_row<'a>(d: &Dialect, nodes: &'a mut [Node], out: &mut Vec<&'a mut String>) {
    for node in nodes {
        match node {
            Node::Text(text) => out.push(text),
            Node::Element(e) => {
                if d.is_paragraph(&e.name) {
                    out.extend(paragraph_slots(d, e));
                } else if e.name != d.table {
                    in_row(d, &mut e.children, out);
                }
            }
            Node::Other(_) => {}
        }
    }
}
