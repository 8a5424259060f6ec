//! `POST /v1/compliance/legal/analyze`: a services agreement with a risky clause in each of
//! the eight categories found category by category, each finding quoting its clause and
//! naming its section; the same contract as TXT, DOCX and a printed PDF reviewed alike; what
//! a contract does not address reported as missing; the perspective of a party changing
//! severities; German, French and Spanish contracts reviewed by their own rules; bad uploads
//! refused before they are charged.

use std::collections::BTreeSet;

use conformance::legal::{self, ENGLISH, SILENT, part, translations};
use conformance::pii::{printed, rendered_pages, scanned_pdf};
use conformance::shots::pdf_text;
use conformance::{docs, expect_error};
use suite_client::types::{
    AnalysisResult, ContractFinding, FindingCategory, LegalLanguage, Severity,
};
use suite_platform::{Api, Plan};

fn with_clause(result: &AnalysisResult, category: FindingCategory) -> Vec<&ContractFinding> {
    result
        .findings
        .iter()
        .filter(|f| f.category == category && !f.clause.is_empty())
        .collect()
}

fn rank(severity: Severity) -> u8 {
    match severity {
        Severity::Low => 0,
        Severity::Medium => 1,
        Severity::High => 2,
        Severity::Critical => 3,
    }
}

/// The worst severity among the findings of `category` that quote a clause.
fn worst(result: &AnalysisResult, category: FindingCategory) -> u8 {
    with_clause(result, category)
        .iter()
        .map(|f| rank(f.severity))
        .max()
        .unwrap_or_else(|| panic!("no {category:?} finding: {:#?}", result.findings))
}

/// What a review found, independent of offsets: (category, severity, rule, section).
fn signature(result: &AnalysisResult) -> BTreeSet<(String, String, String, String)> {
    result
        .findings
        .iter()
        .map(|f| {
            (
                f.category.to_string(),
                f.severity.to_string(),
                f.rule.clone().unwrap_or_default(),
                f.section.clone().unwrap_or_default(),
            )
        })
        .collect()
}

#[tokio::test]
async fn every_category_is_found_with_its_clause_and_section() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let result = client
        .legal_analyze()
        .file(part("msa.txt", ENGLISH.as_bytes().to_vec()))
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    assert!(result.missing_categories.is_empty(), "{result:#?}");
    assert_eq!(result.parties, ["Provider", "Customer"], "{result:#?}");
    insta::assert_yaml_snapshot!(signature(&result));
    let expectations = [
        (FindingCategory::PaymentTerms, "2.", "ninety (90) days"),
        (FindingCategory::Termination, "3.", "for convenience"),
        (FindingCategory::Confidentiality, "4.", "in perpetuity"),
        (FindingCategory::IntellectualProperty, "5.", "assigns"),
        (FindingCategory::Indemnification, "6.", "indemnify"),
        (FindingCategory::Liability, "7.", "unlimited"),
        (FindingCategory::DisputeResolution, "8.", "arbitration"),
        (FindingCategory::GoverningLaw, "9.", "State of New York"),
    ];
    let chars: Vec<char> = ENGLISH.chars().collect();
    for (category, section, quoted) in expectations {
        let findings = with_clause(&result, category);
        let finding = findings
            .iter()
            .find(|f| f.clause.contains(quoted))
            .unwrap_or_else(|| panic!("{category:?}: no finding quotes {quoted:?}: {findings:#?}"));
        assert!(
            finding
                .section
                .as_deref()
                .unwrap_or_default()
                .starts_with(section),
            "{category:?}: {finding:#?}"
        );
        assert!(!finding.description.is_empty() && !finding.recommendation.is_empty());
        let (start, end) = (
            finding.start_offset.expect("start") as usize,
            finding.end_offset.expect("end") as usize,
        );
        let quoted_text: String = chars[start..end].iter().collect();
        assert_eq!(
            docs::squeezed(&quoted_text),
            docs::squeezed(&finding.clause)
        );
    }
    // The risky clauses are rated as a reviewer would, above the benign services clause.
    for category in [
        FindingCategory::Liability,
        FindingCategory::Termination,
        FindingCategory::Indemnification,
        FindingCategory::DisputeResolution,
        FindingCategory::IntellectualProperty,
    ] {
        assert!(worst(&result, category) >= 2, "{category:?}: {result:#?}");
    }
    let ranks: Vec<u8> = result.findings.iter().map(|f| rank(f.severity)).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] >= w[1]),
        "not most severe first: {ranks:?}"
    );
    assert!(result.risk_score >= 50, "{result:#?}");
    assert_eq!(
        result.risk_level.to_string(),
        if result.risk_score >= 75 {
            "critical"
        } else {
            "high"
        }
    );
    assert!(
        result.summary.contains(&result.risk_score.to_string()),
        "{}",
        result.summary
    );
}

#[tokio::test]
async fn the_same_contract_as_txt_docx_and_pdf_is_reviewed_alike() {
    let server = docs::server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Legal, Api::Docgen])
        .await;
    let client = server.client(&key);
    let pdf = printed(&client, legal::html(ENGLISH)).await;
    let mut signatures = Vec::new();
    for (name, bytes) in [
        ("msa.txt", ENGLISH.as_bytes().to_vec()),
        ("msa.docx", legal::docx(ENGLISH)),
        ("msa.pdf", pdf),
    ] {
        let result = client
            .legal_analyze()
            .file(part(name, bytes))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .into_inner();
        signatures.push((name, signature(&result), result.risk_score));
    }
    for (name, signature, score) in &signatures[1..] {
        assert_eq!(signature, &signatures[0].1, "{name} differs from the TXT");
        assert_eq!(*score, signatures[0].2, "{name}");
    }
}

#[tokio::test]
async fn a_scanned_contract_is_read_by_ocr() {
    let server = docs::server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Legal, Api::Docgen])
        .await;
    let client = server.client(&key);
    let printed_pdf = printed(&client, legal::html(ENGLISH)).await;
    let scans = rendered_pages(&printed_pdf, 200, "jpeg");
    let scanned = scanned_pdf(&scans, 200);
    assert!(
        pdf_text(&scanned).trim().is_empty(),
        "the scan must have no text layer"
    );
    let result = client
        .legal_analyze()
        .file(part("scanned.pdf", scanned))
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    for (category, quoted) in [
        (FindingCategory::GoverningLaw, "New York"),
        (FindingCategory::Liability, "unlimited"),
        (FindingCategory::Termination, "convenience"),
        (FindingCategory::DisputeResolution, "arbitration"),
    ] {
        assert!(
            with_clause(&result, category)
                .iter()
                .any(|f| f.clause.contains(quoted)),
            "{category:?}: {result:#?}"
        );
    }
}

#[tokio::test]
async fn what_the_contract_does_not_address_is_reported_as_missing() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let result = client
        .legal_analyze()
        .file(part("consulting.txt", SILENT.as_bytes().to_vec()))
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    for category in [
        FindingCategory::Liability,
        FindingCategory::GoverningLaw,
        FindingCategory::DisputeResolution,
    ] {
        assert!(result.missing_categories.contains(&category), "{result:#?}");
        let missing = result
            .findings
            .iter()
            .find(|f| f.category == category && f.clause.is_empty())
            .unwrap_or_else(|| panic!("no missing {category:?} finding: {result:#?}"));
        assert!(
            missing.clause_index.is_none() && missing.section.is_none(),
            "{missing:#?}"
        );
    }
    assert!(
        !with_clause(&result, FindingCategory::Termination).is_empty(),
        "{result:#?}"
    );
    assert!(
        !result
            .missing_categories
            .contains(&FindingCategory::Termination)
    );
}

#[tokio::test]
async fn the_party_the_reviewer_represents_changes_severities() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let mut reviews = Vec::new();
    for perspective in ["Customer", "Provider"] {
        reviews.push(
            client
                .legal_analyze()
                .file(part("msa.txt", ENGLISH.as_bytes().to_vec()))
                .perspective(perspective)
                .send()
                .await
                .expect("analyzed")
                .into_inner(),
        );
    }
    let (customer, provider) = (&reviews[0], &reviews[1]);
    // The Customer indemnifies the Provider and may not terminate for convenience.
    for category in [
        FindingCategory::Indemnification,
        FindingCategory::Termination,
    ] {
        assert!(
            worst(customer, category) > worst(provider, category),
            "{category:?}: customer {} vs provider {}",
            worst(customer, category),
            worst(provider, category)
        );
    }
    // Both may be at the cap of 100; the severities themselves must say who carries more.
    let weight = |r: &AnalysisResult| {
        r.findings
            .iter()
            .map(|f| u32::from(rank(f.severity)))
            .sum::<u32>()
    };
    assert!(customer.risk_score >= provider.risk_score);
    assert!(
        weight(customer) > weight(provider),
        "{customer:#?} {provider:#?}"
    );
}

#[tokio::test]
async fn german_french_and_spanish_contracts_are_reviewed_by_their_own_rules() {
    let server = docs::server().await;
    let key = server.key(Plan::Unlimited, &[Api::Legal]).await;
    let client = server.client(&key);
    for (language, text) in translations().into_iter().skip(1) {
        let result = client
            .legal_analyze()
            .file(part("contract.txt", text.as_bytes().to_vec()))
            .language(language)
            .send()
            .await
            .expect("analyzed")
            .into_inner();
        for category in [
            FindingCategory::PaymentTerms,
            FindingCategory::Termination,
            FindingCategory::Liability,
            FindingCategory::Confidentiality,
            FindingCategory::GoverningLaw,
        ] {
            assert!(
                !with_clause(&result, category).is_empty(),
                "{language:?} {category:?}: {result:#?}"
            );
        }
        for category in [FindingCategory::Termination, FindingCategory::Liability] {
            assert!(
                worst(&result, category) >= 2,
                "{language:?} {category:?}: {result:#?}"
            );
        }
        assert_eq!(
            result.parties.len(),
            2,
            "{language:?}: {:?}",
            result.parties
        );
        assert!(result.risk_score >= 25, "{language:?}: {result:#?}");
    }
    // The English rules do not read German: the same text reviewed as English finds less.
    let english = client
        .legal_analyze()
        .file(part("contract.txt", legal::GERMAN.as_bytes().to_vec()))
        .language(LegalLanguage::En)
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    assert!(english.missing_categories.len() >= 3, "{english:#?}");
}

#[tokio::test]
async fn bad_uploads_are_refused_before_they_are_charged() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let before = server.used(&key, Api::Legal).await;
    let png = expect_error(
        client
            .legal_analyze()
            .file(part("scan.png", conformance::pii::png_header(10, 10)))
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(png.into_inner(), { ".request_id" => "[id]" });
    let corrupt = expect_error(
        client
            .legal_analyze()
            .file(part("broken.pdf", b"%PDF-1.7\nnot really".to_vec()))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(corrupt.into_inner(), { ".request_id" => "[id]" });
    expect_error(
        client
            .legal_analyze()
            .file(part("locked.pdf", docs::encrypted_pdf()))
            .send()
            .await,
        422,
    );
    let broken_docx = docs::docx_with("<w:p><w:r><w:t>open</w:r></w:p>", "");
    let docx = expect_error(
        client
            .legal_analyze()
            .file(part("broken.docx", broken_docx))
            .send()
            .await,
        422,
    );
    assert!(docx.message.contains("malformed"), "{}", docx.message);
    let mut bomb = docs::unzip(&legal::docx(ENGLISH));
    bomb.push(("word/media/zeros.bin".into(), vec![0u8; 24 << 20]));
    let entries: Vec<(&str, Vec<u8>)> = bomb.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let bomb = docs::zip(&entries, &[]);
    assert!(bomb.len() < 1 << 20, "the bomb is small: {}", bomb.len());
    expect_error(
        client
            .legal_analyze()
            .file(part("bomb.docx", bomb))
            .send()
            .await,
        413,
    );
    let long = "The Customer shall pay the fees. ".repeat(70_000);
    let huge = expect_error(
        client
            .legal_analyze()
            .file(part("long.txt", long.into_bytes()))
            .send()
            .await,
        413,
    );
    assert!(huge.message.contains("2 MB"), "{}", huge.message);
    insta::assert_yaml_snapshot!(huge.into_inner(), { ".request_id" => "[id]" });
    let blank = expect_error(
        client
            .legal_analyze()
            .file(part("blank.txt", b" \n\n ".to_vec()))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(blank.into_inner(), { ".request_id" => "[id]" });
    let empty = expect_error(
        client
            .legal_analyze()
            .file(part("empty.txt", Vec::new()))
            .send()
            .await,
        400,
    );
    assert!(empty.message.contains("empty"), "{}", empty.message);
    insta::assert_yaml_snapshot!(empty.into_inner(), { ".request_id" => "[id]" });
    let (status, message) = server
        .post_form_field(
            &key.secret,
            "/v1/compliance/legal/analyze",
            ENGLISH.as_bytes().to_vec(),
            ("language", "it"),
        )
        .await;
    assert_eq!(status, 400, "{message}");
    assert!(message.contains("it"), "{message}");
    assert_eq!(server.used(&key, Api::Legal).await, before);
}
