//! Test fixtures: tiny DOCX and ODT packages built in code, and readers that pull the text
//! back out of a rendered package with quick-xml (an independent parser).

use std::io::{Cursor, Write};

use quick_xml::Reader;
use quick_xml::events::Event;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use super::read_zip;

pub const W: &str = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";

/// A zip of `entries`, deflated.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// A minimal Word document whose `w:body` holds `body`, plus extra `(part, xml, type)` parts.
pub fn docx_with(body: &str, extra: &[(&str, &str, &str)]) -> Vec<u8> {
    let mut overrides = String::from(
        "<Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>",
    );
    for (part, _, ty) in extra {
        overrides.push_str(&format!(
            "<Override PartName=\"/{part}\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.{ty}\"/>"
        ));
    }
    let types = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/>{overrides}</Types>"
    );
    let rels = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/></Relationships>";
    let document_rels = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"></Relationships>";
    let document = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>"
    );
    let mut entries: Vec<(&str, &[u8])> = vec![
        ("[Content_Types].xml", types.as_bytes()),
        ("_rels/.rels", rels.as_bytes()),
        ("word/document.xml", document.as_bytes()),
        ("word/_rels/document.xml.rels", document_rels.as_bytes()),
    ];
    for (part, xml, _) in extra {
        entries.push((part, xml.as_bytes()));
    }
    zip(&entries)
}

pub fn docx(body: &str) -> Vec<u8> {
    docx_with(body, &[])
}

/// A Word paragraph of one run per piece of text.
pub fn p(runs: &[&str]) -> String {
    let runs: String = runs
        .iter()
        .map(|t| format!("<w:r><w:t xml:space=\"preserve\">{t}</w:t></w:r>"))
        .collect();
    format!("<w:p>{runs}</w:p>")
}

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
