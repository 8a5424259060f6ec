//! `POST /v1/compliance/finance/audit`: statements made by the audit engine's generator with
//! known transactions and balances, as CSV and as printed multi-page PDFs: a clean one
//! raises no alarm and reconciles; a broken running balance is named at its row;
//! duplicates, weekend postings and amounts just below a threshold are found with the rows
//! they concern; bad uploads are refused (415, 413, 422, 400) before they are charged.

use conformance::pii::{printed, rendered_pages};
use conformance::{TestServer, docs, expect_error};
use suite_client::FilePart;
use suite_client::types::{AnomalyKind, AuditResult, FinanceLanguage, Severity};
use suite_finance::audit::Statement;
use suite_finance::audit::fixtures::{Generated, Spec, generate};
use suite_platform::{Api, Plan};

fn upload(name: &str, bytes: Vec<u8>) -> FilePart {
    // The declared type is wrong on purpose: the server sniffs the bytes.
    FilePart::new(name, "application/octet-stream", bytes)
}

fn cents(amount: f64) -> i64 {
    (amount * 100.0).round() as i64
}

/// Every transaction read as the generator meant it: date, amount, running balance.
fn assert_read(result: &AuditResult, truth: &Statement) {
    assert_eq!(
        result.transactions.len(),
        truth.transactions.len(),
        "{:#?}",
        result.transactions
    );
    for (read, meant) in result.transactions.iter().zip(&truth.transactions) {
        assert_eq!(cents(read.amount), meant.amount, "{read:?} / {meant:?}");
        assert_eq!(
            read.date.as_ref().map(|d| d.to_string()),
            meant.date.map(|d| d.to_string()),
            "{read:?}"
        );
    }
    let credits: i64 = truth.transactions.iter().map(|t| t.amount.max(0)).sum();
    let debits: i64 = truth.transactions.iter().map(|t| (-t.amount).max(0)).sum();
    let summary = &result.account_summary;
    assert_eq!(cents(summary.total_credits), credits);
    assert_eq!(cents(summary.total_debits), debits);
    assert_eq!(summary.transaction_count, truth.transactions.len() as u64);
}

fn found(result: &AuditResult, kind: AnomalyKind) -> &suite_client::types::AuditAnomaly {
    result
        .anomalies
        .iter()
        .find(|a| a.kind == kind)
        .unwrap_or_else(|| panic!("no {kind:?} in {:#?}", result.anomalies))
}

async fn server() -> TestServer {
    docs::server().await
}

async fn audited_pdf(server: &TestServer, statement: &Generated) -> AuditResult {
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let client = server.client(&key);
    let pdf = printed(&client, statement.html().into_bytes()).await;
    client
        .finance_audit()
        .file(upload("statement.pdf", pdf))
        .send()
        .await
        .expect("statement audited")
        .into_inner()
}

#[tokio::test]
async fn a_clean_printed_statement_reconciles_and_raises_no_alarm() {
    let server = server().await;
    let statement = generate(&Spec::new(3, 90));
    let truth = statement.truth();
    let result = audited_pdf(&server, &statement).await;
    assert_read(&result, &truth);
    assert!(result.balance_check_passed, "{:#?}", result.anomalies);
    assert!(result.anomalies.is_empty(), "{:#?}", result.anomalies);
    let summary = &result.account_summary;
    assert_eq!(summary.opening_balance.map(cents), truth.opening_balance);
    assert_eq!(summary.closing_balance.map(cents), truth.closing_balance);
    assert_eq!(summary.currency.as_deref(), Some("GBP"));
    for (read, meant) in result.transactions.iter().zip(&truth.transactions) {
        assert_eq!(read.balance.map(cents), meant.balance, "{read:?}");
    }
    assert!(result.benford.is_none(), "too few amounts for Benford");
}

#[tokio::test]
async fn a_scanned_statement_is_read_by_ocr() {
    let server = server().await;
    let key = server
        .key(Plan::Unlimited, &[Api::Finance, Api::Docgen])
        .await;
    let client = server.client(&key);
    let statement = generate(&Spec::new(6, 25));
    let pdf = printed(&client, statement.html().into_bytes()).await;
    let scan = rendered_pages(&pdf, 200, "png").remove(0);
    let result = client
        .finance_audit()
        .file(upload("statement.png", scan))
        .send()
        .await
        .expect("scan audited")
        .into_inner();
    assert_read(&result, &statement.truth());
    assert!(result.balance_check_passed, "{:#?}", result.anomalies);
}

#[tokio::test]
async fn a_german_statement_is_read_in_its_own_words() {
    let server = server().await;
    let statement = generate(&Spec::new(5, 60).in_language("de", "EUR"));
    let result = audited_pdf(&server, &statement).await;
    assert_read(&result, &statement.truth());
    assert!(result.balance_check_passed, "{:#?}", result.anomalies);
    assert_eq!(result.account_summary.currency.as_deref(), Some("EUR"));
}

#[tokio::test]
async fn a_broken_running_balance_is_named_at_its_row() {
    let server = server().await;
    let mut spec = Spec::new(4, 70);
    spec.inject.running_balance_error_at = Some(41);
    spec.inject.balance_mismatch = true;
    let statement = generate(&spec);
    let result = audited_pdf(&server, &statement).await;
    assert_read(&result, &statement.truth());
    let running: Vec<_> = result
        .anomalies
        .iter()
        .filter(|a| a.kind == AnomalyKind::RunningBalanceError)
        .collect();
    assert_eq!(running.len(), 1, "{:#?}", result.anomalies);
    assert_eq!(running[0].transaction_index, Some(41));
    assert!(running[0].severity >= Severity::High, "{:?}", running[0]);
    assert!(!result.balance_check_passed);
    let mismatch = found(&result, AnomalyKind::BalanceMismatch);
    assert_eq!(mismatch.amount.map(|a| cents(a.abs())), Some(10_000));
    insta::assert_yaml_snapshot!(result.anomalies);
}

#[tokio::test]
async fn csv_statements_are_read_and_their_anomalies_name_the_rows() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Finance]).await;
    let client = server.client(&key);
    let clean = generate(&Spec::new(8, 120).in_language("fr", "EUR"));
    let result = client
        .finance_audit()
        .file(upload("releve.csv", clean.csv().into_bytes()))
        .language(FinanceLanguage::Fr)
        .send()
        .await
        .expect("CSV audited")
        .into_inner();
    assert_read(&result, &clean.truth());
    assert!(result.anomalies.is_empty(), "{:#?}", result.anomalies);

    let mut spec = Spec::new(9, 120);
    spec.inject.duplicate_at = Some(20);
    spec.inject.weekend_at = Some(50);
    spec.inject.just_below_threshold = 1;
    let statement = generate(&spec);
    let truth = statement.truth();
    let result = client
        .finance_audit()
        .file(upload("statement.csv", statement.csv().into_bytes()))
        .send()
        .await
        .expect("CSV audited")
        .into_inner();
    assert_read(&result, &truth);
    assert_eq!(
        found(&result, AnomalyKind::DuplicateTransaction).transaction_indices,
        [20, 21]
    );
    let weekend = found(&result, AnomalyKind::WeekendPosting);
    assert_eq!(weekend.transaction_indices, [51], "{weekend:?}");
    let below = truth
        .transactions
        .iter()
        .position(|t| (-999_999..=-990_000).contains(&t.amount))
        .expect("the injected amount");
    assert_eq!(
        found(&result, AnomalyKind::JustBelowThreshold).transaction_indices,
        [below as u64]
    );
}

#[tokio::test]
async fn benford_is_tested_on_long_statements() {
    let server = server().await;
    let key = server.key(Plan::Unlimited, &[Api::Finance]).await;
    let client = server.client(&key);
    let mut spec = Spec::new(12, 1_000);
    spec.profile = suite_finance::audit::fixtures::AmountProfile::UniformDigits;
    let result = client
        .finance_audit()
        .file(upload("long.csv", generate(&spec).csv().into_bytes()))
        .send()
        .await
        .expect("CSV audited")
        .into_inner();
    let benford = result.benford.as_ref().expect("a Benford test");
    assert!(benford.sample_size >= 300);
    assert_eq!(
        benford.conformity,
        suite_client::types::BenfordTestConformity::Nonconforming
    );
    found(&result, AnomalyKind::BenfordDeviation);
}

#[tokio::test]
async fn bad_statements_are_refused_before_they_are_charged() {
    let server = server().await;
    let key = server.key(Plan::Free, &[Api::Finance]).await;
    let client = server.client(&key);
    let before = server.used(&key, Api::Finance).await;

    let html = expect_error(
        client
            .finance_audit()
            .file(upload(
                "statement.html",
                b"<!DOCTYPE html><p>hello</p>".to_vec(),
            ))
            .send()
            .await,
        415,
    );
    assert!(html.message.contains("text/csv"), "{}", html.message);
    insta::assert_yaml_snapshot!(html.into_inner(), { ".request_id" => "[id]" });

    let mut huge = String::from("Date,Description,Amount\n");
    for i in 0..100_001 {
        huge.push_str(&format!("2026-01-05,Row {i},-1.00\n"));
    }
    let too_many = expect_error(
        client
            .finance_audit()
            .file(upload("huge.csv", huge.into_bytes()))
            .send()
            .await,
        413,
    );
    assert!(too_many.message.contains("100000"), "{}", too_many.message);

    let currency = expect_error(
        client
            .finance_audit()
            .file(upload(
                "s.csv",
                generate(&Spec::new(1, 5)).csv().into_bytes(),
            ))
            .currency("eur")
            .send()
            .await,
        400,
    );
    assert!(
        currency.message.contains("currency"),
        "{}",
        currency.message
    );
    assert_eq!(server.used(&key, Api::Finance).await, before);

    let no_header = expect_error(
        client
            .finance_audit()
            .file(upload(
                "notes.csv",
                b"just some notes\nnothing else\n".to_vec(),
            ))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(no_header.into_inner(), { ".request_id" => "[id]" });
}
