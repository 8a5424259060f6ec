//! The contract review's answers in the contract's shapes: findings with their quoted
//! clause, section and offsets; comparisons with their word diffs; the language and the
//! Tesseract languages of a form.

use super::compare::{Change, ChangeKind, Comparison, DiffOp};
use super::model::{Analysis, Category, Clause, Finding, Language, Severity};
use super::review::Review;
use suite_engines::ocr::languages;
use suite_platform::generated::types;

pub fn language(language: Option<types::LegalLanguage>) -> Language {
    match language {
        None | Some(types::LegalLanguage::En) => Language::En,
        Some(types::LegalLanguage::Es) => Language::Es,
        Some(types::LegalLanguage::Fr) => Language::Fr,
        Some(types::LegalLanguage::De) => Language::De,
    }
}

/// The Tesseract languages scans of a contract in `language` are read with.
pub fn tesseract_codes(language: Language) -> &'static [&'static str] {
    let code = match language {
        Language::En => "en",
        Language::Es => "es",
        Language::Fr => "fr",
        Language::De => "de",
    };
    languages::tesseract_codes_or_english(code)
}

fn category(category: Category) -> types::FindingCategory {
    match category {
        Category::Liability => types::FindingCategory::Liability,
        Category::Termination => types::FindingCategory::Termination,
        Category::Indemnification => types::FindingCategory::Indemnification,
        Category::IntellectualProperty => types::FindingCategory::IntellectualProperty,
        Category::Confidentiality => types::FindingCategory::Confidentiality,
        Category::PaymentTerms => types::FindingCategory::PaymentTerms,
        Category::DisputeResolution => types::FindingCategory::DisputeResolution,
        Category::GoverningLaw => types::FindingCategory::GoverningLaw,
    }
}

fn severity(severity: Severity) -> types::Severity {
    match severity {
        Severity::Low => types::Severity::Low,
        Severity::Medium => types::Severity::Medium,
        Severity::High => types::Severity::High,
        Severity::Critical => types::Severity::Critical,
    }
}

pub fn risk_level(level: Severity) -> types::RiskLevel {
    match level {
        Severity::Low => types::RiskLevel::Low,
        Severity::Medium => types::RiskLevel::Medium,
        Severity::High => types::RiskLevel::High,
        Severity::Critical => types::RiskLevel::Critical,
    }
}

/// A finding with its clause quoted from `clauses`.
fn finding(finding: &Finding, clauses: &[Clause]) -> types::ContractFinding {
    let clause = finding.clause_index.and_then(|i| clauses.get(i));
    types::ContractFinding {
        category: category(finding.category),
        severity: severity(finding.severity),
        clause: clause.map(|c| c.text.clone()).unwrap_or_default(),
        description: finding.description.clone(),
        recommendation: finding.recommendation.clone(),
        rule: Some(finding.rule.to_owned()),
        section: clause.and_then(|c| c.number.clone()),
        heading: clause.and_then(|c| c.heading.clone()),
        clause_index: clause.map(|c| c.index as u64),
        start_offset: clause.map(|c| c.range.start as u64),
        end_offset: clause.map(|c| c.range.end as u64),
    }
}

/// The categories no clause of the contract addresses.
fn missing(analysis: &Analysis) -> Vec<Category> {
    Category::ALL
        .into_iter()
        .filter(|&c| {
            !analysis
                .findings
                .iter()
                .any(|f| f.category == c && f.clause_index.is_some())
        })
        .collect()
}

pub fn analysis(review: &Review) -> types::AnalysisResult {
    let analysis = &review.analysis;
    types::AnalysisResult {
        risk_score: i64::from(analysis.risk_score),
        risk_level: risk_level(analysis.risk_level),
        findings: analysis
            .findings
            .iter()
            .map(|f| finding(f, &review.clauses))
            .collect(),
        summary: analysis.summary.clone(),
        parties: analysis.parties.clone(),
        clause_count: Some(review.clauses.len() as u64),
        missing_categories: missing(analysis).into_iter().map(category).collect(),
    }
}

fn change(change: &Change, original: &Review, revised: &Review) -> types::ContractChange {
    let original_clause = change.original_index.and_then(|i| original.clauses.get(i));
    let revised_clause = change.revised_index.and_then(|i| revised.clauses.get(i));
    types::ContractChange {
        kind: match change.kind {
            ChangeKind::Added => types::ChangeKind::Added,
            ChangeKind::Removed => types::ChangeKind::Removed,
            ChangeKind::Modified => types::ChangeKind::Modified,
            ChangeKind::Moved => types::ChangeKind::Moved,
        },
        category: change.category.map(category),
        original_clause: original_clause.map(|c| c.text.clone()),
        revised_clause: revised_clause.map(|c| c.text.clone()),
        original_clause_index: change.original_index.map(|i| i as u64),
        revised_clause_index: change.revised_index.map(|i| i as u64),
        section: revised_clause
            .or(original_clause)
            .and_then(|c| c.number.clone()),
        severity: severity(change.severity),
        description: change.description.clone(),
        diff: change
            .diff
            .iter()
            .map(|part| types::DiffSegment {
                op: match part.op {
                    DiffOp::Equal => types::DiffOp::Equal,
                    DiffOp::Insert => types::DiffOp::Insert,
                    DiffOp::Delete => types::DiffOp::Delete,
                },
                text: part.text.clone(),
            })
            .collect(),
        findings_added: change
            .findings_added
            .iter()
            .map(|f| finding(f, &revised.clauses))
            .collect(),
        findings_removed: change
            .findings_removed
            .iter()
            .map(|f| finding(f, &original.clauses))
            .collect(),
    }
}

pub fn comparison(
    comparison: &Comparison,
    original: &Review,
    revised: &Review,
) -> types::ComparisonResult {
    let before = original.analysis.risk_score;
    let after = revised.analysis.risk_score;
    types::ComparisonResult {
        changes: comparison
            .changes
            .iter()
            .map(|c| change(c, original, revised))
            .collect(),
        added: comparison.added as u64,
        removed: comparison.removed as u64,
        modified: comparison.modified as u64,
        moved: comparison.moved as u64,
        risk_delta: i64::from(after) - i64::from(before),
        findings_added: comparison
            .findings_added
            .iter()
            .map(|f| finding(f, &revised.clauses))
            .collect(),
        findings_removed: comparison
            .findings_removed
            .iter()
            .map(|f| finding(f, &original.clauses))
            .collect(),
        summary: comparison.summary.clone(),
        risk_score_before: i64::from(before),
        risk_score_after: i64::from(after),
        risk_level_before: risk_level(original.analysis.risk_level),
        risk_level_after: risk_level(revised.analysis.risk_level),
    }
}
