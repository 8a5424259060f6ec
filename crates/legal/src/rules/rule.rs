//! The shape of one review rule as data: its id, category, severity, texts and the patterns
//! that recognise it per language, so each category file reads like a checklist.

use crate::model::{Category, Language, Severity};

/// Regular expressions (case-insensitive, compiled once) per contract language.
#[derive(Debug, Clone, Copy)]
pub struct Patterns {
    pub en: &'static [&'static str],
    pub de: &'static [&'static str],
    pub fr: &'static [&'static str],
    pub es: &'static [&'static str],
}

impl Patterns {
    /// No pattern in any language.
    pub const NONE: Patterns = Patterns {
        en: &[],
        de: &[],
        fr: &[],
        es: &[],
    };

    /// The patterns for one language.
    pub fn of(&self, language: Language) -> &'static [&'static str] {
        match language {
            Language::En => self.en,
            Language::De => self.de,
            Language::Fr => self.fr,
            Language::Es => self.es,
        }
    }
}

/// Who a one-sided clause weighs on: the party that is the grammatical subject of the matched
/// phrase ("Distributor shall indemnify …" → Distributor bears it; "Company may terminate …
/// for convenience" → Company benefits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Burden {
    /// Not a one-sided matter; the perspective does not change the severity.
    Neutral,
    /// The subject carries the obligation or risk.
    SubjectBears,
    /// The subject holds the right or protection.
    SubjectBenefits,
}

/// What to report when the subject is both parties ("either party", "each party", or two
/// parties each bound the same way).
#[derive(Debug, Clone, Copy)]
pub enum OnMutual {
    /// Report the rule itself, unchanged.
    Same,
    /// The rule is about one-sidedness only: do not report it.
    Skip,
    /// Report this (usually milder) variant instead.
    Variant(&'static Variant),
}

/// The mutual form of a one-sided rule.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    pub id: &'static str,
    pub title: &'static str,
    pub severity: Severity,
    pub description: &'static str,
    pub recommendation: &'static str,
}

/// A detail read from the matched sentence (a cap, a notice period, a jurisdiction) that
/// replaces `{detail}` in the description.
#[derive(Debug, Clone, Copy)]
pub struct Detail {
    pub extract: fn(&str, Language) -> Option<String>,
    /// When true the rule only fires if the detail is found (e.g. "notice under 30 days").
    pub required: bool,
    /// Text used for `{detail}` when it is not found and not required.
    pub fallback: &'static str,
}

/// One rule of the review checklist.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Stable id, "category.what" ("liability.uncapped").
    pub id: &'static str,
    /// A few words for the summary ("Uncapped liability").
    pub title: &'static str,
    pub category: Category,
    /// Severity for a neutral reviewer.
    pub severity: Severity,
    /// Why it matters; may contain `{detail}`.
    pub description: &'static str,
    /// What to negotiate.
    pub recommendation: &'static str,
    /// Any of these matching in the clause fires the rule.
    pub patterns: Patterns,
    /// The clause must also match one of these (when any are given).
    pub context: Patterns,
    /// A match is ignored when its sentence matches one of these (near misses).
    pub unless: Patterns,
    /// The rule does not fire when the clause matches one of these.
    pub unless_in_clause: Patterns,
    /// The rule does not fire when any clause of the contract matches one of these.
    pub unless_in_document: Patterns,
    pub burden: Burden,
    pub on_mutual: OnMutual,
    /// Fire only when the subject (a party or "each party") is identified.
    pub require_party: bool,
    pub detail: Option<Detail>,
    /// A catch-all that places the clause in its category; reported (as Low) only when no
    /// specific rule of the category fired on the clause.
    pub general: bool,
}

/// Defaults for rule definitions: `Rule { id: …, ..RULE }`.
pub const RULE: Rule = Rule {
    id: "",
    title: "",
    category: Category::Liability,
    severity: Severity::Low,
    description: "",
    recommendation: "",
    patterns: Patterns::NONE,
    context: Patterns::NONE,
    unless: Patterns::NONE,
    unless_in_clause: Patterns::NONE,
    unless_in_document: Patterns::NONE,
    burden: Burden::Neutral,
    on_mutual: OnMutual::Same,
    require_party: false,
    detail: None,
    general: false,
};

/// A finding for a category the contract does not address at all.
#[derive(Debug, Clone, Copy)]
pub struct MissingRule {
    pub id: &'static str,
    pub title: &'static str,
    pub category: Category,
    pub severity: Severity,
    pub description: &'static str,
    pub recommendation: &'static str,
}
