//! Streaming XML rewriting shared by the DOCX and ODT sanitizers: parse a part with
//! quick-xml, let a sanitizer keep, drop or rebuild each event, write the rest verbatim.
//! Elements and attributes are matched by local name whatever their prefix, so a document
//! cannot hide a construct behind an unusual namespace prefix; DTDs (and with them custom
//! entities) are refused outright, neither format uses them.

use std::borrow::Cow;

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, Writer};

use crate::office::OfficeError;
pub use crate::xml_names::{local, ref_text};

/// A reader over one part, with end-tag checking on.
pub fn reader(bytes: &[u8]) -> Reader<&[u8]> {
    let mut reader = Reader::from_reader(bytes);
    let config = reader.config_mut();
    config.check_end_names = true;
    config.trim_text(false);
    reader
}

/// Reads every event of `part`, refusing DTDs and entities XML does not predefine.
pub fn events<'a>(part: &str, bytes: &'a [u8]) -> Result<Vec<Event<'a>>, OfficeError> {
    let mut reader = reader(bytes);
    let mut events = Vec::new();
    let mut depth = 0usize;
    loop {
        let event = reader.read_event().map_err(|_| not_xml(part))?;
        match event {
            Event::Eof if depth == 0 => return Ok(events),
            Event::Eof => return Err(not_xml(part)),
            Event::Start(_) => {
                depth += 1;
                events.push(event);
            }
            Event::End(_) => {
                depth = depth.checked_sub(1).ok_or_else(|| not_xml(part))?;
                events.push(event);
            }
            Event::DocType(_) => {
                return Err(OfficeError::unreadable(format!("{part} declares a DTD")));
            }
            Event::GeneralRef(ref r) if ref_text(r).is_none() => {
                return Err(OfficeError::unreadable(format!(
                    "{part} uses an undeclared entity"
                )));
            }
            other => events.push(other),
        }
    }
}

/// Writes `events` back out.
pub fn write<'a>(events: impl IntoIterator<Item = Event<'a>>) -> Result<Vec<u8>, OfficeError> {
    let mut writer = Writer::new(Vec::new());
    for event in events {
        writer.write_event(event).map_err(OfficeError::failed)?;
    }
    Ok(writer.into_inner())
}

/// The unescaped value of the first attribute of `start` with local name `name`.
pub fn attr(start: &BytesStart<'_>, name: &[u8]) -> Result<Option<String>, OfficeError> {
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|_| OfficeError::unreadable("malformed attribute"))?;
        if local(attribute.key.as_ref()) == name {
            let value = attribute
                .unescape_value()
                .map_err(|_| OfficeError::unreadable("malformed attribute value"))?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

/// What to do with one attribute when rebuilding a start tag.
pub enum Keep {
    Same,
    Drop,
    /// A new, unescaped value.
    Value(String),
}

/// [`rebuild`] as the same kind of event the element came from: a start tag stays a start
/// tag, an empty element stays empty.
pub fn rebuild_event<'a>(
    is_start: bool,
    start: &BytesStart<'_>,
    decide: impl FnMut(&[u8], &str) -> Keep,
) -> Result<Event<'a>, OfficeError> {
    let rebuilt = rebuild(start, decide)?;
    Ok(if is_start {
        Event::Start(rebuilt)
    } else {
        Event::Empty(rebuilt)
    })
}

/// The part written back from `events` when a sanitizer `changed` it, else `None` (the
/// original bytes stay as they are).
pub fn written_if_changed<'a>(
    changed: bool,
    events: impl IntoIterator<Item = Event<'a>>,
) -> Result<Option<Vec<u8>>, OfficeError> {
    if changed {
        write(events).map(Some)
    } else {
        Ok(None)
    }
}

/// `start` with each attribute kept, dropped or replaced as `decide` (given the local name
/// and unescaped value) says. Attributes are checked for duplicates on the way.
fn rebuild(
    start: &BytesStart<'_>,
    mut decide: impl FnMut(&[u8], &str) -> Keep,
) -> Result<BytesStart<'static>, OfficeError> {
    let name = std::str::from_utf8(start.name().as_ref())
        .map_err(|_| OfficeError::unreadable("element name is not UTF-8"))?
        .to_owned();
    let mut content = name.clone();
    let mut attributes = start.attributes();
    attributes.with_checks(true);
    for attribute in attributes {
        let attribute = attribute.map_err(|_| OfficeError::unreadable("malformed attribute"))?;
        let key = std::str::from_utf8(attribute.key.as_ref())
            .map_err(|_| OfficeError::unreadable("attribute name is not UTF-8"))?;
        let value = attribute
            .unescape_value()
            .map_err(|_| OfficeError::unreadable("malformed attribute value"))?;
        let value: Cow<'_, str> = match decide(local(key.as_bytes()), &value) {
            Keep::Same => value,
            Keep::Drop => continue,
            Keep::Value(v) => Cow::Owned(v),
        };
        content.push(' ');
        content.push_str(key);
        content.push_str("=\"");
        content.push_str(&quick_xml::escape::escape(value.as_ref()));
        content.push('"');
    }
    Ok(BytesStart::from_content(content, name.len()))
}

fn not_xml(part: &str) -> OfficeError {
    OfficeError::unreadable(format!("{part} is not well-formed XML"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebuild_escapes_values_and_refuses_duplicates() {
        let mut r = reader(br#"<a x='say "hi"' y="1" z="&lt;"/>"#);
        let Ok(Event::Empty(start)) = r.read_event() else {
            panic!("an empty element")
        };
        let out = rebuild(
            &start,
            |name, _| {
                if name == b"y" { Keep::Drop } else { Keep::Same }
            },
        )
        .expect("rebuilt");
        let out = write([Event::Empty(out)]).expect("written");
        assert_eq!(out, br#"<a x="say &quot;hi&quot;" z="&lt;"/>"#);
        let mut r = reader(br#"<a x="1" x="2"/>"#);
        let Ok(Event::Empty(start)) = r.read_event() else {
            panic!("an empty element")
        };
        assert!(rebuild(&start, |_, _| Keep::Same).is_err());
        assert!(events("p", b"<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>").is_err());
        assert!(events("p", b"<a><b>").is_err());
        assert!(events("p", b"<a/>").is_ok());
    }
}
