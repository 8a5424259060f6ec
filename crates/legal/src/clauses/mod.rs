//! Clause segmentation: cuts an extracted contract into its numbered or headed clauses,
//! in English, Spanish, French and German, from DOCX paragraphs or PDF/TXT lines.

mod detect;
mod fallback;
mod heading;
mod labels;
mod numerals;
mod sequence;
#[cfg(test)]
mod tests;
mod text_index;

pub(crate) use numerals::to_roman;
pub(crate) use text_index::collapse_whitespace;

use crate::model::{Clause, Extracted, Language};
use detect::{Candidate, Source};
use std::ops::Range;
use text_index::CharIndex;

/// Cuts the contract into clauses, in text order. Text before the first clause (title,
/// parties, recitals) is clause 0 without number; a document without any structure is cut
/// into paragraph-sized clauses. Returns nothing for an empty text.
pub fn segment(extracted: &Extracted, language: Language) -> Vec<Clause> {
    let text = extracted.text.as_str();
    if text.trim().is_empty() {
        return Vec::new();
    }
    let index = CharIndex::new(text);
    let paragraphs = byte_paragraphs(extracted, &index);
    let candidates = detect::find_candidates(text, &paragraphs, language);
    let chosen = sequence::select(&candidates);
    let mut pieces: Vec<Piece> = Vec::new();
    let first_start = chosen.first().map_or(text.len(), |&i| candidates[i].start);
    let plain: Vec<Range<usize>> = paragraphs.iter().map(|(r, _)| r.clone()).collect();
    if chosen.is_empty() {
        for range in fallback::chunk(text, 0..text.len(), &plain) {
            pieces.push(Piece {
                range,
                number: None,
                heading: None,
            });
        }
    } else if !text[..first_start].trim().is_empty() {
        let heading = title(text, &plain, first_start);
        pieces.push(Piece {
            range: 0..first_start,
            number: None,
            heading,
        });
    }
    for (position, &candidate_index) in chosen.iter().enumerate() {
        let candidate = &candidates[candidate_index];
        let end = chosen
            .get(position + 1)
            .map_or(text.len(), |&next| candidates[next].start);
        pieces.push(Piece {
            range: candidate.start..end,
            number: candidate.label.as_ref().map(|label| label.number.clone()),
            heading: heading_of(text, candidate, &paragraphs, end, language),
        });
    }
    let mut clauses: Vec<Clause> = pieces
        .into_iter()
        .filter(|piece| !text[piece.range.clone()].trim().is_empty())
        .enumerate()
        .map(|(position, piece)| piece.into_clause(position, text, &index))
        .collect();
    inherit_headings(&mut clauses);
    clauses
}

/// A sub-clause without a heading of its own ("9.1" under "9. Governing Law") takes its
/// parent's, so a finding on it still says what section it is in.
fn inherit_headings(clauses: &mut [Clause]) {
    for i in 0..clauses.len() {
        if clauses[i].heading.is_some() {
            continue;
        }
        let Some(parent) = clauses[i]
            .number
            .as_deref()
            .and_then(|n| n.rsplit_once('.'))
            .map(|(parent, _)| parent.to_owned())
        else {
            continue;
        };
        let inherited = clauses[..i]
            .iter()
            .rev()
            .find(|c| c.number.as_deref() == Some(parent.as_str()))
            .and_then(|c| c.heading.clone());
        clauses[i].heading = inherited;
    }
}

struct Piece {
    range: Range<usize>,
    number: Option<String>,
    heading: Option<String>,
}

impl Piece {
    fn into_clause(self, index_in_contract: usize, text: &str, index: &CharIndex) -> Clause {
        let slice = &text[self.range.clone()];
        let start = self.range.start + (slice.len() - slice.trim_start().len());
        let end = self.range.start + slice.trim_end().len();
        Clause {
            index: index_in_contract,
            number: self.number,
            heading: self.heading,
            range: index.char_at(start)..index.char_at(end),
            text: collapse_whitespace(&text[start..end]),
        }
    }
}

/// The paragraphs as byte ranges (clamped and ordered); lines when none are given.
fn byte_paragraphs(extracted: &Extracted, index: &CharIndex) -> Vec<(Range<usize>, Option<u8>)> {
    if extracted.paragraphs.is_empty() {
        let mut out = Vec::new();
        let mut start = 0;
        for line in extracted.text.split('\n') {
            out.push((start..start + line.len(), None));
            start += line.len() + 1;
        }
        return out;
    }
    let mut out: Vec<(Range<usize>, Option<u8>)> = Vec::new();
    let mut floor = 0;
    for paragraph in &extracted.paragraphs {
        let start = index.byte(paragraph.range.start).max(floor);
        let end = index.byte(paragraph.range.end).max(start);
        out.push((start..end, paragraph.heading_level));
        floor = end;
    }
    out
}

fn heading_of(
    text: &str,
    candidate: &Candidate,
    paragraphs: &[(Range<usize>, Option<u8>)],
    clause_end: usize,
    language: Language,
) -> Option<String> {
    let paragraph_end = paragraphs[candidate.paragraph].0.end;
    let rest_end = paragraph_end.min(clause_end).max(candidate.header_start);
    let more_follows = !text[rest_end..clause_end].trim().is_empty();
    match candidate.source {
        Source::StyledHeading | Source::CapsLine => {
            let heading = heading::clean(&text[candidate.header_start..rest_end]);
            (!heading.is_empty()).then_some(heading)
        }
        Source::Exhibit => {
            heading::heading_after_label(&text[candidate.start..rest_end], more_follows, language)
                .or_else(|| {
                    text[candidate.start..rest_end]
                        .split_whitespace()
                        .next()
                        .map(str::to_string)
                })
        }
        Source::Numbered => {
            let rest = &text[candidate.header_start..rest_end];
            if rest.trim().is_empty() && more_follows {
                let next = paragraphs[candidate.paragraph + 1..]
                    .iter()
                    .map(|(range, _)| range.clone())
                    .filter(|range| range.end <= clause_end)
                    .find(|range| !text[range.clone()].trim().is_empty())?;
                let line = text[next.clone()].trim();
                let follows = !text[next.end..clause_end].trim().is_empty();
                return (follows && heading::is_heading_line(line, language))
                    .then(|| heading::clean(line));
            }
            heading::heading_after_label(rest, more_follows, language)
        }
    }
}

/// The contract's title among the first lines before the first clause.
fn title(text: &str, paragraphs: &[Range<usize>], end: usize) -> Option<String> {
    const TITLE_WORDS: [&str; 9] = [
        "agreement",
        "contract",
        "amendment",
        "vertrag",
        "vereinbarung",
        "contrat",
        "contrato",
        "convenio",
        "acuerdo",
    ];
    let lines: Vec<&str> = paragraphs
        .iter()
        .filter(|range| range.end <= end)
        .flat_map(|range| text[range.clone()].split("   "))
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .take(12)
        .collect();
    let short = |line: &&&str| line.chars().count() <= 100;
    let named = lines.iter().filter(short).find(|line| {
        let lower = line.to_lowercase();
        TITLE_WORDS.iter().any(|word| lower.contains(word)) && !lower.starts_with("this ")
    });
    let caps = || {
        lines.iter().filter(short).find(|line| {
            heading::is_all_caps(line)
                && line
                    .split_whitespace()
                    .filter(|w| w.chars().count() >= 3)
                    .count()
                    >= 2
        })
    };
    named.or_else(caps).map(|line| heading::clean(line))
}
