//! The text runs of a PDF with their fonts (family and size per run), from poppler's
//! `pdftohtml -xml`, run like the other poppler tools (`poppler.rs`): for checks that look
//! at how a document is set, not only at what it says.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::poppler::{self, PopplerError};

/// Text runs kept at most.
pub const MAX_RUNS: usize = 100_000;

/// One `<text>` run of `pdftohtml -xml` with its font.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRun {
    /// 1-based page number.
    pub page: u32,
    /// Top and height in pdftohtml's pixels (for "on the same line").
    pub top: f32,
    pub height: f32,
    /// The text, inner tags (`<b>`, `<i>`, `<a>`) dropped, entities resolved.
    pub text: String,
    /// The font family as poppler names it (`Helvetica`, `ABCDEF+ArialMT`).
    pub font_family: String,
    pub font_size: f32,
}

/// The text runs of `pdf`'s pages `1..=last_page` with their fonts.
pub async fn text_runs(pdf: &[u8], last_page: u32) -> Result<Vec<TextRun>, PopplerError> {
    let xml = poppler::font_runs_xml(pdf, last_page).await?;
    Ok(parse_runs(&String::from_utf8_lossy(&xml)))
}

fn regex(pattern: &str) -> Regex {
    // The patterns are constants of this file, checked by the tests.
    #[allow(clippy::expect_used)]
    Regex::new(pattern).expect("a valid pattern")
}

static PAGE: LazyLock<Regex> = LazyLock::new(|| regex(r#"<page\b[^>]*\bnumber="(\d{1,6})""#));
static FONTSPEC: LazyLock<Regex> = LazyLock::new(|| regex(r"<fontspec\b([^>]*)/?>"));
static TEXT: LazyLock<Regex> = LazyLock::new(|| regex(r"<text\b([^>]*)>(.*?)</text>"));
static ATTRIBUTE: LazyLock<Regex> = LazyLock::new(|| regex(r#"([A-Za-z]+)="([^"]*)""#));
static INNER_TAG: LazyLock<Regex> = LazyLock::new(|| regex(r"<[^>]*>"));

fn attributes(text: &str) -> HashMap<&str, &str> {
    ATTRIBUTE
        .captures_iter(text)
        .filter_map(|c| Some((c.get(1)?.as_str(), c.get(2)?.as_str())))
        .collect()
}

/// The runs of `pdftohtml -xml` output.
pub fn parse_runs(xml: &str) -> Vec<TextRun> {
    let mut fonts: HashMap<String, (String, f32)> = HashMap::new();
    let mut runs = Vec::new();
    let mut page = 0u32;
    for line in xml.lines() {
        if let Some(captures) = PAGE.captures(line) {
            page = captures
                .get(1)
                .and_then(|m| m.as_str().parse().ok())
                .unwrap_or(page);
        }
        for captures in FONTSPEC.captures_iter(line) {
            let Some(attrs) = captures.get(1).map(|m| attributes(m.as_str())) else {
                continue;
            };
            if let Some(id) = attrs.get("id") {
                let family = unescape_xml(attrs.get("family").copied().unwrap_or(""));
                let size = attrs
                    .get("size")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0.0);
                fonts.insert((*id).to_owned(), (family, size));
            }
        }
        for captures in TEXT.captures_iter(line) {
            if runs.len() >= MAX_RUNS {
                return runs;
            }
            let (Some(attr_text), Some(content)) = (captures.get(1), captures.get(2)) else {
                continue;
            };
            let attrs = attributes(attr_text.as_str());
            let Some((family, size)) = attrs.get("font").and_then(|id| fonts.get(*id)) else {
                continue;
            };
            let number = |name: &str| attrs.get(name).and_then(|v| v.parse().ok()).unwrap_or(0.0);
            let text = unescape_xml(&INNER_TAG.replace_all(content.as_str(), ""));
            runs.push(TextRun {
                page,
                top: number("top"),
                height: number("height"),
                text,
                font_family: family.clone(),
                font_size: *size,
            });
        }
    }
    runs
}

/// XML text with its entities resolved (an entity that does not resolve is kept as written).
fn unescape_xml(text: &str) -> String {
    quick_xml::escape::unescape(text)
        .map(|t| t.into_owned())
        .unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const POPPLER_XML: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE pdf2xml SYSTEM "pdf2xml.dtd">
<pdf2xml producer="poppler" version="22.12.0">
<page number="1" position="absolute" top="0" left="0" height="1188" width="918">
	<fontspec id="0" size="18" family="Helvetica" color="#000000"/>
	<fontspec id="1" size="18" family="Courier" color="#000000"/>
<text top="95" left="108" width="102" height="17" font="0">Item A 12.50</text>
<text top="157" left="108" width="119" height="14" font="1">Total 19.75</text>
<text top="185" left="108" width="71" height="17" font="0"><b>Tax &amp; fees 1.00</b></text>
</page>
</pdf2xml>"##;

    #[test]
    fn poppler_xml_is_parsed() {
        let runs = parse_runs(POPPLER_XML);
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[1].text, "Total 19.75");
        assert_eq!(runs[1].font_family, "Courier");
        assert_eq!(runs[2].text, "Tax & fees 1.00");
        assert_eq!(runs[2].page, 1);
        assert_eq!(runs[0].font_size, 18.0);
        assert!(parse_runs("<text font=\"9\">orphan 1.00</text>").is_empty());
    }

    #[tokio::test]
    async fn garbage_is_unreadable() {
        let error = text_runs(b"this is not a PDF", 20)
            .await
            .expect_err("garbage");
        assert!(matches!(error, PopplerError::Unreadable(_)), "{error}");
    }
}
