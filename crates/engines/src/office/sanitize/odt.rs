//! ODT sanitizing. In every XML part (content, styles, meta, settings, and those of embedded
//! objects) an `xlink:href` (or `form:image-data`) that does not name something inside the
//! package or a `#` fragment is removed: linked images, objects, fonts, templates
//! (`meta:template`), reload URLs. Hyperlinks (`text:a`, `draw:a`) keep theirs unless they
//! run a script, because they are never followed. Linked sections and tables with an outside
//! source lose the source element; DDE sources and connections, document scripts and event
//! listeners are dropped; `settings.xml` items that make LibreOffice update links or reload
//! styles from the template on load are dropped, so the profile's "never" applies.

use std::collections::HashSet;

use quick_xml::events::Event;

use super::url::{has_scheme, is_script, percent_decode};
use super::xml::{self, Keep, local};
use super::{Entry, ends_with};
use crate::office::OfficeError;

const MIMETYPE: &str = "application/vnd.oasis.opendocument.text";

/// Elements dropped with their content wherever they are.
const DROPPED: &[&[u8]] = &[
    b"dde-source",
    b"dde-connection-decl",
    b"dde-link",
    b"scripts",
    b"event-listeners",
    b"event-listener",
];

/// Elements whose only purpose is an outside source: dropped when it leaves the package.
const SOURCES: &[&[u8]] = &[b"section-source", b"table-source", b"cell-range-source"];

/// `settings.xml` items dropped (their document-level values would override the profile).
const SETTINGS: &[&str] = &["LinkUpdateMode", "UpdateFromTemplate"];

/// Cleans an ODT's entries in place.
pub fn sanitize(entries: &mut [Entry]) -> Result<(), OfficeError> {
    let mimetype = entries.iter().find(|e| e.name == "mimetype");
    if mimetype.is_none_or(|e| e.data.trim_ascii() != MIMETYPE.as_bytes()) {
        return Err(OfficeError::unreadable(
            "not an ODT (no text document mimetype)",
        ));
    }
    let names: HashSet<String> = entries.iter().map(|e| e.name.clone()).collect();
    for entry in entries.iter_mut().filter(|e| !e.is_dir) {
        if ends_with(&entry.name, ".xml")
            && entry.name != "META-INF/manifest.xml"
            && let Some(cleaned) = part(&entry.name, &entry.data, &names)?
        {
            entry.data = cleaned;
        }
    }
    Ok(())
}

/// Whether `href` names something inside the package (or is a fragment).
fn inside(href: &str, names: &HashSet<String>) -> bool {
    let href = href.trim();
    if href.is_empty() || href.starts_with('#') {
        return true;
    }
    if has_scheme(href) || href.starts_with('/') || href.contains('\\') {
        return false;
    }
    let decoded = percent_decode(href);
    let mut path = decoded.as_str();
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    if path.is_empty() || path.split('/').any(|segment| segment == "..") {
        return false;
    }
    let dir = format!("{}/", path.trim_end_matches('/'));
    names.contains(path) || names.iter().any(|n| n.starts_with(&dir))
}

/// One XML part cleaned; `None` when nothing changed.
fn part(name: &str, bytes: &[u8], names: &HashSet<String>) -> Result<Option<Vec<u8>>, OfficeError> {
    let mut out = Vec::new();
    let mut changed = false;
    let mut dropping = 0usize;
    for event in xml::events(name, bytes)? {
        if dropping > 0 {
            match event {
                Event::Start(_) => dropping += 1,
                Event::End(_) => dropping -= 1,
                _ => {}
            }
            continue;
        }
        let event = match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let is_start = matches!(event, Event::Start(_));
                let element = local(e.name().as_ref()).to_vec();
                let href = xml::attr(e, b"href")?;
                let outside = href.as_deref().is_some_and(|h| !inside(h, names));
                let drop = DROPPED.contains(&element.as_slice())
                    || (outside && SOURCES.contains(&element.as_slice()))
                    || (element == b"config-item"
                        && xml::attr(e, b"name")?.is_some_and(|n| SETTINGS.contains(&n.trim())));
                if drop {
                    changed = true;
                    if is_start {
                        dropping = 1;
                    }
                    continue;
                }
                let hyperlink = element == b"a";
                let image_data = xml::attr(e, b"image-data")?;
                let strip_href = match href.as_deref() {
                    Some(h) if hyperlink => is_script(h),
                    Some(_) => outside,
                    None => false,
                };
                let strip_image = image_data.is_some_and(|h| !inside(&h, names));
                if strip_href || strip_image {
                    changed = true;
                    xml::rebuild_event(is_start, e, |attr, _| match attr {
                        b"href" if strip_href => Keep::Drop,
                        b"image-data" if strip_image => Keep::Drop,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_links_go_and_inside_ones_stay() {
        let names: HashSet<String> = ["Pictures/a.png", "Object 1/content.xml"]
            .into_iter()
            .map(String::from)
            .collect();
        let content = r#"<office:document-content xmlns:office="o" xmlns:draw="d" xmlns:xlink="x" xmlns:text="t"><office:body><office:text>
<draw:frame><draw:image xlink:href="Pictures/a.png"/></draw:frame>
<draw:frame><draw:image xlink:href="http://127.0.0.1:9/x.png" xlink:type="simple"/></draw:frame>
<draw:frame><draw:object xlink:href="./Object%201"/></draw:frame>
<draw:frame><draw:image xlink:href="../../etc/passwd"/></draw:frame>
<text:section><text:section-source xlink:href="file:///etc/passwd"/><text:p>s</text:p></text:section>
<text:p><text:a xlink:href="https://example.com/">link</text:a><text:a xlink:href="vnd.sun.star.script:x">bad</text:a></text:p>
<office:dde-source office:dde-application="soffice"/>
</office:text></office:body></office:document-content>"#;
        let out = part("content.xml", content.as_bytes(), &names)
            .expect("well-formed")
            .expect("changed");
        let out = String::from_utf8(out).expect("utf-8");
        assert!(out.contains(r#"xlink:href="Pictures/a.png""#), "{out}");
        assert!(out.contains(r#"xlink:href="./Object%201""#), "{out}");
        assert!(out.contains("https://example.com/"), "{out}");
        for gone in [
            "127.0.0.1",
            "passwd",
            "section-source",
            "script:x",
            "dde-source",
        ] {
            assert!(!out.contains(gone), "{gone} in {out}");
        }
    }
}
