//! Plain text and HTML, natively: HTML read as text the way a reader sees it (blocks on their
//! own lines, list items marked, table cells apart, scripts and styles dropped, entities
//! decoded), and text shown as HTML (escaped, preformatted, wrapped, UTF-8).

use suite_engines::markup::escape;

/// Elements whose content is never text.
const HIDDEN: &[&str] = &[
    "script", "style", "head", "title", "template", "noscript", "svg",
];

/// Elements that start and end a line.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "header",
    "footer",
    "main",
    "aside",
    "nav",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "blockquote",
    "pre",
    "address",
    "figure",
    "figcaption",
    "dl",
    "dt",
    "dd",
    "hr",
    "form",
    "fieldset",
    "body",
    "html",
];

/// `html` as plain text.
pub fn html_to_text(html: &str) -> String {
    let mut out = Text::default();
    let mut rest = html;
    let mut hidden: Option<String> = None;
    let mut preformatted = 0usize;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            if hidden.is_none() {
                out.push_text(&decode_entities(rest), preformatted > 0);
            }
            break;
        };
        if hidden.is_none() {
            out.push_text(&decode_entities(&rest[..lt]), preformatted > 0);
        }
        let starts_markup = rest[lt + 1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!');
        if !starts_markup {
            // A `<` that opens no tag is text (`a < b`).
            if hidden.is_none() {
                out.push_text("<", preformatted > 0);
            }
            rest = &rest[lt + 1..];
            continue;
        }
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(gt) = tag_end(rest) else {
            if hidden.is_none() {
                out.push_text(&decode_entities(rest), preformatted > 0);
            }
            break;
        };
        let tag = Tag::parse(&rest[1..gt]);
        rest = &rest[gt + 1..];
        if let Some(name) = &hidden {
            if tag.closing && &tag.name == name {
                hidden = None;
            }
            continue;
        }
        if !tag.closing && HIDDEN.contains(&tag.name.as_str()) && !tag.self_closing {
            hidden = Some(tag.name);
            continue;
        }
        match (tag.name.as_str(), tag.closing) {
            ("br", _) => out.newline(),
            ("li", false) => {
                out.block();
                out.push_raw("- ");
            }
            ("td" | "th", false) => out.cell(),
            ("pre", closing) => {
                out.block();
                if closing {
                    preformatted = preformatted.saturating_sub(1);
                } else {
                    preformatted += 1;
                }
            }
            ("hr", _) => {
                out.block();
                out.push_raw("----------");
                out.block();
            }
            (name, _) if BLOCKS.contains(&name) || name == "li" => out.block(),
            _ => {}
        }
    }
    out.finish()
}

/// Where the tag starting at `s[0] == '<'` ends (its `>`), quotes respected.
fn tag_end(s: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in s.char_indices().skip(1) {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// A tag's name and whether it closes or closes itself.
struct Tag {
    name: String,
    closing: bool,
    self_closing: bool,
}

impl Tag {
    fn parse(inner: &str) -> Tag {
        let closing = inner.starts_with('/');
        let body = inner.trim_start_matches('/');
        let name = body
            .split(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Tag {
            name,
            closing,
            self_closing: inner.trim_end().ends_with('/'),
        }
    }
}

/// Text being assembled: whitespace collapsed outside `<pre>`, blank lines kept to one.
#[derive(Default)]
struct Text {
    out: String,
    /// A space is owed before the next word.
    space: bool,
    /// The current line has a cell already (the next one is set apart by a tab).
    in_row: bool,
}

impl Text {
    fn push_text(&mut self, text: &str, preformatted: bool) {
        if preformatted {
            self.out.push_str(text);
            self.space = false;
            return;
        }
        for (i, word) in text.split_whitespace().enumerate() {
            let owed = self.space || (i == 0 && text.starts_with(char::is_whitespace));
            if (owed || i > 0) && !self.at_line_start() {
                self.out.push(' ');
            }
            self.out.push_str(word);
            self.space = false;
        }
        if text.ends_with(char::is_whitespace) && !text.trim().is_empty() {
            self.space = true;
        }
    }

    fn push_raw(&mut self, s: &str) {
        self.out.push_str(s);
        self.space = false;
    }

    fn at_line_start(&self) -> bool {
        self.out.is_empty() || self.out.ends_with('\n') || self.out.ends_with('\t')
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.space = false;
        self.in_row = false;
    }

    /// Ends the line unless at the start of one; one blank line at most between blocks.
    fn block(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.space = false;
        self.in_row = false;
    }

    fn cell(&mut self) {
        if self.in_row {
            self.out.push('\t');
        } else if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.in_row = true;
        self.space = false;
    }

    fn finish(self) -> String {
        let mut text: String = self
            .out
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n");
        while text.contains("\n\n\n") {
            text = text.replace("\n\n\n", "\n\n");
        }
        let mut text = text.trim_matches('\n').to_owned();
        text.push('\n');
        text
    }
}

/// `s` with HTML character references decoded (the common named ones and all numeric ones).
pub fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let end = rest[1..].find(';').map(|e| e + 1).filter(|&e| e <= 32);
        let decoded = end.and_then(|end| entity(&rest[1..end]).map(|c| (c, end)));
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "euro" => '€',
        "pound" => '£',
        "yen" => '¥',
        "cent" => '¢',
        "sect" => '§',
        "deg" => '°',
        "middot" => '·',
        "bull" => '•',
        "hellip" => '…',
        "ndash" => '–',
        "mdash" => '—',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "laquo" => '«',
        "raquo" => '»',
        "times" => '×',
        "divide" => '÷',
        _ => return None,
    })
}

/// `text` as an HTML page showing it preformatted (long lines wrap), in UTF-8.
pub fn text_to_html(text: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title></title>\n<style>\
         body {{ margin: 0; }} pre {{ white-space: pre-wrap; overflow-wrap: anywhere; \
         font-family: 'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace; font-size: 10pt; \
         line-height: 1.35; margin: 0; }}</style></head>\n<body><pre>{}</pre></body></html>\n",
        escape(text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_lists_and_cells_become_lines() {
        let html = "<html><head><title>T</title><style>p{color:red}</style></head><body>\
            <h1>Invoice&nbsp;#42</h1><p>Dear   <b>Ada</b>,\n thanks.</p>\
            <ul><li>One</li><li>Two &amp; three</li></ul>\
            <table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>&#8364;3</td></tr></table>\
            <script>alert(1)</script><p>Bye<br>now</p></body></html>";
        assert_eq!(
            html_to_text(html),
            "Invoice #42\nDear Ada, thanks.\n- One\n- Two & three\nItem\tPrice\nTea\t€3\nBye\nnow\n"
        );
    }

    #[test]
    fn preformatted_text_keeps_its_spaces_and_a_round_trip_keeps_the_text() {
        let text = "Total:    12.00\n  indented <tag> & \"quotes\"\n中文 العربية";
        assert_eq!(html_to_text(&text_to_html(text)), format!("{text}\n"));
    }

    #[test]
    fn broken_markup_does_not_lose_text() {
        assert_eq!(html_to_text("a < b and <i>c"), "a < b and c\n");
        assert_eq!(decode_entities("&bogus; &#x41;&#66;"), "&bogus; AB");
    }
}
