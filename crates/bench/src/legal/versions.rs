//! The same contract in other forms and versions, for the benchmark: a DOCX of its
//! paragraphs, an HTML page to print as a PDF, and a revised version with the edits a
//! negotiation makes (a clause removed, one added, one moved, several amended).

use suite_engines::markup::escape;
use suite_engines::zip_package::{self, Entry, Packing};

/// A DOCX with one paragraph per line of `text`.
pub fn docx(text: &str) -> anyhow::Result<Vec<u8>> {
    let body: String = text
        .lines()
        .map(|line| {
            format!(
                "<w:p><w:r><w:t xml:space=\"preserve\">{}</w:t></w:r></w:p>",
                escape(line)
            )
        })
        .collect();
    let part = |name: &str, data: String| Entry {
        name: name.into(),
        data: data.into_bytes(),
        is_dir: false,
    };
    let entries = [
        part(
            "[Content_Types].xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#.into(),
        ),
        part(
            "_rels/.rels",
            r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#.into(),
        ),
        part(
            "word/document.xml",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{body}</w:body></w:document>"#
            ),
        ),
    ];
    zip_package::write(&entries, Packing::Deflated).map_err(|e| anyhow::anyhow!("{e}"))
}

/// An HTML page of `text`'s lines, to print.
pub fn html(text: &str) -> String {
    let paragraphs: String = text
        .lines()
        .map(|line| format!("<p>{}</p>\n", escape(line)))
        .collect();
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><style>body{{font:11pt serif}} p{{margin:0 0 4pt}}</style></head><body>{paragraphs}</body></html>"
    )
}

/// A revision of `text`: the paragraph at 30 % removed, a new liability paragraph added at
/// 60 %, the paragraph at 80 % moved to 20 %, and every 15th non-empty paragraph amended.
pub fn revised(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = |fraction: f64, len: usize| ((len as f64) * fraction) as usize;
    let removed = at(0.3, lines.len());
    lines.remove(removed);
    let added = at(0.6, lines.len());
    lines.insert(
        added,
        "Notwithstanding anything to the contrary, the Company's liability under this Agreement shall be unlimited."
            .into(),
    );
    let moved = lines.remove(at(0.8, lines.len()));
    let to = at(0.2, lines.len());
    lines.insert(to, moved);
    for (i, line) in lines.iter_mut().filter(|l| l.trim().len() > 80).enumerate() {
        if i % 15 == 7 {
            line.push_str(" This obligation survives for five (5) years.");
        }
    }
    lines.join("\n")
}
