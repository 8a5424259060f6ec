//! Hand-built reviews for the report tests: clauses with realistic wording (Latin, Cyrillic,
//! Greek, CJK) and any number of findings with distinct, searchable texts.

use crate::model::{Analysis, Category, Clause, Finding, Severity};

pub(super) const CJK_CLAUSE: &str = "第十二条 责任限制。任何一方均不对间接损失、利润损失或数据丢失承担责任，但因故意或重大过失造成的除外。";
pub(super) const CYRILLIC_GREEK_CLAUSE: &str = "Статья 7. Ответственность сторон ограничена суммой \
     договора. Άρθρο 7. Η ευθύνη των μερών περιορίζεται στο ποσό της σύμβασης.";
pub(super) const RTL_CLAUSE: &str =
    "المادة 9. يخضع هذا العقد لقوانين دولة الإمارات. סעיף 9. חוק ישראל יחול על הסכם זה.";

const LATIN_CLAUSES: [(&str, &str, &str); 6] = [
    (
        "9.2",
        "Limitation of Liability",
        "IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL OR \
         CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS, ARISING OUT OF THIS AGREEMENT, EVEN IF \
         ADVISED OF THE POSSIBILITY OF SUCH DAMAGES. The Supplier's aggregate liability shall \
         not exceed the fees paid under this Agreement in the twelve (12) months preceding the \
         event giving rise to the claim.",
    ),
    (
        "14.1",
        "Termination for Convenience",
        "Either party may terminate this Agreement at any time, for any reason or no reason, \
         upon thirty (30) days' prior written notice to the other party.",
    ),
    (
        "11",
        "Indemnification",
        "Customer shall indemnify, defend and hold harmless Supplier and its affiliates from \
         and against any and all claims, losses, damages and expenses (including reasonable \
         attorneys' fees) arising out of Customer's use of the Services.",
    ),
    (
        "6.3",
        "Ownership of Work Product",
        "All inventions, works of authorship and developments conceived by Supplier in the \
         course of the Services shall be the sole and exclusive property of Supplier.",
    ),
    (
        "4.2",
        "Payment",
        "Invoices are payable within ninety (90) days of receipt. Late payments bear interest \
         at 1.5% per month.",
    ),
    (
        "18",
        "Governing Law",
        "This Agreement shall be governed by the laws of the State of Delaware, without regard \
         to its conflict of laws principles.",
    ),
];

/// The sample clauses: six English ones, then the CJK one (index 6), the Cyrillic/Greek one
/// (index 7) and the Arabic/Hebrew one (index 8).
pub(super) fn clauses() -> Vec<Clause> {
    let mut clauses: Vec<Clause> = LATIN_CLAUSES
        .iter()
        .enumerate()
        .map(|(index, (number, heading, body))| {
            clause(
                index,
                Some(number),
                Some(heading),
                &format!("{number} {heading}. {body}"),
            )
        })
        .collect();
    clauses.push(clause(6, Some("第十二条"), Some("责任限制"), CJK_CLAUSE));
    clauses.push(clause(7, Some("7"), None, CYRILLIC_GREEK_CLAUSE));
    clauses.push(clause(8, Some("9"), Some("القانون الحاكم"), RTL_CLAUSE));
    clauses
}

/// A clause whose text is `text` (ranges are irrelevant to the report).
pub(super) fn clause(
    index: usize,
    number: Option<&str>,
    heading: Option<&str>,
    text: &str,
) -> Clause {
    Clause {
        index,
        number: number.map(String::from),
        heading: heading.map(String::from),
        range: 0..text.chars().count(),
        text: text.to_string(),
    }
}

/// A review with `count` findings over the clauses of [`clauses`]: every eighth finding is
/// about a missing subject; texts carry the finding's number so each is unique.
pub(super) fn analysis(count: usize, clause_count: usize, score: u8) -> Analysis {
    let severities = [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Low,
    ];
    let mut findings: Vec<Finding> = (0..count)
        .map(|n| {
            let category = Category::ALL[n % Category::ALL.len()];
            let missing = n % 8 == 7 || clause_count == 0;
            Finding {
                category,
                severity: severities[(n / 3) % severities.len()],
                clause_index: (!missing).then_some(n % clause_count.max(1)),
                rule: "test.rule",
                description: format!(
                    "Finding number {n} concerns {}: the clause shifts a risk onto the customer \
                     that the supplier is better placed to control, and leaves no remedy.",
                    category.title().to_lowercase()
                ),
                recommendation: format!(
                    "Recommendation number {n}: negotiate a mutual cap on liability and carve \
                     out wilful misconduct, gross negligence and breaches of confidentiality."
                ),
            }
        })
        .collect();
    findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
    Analysis {
        findings,
        risk_score: score,
        risk_level: Severity::of_score(score),
        summary: "This services agreement leans towards the supplier: liability is capped at \
                  twelve months of fees while the customer's indemnity is uncapped, and either \
                  party may terminate for convenience on short notice."
            .to_string(),
        parties: vec!["Acme Corp.".to_string(), "Globex Services GmbH".to_string()],
    }
}
