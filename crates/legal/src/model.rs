//! The contract review's vocabulary, shared by its engines: the extracted text, its clauses,
//! the categories and severities of findings. Pure data; nothing here reads files or HTTP.

use std::ops::Range;

/// Language of the contract: clause headings and the category rules depend on it. Finding
/// texts are always English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    En,
    Es,
    Fr,
    De,
}

/// A contract's text as extracted from its file. Offsets everywhere are in chars (Unicode
/// scalar values) of `text`.
#[derive(Debug, Clone, Default)]
pub struct Extracted {
    /// The whole text; paragraphs separated by '\n' (a DOCX's list labels such as "3.1" are
    /// written in front of their paragraph, as Word shows them).
    pub text: String,
    /// The paragraphs in order, each a char range of `text` (no trailing newline).
    pub paragraphs: Vec<Paragraph>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    pub range: Range<usize>,
    /// Some(level) when the source marks it as a heading (a DOCX heading style or outline
    /// level, 1 = top); None for plain text and PDFs, where the segmenter decides.
    pub heading_level: Option<u8>,
}

/// One clause: a numbered or headed section of the contract, with the text under it up to
/// the next clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    /// Position in the contract's clause list (0-based).
    pub index: usize,
    /// Its section number as written ("12.3", "IV", "(b)", "§ 5"), when it has one.
    pub number: Option<String>,
    /// Its heading ("Limitation of Liability"), when it has one.
    pub heading: Option<String>,
    /// Char range of the clause (number and heading included) in `Extracted::text`.
    pub range: Range<usize>,
    /// The clause's text: `Extracted::text[range]` with runs of whitespace collapsed to one space.
    pub text: String,
}

/// Risk category of a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Liability,
    Termination,
    Indemnification,
    IntellectualProperty,
    Confidentiality,
    PaymentTerms,
    DisputeResolution,
    GoverningLaw,
}

impl Category {
    pub const ALL: [Category; 8] = [
        Category::Liability,
        Category::Termination,
        Category::Indemnification,
        Category::IntellectualProperty,
        Category::Confidentiality,
        Category::PaymentTerms,
        Category::DisputeResolution,
        Category::GoverningLaw,
    ];

    /// "liability", "intellectual_property" … as the API names it.
    pub fn name(self) -> &'static str {
        match self {
            Category::Liability => "liability",
            Category::Termination => "termination",
            Category::Indemnification => "indemnification",
            Category::IntellectualProperty => "intellectual_property",
            Category::Confidentiality => "confidentiality",
            Category::PaymentTerms => "payment_terms",
            Category::DisputeResolution => "dispute_resolution",
            Category::GoverningLaw => "governing_law",
        }
    }

    /// "Liability", "Intellectual property" … for people.
    pub fn title(self) -> &'static str {
        match self {
            Category::Liability => "Liability",
            Category::Termination => "Termination",
            Category::Indemnification => "Indemnification",
            Category::IntellectualProperty => "Intellectual property",
            Category::Confidentiality => "Confidentiality",
            Category::PaymentTerms => "Payment terms",
            Category::DisputeResolution => "Dispute resolution",
            Category::GoverningLaw => "Governing law",
        }
    }
}

/// Severity of a finding, least serious first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    /// The level of a 0..100 risk score by the contract's fixed bands: low 0-24,
    /// medium 25-49, high 50-74, critical 75-100.
    pub fn of_score(score: u8) -> Severity {
        match score {
            0..=24 => Severity::Low,
            25..=49 => Severity::Medium,
            50..=74 => Severity::High,
            _ => Severity::Critical,
        }
    }
}

/// One finding of the review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub category: Category,
    pub severity: Severity,
    /// The clause it is about; None when the finding is that something is missing.
    pub clause_index: Option<usize>,
    /// Stable identifier of the rule that made it ("liability.uncapped").
    pub rule: &'static str,
    /// Why it matters (English).
    pub description: String,
    /// What to change or negotiate (English).
    pub recommendation: String,
}

/// The review of one contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Most severe first, then in contract order (missing-category findings last within
    /// their severity).
    pub findings: Vec<Finding>,
    /// 0..100.
    pub risk_score: u8,
    pub risk_level: Severity,
    pub summary: String,
    /// The parties' defined names found in the contract ("Licensee", "Acme Corp."), in order of
    /// first appearance.
    pub parties: Vec<String>,
}
