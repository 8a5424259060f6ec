//! `POST /v1/compliance/legal/compare`: a negotiated revision of a services agreement
//! reported clause by clause (amended, added, removed; renumbering alone is no change), with
//! word diffs that rebuild both texts and the findings that appear or disappear; the risk
//! of each version as `analyze` computes it; each part sniffed and refused on its own.

use conformance::legal::{ENGLISH, english_revised, part};
use conformance::{docs, expect_error};
use suite_client::FilePart;
use suite_client::types::{ChangeKind, ComparisonResult, ContractChange, DiffOp, Severity};
use suite_platform::{Api, Plan};

/// The original version, as text.
fn original(text: &str) -> FilePart {
    part("v1.txt", text.as_bytes().to_vec())
}

/// The revised version, as a DOCX.
fn revised(text: &str) -> FilePart {
    part("v2.docx", conformance::legal::docx(text))
}

fn change_with<'a>(result: &'a ComparisonResult, text: &str) -> &'a ContractChange {
    result
        .changes
        .iter()
        .find(|c| {
            c.revised_clause
                .as_deref()
                .is_some_and(|t| t.contains(text))
                || c.original_clause
                    .as_deref()
                    .is_some_and(|t| t.contains(text))
        })
        .unwrap_or_else(|| panic!("no change about {text:?}: {:#?}", result.changes))
}

/// The text a diff gives for one side.
fn side(change: &ContractChange, keep: DiffOp) -> String {
    change
        .diff
        .iter()
        .filter(|s| s.op == DiffOp::Equal || s.op == keep)
        .map(|s| s.text.as_str())
        .collect()
}

#[tokio::test]
async fn a_negotiated_revision_is_reported_clause_by_clause_with_its_risk() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let result = client
        .legal_compare()
        .original(original(ENGLISH))
        .revised(revised(&english_revised()))
        .send()
        .await
        .expect("compared")
        .into_inner();

    let outline: Vec<String> = result
        .changes
        .iter()
        .map(|c| {
            format!(
                "{} {} {} {:?}",
                c.kind,
                c.section.as_deref().unwrap_or("-"),
                c.severity,
                c.category
            )
        })
        .collect();
    insta::assert_yaml_snapshot!(outline);
    let payment = change_with(&result, "days of receipt");
    assert_eq!(payment.kind, ChangeKind::Modified, "{payment:#?}");
    assert!(
        payment
            .diff
            .iter()
            .any(|s| s.op == DiffOp::Delete && s.text.contains("ninety"))
    );
    assert!(
        payment
            .diff
            .iter()
            .any(|s| s.op == DiffOp::Insert && s.text.contains("thirty"))
    );
    assert_eq!(
        docs::squeezed(&side(payment, DiffOp::Delete)),
        docs::squeezed(payment.original_clause.as_deref().expect("original"))
    );
    assert_eq!(
        docs::squeezed(&side(payment, DiffOp::Insert)),
        docs::squeezed(payment.revised_clause.as_deref().expect("revised"))
    );
    assert!(
        !payment.findings_removed.is_empty(),
        "net 90 no longer flagged: {payment:#?}"
    );

    let liability = change_with(&result, "shall not exceed the fees");
    assert_eq!(liability.kind, ChangeKind::Modified);
    assert!(
        liability.findings_removed.iter().any(|f| f
            .description
            .to_lowercase()
            .contains("unlimited")
            || f.rule
                .as_deref()
                .is_some_and(|r| r.contains("uncapped") || r.contains("unlimited"))),
        "{liability:#?}"
    );

    let removed = change_with(&result, "in perpetuity");
    assert_eq!(removed.kind, ChangeKind::Removed);
    assert!(removed.revised_clause.is_none() && removed.diff.len() == 1);
    let added = change_with(&result, "may audit");
    assert_eq!(added.kind, ChangeKind::Added);
    assert!(added.original_clause.is_none());

    // Clauses whose text did not change are not reported.
    assert!(
        !result.changes.iter().any(|c| c
            .revised_clause
            .as_deref()
            .is_some_and(|t| t.contains("State of New York"))),
        "{:#?}",
        result.changes
    );
    assert!(
        result.modified >= 2 && result.added >= 1 && result.removed >= 1,
        "{result:#?}"
    );
    // The revision resolves serious findings and brings none: the risk can only go down
    // (both versions may still be at the cap of 100).
    let serious = |f: &&suite_client::types::ContractFinding| {
        matches!(f.severity, Severity::High | Severity::Critical)
    };
    assert!(
        result.findings_removed.iter().any(|f| serious(&f)),
        "{result:#?}"
    );
    assert!(
        !result.findings_added.iter().any(|f| serious(&f)),
        "{result:#?}"
    );
    assert!(result.risk_delta <= 0, "{result:#?}");
    assert_eq!(
        result.risk_delta,
        result.risk_score_after - result.risk_score_before
    );

    // The scores are those analyze gives each version.
    let analyzed = client
        .legal_analyze()
        .file(part("v1.txt", ENGLISH.as_bytes().to_vec()))
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    assert_eq!(analyzed.risk_score, result.risk_score_before);
}

#[tokio::test]
async fn renumbering_and_whitespace_alone_are_no_change() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    // Section 1 dropped, every later section renumbered one down, spaces added.
    let renumbered: String = ENGLISH
        .replace(
            "1. Services\n1.1 The Provider shall deliver the analytics services described in each statement of work.\n\n",
            "",
        )
        .lines()
        .map(|line| match line.split_once('.') {
            Some((n, rest)) if n.len() == 1 && n.chars().all(|c| c.is_ascii_digit()) => {
                let n: u32 = n.parse().expect("a section number");
                format!("{}.{}\n", n - 1, rest.replacen(' ', "   ", 1))
            }
            _ => format!("{line}\n"),
        })
        .collect();
    let result = client
        .legal_compare()
        .original(original(ENGLISH))
        .revised(revised(&renumbered))
        .send()
        .await
        .expect("compared")
        .into_inner();
    assert_eq!(
        result.modified + result.added + result.moved,
        0,
        "{result:#?}"
    );
    assert!(
        result.changes.iter().all(|c| c.kind == ChangeKind::Removed
            && c.section.as_deref().is_some_and(|s| s.starts_with('1'))),
        "{:#?}",
        result.changes
    );
    let removed = change_with(&result, "analytics services");
    assert_eq!(removed.kind, ChangeKind::Removed);
    assert_eq!(result.risk_delta, 0);
}

#[tokio::test]
async fn each_part_is_checked_on_its_own() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let before = server.used(&key, Api::Legal).await;
    let bad = client
        .legal_compare()
        .original(original(ENGLISH))
        .revised(part("v2.png", conformance::pii::png_header(10, 10)));
    let error = expect_error(bad.send().await, 415);
    assert!(error.message.contains("revised"), "{}", error.message);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let corrupt = client
        .legal_compare()
        .original(part("v1.pdf", b"%PDF-1.4\ntruncated".to_vec()))
        .revised(revised(ENGLISH));
    let error = expect_error(corrupt.send().await, 422);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let empty = client
        .legal_compare()
        .original(part("v1.txt", Vec::new()))
        .revised(revised(ENGLISH));
    let error = expect_error(empty.send().await, 400);
    assert!(error.message.contains("original"), "{}", error.message);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let long = client
        .legal_compare()
        .original(original(ENGLISH))
        .revised(part(
            "v2.txt",
            "The fees are due. ".repeat(120_000).into_bytes(),
        ));
    let error = expect_error(long.send().await, 413);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(server.used(&key, Api::Legal).await, before);
}
