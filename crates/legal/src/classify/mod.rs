//! The learned clause classifier: what a clause is about. A linear model per output (logistic
//! regression over hashed words and word pairs, `features.rs`) trained on CUAD's expert labels
//! by `suite-bench legal train` and shipped as `classifier/weights.bin` (how it was trained,
//! on which split, and its figures: `classifier/README.md`). It says which of twelve CUAD
//! concepts (`labels.rs`) a clause expresses and which risk categories it is about; the rules
//! keep the explanation, the parties and the severity (`rules/subject.rs` joins the two).
//! CUAD is English: other languages are reviewed by the rules and headings alone.

pub mod features;
pub mod headings;
pub mod labels;
pub mod weights;

use std::sync::LazyLock;

use crate::model::{Category, Clause};
use weights::Weights;

/// The weights shipped with the crate.
pub const SHIPPED: &[u8] = include_bytes!("../../classifier/weights.bin");

static MODEL: LazyLock<Result<Weights, weights::FormatError>> =
    LazyLock::new(|| Weights::decode(SHIPPED));

/// The shipped model (a test proves it decodes).
pub fn shipped() -> Result<&'static Weights, weights::FormatError> {
    MODEL.as_ref().map_err(Clone::clone)
}

/// A clause's text without its number and heading: what the clause says, not what it is
/// called (the heading is read on its own, `headings.rs`).
pub fn body(clause: &Clause) -> &str {
    let mut rest = clause.text.as_str();
    if let Some(number) = &clause.number
        && let Some((_, after)) = rest.split_once(number.as_str())
    {
        rest = after;
    }
    if let Some(heading) = &clause.heading
        && let Some((before, after)) = rest.split_once(heading.as_str())
        && !before.chars().any(char::is_alphanumeric)
    {
        rest = after;
    }
    rest
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Sentences shorter than this join the next (headings, list numbers, "Ok.").
pub const SENTENCE_MIN: usize = 40;

/// A clause body's sentences, the unit concepts are recognised on (byte ranges of `body`).
pub fn sentences(body: &str) -> Vec<(usize, usize)> {
    crate::rules::sentences::sentences(body, SENTENCE_MIN)
}

/// The model's probabilities for one text, one per output (`labels::OUTPUTS`).
pub fn probabilities(model: &Weights, text: &str) -> Vec<f32> {
    model
        .margins(&features::buckets(text))
        .into_iter()
        .map(sigmoid)
        .collect()
}

/// A clause body's probabilities: each concept's on the body's likeliest sentence (a cap is
/// one sentence of a long clause), each category's on the whole body; and per concept that
/// sentence (a byte range of `body`).
pub fn clause_probabilities(model: &Weights, body: &str) -> (Vec<f32>, Vec<(usize, usize)>) {
    let mut out = probabilities(model, body);
    let concepts = labels::CONCEPTS.len().min(out.len());
    out[..concepts].fill(0.0);
    let mut best_sentences = vec![(0, body.len()); concepts];
    for (start, end) in sentences(body) {
        let sentence = probabilities(model, &body[start..end]);
        for (c, p) in sentence.iter().enumerate().take(concepts) {
            if *p > out[c] {
                out[c] = *p;
                best_sentences[c] = (start, end);
            }
        }
    }
    (out, best_sentences)
}

/// What the classifier says about one clause.
#[derive(Debug, Clone, PartialEq)]
pub struct Subjects {
    /// Probability per output (concepts, then categories).
    pub probabilities: Vec<f32>,
    /// Per concept, the sentence of the clause most likely to express it.
    pub sentences: Vec<String>,
    /// The categories its heading names.
    pub headed: Vec<Category>,
}

impl Subjects {
    /// The sentence most likely to express concept `i`.
    pub fn sentence(&self, i: usize) -> &str {
        self.sentences.get(i).map_or("", String::as_str)
    }

    /// Probability that the clause expresses concept `i` of `labels::CONCEPTS`.
    pub fn concept(&self, i: usize) -> f32 {
        self.probabilities.get(i).copied().unwrap_or_default()
    }

    /// Whether the clause is about `category`: its heading says so, or the model does.
    pub fn is_about(&self, category: Category, threshold: f32) -> bool {
        self.headed.contains(&category)
            || self
                .probabilities
                .get(labels::category_output(category))
                .is_some_and(|p| *p >= threshold)
    }
}

/// A run-in heading the segmenter did not take as one: the clause's first words up to a full
/// stop, in capitals and short ("LIMITATION OF LIABILITY. Neither party …").
fn run_in_heading(text: &str) -> Option<&str> {
    let (first, _) = text.split_once(". ")?;
    let short = first.chars().count() <= 60;
    let capitals = first.chars().any(char::is_uppercase) && !first.chars().any(char::is_lowercase);
    (short && capitals).then_some(first)
}

/// What the shipped model says about `clause`.
pub fn subjects(model: &Weights, clause: &Clause) -> Subjects {
    let heading = clause
        .heading
        .as_deref()
        .or_else(|| run_in_heading(&clause.text));
    let body = body(clause);
    let (probabilities, best) = clause_probabilities(model, body);
    Subjects {
        probabilities,
        sentences: best.iter().map(|(s, e)| body[*s..*e].to_string()).collect(),
        headed: heading.map(headings::categories).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::{body, labels, shipped};
    use crate::model::Clause;

    #[test]
    fn the_shipped_weights_decode_with_every_output() {
        let model = shipped().expect("classifier/weights.bin decodes");
        assert_eq!(model.outputs, labels::OUTPUTS);
        assert!(!model.ids.is_empty());
    }

    #[test]
    fn run_in_headings_are_short_capitals_before_a_full_stop() {
        use super::run_in_heading;
        assert_eq!(
            run_in_heading("LIMITATION OF LIABILITY. Neither party shall"),
            Some("LIMITATION OF LIABILITY")
        );
        assert_eq!(run_in_heading("The Term. It runs"), None);
        assert_eq!(run_in_heading("NO HEADING HERE"), None);
    }

    #[test]
    fn the_body_leaves_number_and_heading_out() {
        let clause = Clause {
            index: 0,
            number: Some("12.".into()),
            heading: Some("Termination".into()),
            range: 0..10,
            text: "12. Termination. Either party may terminate.".into(),
        };
        assert_eq!(body(&clause), ". Either party may terminate.");
        let plain = Clause {
            heading: None,
            number: None,
            ..clause
        };
        assert_eq!(body(&plain), plain.text);
    }
}
