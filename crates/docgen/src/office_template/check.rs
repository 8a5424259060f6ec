//! A second opinion from a real XML parser (quick-xml): a part we hand back must be
//! well-formed, whatever the template did, or Word refuses the whole file.

use quick_xml::Reader;
use quick_xml::events::Event;

/// `Err` says what is wrong and at which byte.
pub(crate) fn well_formed(xml: &str) -> Result<(), String> {
    let mut reader = Reader::from_str(xml);
    let mut depth = 0usize;
    let mut roots = 0usize;
    loop {
        let at = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| format!("{e} at byte {}", reader.error_position()))?;
        let opens = matches!(event, Event::Start(_));
        match event {
            Event::Start(e) | Event::Empty(e) => {
                for attribute in e.attributes() {
                    attribute
                        .map_err(|e| format!("{e} at byte {at}"))?
                        .unescape_value()
                        .map_err(|e| format!("{e} at byte {at}"))?;
                }
                if depth == 0 {
                    roots += 1;
                }
                if opens {
                    depth += 1;
                }
            }
            Event::End(_) => depth = depth.saturating_sub(1),
            Event::GeneralRef(r) => {
                let name: &[u8] = &r;
                let known = matches!(name, b"lt" | b"gt" | b"amp" | b"quot" | b"apos");
                if !known && !matches!(r.resolve_char_ref(), Ok(Some(_))) {
                    return Err(format!("an unknown entity at byte {at}"));
                }
            }
            Event::Text(t) if depth == 0 && !t.iter().all(u8::is_ascii_whitespace) => {
                let bom = &*t == "\u{feff}".as_bytes();
                if !bom {
                    return Err(format!("text outside the root element at byte {at}"));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    match (depth, roots) {
        (0, 1) => Ok(()),
        (0, _) => Err(format!("{roots} root elements instead of one")),
        _ => Err("the document ends inside an element".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_good_from_bad() {
        assert!(
            well_formed("<?xml version=\"1.0\"?>\n<a x=\"&lt;\">&amp;&#x4e2d;<b/></a>").is_ok()
        );
        for bad in [
            "<a>",
            "<a></b>",
            "<a>&nbsp;</a>",
            "<a x=\"&\"/>",
            "<a/><b/>",
            "<a>x & y</a>",
            "x<a/>",
        ] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
    }
}
