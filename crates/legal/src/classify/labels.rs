//! What the classifier says about a clause: twelve concepts CUAD's experts label (each with the
//! rules that express it) and the eight risk categories (what the clause is about). The order
//! here is the order of the weights file's outputs.

use crate::model::Category;

/// A CUAD concept the classifier recognises.
#[derive(Debug, Clone, Copy)]
pub struct Concept {
    /// The column of CUAD's `master_clauses.csv` that labels it.
    pub cuad: &'static str,
    pub category: Category,
    /// The rules whose findings express the concept.
    pub rules: &'static [&'static str],
    /// The rule reported when the classifier finds the concept and none of `rules` fired.
    pub fallback_rule: &'static str,
    /// The classifier alone reports the concept from this probability on (tuned on a
    /// validation quarter of the development split: `classifier/README.md`).
    pub find: f32,
    /// A rule's finding of the concept is dropped below this probability (0: never), where
    /// the rules alone said too much (issue 38's precision below 0.8).
    pub confirm: f32,
}

/// The twelve concepts, in output order.
pub const CONCEPTS: [Concept; 12] = [
    Concept {
        cuad: "Cap on Liability",
        category: Category::Liability,
        rules: &[
            "liability.cap",
            "liability.cap_mutual",
            "liability.claims_period",
        ],
        fallback_rule: "liability.cap",
        find: 0.4,
        confirm: 0.0,
    },
    Concept {
        cuad: "Uncapped Liability",
        category: Category::Liability,
        // A carve-out from the cap leaves those claims uncapped.
        rules: &["liability.uncapped", "liability.carve_out"],
        fallback_rule: "liability.uncapped",
        find: 0.5,
        confirm: 0.0,
    },
    Concept {
        cuad: "Liquidated Damages",
        category: Category::Liability,
        rules: &["liability.liquidated_damages"],
        fallback_rule: "liability.liquidated_damages",
        find: 0.3,
        confirm: 0.0,
    },
    Concept {
        cuad: "Termination for Convenience",
        category: Category::Termination,
        rules: &[
            "termination.convenience_one_sided",
            "termination.convenience_mutual",
        ],
        fallback_rule: "termination.convenience_one_sided",
        find: 0.4,
        confirm: 0.05,
    },
    Concept {
        cuad: "Renewal Term",
        category: Category::Termination,
        rules: &[
            "termination.auto_renewal",
            "termination.renewal_option",
            "termination.renewal_notice_trap",
        ],
        fallback_rule: "termination.renewal_option",
        find: 0.4,
        confirm: 0.05,
    },
    Concept {
        cuad: "Revenue/Profit Sharing",
        category: Category::PaymentTerms,
        rules: &["payment_terms.revenue_share"],
        fallback_rule: "payment_terms.revenue_share",
        find: 0.5,
        confirm: 0.02,
    },
    Concept {
        cuad: "Minimum Commitment",
        category: Category::PaymentTerms,
        rules: &["payment_terms.minimum_commitment"],
        fallback_rule: "payment_terms.minimum_commitment",
        find: 0.9,
        confirm: 0.05,
    },
    Concept {
        cuad: "IP Ownership Assignment",
        category: Category::IntellectualProperty,
        rules: &[
            "intellectual_property.assignment",
            "intellectual_property.background_assignment",
            "intellectual_property.work_for_hire",
        ],
        fallback_rule: "intellectual_property.assignment",
        find: 0.4,
        confirm: 0.0,
    },
    Concept {
        cuad: "License Grant",
        category: Category::IntellectualProperty,
        rules: &[
            "intellectual_property.licence",
            "intellectual_property.broad_licence",
        ],
        fallback_rule: "intellectual_property.licence",
        find: 0.3,
        confirm: 0.0,
    },
    Concept {
        cuad: "Governing Law",
        category: Category::GoverningLaw,
        rules: &["governing_law.chosen"],
        fallback_rule: "governing_law.chosen",
        find: 0.3,
        confirm: 0.0,
    },
    Concept {
        cuad: "Audit Rights",
        category: Category::PaymentTerms,
        rules: &["payment_terms.audit"],
        fallback_rule: "payment_terms.audit",
        find: 0.5,
        confirm: 0.0,
    },
    Concept {
        cuad: "Most Favored Nation",
        category: Category::PaymentTerms,
        rules: &["payment_terms.most_favoured"],
        fallback_rule: "payment_terms.most_favoured",
        find: 0.5,
        confirm: 0.0,
    },
];

/// Number of outputs: the concepts, then the categories in `Category::ALL` order.
pub const OUTPUTS: usize = CONCEPTS.len() + Category::ALL.len();

/// Output index of a category.
pub fn category_output(category: Category) -> usize {
    CONCEPTS.len()
        + Category::ALL
            .iter()
            .position(|c| *c == category)
            .unwrap_or_default()
}

/// The concept a rule expresses, if any (its index in `CONCEPTS`).
pub fn concept_of_rule(rule: &str) -> Option<usize> {
    CONCEPTS.iter().position(|c| c.rules.contains(&rule))
}

/// A name per output, for figures: the CUAD column or the category's API name.
pub fn output_name(output: usize) -> &'static str {
    match CONCEPTS.get(output) {
        Some(concept) => concept.cuad,
        None => Category::ALL
            .get(output - CONCEPTS.len())
            .map_or("?", |c| c.name()),
    }
}
