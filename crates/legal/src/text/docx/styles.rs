//! Word's paragraph styles (`word/styles.xml`) as far as a contract reader needs them: which
//! styles are headings (by outline level or the built-in "heading N" names) and which carry
//! list numbering, following `basedOn` chains — numbered headings usually come from the style,
//! not from the paragraph.

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::Event;

use suite_engines::xml_names::local;

use super::attribute;

/// What a style gives its paragraphs, before inheritance.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Style {
    based_on: Option<String>,
    /// 1 = top.
    heading_level: Option<u8>,
    num_id: Option<String>,
    ilvl: Option<u8>,
}

/// The paragraph styles of a document.
#[derive(Debug, Default)]
pub struct Styles {
    by_id: HashMap<String, Style>,
}

/// Numbering a paragraph takes from its style: list id and level.
pub type StyleNumbering = (String, u8);

impl Styles {
    /// The paragraph styles of `styles.xml`; a part that cannot be parsed gives none.
    pub fn parse(xml: &[u8]) -> Styles {
        let mut styles = Styles::default();
        let mut reader = Reader::from_reader(xml);
        let mut current: Option<(String, Style)> = None;
        loop {
            let event = match reader.read_event() {
                Ok(Event::Eof) | Err(_) => break,
                Ok(event) => event,
            };
            match &event {
                Event::Start(e) | Event::Empty(e) => {
                    let qualified = e.name();
                    let name = local(qualified.as_ref());
                    if name == b"style" {
                        let paragraph = attribute(e, b"type").is_none_or(|t| t == "paragraph");
                        current = attribute(e, b"styleId")
                            .filter(|_| paragraph)
                            .map(|id| (id, Style::default()));
                        continue;
                    }
                    let Some((_, style)) = current.as_mut() else {
                        continue;
                    };
                    let value = attribute(e, b"val");
                    match name {
                        b"basedOn" => style.based_on = value,
                        b"name" => {
                            if let Some(level) = value.as_deref().and_then(builtin_heading) {
                                style.heading_level = Some(level);
                            }
                        }
                        b"outlineLvl" => {
                            if let Some(level) = value.and_then(|v| v.parse::<u8>().ok()) {
                                style.heading_level = (level < 9).then_some(level + 1);
                            }
                        }
                        b"numId" => style.num_id = value,
                        b"ilvl" => style.ilvl = value.and_then(|v| v.parse().ok()),
                        _ => {}
                    }
                }
                Event::End(e) if local(e.name().as_ref()) == b"style" => {
                    if let Some((id, style)) = current.take() {
                        styles.by_id.insert(id, style);
                    }
                }
                _ => {}
            }
        }
        styles
    }

    /// The heading level of style `id`, inherited through `basedOn`.
    pub fn heading_level(&self, id: &str) -> Option<u8> {
        self.chain(id).find_map(|style| style.heading_level)
    }

    /// The list numbering of style `id`, inherited through `basedOn`; `numId` 0 switches it off.
    pub fn numbering(&self, id: &str) -> Option<StyleNumbering> {
        let num_id = self.chain(id).find_map(|style| style.num_id.clone())?;
        let ilvl = self.chain(id).find_map(|style| style.ilvl).unwrap_or(0);
        (num_id != "0").then_some((num_id, ilvl))
    }

    /// Style `id` and those it is based on, nearest first (at most 16: chains can loop).
    fn chain<'a>(&'a self, id: &str) -> impl Iterator<Item = &'a Style> + 'a {
        let mut next = self.by_id.get(id);
        std::iter::from_fn(move || {
            let style = next?;
            next = style.based_on.as_deref().and_then(|b| self.by_id.get(b));
            Some(style)
        })
        .take(16)
    }
}

/// "heading 2" → 2; "Title" → 1 (the built-in names are English whatever the UI language).
fn builtin_heading(name: &str) -> Option<u8> {
    let name = name.to_ascii_lowercase();
    if name == "title" {
        return Some(1);
    }
    let level: u8 = name.strip_prefix("heading ")?.trim().parse().ok()?;
    (1..=9).contains(&level).then_some(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLES: &str = r#"<w:styles xmlns:w="w">
      <w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/>
        <w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="4"/></w:numPr></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="ClauseHead"><w:name w:val="Clause Head"/>
        <w:basedOn w:val="berschrift1"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Loop"><w:basedOn w:val="Loop"/></w:style>
      <w:style w:type="character" w:styleId="Strong"><w:name w:val="heading 3"/></w:style>
    </w:styles>"#;

    #[test]
    fn headings_and_numbering_are_inherited() {
        let styles = Styles::parse(STYLES.as_bytes());
        assert_eq!(styles.heading_level("berschrift1"), Some(1));
        assert_eq!(styles.heading_level("ClauseHead"), Some(2));
        assert_eq!(styles.numbering("ClauseHead"), Some(("4".into(), 0)));
        assert_eq!(styles.heading_level("Normal"), None);
        assert_eq!(styles.numbering("Normal"), None);
        assert_eq!(styles.heading_level("Loop"), None);
        assert_eq!(styles.heading_level("Strong"), None);
    }
}
