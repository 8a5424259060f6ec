//! Pairs the clauses of two versions of a contract: identical texts first (number and
//! whitespace ignored), then equal headings, then the most similar texts by word-set
//! Sørensen–Dice; the longest order-preserving chain of pairs decides what has moved.

use crate::clauses::collapse_whitespace;
use crate::model::Clause;
use std::collections::HashMap;

/// Pairs scoring below this (Dice on word sets, plus bonuses) are not the same clause.
const MIN_SIMILARITY: f64 = 0.5;
/// Bonus to the similarity of two clauses with the same number or heading.
const SAME_LABEL_BONUS: f64 = 0.15;

/// One clause prepared for comparison.
pub(super) struct Prepared {
    /// Text without its leading number, whitespace collapsed.
    pub body: String,
    /// Normalised heading (lower case ASCII letters and digits), when there is one.
    pub heading: Option<String>,
    pub number: Option<String>,
    /// Sorted, deduplicated word hashes.
    pub words: Vec<u64>,
}

impl Prepared {
    pub(super) fn new(clause: &Clause) -> Self {
        let body = collapse_whitespace(strip_number(&clause.text, clause.number.as_deref()));
        let heading = clause
            .heading
            .as_deref()
            .map(normalise)
            .filter(|h| !h.is_empty());
        let mut words: Vec<u64> = body
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| word_hash(&w.to_lowercase()))
            .collect();
        words.sort_unstable();
        words.dedup();
        Self {
            body,
            heading,
            number: clause.number.clone(),
            words,
        }
    }
}

/// The pairing: `pairs[k] = (original, revised)` sorted by original; `moved[k]` for each.
pub(super) struct Alignment {
    pub pairs: Vec<(usize, usize)>,
    pub moved: Vec<bool>,
}

pub(super) fn align(original: &[Prepared], revised: &[Prepared]) -> Alignment {
    let mut partner_of_revised: Vec<Option<usize>> = vec![None; revised.len()];
    let mut partner_of_original: Vec<Option<usize>> = vec![None; original.len()];

    // 1. Identical bodies, paired in order.
    let mut by_body: HashMap<&str, Vec<usize>> = HashMap::new();
    for (r, clause) in revised.iter().enumerate().rev() {
        by_body.entry(clause.body.as_str()).or_default().push(r);
    }
    for (o, clause) in original.iter().enumerate() {
        if let Some(r) = by_body.get_mut(clause.body.as_str()).and_then(Vec::pop) {
            link(o, r, &mut partner_of_original, &mut partner_of_revised);
        }
    }

    // 2. Same heading, when it is unique among the unpaired clauses on both sides.
    let original_headings = unique_headings(original, &partner_of_original);
    let revised_headings = unique_headings(revised, &partner_of_revised);
    for (heading, o) in &original_headings {
        if let (Some(o), Some(Some(r))) = (o, revised_headings.get(heading)) {
            link(*o, *r, &mut partner_of_original, &mut partner_of_revised);
        }
    }

    // 3. Most similar texts among the rest, best pairs first.
    let open_original: Vec<usize> = (0..original.len())
        .filter(|&o| partner_of_original[o].is_none())
        .collect();
    let open_revised: Vec<usize> = (0..revised.len())
        .filter(|&r| partner_of_revised[r].is_none())
        .collect();
    let mut scored: Vec<(f64, usize, usize)> = Vec::new();
    for &o in &open_original {
        for &r in &open_revised {
            let score = similarity(&original[o], &revised[r]);
            if score >= MIN_SIMILARITY {
                scored.push((score, o, r));
            }
        }
    }
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(a.1.abs_diff(a.2).cmp(&b.1.abs_diff(b.2)))
    });
    for (_, o, r) in scored {
        if partner_of_original[o].is_none() && partner_of_revised[r].is_none() {
            link(o, r, &mut partner_of_original, &mut partner_of_revised);
        }
    }

    let pairs: Vec<(usize, usize)> = partner_of_original
        .iter()
        .enumerate()
        .filter_map(|(o, r)| r.map(|r| (o, r)))
        .collect();
    let on_chain = longest_increasing(&pairs.iter().map(|&(_, r)| r).collect::<Vec<_>>());
    let moved = on_chain.into_iter().map(|kept| !kept).collect();
    Alignment { pairs, moved }
}

fn link(o: usize, r: usize, of_original: &mut [Option<usize>], of_revised: &mut [Option<usize>]) {
    of_original[o] = Some(r);
    of_revised[r] = Some(o);
}

/// Headings that occur once among the unpaired clauses of one side, with their clause.
fn unique_headings<'a>(
    side: &'a [Prepared],
    partners: &[Option<usize>],
) -> HashMap<&'a str, Option<usize>> {
    let mut seen: HashMap<&str, Option<usize>> = HashMap::new();
    for (i, clause) in side
        .iter()
        .enumerate()
        .filter(|(i, _)| partners[*i].is_none())
    {
        if let Some(h) = clause.heading.as_deref() {
            seen.entry(h)
                .and_modify(|slot| *slot = None)
                .or_insert(Some(i));
        }
    }
    seen
}

/// Word-set Sørensen–Dice, with a bonus for the same number or heading.
fn similarity(a: &Prepared, b: &Prepared) -> f64 {
    let total = a.words.len() + b.words.len();
    if total == 0 {
        return 0.0;
    }
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.words.len() && j < b.words.len() {
        match a.words[i].cmp(&b.words[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let dice = 2.0 * common as f64 / total as f64;
    let same_heading = match (&a.heading, &b.heading) {
        (Some(x), Some(y)) => x == y || strsim::normalized_levenshtein(x, y) >= 0.85,
        _ => false,
    };
    let same_number = a.number.is_some() && a.number == b.number;
    dice + if same_heading || same_number {
        SAME_LABEL_BONUS
    } else {
        0.0
    }
}

/// For each element, whether it is on one longest strictly increasing subsequence.
fn longest_increasing(values: &[usize]) -> Vec<bool> {
    let mut tails: Vec<usize> = Vec::new(); // indices into values
    let mut previous: Vec<Option<usize>> = vec![None; values.len()];
    for (i, &value) in values.iter().enumerate() {
        let slot = tails.partition_point(|&t| values[t] < value);
        previous[i] = slot.checked_sub(1).map(|s| tails[s]);
        if slot == tails.len() {
            tails.push(i);
        } else {
            tails[slot] = i;
        }
    }
    let mut on_chain = vec![false; values.len()];
    let mut cursor = tails.last().copied();
    while let Some(i) = cursor {
        on_chain[i] = true;
        cursor = previous[i];
    }
    on_chain
}

/// The clause text without its leading number label ("9.", "Section 9 -", "§ 9").
pub(super) fn strip_number<'a>(text: &'a str, number: Option<&str>) -> &'a str {
    let Some(number) = number.filter(|n| !n.is_empty()) else {
        return text;
    };
    let window_end = text.char_indices().nth(40).map_or(text.len(), |(i, _)| i);
    match text[..window_end].find(number) {
        Some(at) => text[at + number.len()..]
            .trim_start_matches(|c: char| c.is_whitespace() || ".:)-–—".contains(c)),
        None => text,
    }
}

fn normalise(heading: &str) -> String {
    deunicode::deunicode(heading)
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// FNV-1a: fast and good enough for word identity.
fn word_hash(word: &str) -> u64 {
    word.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_increasing_marks_the_out_of_order_pair() {
        assert_eq!(
            longest_increasing(&[0, 1, 4, 2, 3]),
            vec![true, true, false, true, true]
        );
        assert_eq!(longest_increasing(&[]), Vec::<bool>::new());
    }

    #[test]
    fn strips_the_number_label() {
        assert_eq!(
            strip_number("9. Limitation. Text", Some("9")),
            "Limitation. Text"
        );
        assert_eq!(strip_number("Section 12.3 - Fees", Some("12.3")), "Fees");
        assert_eq!(strip_number("Preamble text", None), "Preamble text");
    }
}
