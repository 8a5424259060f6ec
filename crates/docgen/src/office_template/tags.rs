//! Finding Jinja tags (`{{ … }}`, `{% … %}`, `{# … #}`) in document text, telling what a
//! statement does to block structure, and undoing what XML and Word's autocorrect did to the
//! text inside tags before Jinja reads it.

use crate::plain::decode_entities;

/// A tag found in a text: bytes `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tag {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `{{ … }}`: prints something.
    Print,
    /// `{% … %}` or `{# … #}`: prints nothing itself.
    Statement(Role),
}

/// What a statement does to block structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// `for`, `if`, …: opens a block.
    Open,
    /// `elif`, `else`: continues the innermost block.
    Middle,
    /// `endfor`, `endif`, …: closes the innermost block.
    Close,
    /// Anything else (`set`, comments, …).
    Neutral,
}

/// The tag starting at or after `from`: its start and the index after its closer.
pub(crate) fn next_tag(text: &str, from: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i + 1 < bytes.len() {
        if bytes[i] == b'{' {
            let closer: &[u8] = match bytes[i + 1] {
                b'{' => b"}}",
                b'%' => b"%}",
                b'#' => b"#}",
                _ => {
                    i += 1;
                    continue;
                }
            };
            let end = super::xml::find(bytes, i + 2, closer)? + 2;
            return Some((i, end));
        }
        i += 1;
    }
    None
}

/// What a tag's text (`{% for x in y %}`) is.
pub(crate) fn kind(tag: &str) -> Kind {
    if tag.starts_with("{{") {
        return Kind::Print;
    }
    if tag.starts_with("{#") {
        return Kind::Statement(Role::Neutral);
    }
    Kind::Statement(role(keyword(tag)))
}

/// The statement's first word: `for` in `{%- for x in y %}` (and in docxtpl's `{%tr for … %}`).
pub(crate) fn keyword(tag: &str) -> &str {
    let inner = tag.get(2..).unwrap_or("");
    let inner = strip_docxtpl_marker(inner);
    let inner = inner.trim_start_matches(['-', '+']).trim_start();
    let end = inner
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    &inner[..end]
}

fn role(keyword: &str) -> Role {
    match keyword {
        "for" | "if" | "with" | "macro" | "call" | "filter" | "autoescape" => Role::Open,
        "elif" | "else" => Role::Middle,
        "endfor" | "endif" | "endwith" | "endmacro" | "endcall" | "endfilter" | "endautoescape" => {
            Role::Close
        }
        _ => Role::Neutral,
    }
}

/// What a text holds, in order: tags, and stretches of other text that are not whitespace.
/// An opener without a closer is content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece {
    Tag(Tag),
    Content,
}

pub(crate) fn pieces(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let (gap_end, tag) = match next_tag(text, at) {
            Some((start, end)) => (start, Some((start, end))),
            None => (text.len(), None),
        };
        if !text[at..gap_end].trim().is_empty() {
            out.push(Piece::Content);
        }
        let Some((start, end)) = tag else { break };
        out.push(Piece::Tag(Tag {
            start,
            end,
            kind: kind(&text[start..end]),
        }));
        at = end;
    }
    out
}

/// docxtpl writes `{%p if … %}` and `{%tr for … %}` for paragraph and row tags; here
/// placement is inferred, so the marker is accepted and dropped.
fn strip_docxtpl_marker(inner: &str) -> &str {
    for marker in ["tr ", "p "] {
        if let Some(rest) = inner.strip_prefix(marker) {
            return rest;
        }
    }
    inner
}

/// Rewrites every tag of an XML text into what Jinja expects: entities decoded, typographic
/// quotes straightened, non-breaking spaces made plain, docxtpl markers dropped.
pub(crate) fn clean_tags(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut at = 0;
    while let Some((start, end)) = next_tag(xml, at) {
        out.push_str(&xml[at..start]);
        let tag = &xml[start..end];
        let (open, inner, close) = (&tag[..2], &tag[2..tag.len() - 2], &tag[tag.len() - 2..]);
        out.push_str(open);
        let inner = if open == "{%" {
            strip_docxtpl_marker(inner)
        } else {
            inner
        };
        if open == "{%" && inner.len() != tag.len() - 4 {
            out.push(' ');
        }
        out.push_str(&plain(inner));
        out.push_str(close);
        at = end;
    }
    out.push_str(&xml[at..]);
    out
}

/// Decodes XML entities and undoes autocorrect in a tag's inside.
fn plain(inner: &str) -> String {
    decode_entities(inner).chars().map(straight).collect()
}

fn straight(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        '\u{00A0}' | '\u{202F}' | '\u{2007}' => ' ',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_cleaned_for_jinja() {
        assert_eq!(
            clean_tags(
                "<w:t>{{ a &gt; 1 and b == \u{201C}x\u{201D} }} &amp; {% if c == &apos;y&apos; %}</w:t>"
            ),
            "<w:t>{{ a > 1 and b == \"x\" }} &amp; {% if c == 'y' %}</w:t>"
        );
        assert_eq!(clean_tags("{%tr for x in y %}"), "{% for x in y %}");
        assert_eq!(clean_tags("{%p endif %}"), "{% endif %}");
        assert_eq!(clean_tags("{ not a tag } {{ x"), "{ not a tag } {{ x");
    }

    #[test]
    fn statements_have_roles() {
        assert_eq!(kind("{%- for x in y -%}"), Kind::Statement(Role::Open));
        assert_eq!(kind("{%tr endfor %}"), Kind::Statement(Role::Close));
        assert_eq!(kind("{% else %}"), Kind::Statement(Role::Middle));
        assert_eq!(kind("{% set a = 1 %}"), Kind::Statement(Role::Neutral));
        assert_eq!(kind("{# note #}"), Kind::Statement(Role::Neutral));
        assert_eq!(kind("{{ x }}"), Kind::Print);
    }

    #[test]
    fn pieces_split_tags_from_content() {
        let p = pieces(" {% if a %} x {{ b }}{% endif %} {{ open");
        let kinds: Vec<_> = p
            .iter()
            .map(|p| match p {
                Piece::Tag(t) => format!("{:?}", t.kind),
                Piece::Content => "content".into(),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "Statement(Open)",
                "content",
                "Print",
                "Statement(Close)",
                "content"
            ]
        );
    }
}
