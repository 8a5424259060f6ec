//! Engine tests: parties, perspective, missing findings, sorting, score and summary.

use super::{analyze_one, clauses};
use crate::model::{Category, Finding, Language, Severity};
use crate::rules::{analyze, detect_parties, risk_score};

const PREAMBLE: &str = "This Distribution Agreement is made between Acme Corp. (\"Company\") and Beta Ltd. (the \"Distributor\").";

fn severity_of(findings: &[Finding], rule: &str) -> Option<Severity> {
    findings.iter().find(|f| f.rule == rule).map(|f| f.severity)
}

#[test]
fn parties_are_read_from_the_preamble_in_every_language() {
    assert_eq!(detect_parties(PREAMBLE), vec!["Company", "Distributor"]);
    let de = "Vertrag zwischen der X GmbH (nachfolgend „Auftraggeber“) und der Y AG (nachfolgend „der Auftragnehmer“ genannt).";
    assert_eq!(detect_parties(de), vec!["Auftraggeber", "Auftragnehmer"]);
    let fr = "Entre la société X (ci-après « le Client ») et la société Y (ci-après « le Prestataire »).";
    assert_eq!(detect_parties(fr), vec!["Client", "Prestataire"]);
    let es = "De una parte, X S.A. (en adelante, el \"Cliente\") y de otra, Y S.L. (en adelante, el \"Proveedor\").";
    assert_eq!(detect_parties(es), vec!["Cliente", "Proveedor"]);
    let en = "Acme Inc., hereinafter \"Supplier\", and Beta LLC (\"Customer\") agree; this agreement (the \"Agreement\") starts now.";
    assert_eq!(detect_parties(en), vec!["Supplier", "Customer"]);
}

#[test]
fn perspective_raises_clauses_against_the_represented_party_and_lowers_those_in_its_favour() {
    let doc = clauses(&[
        PREAMBLE,
        "Distributor shall indemnify Company against all claims arising from its sales.",
    ]);
    let neutral = analyze(&doc, Language::En, None);
    let for_distributor = analyze(&doc, Language::En, Some("Distributor"));
    let for_company = analyze(&doc, Language::En, Some("company"));
    let rule = "indemnification.one_sided";
    assert_eq!(severity_of(&neutral.findings, rule), Some(Severity::High));
    assert_eq!(
        severity_of(&for_distributor.findings, rule),
        Some(Severity::Critical)
    );
    assert_eq!(
        severity_of(&for_company.findings, rule),
        Some(Severity::Medium)
    );
    assert!(
        for_distributor.risk_score > neutral.risk_score
            && neutral.risk_score > for_company.risk_score
    );
}

#[test]
fn perspective_follows_who_benefits_from_a_right() {
    let doc = clauses(&[
        PREAMBLE,
        "Company may terminate this Agreement for convenience upon ninety (90) days' notice.",
    ]);
    let rule = "termination.convenience_one_sided";
    assert_eq!(
        severity_of(&analyze(&doc, Language::En, None).findings, rule),
        Some(Severity::High)
    );
    assert_eq!(
        severity_of(
            &analyze(&doc, Language::En, Some("Distributor")).findings,
            rule
        ),
        Some(Severity::Critical)
    );
    assert_eq!(
        severity_of(&analyze(&doc, Language::En, Some("Company")).findings, rule),
        Some(Severity::Medium)
    );
    // A party's full name works as the perspective too.
    assert_eq!(
        severity_of(&analyze(&doc, Language::En, Some("Company")).findings, rule),
        Some(Severity::Medium)
    );
}

#[test]
fn perspective_never_lowers_below_low_and_ignores_mutual_clauses() {
    let doc = clauses(&[
        PREAMBLE,
        "Either party may terminate this Agreement for convenience on sixty (60) days' notice.",
    ]);
    for p in [None, Some("Company"), Some("Distributor")] {
        let a = analyze(&doc, Language::En, p);
        assert_eq!(
            severity_of(&a.findings, "termination.convenience_mutual"),
            Some(Severity::Low)
        );
        assert!(
            a.findings
                .iter()
                .all(|f| f.rule != "termination.convenience_one_sided")
        );
    }
}

#[test]
fn missing_categories_are_reported_without_a_clause() {
    let a = analyze_one("The Supplier shall deliver the goods.", Language::En);
    for rule in [
        "liability.missing",
        "governing_law.missing",
        "termination.missing",
    ] {
        let f = a
            .findings
            .iter()
            .find(|f| f.rule == rule)
            .expect("missing finding");
        assert_eq!(f.clause_index, None);
    }
    let with_law = analyze_one(
        "This Agreement is governed by the laws of England.",
        Language::En,
    );
    assert!(
        with_law
            .findings
            .iter()
            .all(|f| f.rule != "governing_law.missing")
    );
}

#[test]
fn findings_are_sorted_by_severity_then_contract_order_with_missing_last() {
    let doc = clauses(&[
        "This Agreement is governed by the laws of the State of New York.",
        "Supplier shall have unlimited liability for any breach.",
        "Company may terminate this Agreement for convenience at any time.",
        "Any dispute shall be finally settled by binding arbitration.",
    ]);
    let a = analyze(&doc, Language::En, None);
    let keys: Vec<(Severity, bool, Option<usize>)> = a
        .findings
        .iter()
        .map(|f| (f.severity, f.clause_index.is_none(), f.clause_index))
        .collect();
    for pair in keys.windows(2) {
        let ((s1, m1, c1), (s2, m2, c2)) = (pair[0], pair[1]);
        assert!(s1 > s2 || (s1 == s2 && (m1, c1) <= (m2, c2)), "{keys:?}");
    }
    assert_eq!(a.findings[0].severity, Severity::High);
    assert!(a.findings.iter().any(|f| f.clause_index.is_none()));
}

#[test]
fn governing_law_names_the_jurisdiction_and_flags_a_foreign_forum() {
    let a = analyze(
        &clauses(&[
            "This Agreement shall be governed by the laws of the State of New York.",
            "The parties submit to the exclusive jurisdiction of the courts of Delaware.",
        ]),
        Language::En,
        None,
    );
    let law = a
        .findings
        .iter()
        .find(|f| f.rule == "governing_law.chosen")
        .expect("law");
    assert!(
        law.description.contains("the State of New York"),
        "{}",
        law.description
    );
    assert!(
        a.findings
            .iter()
            .any(|f| f.rule == "governing_law.law_forum_mismatch" && f.clause_index == Some(1))
    );
    let same = analyze_one(
        "This Agreement is governed by the laws of the State of New York and the courts of New York have exclusive jurisdiction.",
        Language::En,
    );
    assert!(
        same.findings
            .iter()
            .all(|f| f.rule != "governing_law.law_forum_mismatch")
    );
}

#[test]
fn liability_cap_is_noted_in_the_description() {
    let a = analyze_one(
        "Each party's total liability shall not exceed the fees paid in the twelve (12) months preceding the claim.",
        Language::En,
    );
    let f = a
        .findings
        .iter()
        .find(|f| f.category == Category::Liability)
        .expect("finding");
    assert!(
        f.description
            .contains("the fees paid in the twelve (12) months"),
        "{}",
        f.description
    );
}

#[test]
fn score_has_diminishing_returns_per_category_and_is_capped() {
    let finding = |category, severity| Finding {
        category,
        severity,
        clause_index: Some(0),
        rule: "x",
        description: String::new(),
        recommendation: String::new(),
    };
    let two_same = [
        finding(Category::Liability, Severity::High),
        finding(Category::Liability, Severity::High),
    ];
    let two_apart = [
        finding(Category::Liability, Severity::High),
        finding(Category::Termination, Severity::High),
    ];
    assert_eq!(risk_score(&two_same), 30);
    assert_eq!(risk_score(&two_apart), 40);
    let many: Vec<Finding> = Category::ALL
        .iter()
        .map(|c| finding(*c, Severity::Critical))
        .collect();
    assert_eq!(risk_score(&many), 100);
    assert_eq!(risk_score(&[]), 0);
}

#[test]
fn summary_states_level_counts_worst_findings_and_gaps() {
    let a = analyze_one(
        "Supplier shall have unlimited liability for any breach.",
        Language::En,
    );
    assert_eq!(a.risk_level, Severity::of_score(a.risk_score));
    assert!(a.summary.starts_with(&format!(
        "Overall risk is {} ({}/100).",
        a.risk_level.name(),
        a.risk_score
    )));
    assert!(
        a.summary.contains("Uncapped liability (clause #1)"),
        "{}",
        a.summary
    );
    assert!(
        a.summary.contains("Not addressed:") && a.summary.contains("governing law"),
        "{}",
        a.summary
    );
    let sentences = a.summary.matches(". ").count() + 1;
    assert!((2..=4).contains(&sentences), "{}", a.summary);
}

#[test]
fn benign_clauses_still_yield_a_low_finding() {
    let a = analyze_one(
        "LIMITATION OF LIABILITY. The parties agree on the following.",
        Language::En,
    );
    let f = a
        .findings
        .iter()
        .find(|f| f.clause_index == Some(0))
        .expect("finding");
    assert_eq!((f.rule, f.severity), ("liability.present", Severity::Low));
    assert!(f.recommendation.starts_with("No change needed"));
}

#[test]
fn every_pattern_compiles_in_every_language() {
    use crate::rules::compiled::compiled;
    for language in [Language::En, Language::De, Language::Fr, Language::Es] {
        assert!(
            compiled(language).errors.is_empty(),
            "{:?}",
            compiled(language).errors
        );
    }
}

#[test]
fn a_heading_clause_is_not_reported_again_when_its_sub_clause_is() {
    let mut numbered = clauses(&[
        "7. Limitation of Liability",
        "7.1 Neither party shall be liable for indirect or consequential damages.",
        "8. Confidentiality",
        "9. Governing Law",
    ]);
    for (clause, (number, heading)) in numbered.iter_mut().zip([
        ("7", Some("Limitation of Liability")),
        ("7.1", Some("Limitation of Liability")),
        ("8", Some("Confidentiality")),
        ("9", Some("Governing Law")),
    ]) {
        clause.number = Some(number.into());
        clause.heading = heading.map(str::to_owned);
    }
    let findings = analyze(&numbered, Language::En, None).findings;
    let on = |i: usize, category: Category| {
        findings
            .iter()
            .any(|f| f.clause_index == Some(i) && f.category == category)
    };
    assert!(on(1, Category::Liability), "{findings:#?}");
    assert!(!on(0, Category::Liability), "{findings:#?}");
    // A heading without sub-clauses still shows that the contract addresses the subject.
    assert!(on(2, Category::Confidentiality), "{findings:#?}");
}
