//! Training examples from CUAD contracts, each contract read and segmented as the API reads a
//! TXT upload: every sentence of a clause's body (`classify::sentences`) is an example of the
//! concepts, positive for those whose expert spans cover it; every clause body is an example
//! of the categories its heading names (and its concepts belong to). Both hashed into features.

use crate::legal::cuad::clauses_of;
use crate::legal::cuad::dataset::Contract;
use suite_legal::classify::{body, features, headings, labels, sentences};
use suite_legal::model::Language;

/// A sentence overlapping a span by at least this many bytes (or half its length) is the
/// span's concept.
const MIN_OVERLAP: usize = 30;

/// One example as the trainer sees it.
#[derive(Debug, Clone)]
pub struct Example {
    pub buckets: Vec<u32>,
    /// One target per output (`labels::OUTPUTS`).
    pub targets: Vec<bool>,
    /// Which outputs learn from this example: sentences teach the concepts; clause bodies
    /// whose subject is known (a heading, or an expert span) teach the categories.
    pub trains: Vec<bool>,
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where a span is in the clauses' joined text (byte range), if it is found.
fn find_span(joined: &str, span: &str) -> Option<(usize, usize)> {
    let span = collapse(span);
    if span.is_empty() {
        return None;
    }
    if let Some(at) = joined.find(span.as_str()) {
        return Some((at, at + span.len()));
    }
    let probe: String = span.chars().take(120).collect();
    let at = joined.find(probe.as_str())?;
    Some((at, (at + span.len()).min(joined.len())))
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    let overlap = a.1.min(b.1).saturating_sub(a.0.max(b.0));
    overlap >= MIN_OVERLAP || (overlap > 0 && overlap * 2 >= a.1 - a.0)
}

/// The examples of `contract`, and how many of its spans were not found in its clauses.
pub fn examples(contract: &Contract) -> (Vec<Example>, usize) {
    let clauses = clauses_of(&contract.text, Language::En);
    let mut joined = String::new();
    let mut starts = Vec::with_capacity(clauses.len());
    for clause in &clauses {
        starts.push(joined.len());
        joined.push_str(&clause.text);
        joined.push(' ');
    }
    let mut lost = 0;
    let spans: Vec<Vec<(usize, usize)>> = labels::CONCEPTS
        .iter()
        .map(|concept| {
            let found: Vec<_> = contract
                .spans
                .get(concept.cuad)
                .into_iter()
                .flatten()
                .filter_map(|s| find_span(&joined, s))
                .collect();
            lost += contract.spans.get(concept.cuad).map_or(0, Vec::len) - found.len();
            found
        })
        .collect();
    let concepts = labels::CONCEPTS.len();
    let mut out = Vec::new();
    for (clause, start) in clauses.iter().zip(starts) {
        let body = body(clause);
        let body_start = start + clause.text.len() - body.len();
        let mut clause_targets = vec![false; labels::OUTPUTS];
        for (s, e) in sentences(body) {
            let at = (body_start + s, body_start + e);
            let mut targets = vec![false; labels::OUTPUTS];
            for (c, concept) in labels::CONCEPTS.iter().enumerate() {
                if spans[c].iter().any(|span| overlaps(at, *span)) {
                    targets[c] = true;
                    clause_targets[labels::category_output(concept.category)] = true;
                }
            }
            let trains = (0..labels::OUTPUTS).map(|o| o < concepts).collect();
            out.push(Example {
                buckets: features::buckets(&body[s..e]),
                targets,
                trains,
            });
        }
        let spanned = clause_targets.iter().any(|t| *t);
        for category in clause
            .heading
            .as_deref()
            .map(headings::categories)
            .unwrap_or_default()
        {
            clause_targets[labels::category_output(category)] = true;
        }
        let known = clause.heading.is_some() || spanned;
        out.push(Example {
            buckets: features::buckets(body),
            targets: clause_targets,
            trains: (0..labels::OUTPUTS)
                .map(|o| known && o >= concepts)
                .collect(),
        });
    }
    (out, lost)
}

#[cfg(test)]
mod tests {
    use super::{find_span, overlaps};

    #[test]
    fn spans_are_found_whitespace_collapsed_and_overlap_sentences() {
        let joined = "1. Term. Five years from the Effective Date. 2. Fees. Paid monthly. ";
        let span = find_span(joined, "Five\n years from  the Effective Date.").expect("found");
        assert_eq!(
            &joined[span.0..span.1],
            "Five years from the Effective Date."
        );
        assert!(find_span(joined, "Not there").is_none());
        assert!(overlaps((9, 44), span));
        // A few bytes of a long sentence are not the sentence.
        assert!(!overlaps((40, 200), span));
    }
}
