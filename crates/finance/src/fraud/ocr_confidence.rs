//! Whether the amounts were read with low OCR confidence (`low_ocr_confidence`): a blurred
//! or doctored image hides edits, and the arithmetic checks are weaker on misread digits.
//!
//! Thresholds on the amounts' word confidences (0–1): mean below 0.75 or any word below
//! 0.50. Tesseract's 0–100 scale is accepted (a list with any value above 1 is divided by
//! 100). Text-layer PDFs have no confidences and are never flagged.

use super::scoring::WEIGHT_LOW_OCR_CONFIDENCE;
use super::{Facts, Signal, SignalKind};

pub const MEAN_CONFIDENCE_THRESHOLD: f32 = 0.75;
pub const MIN_CONFIDENCE_THRESHOLD: f32 = 0.50;

/// The `low_ocr_confidence` signal, when the amounts' confidences are low.
pub fn low_confidence_signal(facts: &Facts) -> Option<Signal> {
    let finite: Vec<f32> = facts
        .amount_confidences
        .iter()
        .copied()
        .filter(|confidence| confidence.is_finite() && *confidence >= 0.0)
        .collect();
    if finite.is_empty() {
        return None;
    }
    let scale = if finite.iter().any(|confidence| *confidence > 1.0) {
        100.0
    } else {
        1.0
    };
    let normalized: Vec<f32> = finite.iter().map(|c| (c / scale).min(1.0)).collect();
    let mean = normalized.iter().sum::<f32>() / normalized.len() as f32;
    let lowest = normalized.iter().copied().fold(1.0_f32, f32::min);
    if mean >= MEAN_CONFIDENCE_THRESHOLD && lowest >= MIN_CONFIDENCE_THRESHOLD {
        return None;
    }
    Some(Signal {
        kind: SignalKind::LowOcrConfidence,
        weight: WEIGHT_LOW_OCR_CONFIDENCE,
        detail: format!(
            "The {} amount words were read with a mean OCR confidence of {:.0} % and a lowest of {:.0} % (thresholds: mean {:.0} %, lowest {:.0} %).",
            normalized.len(),
            mean * 100.0,
            lowest * 100.0,
            MEAN_CONFIDENCE_THRESHOLD * 100.0,
            MIN_CONFIDENCE_THRESHOLD * 100.0
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fraud::DocKind;

    fn read_with(confidences: &[f32]) -> Facts {
        let mut facts = Facts::empty(DocKind::Receipt);
        facts.amount_confidences = confidences.to_vec();
        facts
    }

    #[test]
    fn clear_reads_and_text_layers_are_clean() {
        assert!(low_confidence_signal(&read_with(&[0.95, 0.91, 0.88])).is_none());
        assert!(low_confidence_signal(&read_with(&[96.0, 91.0, 89.0])).is_none());
        assert!(low_confidence_signal(&read_with(&[])).is_none());
    }

    #[test]
    fn low_mean_or_one_bad_word_trips() {
        let signal = low_confidence_signal(&read_with(&[62.0, 70.0, 71.0])).expect("signal");
        assert_eq!(signal.kind, SignalKind::LowOcrConfidence);
        assert_eq!(signal.weight, 10);
        assert_eq!(
            signal.detail,
            "The 3 amount words were read with a mean OCR confidence of 68 % and a lowest of 62 % (thresholds: mean 75 %, lowest 50 %)."
        );
        assert!(low_confidence_signal(&read_with(&[0.95, 0.96, 0.31])).is_some());
    }
}
