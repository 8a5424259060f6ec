//! Text made safe inside HTML and XML: the one escaping every API, the portal and the tests
//! use for markup they write (documents, charts, test pages).

/// `s` escaped for HTML text and attribute values (`&`, `<`, `>`, both quotes).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// `s` escaped for XML text and attribute values (SVG, for instance): as [`escape`], and the
/// control characters XML 1.0 does not allow are dropped.
pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') {
            continue;
        }
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped_and_text_is_kept() {
        assert_eq!(
            escape(r#"<a href="x">Tom & Jerry's</a> é"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; é"
        );
    }

    #[test]
    fn xml_drops_the_control_characters_it_forbids_and_keeps_white_space() {
        assert_eq!(escape_xml("a\u{1}b\tc\nd<"), "ab\tc\nd&lt;");
        assert_eq!(escape("a\u{1}b"), "a\u{1}b");
    }
}
