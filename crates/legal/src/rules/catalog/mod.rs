//! The review checklist as data: one file per category, each a list of rules, plus the
//! findings reported when a category is missing from the contract.

mod confidentiality;
mod dispute_resolution;
mod governing_law;
mod indemnification;
mod intellectual_property;
mod liability;
mod missing;
mod payment_terms;
mod termination;
mod termination_context;

use super::rule::{MissingRule, Rule};
use crate::model::Category;

pub use governing_law::LAW_FORUM_MISMATCH;
pub use missing::MISSING;

/// The rules of one category, most specific first, its catch-all (`general`) last.
pub fn rules_of(category: Category) -> &'static [Rule] {
    match category {
        Category::Liability => liability::RULES,
        Category::Termination => termination::RULES,
        Category::Indemnification => indemnification::RULES,
        Category::IntellectualProperty => intellectual_property::RULES,
        Category::Confidentiality => confidentiality::RULES,
        Category::PaymentTerms => payment_terms::RULES,
        Category::DisputeResolution => dispute_resolution::RULES,
        Category::GoverningLaw => governing_law::RULES,
    }
}

/// Every rule, category by category.
pub fn all_rules() -> impl Iterator<Item = &'static Rule> {
    Category::ALL.into_iter().flat_map(|c| rules_of(c).iter())
}

/// The missing-category finding for a category, if one is reported.
pub fn missing_rule(category: Category) -> Option<&'static MissingRule> {
    MISSING.iter().find(|m| m.category == category)
}
