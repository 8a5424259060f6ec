//! What the document tests share: documents of every format made here (minimal but valid
//! DOCX and ODT packages, HTML, text, a PDF printed by the server itself), and readers that
//! check what the server made from the bytes, not from its answer.

use std::io::{Read, Write};

use suite_client::types;
use suite_engines::markup::escape;

use crate::TestServer;
use crate::shots::{body, pdf_text};

/// The media type of each format.
pub fn media_type(format: types::DocumentFormat) -> &'static str {
    match format {
        types::DocumentFormat::Pdf => "application/pdf",
        types::DocumentFormat::Docx => {
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        }
        types::DocumentFormat::Html => "text/html",
        types::DocumentFormat::Txt => "text/plain",
        types::DocumentFormat::Odt => "application/vnd.oasis.opendocument.text",
    }
}

pub const FORMATS: [types::DocumentFormat; 5] = [
    types::DocumentFormat::Pdf,
    types::DocumentFormat::Docx,
    types::DocumentFormat::Html,
    types::DocumentFormat::Txt,
    types::DocumentFormat::Odt,
];

/// A zip of `entries` (name, bytes); `stored` names are not compressed.
pub fn zip(entries: &[(&str, Vec<u8>)], stored: &[&str]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        let method = if stored.contains(name) {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        out.start_file(*name, options).expect("zip entry");
        out.write_all(bytes).expect("zip bytes");
    }
    out.finish().expect("zip finished").into_inner()
}

/// A DOCX whose body is `body_xml` (the inside of `w:body`), with `rels` extra relationships
/// of the main part (the inside of `Relationships`).
pub fn docx_with(body_xml: &str, rels: &str) -> Vec<u8> {
    let content_types = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;
    let root_rels = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#;
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>{body_xml}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>"#
    );
    let document_rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#
    );
    zip(
        &[
            ("[Content_Types].xml", content_types.into()),
            ("_rels/.rels", root_rels.into()),
            ("word/document.xml", document.into_bytes()),
            ("word/_rels/document.xml.rels", document_rels.into_bytes()),
        ],
        &[],
    )
}

/// A DOCX with one paragraph per line of `paragraphs`.
pub fn docx(paragraphs: &[&str]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|p| {
            format!(
                "<w:p><w:r><w:t xml:space=\"preserve\">{}</w:t></w:r></w:p>",
                escape(p)
            )
        })
        .collect();
    docx_with(&body, "")
}

/// An ODT with one paragraph per line of `paragraphs`.
pub fn odt(paragraphs: &[&str]) -> Vec<u8> {
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    let body: String = paragraphs
        .iter()
        .map(|p| format!("<text:p>{}</text:p>", escape(p)))
        .collect();
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" office:version="1.2"><office:body><office:text>{body}</office:text></office:body></office:document-content>"#
    );
    let styles = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>"#;
    zip(
        &[
            (
                "mimetype",
                b"application/vnd.oasis.opendocument.text".to_vec(),
            ),
            ("META-INF/manifest.xml", manifest.into()),
            ("content.xml", content.into_bytes()),
            ("styles.xml", styles.into()),
        ],
        &["mimetype"],
    )
}

/// The entries of a zip, by name.
pub fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    (0..archive.len())
        .map(|i| {
            let mut entry = archive.by_index(i).expect("an entry");
            let mut data = Vec::new();
            entry.read_to_end(&mut data).expect("entry bytes");
            (entry.name().expect("an entry name").into_owned(), data)
        })
        .collect()
}

/// The text of XML markup: tags dropped, paragraphs and cells on their own lines, entities
/// decoded (enough to find a document's words).
pub fn xml_text(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g);
        let tag = &rest[lt + 1..gt];
        if tag.starts_with("/w:p")
            || tag.starts_with("/text:p")
            || tag.starts_with("/text:h")
            || tag.starts_with("w:br")
            || tag.starts_with("/w:tc")
            || tag.starts_with("/table:table-cell")
            || tag.starts_with("text:line-break")
        {
            out.push('\n');
        }
        rest = rest.get(gt + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// What a document says, read from its bytes in `format`; panics when the bytes are not a
/// valid document of that format.
pub fn document_text(format: types::DocumentFormat, bytes: &[u8]) -> String {
    match format {
        types::DocumentFormat::Pdf => {
            assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
            pdf_text(bytes)
        }
        types::DocumentFormat::Docx => {
            let entries = unzip(bytes);
            let types_xml = entry(&entries, "[Content_Types].xml");
            assert!(
                types_xml.contains("wordprocessingml.document.main+xml"),
                "not a DOCX: {types_xml}"
            );
            xml_text(&entry(&entries, "word/document.xml"))
        }
        types::DocumentFormat::Odt => {
            let entries = unzip(bytes);
            assert_eq!(entries[0].0, "mimetype", "an ODT starts with its mimetype");
            assert_eq!(entries[0].1, b"application/vnd.oasis.opendocument.text");
            xml_text(&entry(&entries, "content.xml"))
        }
        types::DocumentFormat::Html => {
            let html = String::from_utf8(bytes.to_vec()).expect("HTML in UTF-8");
            assert!(
                html.to_ascii_lowercase().contains("<html"),
                "not an HTML page: {html}"
            );
            xml_text(&html)
        }
        types::DocumentFormat::Txt => String::from_utf8(bytes.to_vec()).expect("text in UTF-8"),
    }
}

fn entry(entries: &[(String, Vec<u8>)], name: &str) -> String {
    let (_, bytes) = entries
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name} in the package"));
    String::from_utf8_lossy(bytes).into_owned()
}

/// Words with their spaces and line breaks made uniform, for comparing texts that went
/// through layout (PDF) or markup.
pub fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Downloads a generated document with `client`, checks its Content-Type and size, and
/// answers its bytes.
pub async fn fetch(client: &suite_client::Client, document: &types::GeneratedDocument) -> Vec<u8> {
    let response = client
        .docgen_download()
        .id(&document.document_id)
        .send()
        .await
        .expect("downloaded");
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        content_type.starts_with(media_type(document.format)),
        "{content_type} for {:?}",
        document.format
    );
    let bytes = body(response).await;
    assert_eq!(bytes.len() as i64, document.size_bytes);
    bytes
}

/// A server for the document tests (two browser pages and one LibreOffice worker at once);
/// in external mode, the deployment as it is sized.
pub async fn server() -> TestServer {
    TestServer::start_sized(|config| {
        config.browser.jobs = 2;
        config.office.workers = 1;
    })
    .await
}

/// A PDF of `objects` (numbered from 1, the first the catalog) with a correct cross-reference
/// table; `trailer` adds entries to the trailer dictionary.
pub fn pdf_of(objects: &[Vec<u8>], trailer: &str) -> Vec<u8> {
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        pdf.extend_from_slice(object);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R {trailer} >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// A PDF whose trailer names a standard security handler with a user password (random
/// keys): poppler cannot open it without the password.
pub fn encrypted_pdf() -> Vec<u8> {
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        "<< /Filter /Standard /V 1 /R 2 /O <0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef> /U <fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210> /P -4 >>",
    ];
    let objects: Vec<Vec<u8>> = objects.iter().map(|o| o.as_bytes().to_vec()).collect();
    pdf_of(
        &objects,
        "/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]",
    )
}
