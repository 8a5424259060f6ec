//! A proposed entity span (byte offsets) with its score, before overlaps are resolved.

use super::EntityKind;

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Candidate {
    pub kind: EntityKind,
    pub start: usize,
    pub end: usize,
    pub score: f64,
    /// A checksum or registry check confirmed it.
    pub validated: bool,
}

impl Candidate {
    pub fn new(kind: EntityKind, start: usize, end: usize, score: f64, validated: bool) -> Self {
        Candidate {
            kind,
            start,
            end,
            score: score.clamp(0.0, 1.0),
            validated,
        }
    }
}

/// Test support: the text of every candidate one recognizer's `find` proposes in `text`.
#[cfg(test)]
pub(crate) fn proposed(
    find: fn(&super::text::Page<'_>, &mut Vec<Candidate>),
    text: &str,
) -> Vec<&str> {
    let mut out = Vec::new();
    find(&super::text::Page::new(text), &mut out);
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

/// Test support: the text of every candidate one recognizer's `find` proposes in `text` that
/// survives overlap resolution at the default threshold (0.5).
#[cfg(test)]
pub(crate) fn reported(
    find: fn(&super::text::Page<'_>, &mut Vec<Candidate>),
    text: &str,
) -> Vec<&str> {
    let mut out = Vec::new();
    find(&super::text::Page::new(text), &mut out);
    super::resolve::resolve(out)
        .into_iter()
        .filter(|c| c.score >= 0.5)
        .map(|c| &text[c.start..c.end])
        .collect()
}
