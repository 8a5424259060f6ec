//! The one table of weights, the 0–100 score they add up to and its risk level (the
//! contract's `RiskLevel` bands), so every check scores the same way.
//!
//! | signal                      | points | why                                               |
//! |-----------------------------|-------:|---------------------------------------------------|
//! | `arithmetic_mismatch`       |     30 | figures that do not add up are the classic forgery |
//! | `invalid_date`              |     30 | a date that cannot exist (31/02) was typed by hand |
//! | `invalid_date` (stale)      |     10 | a real date over 10 years before today             |
//! | `font_inconsistency`        |     30 | an amount set in another font was pasted in        |
//! | `future_date`               |     25 | a document dated after today                       |
//! | `pdf_edited_after_creation` |     25 | saved by an editing tool (+5 when ModDate is late too) |
//! | `pdf_edited_after_creation` |     15 | only ModDate later than CreationDate               |
//! | `tax_mismatch`              |     20 | a tax rate the country does not have               |
//! | `pdf_incremental_update`    |     15 | changes appended after the PDF was written          |
//! | `missing_required_fields`   | 5/field, max 15 | what the document type must show is absent |
//! | `duplicate_line_items`      |     10 | the same line twice (also honest: scanned twice)   |
//! | `round_amounts`             |     10 | total and most lines whole numbers                 |
//! | `low_ocr_confidence`        |     10 | the amounts were hard to read: the other checks are weaker |
//! | `duplicate_submission`      |     35 | the same document submitted again (integrator)     |
//!
//! One strong signal (30) is `medium`, two are `high`, three are `critical`.

use serde::Serialize;

use super::{Signal, SignalKind};

pub const WEIGHT_ARITHMETIC_MISMATCH: u32 = 30;
pub const WEIGHT_TAX_MISMATCH: u32 = 20;
pub const WEIGHT_FUTURE_DATE: u32 = 25;
pub const WEIGHT_INVALID_DATE: u32 = 30;
pub const WEIGHT_STALE_DATE: u32 = 10;
pub const WEIGHT_DUPLICATE_LINE_ITEMS: u32 = 10;
pub const WEIGHT_MISSING_FIELD_EACH: u32 = 5;
pub const WEIGHT_MISSING_FIELDS_MAX: u32 = 15;
pub const WEIGHT_ROUND_AMOUNTS: u32 = 10;
pub const WEIGHT_EDITED_BY_EDITOR: u32 = 25;
pub const WEIGHT_EDITED_BY_EDITOR_AND_DATES: u32 = 30;
pub const WEIGHT_EDITED_DATES_ONLY: u32 = 15;
pub const WEIGHT_INCREMENTAL_UPDATE: u32 = 15;
pub const WEIGHT_FONT_INCONSISTENCY: u32 = 30;
pub const WEIGHT_LOW_OCR_CONFIDENCE: u32 = 10;
pub const WEIGHT_DUPLICATE_SUBMISSION: u32 = 35;

/// The highest risk score.
pub const MAX_RISK_SCORE: u32 = 100;

/// The usual weight of a kind (the first row of the table for kinds with several).
pub fn default_weight(kind: SignalKind) -> u32 {
    match kind {
        SignalKind::ArithmeticMismatch => WEIGHT_ARITHMETIC_MISMATCH,
        SignalKind::TaxMismatch => WEIGHT_TAX_MISMATCH,
        SignalKind::RoundAmounts => WEIGHT_ROUND_AMOUNTS,
        SignalKind::FutureDate => WEIGHT_FUTURE_DATE,
        SignalKind::InvalidDate => WEIGHT_INVALID_DATE,
        SignalKind::DuplicateLineItems => WEIGHT_DUPLICATE_LINE_ITEMS,
        SignalKind::MissingRequiredFields => WEIGHT_MISSING_FIELD_EACH,
        SignalKind::PdfEditedAfterCreation => WEIGHT_EDITED_BY_EDITOR,
        SignalKind::PdfIncrementalUpdate => WEIGHT_INCREMENTAL_UPDATE,
        SignalKind::FontInconsistency => WEIGHT_FONT_INCONSISTENCY,
        SignalKind::LowOcrConfidence => WEIGHT_LOW_OCR_CONFIDENCE,
        SignalKind::DuplicateSubmission => WEIGHT_DUPLICATE_SUBMISSION,
    }
}

/// A signal found outside this module (the duplicate-submission lookup) with its kind's
/// usual weight; add it with [`Assessment::add_signal`].
pub fn external_signal(kind: SignalKind, detail: impl Into<String>) -> Signal {
    Signal {
        kind,
        weight: default_weight(kind),
        detail: detail.into(),
    }
}

/// The contract's `RiskLevel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskLevel {
    Low,
    Medium,
    High,
    Critical,
}

impl RiskLevel {
    /// The band of `score`: low 0–24, medium 25–49, high 50–74, critical 75–100.
    pub fn from_score(score: u32) -> Self {
        match score {
            0..=24 => RiskLevel::Low,
            25..=49 => RiskLevel::Medium,
            50..=74 => RiskLevel::High,
            _ => RiskLevel::Critical,
        }
    }
}

/// `FraudCheckResult` without `doc_type`: the score, its level, the signals by weight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Assessment {
    pub risk_score: u32,
    pub risk_level: RiskLevel,
    /// Highest weight first; ties in the order of `SignalKind`.
    pub signals: Vec<Signal>,
}

impl Assessment {
    /// The assessment of `signals`.
    pub fn from_signals(signals: Vec<Signal>) -> Self {
        let mut assessment = Assessment {
            risk_score: 0,
            risk_level: RiskLevel::Low,
            signals,
        };
        assessment.rescore();
        assessment
    }

    /// Adds a signal found elsewhere and scores again.
    pub fn add_signal(&mut self, signal: Signal) {
        self.signals.push(signal);
        self.rescore();
    }

    fn rescore(&mut self) {
        self.signals
            .sort_by(|a, b| b.weight.cmp(&a.weight).then_with(|| a.kind.cmp(&b.kind)));
        let total: u64 = self.signals.iter().map(|s| u64::from(s.weight)).sum();
        self.risk_score =
            u32::try_from(total.min(u64::from(MAX_RISK_SCORE))).unwrap_or(MAX_RISK_SCORE);
        self.risk_level = RiskLevel::from_score(self.risk_score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_contract() {
        assert_eq!(RiskLevel::from_score(0), RiskLevel::Low);
        assert_eq!(RiskLevel::from_score(24), RiskLevel::Low);
        assert_eq!(RiskLevel::from_score(25), RiskLevel::Medium);
        assert_eq!(RiskLevel::from_score(49), RiskLevel::Medium);
        assert_eq!(RiskLevel::from_score(50), RiskLevel::High);
        assert_eq!(RiskLevel::from_score(74), RiskLevel::High);
        assert_eq!(RiskLevel::from_score(75), RiskLevel::Critical);
        assert_eq!(RiskLevel::from_score(100), RiskLevel::Critical);
    }

    #[test]
    fn score_is_capped_and_signals_sorted() {
        let signals = vec![
            external_signal(SignalKind::RoundAmounts, "r"),
            external_signal(SignalKind::ArithmeticMismatch, "a"),
            external_signal(SignalKind::FontInconsistency, "f"),
            external_signal(SignalKind::InvalidDate, "i"),
            external_signal(SignalKind::DuplicateSubmission, "d"),
        ];
        let assessment = Assessment::from_signals(signals);
        assert_eq!(assessment.risk_score, 100);
        assert_eq!(assessment.risk_level, RiskLevel::Critical);
        let kinds: Vec<_> = assessment.signals.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                SignalKind::DuplicateSubmission,
                SignalKind::ArithmeticMismatch,
                SignalKind::InvalidDate,
                SignalKind::FontInconsistency,
                SignalKind::RoundAmounts
            ]
        );
    }

    #[test]
    fn one_strong_signal_is_medium_two_high_three_critical() {
        let strong = || external_signal(SignalKind::ArithmeticMismatch, "a");
        assert_eq!(
            Assessment::from_signals(vec![strong()]).risk_level,
            RiskLevel::Medium
        );
        assert_eq!(
            Assessment::from_signals(vec![strong(), strong()]).risk_level,
            RiskLevel::High
        );
        assert_eq!(
            Assessment::from_signals(vec![strong(), strong(), strong()]).risk_level,
            RiskLevel::Critical
        );
    }

    #[test]
    fn no_signal_is_low_zero_and_added_signal_rescores() {
        let mut assessment = Assessment::from_signals(Vec::new());
        assert_eq!(assessment.risk_score, 0);
        assert_eq!(assessment.risk_level, RiskLevel::Low);
        assessment.add_signal(external_signal(
            SignalKind::DuplicateSubmission,
            "submitted before",
        ));
        assert_eq!(assessment.risk_score, 35);
        assert_eq!(assessment.risk_level, RiskLevel::Medium);
    }
}
