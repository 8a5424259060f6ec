//! One contract reviewed, the way every operation needs it: the extracted text split into
//! clauses and run through the rules. `analyze`, `compare` (twice) and `report` all start
//! here, so they agree on every finding.

use super::clauses;
use super::model::{Analysis, Clause, Extracted, Language};
use super::rules;

/// A contract's text, its clauses and their review.
#[derive(Debug, Clone)]
pub struct Review {
    pub extracted: Extracted,
    pub clauses: Vec<Clause>,
    pub analysis: Analysis,
}

/// Segments `extracted` and applies the rules of `language`, for the party `perspective`
/// when one is given.
pub fn review(extracted: Extracted, language: Language, perspective: Option<&str>) -> Review {
    let clauses = clauses::segment(&extracted, language);
    let analysis = rules::analyze(&clauses, language, perspective);
    Review {
        extracted,
        clauses,
        analysis,
    }
}
