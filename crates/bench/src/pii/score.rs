//! Token-level scoring of PII detection, as presidio-research scores it: the labelled text
//! split at white space, each token labelled with the type of the span it falls in (or none),
//! and the detected entities' tokens labelled likewise; precision, recall and F-beta per type
//! and micro-averaged. Detections on OCR text are aligned to the labelled text's tokens by an
//! edit-distance alignment of normalized tokens, so OCR's small differences do not misplace
//! them.

use std::collections::BTreeMap;
use std::ops::Range;

pub use crate::support::Counts;

/// A whitespace token of a text: its char range and its normalized form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub chars: Range<usize>,
    pub norm: String,
}

/// The whitespace tokens of `text`.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut start = None;
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(token(&chars, s..i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(token(&chars, s..chars.len()));
    }
    out
}

fn token(chars: &[char], range: Range<usize>) -> Token {
    let norm = chars[range.clone()]
        .iter()
        .filter(|c| c.is_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    Token { chars: range, norm }
}

/// The label of each token: the type of the first span overlapping it.
pub fn labels<'a>(tokens: &[Token], spans: &[(Range<usize>, &'a str)]) -> Vec<Option<&'a str>> {
    tokens
        .iter()
        .map(|t| {
            spans
                .iter()
                .find(|(r, _)| r.start < t.chars.end && t.chars.start < r.end)
                .map(|(_, label)| *label)
        })
        .collect()
}

/// For each token of `gold`, the index of the token of `read` aligned with it, if any: an
/// edit-distance alignment where equal normalized tokens match for free and differing ones
/// may be substituted.
pub fn align(gold: &[Token], read: &[Token]) -> Vec<Option<usize>> {
    let (n, m) = (gold.len(), read.len());
    let mut cost = vec![vec![0u32; m + 1]; n + 1];
    for (i, row) in cost.iter_mut().enumerate() {
        row[0] = i as u32;
    }
    for (j, cell) in cost[0].iter_mut().enumerate() {
        *cell = j as u32;
    }
    for i in 1..=n {
        for j in 1..=m {
            let substitute = if gold[i - 1].norm == read[j - 1].norm {
                0
            } else {
                1
            };
            cost[i][j] = (cost[i - 1][j - 1] + substitute)
                .min(cost[i - 1][j] + 1)
                .min(cost[i][j - 1] + 1);
        }
    }
    let mut pairs = vec![None; n];
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        let substitute = if gold[i - 1].norm == read[j - 1].norm {
            0
        } else {
            1
        };
        if cost[i][j] == cost[i - 1][j - 1] + substitute {
            pairs[i - 1] = Some(j - 1);
            i -= 1;
            j -= 1;
        } else if cost[i][j] == cost[i - 1][j] + 1 {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    pairs
}

/// Counts per type over many texts.
#[derive(Debug, Default)]
pub struct Score {
    pub per_type: BTreeMap<String, Counts>,
}

impl Score {
    /// Adds one text: `gold[i]` and `predicted[i]` are the labels of token `i`.
    pub fn add(&mut self, gold: &[Option<&str>], predicted: &[Option<&str>]) {
        for (g, p) in gold.iter().zip(predicted) {
            match (g, p) {
                (Some(g), Some(p)) if g == p => self.entry(g).true_positives += 1,
                (Some(g), Some(p)) => {
                    self.entry(g).false_negatives += 1;
                    self.entry(p).false_positives += 1;
                }
                (Some(g), None) => self.entry(g).false_negatives += 1,
                (None, Some(p)) => self.entry(p).false_positives += 1,
                (None, None) => {}
            }
        }
    }

    fn entry(&mut self, label: &str) -> &mut Counts {
        self.per_type.entry(label.to_owned()).or_default()
    }

    /// Micro-averaged counts over every type.
    pub fn overall(&self) -> Counts {
        let mut all = Counts::default();
        for counts in self.per_type.values() {
            all += *counts;
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_split_at_white_space_and_normalized() {
        let t = tokens("Call  Ana-Ruiz,\nnow");
        let norms: Vec<&str> = t.iter().map(|t| t.norm.as_str()).collect();
        assert_eq!(norms, ["call", "anaruiz", "now"]);
        assert_eq!(t[1].chars, 6..15);
    }

    #[test]
    fn ocr_tokens_align_across_a_misread_and_a_split_token() {
        let gold = tokens("Mail ana@example.com to Ana Ruiz today");
        let read = tokens("Mail ana@exarnple.com to Ana Ruiz to day");
        let pairs = align(&gold, &read);
        assert_eq!(pairs[0], Some(0));
        assert_eq!(pairs[1], Some(1), "a misread token is substituted");
        assert_eq!(pairs[3], Some(3));
        assert_eq!(pairs[4], Some(4));
    }

    #[test]
    fn counts_give_precision_recall_and_f2() {
        let mut score = Score::default();
        score.add(
            &[Some("name"), Some("name"), None, Some("email")],
            &[Some("name"), None, Some("name"), Some("phone")],
        );
        let name = score.per_type["name"];
        assert_eq!(
            (
                name.true_positives,
                name.false_positives,
                name.false_negatives
            ),
            (1, 1, 1)
        );
        assert!((name.f(2.0) - 0.5).abs() < 1e-9);
        assert_eq!(score.per_type["email"].false_negatives, 1);
        assert_eq!(score.per_type["phone"].false_positives, 1);
        assert_eq!(score.overall().true_positives, 1);
    }
}
