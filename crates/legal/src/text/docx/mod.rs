//! DOCX contracts read as Word shows them: the paragraphs of `word/document.xml` in order
//! (table cells and text boxes included), each list paragraph with the label Word prints in
//! front of it ("3.2"), heading styles marked, tracked changes resolved as if accepted
//! (insertions kept, deletions and moved-from text dropped), field codes left out. The
//! package is inflated through the shared zip reader, so a zip bomb stops at its limits.

mod numbering;
mod styles;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use self::numbering::Numbering;
use self::styles::Styles;
use super::{Block, TextError};
use suite_engines::xml_names::{local, ref_text};
use suite_engines::zip_package::{self, Limits, Refusal};

/// The paragraphs of a DOCX file, in document order, empty ones left out.
pub fn read(bytes: &[u8]) -> Result<Vec<Block>, TextError> {
    let entries = zip_package::read(bytes, Limits::default()).map_err(|refusal| match refusal {
        Refusal::TooLarge(m) => TextError::TooLarge(format!("the DOCX file is refused: {m}")),
        Refusal::NotZip(m) | Refusal::Unreadable(m) => {
            TextError::Unreadable(format!("the DOCX file is unreadable: {m}"))
        }
    })?;
    let part = |name: &str| entries.iter().find(|e| e.name == name).map(|e| &e.data[..]);
    let document = part("word/document.xml").ok_or_else(|| {
        TextError::Unreadable("the file is a zip archive without a Word document in it".into())
    })?;
    let styles = part("word/styles.xml")
        .map(Styles::parse)
        .unwrap_or_default();
    let numbering = part("word/numbering.xml")
        .map(Numbering::parse)
        .unwrap_or_default();
    Body::new(styles, numbering).read(document)
}

/// The unescaped value of the attribute of `start` with local name `name`.
fn attribute(start: &BytesStart<'_>, name: &[u8]) -> Option<String> {
    start.attributes().flatten().find_map(|a| {
        (local(a.key.as_ref()) == name)
            .then(|| a.unescape_value().ok().map(|v| v.into_owned()))
            .flatten()
    })
}

/// A paragraph being read: its text and what its properties say.
#[derive(Debug, Default)]
struct OpenParagraph {
    text: String,
    style: Option<String>,
    num_id: Option<String>,
    ilvl: Option<u8>,
    outline_level: Option<u8>,
}

/// Elements whose content is not part of the accepted text.
const SKIPPED: &[&[u8]] = &[
    b"del",
    b"moveFrom",
    b"instrText",
    b"delInstrText",
    b"delText",
    b"pPrChange",
    b"rPrChange",
    b"Fallback",
    b"footnoteReference",
];

/// The walk over `document.xml`'s body.
struct Body {
    styles: Styles,
    numbering: Numbering,
    open: Vec<OpenParagraph>,
    blocks: Vec<Block>,
    skipping: usize,
    in_text: bool,
    in_run: usize,
}

impl Body {
    fn new(styles: Styles, numbering: Numbering) -> Body {
        Body {
            styles,
            numbering,
            open: Vec::new(),
            blocks: Vec::new(),
            skipping: 0,
            in_text: false,
            in_run: 0,
        }
    }

    fn read(mut self, xml: &[u8]) -> Result<Vec<Block>, TextError> {
        let mut reader = Reader::from_reader(xml);
        reader.config_mut().check_end_names = true;
        loop {
            let event = reader.read_event().map_err(|e| {
                TextError::Unreadable(format!(
                    "the DOCX file's document is malformed XML at byte {}: {e}",
                    reader.buffer_position()
                ))
            })?;
            match event {
                Event::Eof => break,
                Event::Start(e) => self.start(&e, false),
                Event::Empty(e) => self.start(&e, true),
                Event::End(e) => self.end(local(e.name().as_ref())),
                Event::Text(t) if self.in_text && self.skipping == 0 => {
                    let text = t.xml_content().map_err(|e| {
                        TextError::Unreadable(format!("the DOCX file's text is malformed: {e}"))
                    })?;
                    self.push(&text);
                }
                Event::GeneralRef(r) if self.in_text && self.skipping == 0 => {
                    self.push(&ref_text(&r).unwrap_or_default());
                }
                _ => {}
            }
        }
        Ok(self.blocks)
    }

    fn start(&mut self, e: &BytesStart<'_>, empty: bool) {
        let qualified = e.name();
        let name = local(qualified.as_ref());
        if SKIPPED.contains(&name) {
            if !empty {
                self.skipping += 1;
            }
            return;
        }
        if self.skipping > 0 {
            return;
        }
        match name {
            b"p" if !empty => self.open.push(OpenParagraph::default()),
            b"r" if !empty => self.in_run += 1,
            b"t" if !empty => self.in_text = true,
            b"tab" if self.in_run > 0 => self.push("\t"),
            b"br" | b"cr" if self.in_run > 0 => self.push(" "),
            b"noBreakHyphen" if self.in_run > 0 => self.push("-"),
            b"pStyle" => self.set(|p| p.style = attribute(e, b"val")),
            b"numId" => self.set(|p| p.num_id = attribute(e, b"val")),
            b"ilvl" => self.set(|p| p.ilvl = attribute(e, b"val").and_then(|v| v.parse().ok())),
            b"outlineLvl" => self.set(|p| {
                p.outline_level = attribute(e, b"val")
                    .and_then(|v| v.parse::<u8>().ok())
                    .filter(|&level| level < 9)
                    .map(|level| level + 1);
            }),
            _ => {}
        }
    }

    fn end(&mut self, name: &[u8]) {
        if SKIPPED.contains(&name) {
            self.skipping = self.skipping.saturating_sub(1);
            return;
        }
        if self.skipping > 0 {
            return;
        }
        match name {
            b"t" => self.in_text = false,
            b"r" => self.in_run = self.in_run.saturating_sub(1),
            b"p" => {
                if let Some(paragraph) = self.open.pop() {
                    self.finish(paragraph);
                }
            }
            _ => {}
        }
    }

    fn set(&mut self, change: impl FnOnce(&mut OpenParagraph)) {
        if self.in_run == 0
            && let Some(paragraph) = self.open.last_mut()
        {
            change(paragraph);
        }
    }

    fn push(&mut self, text: &str) {
        if let Some(paragraph) = self.open.last_mut() {
            paragraph.text.push_str(text);
        }
    }

    /// A closed paragraph as a block, with its list label counted and written in front.
    fn finish(&mut self, paragraph: OpenParagraph) {
        let style = paragraph.style.as_deref().unwrap_or("Normal");
        let list = match paragraph.num_id {
            Some(num_id) => Some((num_id, paragraph.ilvl.unwrap_or(0))),
            None => self
                .styles
                .numbering(style)
                .map(|(num_id, ilvl)| (num_id, paragraph.ilvl.unwrap_or(ilvl))),
        }
        .filter(|(num_id, _)| num_id != "0");
        // An empty list paragraph still counts, as Word shows its number.
        let label = list.and_then(|(num_id, ilvl)| self.numbering.next_label(&num_id, ilvl));
        let text = paragraph.text.trim();
        if text.is_empty() {
            return;
        }
        let heading_level = paragraph
            .outline_level
            .or_else(|| self.styles.heading_level(style));
        self.blocks.push(Block {
            text: match label {
                Some(label) => format!("{label}\t{text}"),
                None => text.to_owned(),
            },
            heading_level,
        });
    }
}

#[cfg(test)]
mod tests;
