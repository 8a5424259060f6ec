//! Finds every place where a clause could start — labels at paragraph starts and after
//! sentence ends or wide gaps inside paragraphs (PDF text layers run clauses together),
//! styled headings, ALL-CAPS heading lines, exhibits — and grades the evidence of each.

use super::heading::{heading_after_label, is_all_caps, is_heading_line};
use super::labels::{Label, LabelKind, label_at};
use crate::model::Language;
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// How strongly the formatting says "a clause starts here".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    Weak,
    Medium,
    Strong,
}

/// What kind of clause start a candidate is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Source {
    /// A numbered label ("9.", "Article V", "(a)").
    Numbered,
    /// A paragraph the source styles as a heading (DOCX).
    StyledHeading,
    /// A short ALL-CAPS line on its own ("GOVERNING LAW").
    CapsLine,
    /// "EXHIBIT A", "SCHEDULE 1", "ANEXO I" at a paragraph start.
    Exhibit,
}

/// A possible clause start; offsets are bytes of the whole text.
#[derive(Debug, Clone)]
pub(super) struct Candidate {
    pub start: usize,
    /// Where the heading (or the clause's first words) begins, after label and separator.
    pub header_start: usize,
    pub paragraph: usize,
    pub source: Source,
    pub label: Option<Label>,
    pub strength: Strength,
}

static BOUNDARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:[.;:!?)\]"”’]|\.-)[ \t\u{a0}]+|[ \t\u{a0}]{2,}|\t"#).expect("boundary regex")
});

static KEYWORD_ANYWHERE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\s(ARTICLE|Article|SECTION|Section|ART[ÍI]CULO|Art[íi]culo|CL[ÁA]USULA|Cl[áa]usula|ARTIKEL|Artikel|§)\s")
        .expect("keyword anywhere regex")
});

/// "RENEWAL 2.1 Term": a sub-clause number right after an ALL-CAPS heading word.
static AFTER_CAPS_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b\p{Lu}{3,}[ \t]+(\d{1,3}\.\d{1,3}(?:\.\d{1,3})*\.?[ \t]+\p{Lu})")
        .expect("after caps regex")
});

static EXHIBIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT|ANEXO|ANNEXE|ANLAGE|ANHANG)\s+[A-Z0-9][\w.\-]*|^(?:Exhibit|Schedule|Annex|Appendix|Anexo|Annexe|Anlage|Anhang)\s+[A-Z0-9][\w.\-]*\s*$")
        .expect("exhibit regex")
});

static PAGE_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:page|p\.|seite|página|pagina)\s*\d+|^[-–—\s]*\d+[-–—\s]*$")
        .expect("page line regex")
});

/// All clause-start candidates of the text, in text order.
pub(super) fn find_candidates(
    text: &str,
    paragraphs: &[(Range<usize>, Option<u8>)],
    language: Language,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (index, (range, heading_level)) in paragraphs.iter().enumerate() {
        let para = &text[range.clone()];
        let lead = para.len() - para.trim_start().len();
        if para.trim().is_empty() {
            continue;
        }
        let first = range.start + lead;
        if heading_level.is_some() {
            let label = label_at(&text[first..range.end]);
            let header_start = first + label.as_ref().map_or(0, |l| l.len);
            out.push(Candidate {
                start: first,
                header_start,
                paragraph: index,
                source: Source::StyledHeading,
                label,
                strength: Strength::Strong,
            });
            continue;
        }
        let before = out.len();
        for (offset, at_start, punctuated) in positions(para, lead) {
            let start = range.start + offset;
            if let Some(candidate) = numbered(
                text, start, range.end, index, at_start, punctuated, language,
            ) {
                out.push(candidate);
            }
        }
        let labelled_at_start = out[before..].first().is_some_and(|c| c.start == first);
        if let Some(source) =
            unnumbered_heading(para.trim(), language).filter(|_| !labelled_at_start)
        {
            out.push(Candidate {
                start: first,
                header_start: first,
                paragraph: index,
                source,
                label: None,
                strength: Strength::Strong,
            });
        }
    }
    out.sort_by_key(|c| c.start);
    out
}

/// Offsets in the paragraph where a label may stand: its start, after sentence ends and wide
/// gaps, and before a capitalised "Section"/"Article" keyword. (offset, at start, after punctuation)
fn positions(para: &str, lead: usize) -> Vec<(usize, bool, bool)> {
    let mut out = vec![(lead, true, true)];
    for m in BOUNDARY.find_iter(para) {
        if m.end() > lead && m.end() < para.len() {
            let punctuated = !m.as_str().starts_with(char::is_whitespace);
            out.push((m.end(), false, punctuated));
        }
    }
    for caps in KEYWORD_ANYWHERE.captures_iter(para) {
        if let Some(keyword) = caps.get(1) {
            out.push((keyword.start(), false, false));
        }
    }
    for caps in AFTER_CAPS_WORD.captures_iter(para) {
        if let Some(number) = caps.get(1) {
            out.push((number.start(), false, false));
        }
    }
    out.sort_by_key(|&(offset, at_start, punctuated)| (offset, !at_start, !punctuated));
    out.dedup_by_key(|p| p.0);
    out
}

fn numbered(
    text: &str,
    start: usize,
    paragraph_end: usize,
    paragraph: usize,
    at_start: bool,
    punctuated: bool,
    language: Language,
) -> Option<Candidate> {
    let slice = &text[start..paragraph_end];
    let label = label_at(slice)?;
    let rest = &slice[label.len..];
    let rest_head: &str = match rest.char_indices().nth(200) {
        Some((cut, _)) => &rest[..cut],
        None => rest,
    };
    let heading_like = heading_after_label(
        rest_head,
        rest.len() == rest_head.len() && at_start,
        language,
    )
    .is_some();
    let first_char = rest.chars().next();
    let starts_well = first_char.is_some_and(|c| c.is_uppercase() || "\"“'‘([".contains(c));
    let keyword_caps = label.kind == LabelKind::Keyword
        && is_all_caps(slice.split_whitespace().next().unwrap_or(""));
    let strength = match label.kind {
        LabelKind::Keyword | LabelKind::ParagraphSign | LabelKind::OrdinalWord => {
            if at_start {
                Strength::Strong
            } else if heading_like || keyword_caps {
                Strength::Medium
            } else if punctuated && starts_well {
                Strength::Weak
            } else {
                return None;
            }
        }
        LabelKind::Roman => match (at_start, heading_like || rest.trim().is_empty()) {
            (true, true) => Strength::Strong,
            (true, false) if starts_well => Strength::Medium,
            (false, true) => Strength::Weak,
            _ => return None,
        },
        LabelKind::Decimal { dotted } => {
            let bare_line = rest.trim().is_empty() && dotted && at_start;
            if !(starts_well || bare_line) {
                return None;
            }
            let tabbed = slice[..label.len].contains('\t');
            if !dotted && label.path.len() == 1 {
                let caps_heading =
                    heading_like && rest.split_whitespace().next().is_some_and(is_all_caps);
                match (at_start, tabbed || heading_like) {
                    (true, true) => Strength::Strong,
                    (false, _) if punctuated && caps_heading => Strength::Medium,
                    _ => return None,
                }
            } else if at_start {
                if heading_like {
                    Strength::Strong
                } else {
                    Strength::Medium
                }
            } else if heading_like {
                Strength::Medium
            } else {
                Strength::Weak
            }
        }
        LabelKind::SubItem => {
            if !(at_start || punctuated) {
                return None;
            }
            Strength::Weak
        }
    };
    Some(Candidate {
        start,
        header_start: start + label.len,
        paragraph,
        source: Source::Numbered,
        label: Some(label),
        strength,
    })
}

/// An unnumbered paragraph that starts a clause by its look alone.
fn unnumbered_heading(line: &str, language: Language) -> Option<Source> {
    if EXHIBIT.is_match(line) {
        return Some(Source::Exhibit);
    }
    let long_words = line
        .split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3)
        .count();
    let caps_heading = line.chars().count() <= 60
        && long_words >= 1
        && is_all_caps(line)
        && is_heading_line(line, language)
        && !PAGE_LINE.is_match(line);
    caps_heading.then_some(Source::CapsLine)
}
