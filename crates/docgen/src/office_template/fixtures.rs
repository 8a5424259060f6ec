//! Test fixtures: tiny DOCX and ODT packages built in code, and readers that pull the text
//! back out of a rendered package with quick-xml (an independent parser).

use quick_xml::Reader;
use quick_xml::events::Event;

use super::read_zip;
pub use suite_engines::office_fixtures::{W, docx, docx_with, p, zip};

/// A Word table cell holding one paragraph.
pub fn tc(text: &str) -> String {
    format!(
        "<w:tc><w:tcPr><w:tcW w:w=\"2000\" w:type=\"dxa\"/></w:tcPr>{}</w:tc>",
        p(&[text])
    )
}

/// A Word table row of one single-paragraph cell per text.
pub fn tr(cells: &[&str]) -> String {
    let cells: String = cells.iter().map(|t| tc(t)).collect();
    format!("<w:tr>{cells}</w:tr>")
}

pub fn tbl(rows: &[String]) -> String {
    format!("<w:tbl><w:tblPr/>{}</w:tbl>", rows.concat())
}

const ODT_NS: &str = "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" xmlns:style=\"urn:oasis:names:tc:opendocument:xmlns:style:1.0\" office:version=\"1.3\"";

/// A minimal OpenDocument text whose `office:text` holds `body`; `styles` is the inside of
/// its master page (where headers and footers live).
pub fn odt_with(body: &str, master_page: &str) -> Vec<u8> {
    let manifest = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<manifest:manifest xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.3\"><manifest:file-entry manifest:full-path=\"/\" manifest:media-type=\"application/vnd.oasis.opendocument.text\"/><manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/><manifest:file-entry manifest:full-path=\"styles.xml\" manifest:media-type=\"text/xml\"/></manifest:manifest>";
    let content = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document-content {ODT_NS}><office:body><office:text>{body}</office:text></office:body></office:document-content>"
    );
    let styles = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<office:document-styles {ODT_NS}><office:master-styles><style:master-page style:name=\"Standard\">{master_page}</style:master-page></office:master-styles></office:document-styles>"
    );
    zip(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text"),
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", content.as_bytes()),
        ("styles.xml", styles.as_bytes()),
    ])
}

pub fn odt(body: &str) -> Vec<u8> {
    odt_with(body, "")
}

/// One part of a package, as text.
pub fn part(package: &[u8], name: &str) -> String {
    let entries = read_zip(package, Default::default()).unwrap();
    let (_, bytes) = entries.into_iter().find(|(n, _)| n == name).unwrap();
    String::from_utf8(bytes).unwrap()
}

/// The paragraphs (`w:p`, `text:p`, `text:h`) of a part, with their text, line breaks as
/// `\n`; fails the test if quick-xml finds the XML ill-formed.
pub fn paragraphs(xml: &str) -> Vec<String> {
    let mut out = Vec::new();
    walk(xml, |event, path| match event {
        Ev::Open(name) if is_paragraph(name) => out.push(String::new()),
        Ev::Text(text) if path.last().is_some_and(|n| is_holder(n)) => {
            if let Some(last) = out.last_mut() {
                last.push_str(text);
            }
        }
        Ev::Empty(name) if name == "w:br" || name == "text:line-break" => {
            if let Some(last) = out.last_mut() {
                last.push('\n');
            }
        }
        _ => {}
    });
    out
}

/// The rows of the tables of a part: each row's cells' text (paragraphs joined by `|`).
pub fn rows(xml: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    walk(xml, |event, path| match event {
        Ev::Open("w:tr" | "table:table-row") => out.push(Vec::new()),
        Ev::Open("w:tc" | "table:table-cell") => {
            if let Some(row) = out.last_mut() {
                row.push(String::new());
            }
        }
        Ev::Open(name) if is_paragraph(name) && in_cell(path) => {
            if let Some(cell) = out.last_mut().and_then(|r| r.last_mut())
                && !cell.is_empty()
            {
                cell.push('|');
            }
        }
        Ev::Text(text) if path.last().is_some_and(|n| is_holder(n)) && in_cell(path) => {
            if let Some(cell) = out.last_mut().and_then(|r| r.last_mut()) {
                cell.push_str(text);
            }
        }
        _ => {}
    });
    out
}

fn in_cell(path: &[String]) -> bool {
    path.iter().any(|n| n == "w:tc" || n == "table:table-cell")
}

fn is_paragraph(name: &str) -> bool {
    matches!(name, "w:p" | "text:p" | "text:h")
}

fn is_holder(name: &str) -> bool {
    matches!(name, "w:t" | "text:p" | "text:h" | "text:span")
}

pub enum Ev<'a> {
    Open(&'a str),
    Empty(&'a str),
    Text(&'a str),
}

/// Parses `xml` with quick-xml, calling `f` with each event and the open elements' names;
/// panics if the XML is not well-formed.
pub fn walk(xml: &str, mut f: impl FnMut(Ev<'_>, &[String])) {
    let mut reader = Reader::from_str(xml);
    let mut path: Vec<String> = Vec::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                for a in e.attributes() {
                    a.unwrap().unescape_value().unwrap();
                }
                f(Ev::Open(&name), &path);
                path.push(name);
            }
            Event::Empty(e) => {
                let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
                for a in e.attributes() {
                    a.unwrap().unescape_value().unwrap();
                }
                f(Ev::Open(&name), &path);
                f(Ev::Empty(&name), &path);
            }
            Event::End(_) => {
                path.pop().expect("balanced");
            }
            Event::Text(t) => f(Ev::Text(&t.decode().unwrap()), &path),
            Event::GeneralRef(r) => {
                let name: &[u8] = &r;
                let text = match name {
                    b"lt" => "<".to_owned(),
                    b"gt" => ">".to_owned(),
                    b"amp" => "&".to_owned(),
                    b"quot" => "\"".to_owned(),
                    b"apos" => "'".to_owned(),
                    _ => r
                        .resolve_char_ref()
                        .unwrap()
                        .expect("known entity")
                        .to_string(),
                };
                f(Ev::Text(&text), &path);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(path.is_empty(), "unclosed elements {path:?}");
}
