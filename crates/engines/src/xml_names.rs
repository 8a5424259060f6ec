//! Small pieces every reader of office XML needs, whoever reads it (the LibreOffice
//! sanitizer, the contract reader): names matched by their local part whatever the prefix,
//! and character or predefined entity references resolved to their text.

use quick_xml::events::BytesRef;

/// The part of a qualified name after its prefix.
pub fn local(name: &[u8]) -> &[u8] {
    match name.iter().rposition(|&b| b == b':') {
        Some(i) => &name[i + 1..],
        None => name,
    }
}

/// The text a character or predefined entity reference stands for.
pub fn ref_text(r: &BytesRef<'_>) -> Option<String> {
    if r.is_char_ref() {
        return r.resolve_char_ref().ok().flatten().map(String::from);
    }
    let name = std::str::from_utf8(r).ok()?;
    quick_xml::escape::resolve_predefined_entity(name).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_prefix() {
        assert_eq!(local(b"w:p"), b"p");
        assert_eq!(local(b"p"), b"p");
    }

    #[test]
    fn references_resolve() {
        assert_eq!(ref_text(&BytesRef::new("amp")).as_deref(), Some("&"));
        assert_eq!(ref_text(&BytesRef::new("#x41")).as_deref(), Some("A"));
        assert_eq!(ref_text(&BytesRef::new("custom")), None);
    }
}
