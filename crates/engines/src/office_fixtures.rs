//! Office packages for the tests, built in code: minimal Word documents (any body, extra
//! parts such as numbering and styles) zipped as Word writes them. The document template
//! engine and the contract reader are tested on these.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

pub const W: &str = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";

/// A zip of `entries`, deflated.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options)
            .expect("a zip entry in memory");
        zip.write_all(bytes).expect("bytes written to memory");
    }
    zip.finish().expect("a zip in memory").into_inner()
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
