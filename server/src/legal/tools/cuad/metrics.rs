//! Confusion counts and the precision and recall derived from them.

use std::fmt;
use std::ops::AddAssign;

/// Document-level confusion counts for one category.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub true_positives: usize,
    pub false_positives: usize,
    pub false_negatives: usize,
    pub true_negatives: usize,
}

impl Counts {
    /// Adds one labelled prediction.
    pub fn record(&mut self, labelled: bool, predicted: bool) {
        match (labelled, predicted) {
            (true, true) => self.true_positives += 1,
            (false, true) => self.false_positives += 1,
            (true, false) => self.false_negatives += 1,
            (false, false) => self.true_negatives += 1,
        }
    }

    /// Share of predictions that are right (1.0 when nothing was predicted).
    pub fn precision(&self) -> f64 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_positives,
        )
    }

    /// Share of labelled positives found (1.0 when there are none).
    pub fn recall(&self) -> f64 {
        ratio(
            self.true_positives,
            self.true_positives + self.false_negatives,
        )
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.true_positives += other.true_positives;
        self.false_positives += other.false_positives;
        self.false_negatives += other.false_negatives;
        self.true_negatives += other.true_negatives;
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "P {:5.1}%  R {:5.1}%  (TP {} FP {} FN {} TN {})",
            self.precision() * 100.0,
            self.recall() * 100.0,
            self.true_positives,
            self.false_positives,
            self.false_negatives,
            self.true_negatives
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Counts;

    #[test]
    fn precision_and_recall_follow_the_counts() {
        let mut c = Counts::default();
        c.record(true, true);
        c.record(true, true);
        c.record(true, false);
        c.record(false, true);
        c.record(false, false);
        assert!((c.precision() - 2.0 / 3.0).abs() < 1e-9);
        assert!((c.recall() - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(c.true_negatives, 1);
    }
}
