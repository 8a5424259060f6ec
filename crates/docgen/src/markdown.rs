//! Markdown templates after their Jinja pass: CommonMark with tables and strikethrough as an
//! HTML page in the suite's document style, ready for the browser or LibreOffice.

use pulldown_cmark::{Options, Parser, html};

/// The stylesheet of pages made from Markdown and plain text: readable type, scripts beyond
/// Latin through the Noto and DejaVu families the server installs, tables with rules.
pub const DOCUMENT_STYLE: &str = "@page { size: A4; margin: 18mm 16mm; }
body { font-family: 'DejaVu Sans', 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans Arabic', sans-serif;
  font-size: 11pt; line-height: 1.45; color: #1d1d1f; }
h1, h2, h3 { line-height: 1.2; margin: 1.2em 0 0.4em; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #c7c7cc; padding: 4px 8px; text-align: start; vertical-align: top; }
th { background: #f2f2f7; }
code, pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 9.5pt; }
pre { background: #f6f6f8; padding: 8px; white-space: pre-wrap; }
blockquote { border-inline-start: 3px solid #c7c7cc; margin: 0; padding-inline-start: 12px; color: #555; }
";

/// `markdown` as a whole HTML page (raw HTML in the Markdown is kept, as CommonMark says).
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut body = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut body, Parser::new_ext(markdown, options));
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title></title>\n<style>{DOCUMENT_STYLE}</style></head>\n<body>\n{body}</body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_tables_and_emphasis_become_html() {
        let html = to_html("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ **new**\n");
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(
            html.contains("<td>1</td>") && html.contains("<th>a</th>"),
            "{html}"
        );
        assert!(
            html.contains("<del>old</del> <strong>new</strong>"),
            "{html}"
        );
    }
}
