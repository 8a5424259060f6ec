//! A lossless XML tree: every tag and text is kept byte for byte as written, so the parts we
//! do not touch come out exactly as they went in, and the ones we move stay intact.

/// One node of a part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Element(Element),
    /// Character data, raw (entities still encoded).
    Text(String),
    /// A comment, processing instruction, CDATA section or doctype, raw.
    Other(String),
}

/// An element with its start and end tags as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Element {
    /// The qualified name as written (`w:p`).
    pub name: String,
    /// The whole start tag, `<` to `>`.
    pub open: String,
    pub children: Vec<Node>,
    /// The end tag; `None` for a self-closing element.
    pub close: Option<String>,
}

/// How deep elements may nest: the passes over the tree recurse.
const MAX_DEPTH: usize = 256;

/// Parses a whole part; the error says what is wrong and where.
pub(crate) fn parse(xml: &str) -> Result<Vec<Node>, String> {
    let bytes = xml.as_bytes();
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Vec<Node> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let (node, end) = if bytes[i] != b'<' {
            let end = find(bytes, i, b"<").unwrap_or(bytes.len());
            (Token::Node(Node::Text(xml[i..end].to_owned())), end)
        } else {
            token(xml, i)?
        };
        i = end;
        match node {
            Token::Node(node) => push(&mut stack, &mut root, node),
            Token::Open(element) if element.close.is_some() => {
                if stack.len() >= MAX_DEPTH {
                    return Err(format!("elements nest deeper than {MAX_DEPTH} levels"));
                }
                stack.push(element);
            }
            Token::Open(element) => push(&mut stack, &mut root, Node::Element(element)),
            Token::Close(name, raw) => {
                let Some(mut element) = stack.pop() else {
                    return Err(format!("`{raw}` at byte {i} closes nothing"));
                };
                if element.name != name {
                    return Err(format!("`{raw}` at byte {i} closes `<{}>`", element.name));
                }
                element.close = Some(raw);
                push(&mut stack, &mut root, Node::Element(element));
            }
        }
    }
    match stack.last() {
        Some(open) => Err(format!("`<{}>` is never closed", open.name)),
        None => Ok(root),
    }
}

/// Writes nodes back as XML.
pub(crate) fn serialize(nodes: &[Node]) -> String {
    let mut out = String::new();
    write(nodes, &mut out);
    out
}

fn write(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Text(text) | Node::Other(text) => out.push_str(text),
            Node::Element(e) => {
                out.push_str(&e.open);
                write(&e.children, out);
                if let Some(close) = &e.close {
                    out.push_str(close);
                }
            }
        }
    }
}

/// Whether `element` or anything inside it is named one of `names`.
pub(crate) fn contains_any(element: &Element, names: &[&str]) -> bool {
    element.children.iter().any(|node| match node {
        Node::Element(e) => names.contains(&e.name.as_str()) || contains_any(e, names),
        _ => false,
    })
}

/// Removes, at any depth, every `name` element that has no `needs` element inside it (a
/// table whose rows all repeated zero times).
pub(crate) fn drop_empty(nodes: &mut Vec<Node>, name: &str, needs: &str) {
    nodes.retain_mut(|node| match node {
        Node::Element(e) => {
            drop_empty(&mut e.children, name, needs);
            e.name != name || contains_any(e, &[needs])
        }
        _ => true,
    });
}

/// Adds ` name="value"` to a start tag unless it has that attribute already.
pub(crate) fn ensure_attribute(element: &mut Element, name: &str, value: &str) {
    if element.open.contains(&format!("{name}=")) {
        return;
    }
    let end = if element.open.ends_with("/>") {
        element.open.len() - 2
    } else {
        element.open.len() - 1
    };
    element
        .open
        .insert_str(end, &format!(" {name}=\"{value}\""));
}

enum Token {
    Node(Node),
    /// A start tag; `close` is `Some(empty)` until its end tag is seen, `None` if self-closing.
    Open(Element),
    Close(String, String),
}

fn push(stack: &mut [Element], root: &mut Vec<Node>, node: Node) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(node),
        None => root.push(node),
    }
}

/// The markup token starting at `i` (a `<`) and the index after it.
fn token(xml: &str, i: usize) -> Result<(Token, usize), String> {
    let bytes = xml.as_bytes();
    let rest = &bytes[i..];
    let unclosed = |what: &str| format!("{what} at byte {i} is never closed");
    let other = |terminator: &[u8], what: &str| -> Result<(Token, usize), String> {
        let end = find(bytes, i, terminator).ok_or_else(|| unclosed(what))? + terminator.len();
        Ok((Token::Node(Node::Other(xml[i..end].to_owned())), end))
    };
    if rest.starts_with(b"<!--") {
        return other(b"-->", "a comment");
    }
    if rest.starts_with(b"<![CDATA[") {
        return other(b"]]>", "a CDATA section");
    }
    if rest.starts_with(b"<?") {
        return other(b"?>", "a processing instruction");
    }
    if rest.starts_with(b"<!") {
        return other(b">", "a doctype");
    }
    let end = tag_end(bytes, i).ok_or_else(|| unclosed("a tag"))?;
    let raw = xml[i..end].to_owned();
    if rest.starts_with(b"</") {
        let name = raw[2..raw.len() - 1].trim().to_owned();
        return Ok((Token::Close(name, raw), end));
    }
    let name: String = raw[1..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '/' && *c != '>')
        .collect();
    if name.is_empty() {
        return Err(format!("a `<` at byte {i} starts no tag"));
    }
    let close = if raw.ends_with("/>") {
        None
    } else {
        Some(String::new())
    };
    let element = Element {
        name,
        open: raw,
        children: Vec::new(),
        close,
    };
    Ok((Token::Open(element), end))
}

/// The index after the `>` ending the tag at `i`, skipping `>` inside quoted attribute values.
fn tag_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (k, &b) in bytes.iter().enumerate().skip(i + 1) {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b'>' => return Some(k + 1),
            None if b == b'<' => return None,
            None => {}
        }
    }
    None
}

/// The index of `needle` at or after `from`.
pub(crate) fn find(haystack: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_exactly() {
        let xml = "<?xml version=\"1.0\"?>\n<a x='1>2'><!-- c --><b/>t &amp; u<c>v</c ><![CDATA[<x>]]></a>";
        let nodes = parse(xml).unwrap();
        assert_eq!(serialize(&nodes), xml);
    }

    #[test]
    fn rejects_broken_nesting() {
        assert!(parse("<a><b></a></b>").is_err());
        assert!(parse("<a>").is_err());
        assert!(parse("</a>").is_err());
        assert!(parse("<a x='1></a>").is_err());
    }

    #[test]
    fn drops_tables_without_rows() {
        let mut nodes = parse("<b><t><p/></t><t><x><r/></x></t></b>").unwrap();
        drop_empty(&mut nodes, "t", "r");
        assert_eq!(serialize(&nodes), "<b><t><x><r/></x></t></b>");
    }

    #[test]
    fn adds_an_attribute_once() {
        let mut nodes = parse("<w:t>x</w:t>").unwrap();
        let Node::Element(e) = &mut nodes[0] else {
            panic!()
        };
        ensure_attribute(e, "xml:space", "preserve");
        ensure_attribute(e, "xml:space", "preserve");
        assert_eq!(e.open, "<w:t xml:space=\"preserve\">");
    }
}
