//! A Jinja error points at a line and column of the part's XML, which the user never saw;
//! this rewrites it to name the part and quote the tag the user typed.

use suite_engines::jinja::JinjaError;

use super::tags::{Kind, Role, kind, next_tag};

/// The same error, told in terms of the document.
pub(crate) fn locate(error: JinjaError, part: &str, source: &str) -> JinjaError {
    match error {
        JinjaError::Syntax(m) => JinjaError::Syntax(describe(&m, part, source, true)),
        JinjaError::Missing(m) => JinjaError::Missing(describe(&m, part, source, false)),
        JinjaError::Exhausted(m) => JinjaError::Exhausted(describe(&m, part, source, false)),
        JinjaError::Render(m) => JinjaError::Render(describe(&m, part, source, false)),
    }
}

/// Longest tag quoted in a message.
const QUOTE_MAX: usize = 120;

fn describe(message: &str, part: &str, source: &str, syntax: bool) -> String {
    let Some((start, end, offset)) = position(message, source) else {
        return format!("{part}: {message}");
    };
    let (before, after) = (&message[..start], &message[end..]);
    // At the end of input, the culprit is the block left open, not the last tag.
    let unclosed = if syntax && message.contains("end of input") {
        unclosed_block(source)
    } else {
        None
    };
    if let (None, Some(tag)) = (unclosed, tag_at(source, offset)) {
        return format!("{part}: {before} in `{}`{after}", quote(tag));
    }
    match unclosed {
        Some(tag) => format!("{part}: {before}{after} (`{}` is never closed)", quote(tag)),
        None => format!("{part}: {before}{after}"),
    }
}

/// Where " at line L[, column C]" is in the message, and the byte offset it means.
fn position(message: &str, source: &str) -> Option<(usize, usize, usize)> {
    let start = message.rfind(" at line ")?;
    let rest = &message[start + " at line ".len()..];
    let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let line_len = digits(rest);
    let line: usize = rest[..line_len].parse().ok()?;
    let mut end = start + " at line ".len() + line_len;
    let mut column: usize = 1;
    if let Some(tail) = message[end..].strip_prefix(", column ") {
        let len = digits(tail);
        column = tail[..len].parse().ok()?;
        end += ", column ".len() + len;
    }
    let line_start = if line <= 1 {
        0
    } else {
        source.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let offset = source[line_start..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(source.len(), |(k, _)| line_start + k);
    Some((start, end, offset))
}

/// The tag containing `offset`.
fn tag_at(source: &str, offset: usize) -> Option<&str> {
    let mut touching = None;
    let mut at = 0;
    while let Some((start, end)) = next_tag(source, at) {
        if start > offset {
            break;
        }
        if offset < end {
            return Some(&source[start..end]);
        }
        if offset == end {
            touching = Some(&source[start..end]);
        }
        at = end;
    }
    touching
}

/// The innermost block opener without a closer, if any.
fn unclosed_block(source: &str) -> Option<&str> {
    let mut open = Vec::new();
    let mut at = 0;
    while let Some((start, end)) = next_tag(source, at) {
        let tag = &source[start..end];
        match kind(tag) {
            Kind::Statement(Role::Open) => open.push(tag),
            Kind::Statement(Role::Close) => {
                open.pop();
            }
            _ => {}
        }
        at = end;
    }
    open.pop()
}

fn quote(tag: &str) -> String {
    if tag.chars().count() <= QUOTE_MAX {
        return tag.to_owned();
    }
    let head: String = tag.chars().take(QUOTE_MAX).collect();
    format!("{head}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_part_and_tag() {
        let source = "<a>\n<b>{{ x }}</b>{% for y in %}</a>";
        let e = locate(
            JinjaError::Syntax("unexpected end of block at line 2, column 23".into()),
            "word/document.xml",
            source,
        );
        assert_eq!(
            e,
            JinjaError::Syntax(
                "word/document.xml: unexpected end of block in `{% for y in %}`".into()
            )
        );
    }

    #[test]
    fn names_an_unclosed_block() {
        let source = "<a>{% for y in z %}{% if q %}{% endif %}</a>";
        let e = locate(
            JinjaError::Syntax("unexpected end of input at line 1, column 30".into()),
            "content.xml",
            source,
        );
        assert_eq!(
            e.to_string(),
            "content.xml: unexpected end of input (`{% for y in z %}` is never closed)"
        );
    }
}
