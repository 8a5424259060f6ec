//! CUAD evaluation: which of our categories each contract's expert labels call for, and
//! whether `analyze` placed a clause in them, as document-level precision and recall.

use super::clauses_of;
use crate::support::Counts;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use suite_legal::model::{Analysis, Category, Language};
use suite_legal::rules::analyze;

/// CUAD columns mapped to our categories.
pub const MAPPING: &[(Category, &[&str])] = &[
    (Category::GoverningLaw, &["Governing Law"]),
    (
        Category::Liability,
        &["Cap on Liability", "Uncapped Liability"],
    ),
    (
        Category::Termination,
        &[
            "Termination for Convenience",
            "Renewal Term",
            "Notice Period to Terminate Renewal",
        ],
    ),
    (
        Category::IntellectualProperty,
        &["IP Ownership Assignment", "License Grant"],
    ),
    (
        Category::PaymentTerms,
        &[
            "Revenue/Profit Sharing",
            "Minimum Commitment",
            "Most Favored Nation",
            "Audit Rights",
        ],
    ),
];

/// Our rules that express the same concepts as CUAD's mapped columns (the "concept" view).
pub const CONCEPT_RULES: &[(Category, &[&str])] = &[
    (Category::GoverningLaw, &["governing_law.chosen"]),
    (
        Category::Liability,
        &[
            "liability.uncapped",
            "liability.cap",
            "liability.cap_mutual",
            // Caps and time limits for claims, expressly uncapped liability, carve-outs;
            // exclusions of indirect damages or of a matter count too, as limits on what a
            // party recovers (left out, liability recall is 62.5 %: see the README).
            "liability.claims_period",
            "liability.consequential_excluded",
            "liability.consequential_mutual",
            "liability.carve_out",
            "liability.exclusion",
            "liability.exclusion_mutual",
        ],
    ),
    (
        Category::Termination,
        &[
            "termination.convenience_one_sided",
            "termination.convenience_mutual",
            "termination.auto_renewal",
            "termination.renewal_notice_trap",
            "termination.renewal_option",
        ],
    ),
    (
        Category::IntellectualProperty,
        &[
            "intellectual_property.assignment",
            "intellectual_property.background_assignment",
            "intellectual_property.no_licence_back",
            "intellectual_property.work_for_hire",
            "intellectual_property.broad_licence",
            "intellectual_property.licence",
        ],
    ),
    (
        Category::PaymentTerms,
        &[
            "payment_terms.revenue_share",
            "payment_terms.minimum_commitment",
            "payment_terms.most_favoured",
            "payment_terms.audit",
        ],
    ),
];

/// One contract's labels and our predictions.
#[derive(Debug, Clone)]
pub struct ContractResult {
    pub file: String,
    pub chars: usize,
    pub clauses: usize,
    /// First analysis of the text (lazy DFA states still being built for it).
    pub analyze_time: Duration,
    /// Second analysis of the same text.
    pub warm_time: Duration,
    /// Per mapped category: (labelled, predicted by any clause finding, predicted by concept rules).
    pub per_category: BTreeMap<Category, (bool, bool, bool)>,
}

/// The whole evaluation.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub contracts: Vec<ContractResult>,
}

impl Report {
    /// Counts per category, strict mapping (any clause finding of the category).
    pub fn strict(&self) -> BTreeMap<Category, Counts> {
        self.counts(|(l, p, _)| (l, p))
    }

    /// Counts per category, counting only the rules that express CUAD's concepts.
    pub fn concept(&self) -> BTreeMap<Category, Counts> {
        self.counts(|(l, _, c)| (l, c))
    }

    fn counts(
        &self,
        pick: impl Fn((bool, bool, bool)) -> (bool, bool),
    ) -> BTreeMap<Category, Counts> {
        let mut out: BTreeMap<Category, Counts> = BTreeMap::new();
        for c in &self.contracts {
            for (cat, v) in &c.per_category {
                let (labelled, predicted) = pick(*v);
                out.entry(*cat).or_default().record(labelled, predicted);
            }
        }
        out
    }
}

/// Micro average over categories.
pub fn micro(counts: &BTreeMap<Category, Counts>) -> Counts {
    let mut total = Counts::default();
    for c in counts.values() {
        total += *c;
    }
    total
}

fn non_empty_span(value: &str) -> bool {
    let v = value.trim();
    !(v.is_empty() || v == "[]")
}

/// Whether a contract's clauses fall in a category: (any clause finding, a concept rule's).
pub fn predictions(analysis: &Analysis, category: Category) -> (bool, bool) {
    let in_category =
        |f: &&suite_legal::model::Finding| f.category == category && f.clause_index.is_some();
    let any = analysis.findings.iter().any(|f| in_category(&f));
    let concept_rules = CONCEPT_RULES
        .iter()
        .find(|(c, _)| *c == category)
        .map_or(&[][..], |(_, r)| *r);
    let concept = analysis
        .findings
        .iter()
        .filter(in_category)
        .any(|f| concept_rules.contains(&f.rule));
    (any, concept)
}

/// Runs the evaluation on `dir` (the `.txt` contracts and `master_clauses_dev.csv`).
pub fn evaluate(dir: &Path) -> Result<Report, String> {
    let csv_path = dir.join("master_clauses_dev.csv");
    let mut reader =
        csv::Reader::from_path(&csv_path).map_err(|e| format!("{}: {e}", csv_path.display()))?;
    let headers = reader.headers().map_err(|e| e.to_string())?.clone();
    let column = |name: &str| headers.iter().position(|h| h == name);
    let file_col = column("Filename").ok_or("no Filename column")?;
    let mut report = Report::default();
    for record in reader.records() {
        let record = record.map_err(|e| e.to_string())?;
        let pdf_name = record.get(file_col).unwrap_or_default();
        let stem = pdf_name.rsplit_once('.').map_or(pdf_name, |(s, _)| s);
        let txt = dir.join(format!("{stem}.txt"));
        let Ok(text) = std::fs::read_to_string(&txt) else {
            continue;
        };
        let clauses = clauses_of(&text, Language::En);
        let started = Instant::now();
        let analysis = analyze(&clauses, Language::En, None);
        let analyze_time = started.elapsed();
        let started = Instant::now();
        let _ = analyze(&clauses, Language::En, None);
        let warm_time = started.elapsed();
        let mut per_category = BTreeMap::new();
        for (category, columns) in MAPPING {
            let labelled = columns
                .iter()
                .filter_map(|c| column(c))
                .any(|i| non_empty_span(record.get(i).unwrap_or_default()));
            let (any, concept) = predictions(&analysis, *category);
            per_category.insert(*category, (labelled, any, concept));
        }
        report.contracts.push(ContractResult {
            file: stem.to_string(),
            chars: text.chars().count(),
            clauses: clauses.len(),
            analyze_time,
            warm_time,
            per_category,
        });
    }
    Ok(report)
}
