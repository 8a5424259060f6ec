//! A small element tree over `quick-xml` for the list loaders: the official XML files are a
//! few megabytes, and walking a tree keeps each loader a plain description of its format.
//! Namespaces are dropped (local names only); text and character references are decoded.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::model::LoadError;

/// An element: local name, attributes, text content (trimmed) and children.
#[derive(Debug, Clone, Default)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.trim().is_empty())
    }

    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The trimmed text of the child `name`, if it has any.
    pub fn child_text(&self, name: &str) -> Option<&str> {
        self.child(name)
            .map(|c| c.text.trim())
            .filter(|t| !t.is_empty())
    }

    /// Texts of every `VALUE`-like grandchild: `<NATIONALITY><VALUE>..</VALUE></NATIONALITY>`.
    pub fn values<'a>(
        &'a self,
        name: &'a str,
        value: &'a str,
    ) -> impl Iterator<Item = &'a str> + 'a {
        self.children_named(name)
            .flat_map(move |c| c.children_named(value))
            .map(|v| v.text.trim())
            .filter(|t| !t.is_empty())
    }
}

fn local(name: &[u8]) -> String {
    let local = match name.iter().rposition(|b| *b == b':') {
        Some(i) => &name[i + 1..],
        None => name,
    };
    String::from_utf8_lossy(local).into_owned()
}

fn open(start: &BytesStart<'_>) -> Result<Element, LoadError> {
    let mut element = Element {
        name: local(start.name().as_ref()),
        ..Element::default()
    };
    for attr in start.attributes() {
        let attr = attr.map_err(|e| LoadError::new(format!("XML attribute: {e}")))?;
        let key = local(attr.key.as_ref());
        if attr.key.as_ref().starts_with(b"xmlns") {
            continue;
        }
        let value = attr
            .unescape_value()
            .map_err(|e| LoadError::new(format!("XML attribute {key}: {e}")))?;
        element.attrs.push((key, value.into_owned()));
    }
    Ok(element)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => None,
    }
}

/// Parses a whole document into its root element.
pub fn parse(bytes: &[u8]) -> Result<Element, LoadError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = Reader::from_reader(bytes);
    let mut stack: Vec<Element> = Vec::new();
    let mut buf = Vec::new();
    let error = |reader: &Reader<&[u8]>, e: &dyn std::fmt::Display| {
        LoadError::new(format!("XML at byte {}: {e}", reader.buffer_position()))
    };
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| error(&reader, &e))?;
        match event {
            Event::Start(start) => stack.push(open(&start)?),
            Event::Empty(start) => {
                let element = open(&start)?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(element),
                    None => return Ok(element),
                }
            }
            Event::End(_) => {
                let Some(mut element) = stack.pop() else {
                    return Err(error(&reader, &"unbalanced end tag"));
                };
                let trimmed = element.text.trim();
                if trimmed.len() != element.text.len() {
                    element.text = trimmed.to_owned();
                }
                match stack.last_mut() {
                    Some(parent) => parent.children.push(element),
                    None => return Ok(element),
                }
            }
            Event::Text(text) => {
                if let Some(top) = stack.last_mut() {
                    let decoded = text.xml_content().map_err(|e| error(&reader, &e))?;
                    top.text.push_str(&decoded);
                }
            }
            Event::CData(data) => {
                if let Some(top) = stack.last_mut() {
                    let decoded = data.decode().map_err(|e| error(&reader, &e))?;
                    top.text.push_str(&decoded);
                }
            }
            Event::GeneralRef(reference) => {
                if let Some(top) = stack.last_mut() {
                    let resolved = match reference.resolve_char_ref() {
                        Ok(Some(c)) => Some(c),
                        Ok(None) => {
                            let name = reference.decode().map_err(|e| error(&reader, &e))?;
                            entity(&name)
                        }
                        Err(e) => return Err(error(&reader, &e)),
                    };
                    match resolved {
                        Some(c) => top.text.push(c),
                        None => return Err(error(&reader, &"unknown entity reference")),
                    }
                }
            }
            Event::Eof => {
                return Err(LoadError::new(
                    "XML: the document ends before its root element closes",
                ));
            }
            _ => {}
        }
        buf.clear();
    }
}

/// The local name of the root element, read without building the tree (to detect formats).
pub fn root_name(bytes: &[u8]) -> Option<String> {
    let mut reader = Reader::from_reader(bytes);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(start) | Event::Empty(start) => return Some(local(start.name().as_ref())),
            Event::Eof => return None,
            _ => {}
        }
        buf.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_text_attributes_and_references() {
        let root = parse(
            br#"<?xml version="1.0"?><a:root xmlns:a="urn:x" k="v &amp; w"><b>Forces D&#233;mocratiques &amp; co</b><c/></a:root>"#,
        )
        .expect("parses");
        assert_eq!(root.name, "root");
        assert_eq!(root.attr("k"), Some("v & w"));
        assert_eq!(root.child_text("b"), Some("Forces Démocratiques & co"));
        assert!(root.child("c").is_some());
        assert_eq!(
            root_name(b"<?xml version=\"1.0\"?><CONSOLIDATED_LIST/>").as_deref(),
            Some("CONSOLIDATED_LIST")
        );
    }

    #[test]
    fn truncated_documents_are_errors() {
        assert!(parse(b"<root><a>").is_err());
    }
}
