//! PII detection: text in, typed entity spans out. Candidate recognizers (one module per
//! family) propose spans with weak base scores, validators and context words raise them,
//! and `resolve` keeps the best non-overlapping set.
//!
//! Confidence is calibrated in 0..1: checksum-validated numbers ~0.95+, a pattern with
//! strong context ~0.85, a bare pattern ~0.3–0.5. The suggested `min_confidence` is
//! [`DEFAULT_MIN_CONFIDENCE`] (0.5).

mod addresses;
mod bank;
mod candidate;
mod cards;
mod context;
mod dates;
mod email;
mod gazetteer;
mod kinds;
mod language;
mod mrz;
mod names;
mod national_ids;
mod passport;
mod phone;
mod resolve;
mod ssn;
mod text;

pub use kinds::EntityKind;
pub use language::Language;

/// The suggested default for [`Options::min_confidence`].
pub const DEFAULT_MIN_CONFIDENCE: f64 = 0.5;

/// What to report.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Kinds to report; empty means all.
    pub kinds: Vec<EntityKind>,
    /// Findings below this confidence are dropped.
    pub min_confidence: f64,
    /// Exact strings never flagged (compared case-insensitively, surrounding space ignored).
    pub allow_list: Vec<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            kinds: Vec::new(),
            min_confidence: DEFAULT_MIN_CONFIDENCE,
            allow_list: Vec::new(),
        }
    }
}

/// One detected entity.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: EntityKind,
    /// Offset of the first character, in Unicode scalar values (chars) into the text.
    pub start: usize,
    /// Offset one past the last character, in chars.
    pub end: usize,
    /// Calibrated 0..1.
    pub confidence: f64,
}

/// Finds the PII entities of `text` (one page), sorted by start and non-overlapping.
pub fn detect(text: &str, language: Language, options: &Options) -> Vec<Finding> {
    let page = text::Page::new(text);
    let mut candidates = Vec::new();
    let wanted = |k: EntityKind| options.kinds.is_empty() || options.kinds.contains(&k);
    email::find(&page, &mut candidates);
    cards::find(&page, &mut candidates);
    bank::find(&page, &mut candidates);
    ssn::find(&page, &mut candidates);
    national_ids::find(&page, &mut candidates);
    passport::find(&page, &mut candidates);
    mrz::find(&page, &mut candidates);
    dates::find(&page, &mut candidates);
    phone::find(&page, language, &mut candidates);
    addresses::find(&page, &mut candidates);
    names::find(&page, &mut candidates);
    candidates.retain(|c| wanted(c.kind) && c.end > c.start);
    let kept = resolve::resolve(candidates);
    let allow: Vec<String> = options
        .allow_list
        .iter()
        .map(|s| s.trim().to_lowercase())
        .collect();
    let mut findings = Vec::with_capacity(kept.len());
    for c in kept {
        if c.score < options.min_confidence {
            continue;
        }
        let value = text.get(c.start..c.end).unwrap_or("").trim().to_lowercase();
        if allow.contains(&value) {
            continue;
        }
        findings.push(Finding {
            kind: c.kind,
            start: page.char_offset(c.start),
            end: page.char_offset(c.end),
            confidence: (c.score.clamp(0.0, 1.0) * 100.0).round() / 100.0,
        });
    }
    findings
}

#[cfg(test)]
mod heldout;
#[cfg(test)]
mod tests;
