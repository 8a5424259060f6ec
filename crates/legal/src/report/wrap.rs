//! Measuring text with the fonts' advances and breaking it into lines that fit a width: on
//! spaces, and inside a word only when the word alone is wider than the line (CJK text,
//! which has no spaces, breaks between characters that way). No shaping: one glyph per
//! character from the cmap, so Arabic letters are not joined and there is no kerning.

use super::fonts::Fonts;

/// A weight and a size in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Style {
    pub(super) bold: bool,
    pub(super) size: f32,
}

impl Style {
    pub(super) const fn regular(size: f32) -> Style {
        Style { bold: false, size }
    }

    pub(super) const fn bold(size: f32) -> Style {
        Style { bold: true, size }
    }
}

/// Width of `text` in points.
pub(super) fn text_width(fonts: &Fonts, text: &str, style: Style) -> f32 {
    text.chars().map(|ch| char_width(fonts, ch, style)).sum()
}

fn char_width(fonts: &Fonts, ch: char, style: Style) -> f32 {
    let (slot, glyph) = fonts.glyph(ch, style.bold);
    fonts.face(slot).advance_em(glyph) * style.size
}

/// Spaces that may break a line (not the no-break ones).
fn is_break_space(ch: char) -> bool {
    ch.is_whitespace() && !matches!(ch, '\u{A0}' | '\u{202F}' | '\u{2007}')
}

/// Breaks `text` into lines no wider than `max_width`. '\n' starts a new line; runs of other
/// spaces become one space; control characters are dropped; empty lines are dropped.
pub(super) fn wrap(fonts: &Fonts, text: &str, style: Style, max_width: f32) -> Vec<String> {
    let space = char_width(fonts, ' ', style);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_width = 0.0;
        for word in paragraph.split(is_break_space).filter(|w| !w.is_empty()) {
            let word: String = word.chars().filter(|ch| !ch.is_control()).collect();
            let width = text_width(fonts, &word, style);
            if !line.is_empty() && line_width + space + width <= max_width {
                line.push(' ');
                line.push_str(&word);
                line_width += space + width;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if width <= max_width {
                line = word;
                line_width = width;
            } else {
                line_width = break_word(fonts, &word, style, max_width, &mut lines, &mut line);
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Splits a word wider than the line into full lines, leaving its tail in `line`; returns
/// the tail's width.
fn break_word(
    fonts: &Fonts,
    word: &str,
    style: Style,
    max_width: f32,
    lines: &mut Vec<String>,
    line: &mut String,
) -> f32 {
    let mut width = 0.0;
    for ch in word.chars() {
        let advance = char_width(fonts, ch, style);
        if !line.is_empty() && width + advance > max_width {
            lines.push(std::mem::take(line));
            width = 0.0;
        }
        line.push(ch);
        width += advance;
    }
    width
}

/// `text` cut to fit `max_width` on one line, with "…" when cut.
pub(super) fn fit_line(fonts: &Fonts, text: &str, style: Style, max_width: f32) -> String {
    let clean: String = text
        .chars()
        .map(|ch| if ch.is_whitespace() { ' ' } else { ch })
        .filter(|ch| !ch.is_control())
        .collect();
    if text_width(fonts, &clean, style) <= max_width {
        return clean;
    }
    let budget = max_width - char_width(fonts, '…', style);
    let mut width = 0.0;
    let mut cut = String::new();
    for ch in clean.chars() {
        width += char_width(fonts, ch, style);
        if width > budget {
            break;
        }
        cut.push(ch);
    }
    format!("{}…", cut.trim_end())
}

/// `text` cut after `max_chars` characters (at a space when there is one close by), with
/// "…" when cut.
pub(super) fn truncate_chars(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_string(),
        Some((end, _)) => {
            let head = &text[..end];
            let at_space = head
                .rfind(' ')
                .filter(|&space| head[space..].chars().count() < 40);
            format!("{}…", head[..at_space.unwrap_or(end)].trim_end())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fonts() -> Fonts {
        Fonts::load().unwrap()
    }

    #[test]
    fn lines_fit_and_keep_every_word_in_order() {
        let fonts = fonts();
        let text = "The Supplier's aggregate liability under this Agreement shall not \
                    exceed the fees paid in the twelve months preceding the claim.";
        let style = Style::regular(10.0);
        let lines = wrap(&fonts, text, style, 150.0);
        assert!(lines.len() >= 4, "{lines:?}");
        for line in &lines {
            assert!(text_width(&fonts, line, style) <= 150.0, "{line}");
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(lines.join(" ").split(' ').collect::<Vec<_>>(), words);
    }

    #[test]
    fn a_word_wider_than_the_line_is_broken() {
        let fonts = fonts();
        let style = Style::bold(12.0);
        let word = "Rechtsschutzversicherungsgesellschaften";
        let lines = wrap(&fonts, &format!("see {word}"), style, 80.0);
        assert_eq!(lines[0], "see");
        assert!(lines.len() > 2);
        assert_eq!(lines[1..].concat(), word);
        assert!(lines.iter().all(|l| text_width(&fonts, l, style) <= 80.0));
    }

    #[test]
    fn cjk_text_without_spaces_breaks_between_characters() {
        let fonts = fonts();
        let text = "本协议受中华人民共和国法律管辖并依其解释任何争议应提交仲裁";
        let lines = wrap(&fonts, text, Style::regular(10.0), 60.0);
        assert!(lines.len() > 3);
        assert_eq!(lines.concat(), text);
    }

    #[test]
    fn newlines_start_lines_and_controls_and_blank_lines_go() {
        let fonts = fonts();
        let lines = wrap(
            &fonts,
            "one\ttwo\n\n  three\u{7}",
            Style::regular(9.0),
            400.0,
        );
        assert_eq!(lines, ["one two", "three"]);
    }

    #[test]
    fn fit_line_cuts_with_an_ellipsis_only_when_needed() {
        let fonts = fonts();
        let style = Style::regular(8.0);
        assert_eq!(fit_line(&fonts, "Short title", style, 200.0), "Short title");
        let long = "A very long contract title that cannot possibly fit in the header";
        let cut = fit_line(&fonts, long, style, 100.0);
        assert!(cut.ends_with('…'));
        assert!(text_width(&fonts, &cut, style) <= 100.0);
    }

    #[test]
    fn truncate_chars_cuts_long_text_at_a_space() {
        assert_eq!(truncate_chars("short", 10), "short");
        let cut = truncate_chars("alpha beta gamma delta", 13);
        assert_eq!(cut, "alpha beta…");
    }
}
