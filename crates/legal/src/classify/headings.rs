//! What a clause's heading says it is about ("12. Term and Termination", "Governing Law;
//! Venue"). Headings are the drafters' own statement of a clause's subject: the review trusts
//! them, and the classifier's training labels the categories of headed clauses with them.

use crate::model::Category;
use regex::Regex;
use std::sync::LazyLock;

/// English heading words per category (case-insensitive).
const HEADING_PATTERNS: [(Category, &str); 8] = [
    (
        Category::Liability,
        r"\bliabilit|\bdamages\b|\blimitations? of (?:remedies|recovery)",
    ),
    (
        Category::Termination,
        r"\bterminat|\bterm\b|\bduration\b|\brenewal|\bexpiration\b",
    ),
    (Category::Indemnification, r"\bindemn|\bhold harmless\b"),
    (
        Category::IntellectualProperty,
        r"\bintellectual property\b|\blicen[cs]e|\bownership\b|\bproprietary rights\b|\btrademarks?\b|\bpatents?\b|\bcopyrights?\b",
    ),
    (
        Category::Confidentiality,
        r"\bconfidential|\bnon-?disclosure\b|\bsecrecy\b",
    ),
    (
        Category::PaymentTerms,
        r"\bpayments?\b|\bfees?\b|\bpric(?:e|es|ing)\b|\bcompensation\b|\broyalt|\binvoic|\bcommissions?\b|\baudit",
    ),
    (
        Category::DisputeResolution,
        r"\bdisputes?\b|\barbitrat|\bjurisdiction\b|\bvenue\b|\bforum\b|\bmediation\b",
    ),
    (
        Category::GoverningLaw,
        r"\bgoverning law\b|\bapplicable law\b|\bchoice of law\b|\bgoverned by\b",
    ),
];

static COMPILED: LazyLock<Vec<(Category, Option<Regex>)>> = LazyLock::new(|| {
    HEADING_PATTERNS
        .iter()
        .map(|(category, pattern)| (*category, Regex::new(&format!("(?i){pattern}")).ok()))
        .collect()
});

/// The categories a heading names (none for "Miscellaneous", "Definitions" …).
pub fn categories(heading: &str) -> Vec<Category> {
    COMPILED
        .iter()
        .filter(|(_, re)| re.as_ref().is_some_and(|re| re.is_match(heading)))
        .map(|(category, _)| *category)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::categories;
    use crate::model::Category;

    #[test]
    fn headings_name_their_categories() {
        assert_eq!(categories("Term and Termination"), [Category::Termination]);
        assert_eq!(
            categories("Governing Law; Jurisdiction and Venue"),
            [Category::DisputeResolution, Category::GoverningLaw]
        );
        assert_eq!(categories("Limitation of Liability"), [Category::Liability]);
        assert_eq!(categories("Fees and Payment"), [Category::PaymentTerms]);
        assert!(categories("Miscellaneous").is_empty());
        assert!(categories("Insurance").is_empty());
        // "Terms" of something is not the contract's term.
        assert!(categories("Terms of Use").is_empty());
    }
}
