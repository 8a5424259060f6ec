//! DOCX sanitizing. Relationships (`*.rels`) that leave the package are pointed at `#`
//! inside it (linked images, attached templates, OLE links, subdocuments, frames, alt
//! chunks); hyperlink relationships are kept, since a conversion never follows them and
//! dropping them would break every link in the output. In the XML parts, fields whose
//! instruction reads a file or a link (`INCLUDETEXT`, `INCLUDEPICTURE`, `INCLUDE`, `LINK`,
//! `DDE`, `DDEAUTO`, `IMPORT`, `RD`, `DATABASE`) lose their instruction, in complex fields
//! (`w:instrText`, however split over runs) and in `w:fldSimple/@w:instr`; the field's last
//! result stays as plain text. Elements that import other documents or data sources
//! (`altChunk`, `subDoc`, `mailMerge`) and `updateFields` are dropped, and `src`/`href`
//! attributes that leave the package (VML `o:href` of linked pictures) are removed.

use quick_xml::events::Event;

use super::url::leaves_container;
use super::xml::{self, Keep, local};
use super::{Entry, ends_with};
use crate::office::OfficeError;

/// Field instructions that make Word or LibreOffice read another file or a link.
const FILE_FIELDS: &[&str] = &[
    "INCLUDETEXT",
    "INCLUDEPICTURE",
    "INCLUDE",
    "LINK",
    "DDE",
    "DDEAUTO",
    "IMPORT",
    "RD",
    "DATABASE",
];

/// Elements dropped with their content.
const DROPPED: &[&[u8]] = &[b"altChunk", b"subDoc", b"mailMerge", b"updateFields"];

/// Cleans a DOCX's entries in place.
pub fn sanitize(entries: &mut [Entry]) -> Result<(), OfficeError> {
    if !entries
        .iter()
        .any(|e| e.name.eq_ignore_ascii_case("[Content_Types].xml"))
    {
        return Err(OfficeError::unreadable(
            "not a DOCX (no [Content_Types].xml)",
        ));
    }
    for entry in entries.iter_mut().filter(|e| !e.is_dir) {
        let cleaned = if ends_with(&entry.name, ".rels") {
            relationships(&entry.name, &entry.data)?
        } else if ends_with(&entry.name, ".xml")
            && !entry.name.eq_ignore_ascii_case("[Content_Types].xml")
        {
            part(&entry.name, &entry.data)?
        } else {
            None
        };
        if let Some(cleaned) = cleaned {
            entry.data = cleaned;
        }
    }
    Ok(())
}

/// A relationships part with every relationship leaving the package, except hyperlinks,
/// pointed at `#` inside it; `None` when nothing changed.
fn relationships(name: &str, bytes: &[u8]) -> Result<Option<Vec<u8>>, OfficeError> {
    let mut changed = false;
    let mut out = Vec::new();
    for event in xml::events(name, bytes)? {
        let event = match event {
            Event::Start(ref e) | Event::Empty(ref e)
                if local(e.name().as_ref()) == b"Relationship" =>
            {
                let mode = xml::attr(e, b"TargetMode")?.unwrap_or_default();
                let target = xml::attr(e, b"Target")?.unwrap_or_default();
                let kind = xml::attr(e, b"Type")?.unwrap_or_default();
                let external =
                    mode.trim().eq_ignore_ascii_case("external") || leaves_container(&target);
                if external && !kind.trim_end().ends_with("/hyperlink") {
                    changed = true;
                    xml::rebuild_event(matches!(event, Event::Start(_)), e, |attr, _| match attr {
                        b"TargetMode" => Keep::Drop,
                        b"Target" => Keep::Value("#".into()),
                        _ => Keep::Same,
                    })?
                } else {
                    event
                }
            }
            other => other,
        };
        out.push(event);
    }
    xml::written_if_changed(changed, out)
}

/// A field being read: its instruction so far and where that instruction's text is.
#[derive(Default)]
struct Field {
    instruction: String,
    events: Vec<usize>,
}

/// A WordprocessingML part with file-reading fields, importing elements and external
/// `src`/`href` attributes neutralized; `None` when nothing changed.
fn part(name: &str, bytes: &[u8]) -> Result<Option<Vec<u8>>, OfficeError> {
    let events = xml::events(name, bytes)?;
    let mut out: Vec<Option<Event<'_>>> = Vec::with_capacity(events.len());
    let mut changed = false;
    let mut fields: Vec<Field> = Vec::new();
    // Instruction text outside any field, judged as one.
    let mut orphan = Field::default();
    let mut in_instruction = 0usize;
    let mut dropping = 0usize;
    let judge = |field: Field, out: &mut Vec<Option<Event<'_>>>, changed: &mut bool| {
        if reads_files(&field.instruction) {
            for i in field.events {
                out[i] = None;
            }
            *changed = true;
        }
    };
    for event in events {
        if dropping > 0 {
            match event {
                Event::Start(_) => dropping += 1,
                Event::End(_) => dropping -= 1,
                _ => {}
            }
            out.push(None);
            continue;
        }
        let event = match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let is_start = matches!(event, Event::Start(_));
                let element = local(e.name().as_ref()).to_vec();
                if DROPPED.contains(&element.as_slice()) {
                    changed = true;
                    if is_start {
                        dropping = 1;
                    }
                    out.push(None);
                    continue;
                }
                match element.as_slice() {
                    b"fldChar" => match xml::attr(e, b"fldCharType")?.as_deref().map(str::trim) {
                        Some("begin") => fields.push(Field::default()),
                        Some("end") => {
                            if let Some(field) = fields.pop() {
                                judge(field, &mut out, &mut changed);
                            }
                        }
                        _ => {}
                    },
                    b"instrText" | b"delInstrText" if is_start => in_instruction += 1,
                    _ => {}
                }
                let instruction = if element == b"fldSimple" {
                    xml::attr(e, b"instr")?
                } else {
                    None
                };
                let file_field = instruction.as_deref().is_some_and(reads_files);
                let external_attr = has_external_link(e)?;
                if file_field || external_attr {
                    changed = true;
                    xml::rebuild_event(is_start, e, |attr, value| match attr {
                        b"instr" if file_field => Keep::Value(String::new()),
                        b"src" | b"href" if leaves_container(value) => Keep::Drop,
                        _ => Keep::Same,
                    })?
                } else {
                    event
                }
            }
            Event::End(ref e) => {
                if matches!(local(e.name().as_ref()), b"instrText" | b"delInstrText") {
                    in_instruction = in_instruction.saturating_sub(1);
                }
                event
            }
            Event::Text(ref t) if in_instruction > 0 => {
                let text = t
                    .decode()
                    .map_err(|_| OfficeError::unreadable(format!("{name} is not UTF-8")))?;
                let field = fields.last_mut().unwrap_or(&mut orphan);
                field.instruction.push_str(&text);
                field.events.push(out.len());
                event
            }
            Event::CData(ref t) if in_instruction > 0 => {
                let field = fields.last_mut().unwrap_or(&mut orphan);
                field.instruction.push_str(&String::from_utf8_lossy(t));
                field.events.push(out.len());
                event
            }
            Event::GeneralRef(ref r) if in_instruction > 0 => {
                let field = fields.last_mut().unwrap_or(&mut orphan);
                field
                    .instruction
                    .push_str(&xml::ref_text(r).unwrap_or_default());
                field.events.push(out.len());
                event
            }
            other => other,
        };
        out.push(Some(event));
    }
    // Fields never closed still count.
    while let Some(field) = fields.pop() {
        judge(field, &mut out, &mut changed);
    }
    judge(orphan, &mut out, &mut changed);
    xml::written_if_changed(changed, out.into_iter().flatten())
}

/// Whether an element has a `src` or `href` attribute leaving the package.
fn has_external_link(e: &quick_xml::events::BytesStart<'_>) -> Result<bool, OfficeError> {
    for name in [b"src".as_slice(), b"href"] {
        if xml::attr(e, name)?.is_some_and(|v| leaves_container(&v)) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether a field instruction reads a file or a link: its keyword (the first word), or
/// one of the unambiguous keywords anywhere in it.
fn reads_files(instruction: &str) -> bool {
    let mut words = instruction
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '{' | '}' | '\\'))
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_uppercase);
    let Some(first) = words.next() else {
        return false;
    };
    FILE_FIELDS.contains(&first.as_str())
        || words.any(|w| matches!(w.as_str(), "INCLUDETEXT" | "INCLUDEPICTURE" | "DDEAUTO"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(xml: &str) -> String {
        match part("word/document.xml", xml.as_bytes()).expect("well-formed") {
            Some(bytes) => String::from_utf8(bytes).expect("utf-8"),
            None => xml.to_owned(),
        }
    }

    #[test]
    fn split_include_fields_lose_their_instruction() {
        let doc = r#"<w:document xmlns:w="x"><w:body><w:p>
<w:r><w:fldChar w:fldCharType="begin"/></w:r>
<w:r><w:instrText xml:space="preserve"> INCLU</w:instrText></w:r>
<w:r><w:instrText>DETEXT "file:///etc/passwd"</w:instrText></w:r>
<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached</w:t></w:r>
<w:r><w:fldChar w:fldCharType="end"/></w:r>
<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r>
<w:r><w:fldChar w:fldCharType="end"/></w:r>
<w:fldSimple w:instr=" &#76;INK Excel.Sheet x"><w:r><w:t>kept</w:t></w:r></w:fldSimple>
</w:p></w:body></w:document>"#;
        let out = clean(doc);
        assert!(!out.contains("INCLU"), "{out}");
        assert!(!out.contains("passwd"), "{out}");
        assert!(out.contains("<w:instrText>PAGE</w:instrText>"), "{out}");
        assert!(out.contains(r#"w:instr="""#), "{out}");
        assert!(out.contains("cached") && out.contains("kept"));
    }

    #[test]
    fn external_relationships_point_inside_except_hyperlinks() {
        let rels = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/a.png"/>
<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///etc/passwd"/>
</Relationships>"#;
        let out = relationships("word/_rels/document.xml.rels", rels.as_bytes())
            .expect("well-formed")
            .expect("changed");
        let out = String::from_utf8(out).expect("utf-8");
        assert!(
            !out.contains("127.0.0.1") && !out.contains("passwd"),
            "{out}"
        );
        assert!(
            out.contains(r##"relationships/image" Target="#"/>"##),
            "{out}"
        );
        assert!(out.contains("https://example.com/"));
        assert!(out.contains(r#"Target="media/a.png""#));
    }

    #[test]
    fn keywords() {
        assert!(reads_files(" INCLUDEPICTURE \"http://x\" \\d"));
        assert!(reads_files("ddeauto excel"));
        assert!(reads_files("IF 1 = 1 \"INCLUDETEXT\""));
        assert!(!reads_files(" PAGE \\* MERGEFORMAT"));
        assert!(!reads_files("HYPERLINK \"http://x\""));
        assert!(!reads_files(""));
    }
}
