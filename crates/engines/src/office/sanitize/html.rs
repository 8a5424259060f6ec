//! HTML sanitizing with a hand-written tag scanner. The output is rebuilt, not patched:
//! every tag is re-serialized from what the scanner understood (names and attribute values
//! it could not parse are dropped, `<` and `>` inside values escaped), text keeps only `<`s
//! that start a tag, and comments, processing instructions and declarations are dropped, so
//! LibreOffice's HTML parser cannot find markup the scanner did not see. Removed: attributes
//! that load something (`src`, `srcset`, `data`, `background`, `poster`, `href` except on
//! `a`/`area`, `codebase`, `archive`, `action`, …) unless they hold a raster `data:` image,
//! `on*` handlers, styles mentioning `url`/`import`/escapes, `<script>` with its content,
//! `<base>`, `<link>`, `<param>`, `<meta http-equiv>` other than a safe content type, and
//! charsets that are not ASCII-compatible (a UTF-7 declaration would let LibreOffice decode
//! tags the scanner never saw). The output starts with `<!DOCTYPE html>` so no other format's
//! signature can lead LibreOffice's type detection elsewhere.

use super::url::is_script;
use crate::office::OfficeError;
use crate::zip_package::Limits;

/// Attributes that make the parser fetch something.
const URL_ATTRIBUTES: &[&str] = &[
    "src",
    "lowsrc",
    "dynsrc",
    "srcset",
    "href",
    "data",
    "background",
    "poster",
    "longdesc",
    "codebase",
    "archive",
    "code",
    "classid",
    "action",
    "formaction",
    "cite",
    "profile",
    "manifest",
    "ping",
    "icon",
    "imagesrc",
    "imagesrcset",
    "xlink:href",
];

/// `data:` images that cannot refer to anything else (SVG can).
const SAFE_DATA: &[&str] = &[
    "data:image/png",
    "data:image/jpeg",
    "data:image/jpg",
    "data:image/gif",
    "data:image/webp",
    "data:image/bmp",
];

/// Tags dropped (the tag only; their content, if any, is still scanned).
const DROPPED_TAGS: &[&str] = &["base", "link", "param", "bgsound"];

/// Charsets whose bytes below 0x80 are always ASCII.
const SAFE_CHARSETS: &[&str] = &[
    "utf-8",
    "utf8",
    "us-ascii",
    "ascii",
    "latin1",
    "iso-8859-1",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-9",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "cp1252",
    "koi8-r",
    "koi8-u",
    "euc-jp",
    "euc-kr",
];

/// Style text that could load something.
const UNSAFE_STYLE: &[&str] = &[
    "url",
    "import",
    "\\",
    "&",
    "<",
    "image",
    "expression",
    "behavior",
];

/// Sanitized HTML for LibreOffice's Writer HTML import.
pub fn sanitize(bytes: &[u8]) -> Result<Vec<u8>, OfficeError> {
    if bytes.len() as u64 > Limits::default().max_total_uncompressed {
        return Err(OfficeError::TooLarge(format!(
            "the HTML is larger than {} MiB",
            Limits::default().max_total_uncompressed / (1024 * 1024)
        )));
    }
    if bytes.contains(&0) {
        return Err(OfficeError::unreadable("not HTML (contains NUL bytes)"));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut out = Vec::with_capacity(bytes.len() + 32);
    out.extend_from_slice(b"<!DOCTYPE html>\n");
    Scanner {
        s: bytes,
        i: 0,
        out,
    }
    .run()
}

struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
    out: Vec<u8>,
}

/// A start tag as scanned.
struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
    self_closing: bool,
}

impl<'a> Scanner<'a> {
    fn run(mut self) -> Result<Vec<u8>, OfficeError> {
        while self.i < self.s.len() {
            let b = self.s[self.i];
            if b != b'<' {
                self.out.push(b);
                self.i += 1;
                continue;
            }
            let next = self.s.get(self.i + 1).copied();
            let after = self.s.get(self.i + 2).copied();
            match next {
                Some(c) if c.is_ascii_alphabetic() => {
                    self.i += 1;
                    match self.start_tag() {
                        Some(tag) => self.emit(tag),
                        None => break, // unterminated tag: drop the rest
                    }
                }
                Some(b'/') if after.is_some_and(|c| c.is_ascii_alphabetic()) => {
                    self.i += 2;
                    let name = self.name();
                    if !self.skip_past(b">") {
                        break;
                    }
                    self.out.extend_from_slice(format!("</{name}>").as_bytes());
                }
                Some(b'!') if self.s[self.i..].starts_with(b"<!--") => {
                    self.i += 4;
                    if !self.skip_past(b"-->") {
                        break;
                    }
                }
                Some(b'!') if self.s[self.i..].starts_with(b"<![CDATA[") => {
                    if !self.skip_past(b"]]>") {
                        break;
                    }
                }
                Some(b'!') | Some(b'?') => {
                    if !self.skip_past(b">") {
                        break;
                    }
                }
                _ => {
                    self.out.extend_from_slice(b"&lt;");
                    self.i += 1;
                }
            }
        }
        Ok(self.out)
    }

    /// Moves past the next `needle`; false when there is none.
    fn skip_past(&mut self, needle: &[u8]) -> bool {
        match find(&self.s[self.i..], needle) {
            Some(at) => {
                self.i += at + needle.len();
                true
            }
            None => {
                self.i = self.s.len();
                false
            }
        }
    }

    /// A tag or attribute name, lowercased.
    fn name(&mut self) -> String {
        let start = self.i;
        while self.i < self.s.len()
            && !self.s[self.i].is_ascii_whitespace()
            && !matches!(self.s[self.i], b'>' | b'/' | b'=')
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).to_ascii_lowercase()
    }

    fn skip_space(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    /// The tag starting at `self.i` (just after `<`); `None` if it never ends.
    fn start_tag(&mut self) -> Option<Tag> {
        let name = self.name();
        let mut tag = Tag {
            name,
            attributes: Vec::new(),
            self_closing: false,
        };
        loop {
            self.skip_space();
            match self.s.get(self.i)? {
                b'>' => {
                    self.i += 1;
                    return Some(tag);
                }
                b'/' => {
                    self.i += 1;
                    tag.self_closing = self.s.get(self.i) == Some(&b'>');
                    continue;
                }
                b'=' => {
                    // A value without a name: skip it.
                    self.i += 1;
                    self.skip_space();
                    self.value()?;
                    continue;
                }
                _ => {}
            }
            let attribute = self.name();
            self.skip_space();
            let value = if self.s.get(self.i) == Some(&b'=') {
                self.i += 1;
                self.skip_space();
                self.value()?
            } else {
                String::new()
            };
            tag.attributes.push((attribute, value));
        }
    }

    /// An attribute value, quoted or not; `None` if a quote never closes.
    fn value(&mut self) -> Option<String> {
        match self.s.get(self.i)? {
            &q @ (b'"' | b'\'') => {
                let at = self.s[self.i + 1..].iter().position(|&b| b == q)?;
                let value = &self.s[self.i + 1..self.i + 1 + at];
                self.i += at + 2;
                Some(String::from_utf8_lossy(value).into_owned())
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len()
                    && !self.s[self.i].is_ascii_whitespace()
                    && self.s[self.i] != b'>'
                {
                    self.i += 1;
                }
                Some(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
            }
        }
    }

    /// Writes a scanned tag back, cleaned; `<script>` and `<style>` also consume their
    /// content here.
    fn emit(&mut self, tag: Tag) {
        if !valid_name(&tag.name) {
            return;
        }
        match tag.name.as_str() {
            "script" => {
                if !tag.self_closing {
                    self.skip_past_end("script");
                }
                return;
            }
            "style" => {
                let content = if tag.self_closing {
                    &[][..]
                } else {
                    self.raw_until_end("style")
                };
                let text = String::from_utf8_lossy(content).to_ascii_lowercase();
                self.out.extend_from_slice(b"<style>");
                if !UNSAFE_STYLE.iter().any(|bad| text.contains(bad)) {
                    self.out.extend_from_slice(content);
                }
                self.out.extend_from_slice(b"</style>");
                return;
            }
            "meta" if !safe_meta(&tag) => return,
            name if DROPPED_TAGS.contains(&name) => return,
            _ => {}
        }
        let mut text = format!("<{}", tag.name);
        for (name, value) in &tag.attributes {
            if !keep_attribute(&tag.name, name, value) {
                continue;
            }
            text.push(' ');
            text.push_str(name);
            text.push_str("=\"");
            for c in value.chars() {
                match c {
                    '"' => text.push_str("&quot;"),
                    '<' => text.push_str("&lt;"),
                    '>' => text.push_str("&gt;"),
                    c => text.push(c),
                }
            }
            text.push('"');
        }
        text.push_str(if tag.self_closing { "/>" } else { ">" });
        self.out.extend_from_slice(text.as_bytes());
    }

    /// Moves past `</name…>` (or to the end).
    fn skip_past_end(&mut self, name: &str) {
        let _ = self.raw_until_end(name);
    }

    /// The raw content up to `</name`, moving past the end tag.
    fn raw_until_end(&mut self, name: &str) -> &'a [u8] {
        let s = self.s;
        let start = self.i;
        let end = format!("</{name}");
        match find_ignore_case(&s[start..], end.as_bytes()) {
            Some(at) => {
                self.i = start + at;
                let _ = self.skip_past(b">");
                &s[start..start + at]
            }
            None => {
                self.i = self.s.len();
                &[]
            }
        }
    }
}

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
}

fn keep_attribute(tag: &str, name: &str, value: &str) -> bool {
    if !valid_name(name) || name.starts_with("on") || name.starts_with("sdon") {
        return false;
    }
    if name == "style" {
        let v = value.to_ascii_lowercase();
        return !UNSAFE_STYLE.iter().any(|bad| v.contains(bad));
    }
    if name == "href" && matches!(tag, "a" | "area") {
        return !is_script(value);
    }
    if URL_ATTRIBUTES.contains(&name) {
        let v = value.trim().to_ascii_lowercase();
        return matches!(name, "src" | "srcset") && SAFE_DATA.iter().any(|d| v.starts_with(d));
    }
    true
}

/// Whether a `<meta>` may stay: no `http-equiv` other than a content type, and any charset
/// it declares ASCII-compatible.
fn safe_meta(tag: &Tag) -> bool {
    let get = |n: &str| {
        tag.attributes
            .iter()
            .find(|(name, _)| name == n)
            .map(|(_, v)| v.trim().to_ascii_lowercase())
    };
    if let Some(equiv) = get("http-equiv") {
        if equiv != "content-type" {
            return false;
        }
        let content = get("content").unwrap_or_default();
        return match content.split_once("charset=") {
            Some((_, charset)) => safe_charset(charset),
            None => true,
        };
    }
    get("charset").is_none_or(|c| safe_charset(&c))
}

fn safe_charset(charset: &str) -> bool {
    let charset = charset
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == ';');
    SAFE_CHARSETS.contains(&charset)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(html: &str) -> String {
        String::from_utf8(sanitize(html.as_bytes()).expect("html")).expect("utf-8")
    }

    #[test]
    fn loading_attributes_and_tags_go() {
        let out = clean(
            r#"<html><head><base href="http://x/"><link rel=stylesheet href="http://x/a.css">
<meta http-equiv="refresh" content="0;url=file:///etc/passwd"><meta charset="utf-7">
<script src="http://x/s.js">alert(1)</script><style>p{background:url(http://x/b.png)}</style></head>
<body background="http://x/bg.png" onload="x()"><p style="color:red">Hi <a href="https://example.com/">there</a></p>
<img SRC="http://127.0.0.1:1/a.png" alt='a>b'><img/src="file:///etc/passwd"><iframe src="file:///etc/passwd"></iframe>
<img src="data:image/png;base64,AAAA"><img src="data:image/svg+xml,<svg/>">
<!-- <img src="http://x/c.png"> --> a < b
</body></html>"#,
        );
        for gone in [
            "http://x",
            "file:",
            "127.0.0.1",
            "refresh",
            "utf-7",
            "alert",
            "onload",
            "svg",
        ] {
            assert!(!out.contains(gone), "{gone} in {out}");
        }
        assert!(out.starts_with("<!DOCTYPE html>\n"));
        assert!(
            out.contains(r#"<a href="https://example.com/">there</a>"#),
            "{out}"
        );
        assert!(out.contains(r#"<p style="color:red">"#), "{out}");
        assert!(out.contains(r#"<img alt="a&gt;b">"#), "{out}");
        assert!(out.contains("data:image/png;base64,AAAA"), "{out}");
        assert!(out.contains("<style></style>"), "{out}");
        assert!(out.contains("a &lt; b"), "{out}");
    }

    #[test]
    fn markup_inside_values_stays_text() {
        let out = clean("<p title='<img src=data:x>'>t</p>");
        assert_eq!(
            out,
            "<!DOCTYPE html>\n<p title=\"&lt;img src=data:x&gt;\">t</p>"
        );
    }

    #[test]
    fn binary_and_unterminated_input() {
        assert!(matches!(
            sanitize(b"PK\x03\x04\0\0"),
            Err(OfficeError::Unreadable(_))
        ));
        let out = clean("<p>ok</p><img src=\"http://x/ never closed");
        assert_eq!(out, "<!DOCTYPE html>\n<p>ok</p>");
    }
}
