//! `suite-bench legal bench`: contract review measured in one run on the same machine (`cargo
//! xtask bench legal` runs it on the release build). Reports figures; asserts none.
//!
//! - `analyze` of a 30-page contract (a real CUAD contract, 120 kB of text) in process (text
//!   to findings, no HTTP) and through the API as TXT, DOCX and a printed PDF (target
//!   < 300 ms for the text inputs), and the clause classifier's share of it;
//! - `compare` of it with a revised version (clauses removed, added, moved, amended);
//! - `report`, the PDF review of it.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::versions;
use crate::support::{Body, bench_server, stats, time};
use suite_legal::model::Language;
use suite_legal::review::review;
use suite_legal::text::{self, plain};
use suite_platform::Api;
use suite_server::config::Config;

const RUNS: usize = 10;
const WARMUP: usize = 2;
const PAUSE: Duration = Duration::from_millis(200);

/// The contract measured, relative to the repository (the shared data beside it).
const CONTRACT: &str = "../shared/data/contracts/cuad/NEXSTARFINANCEHOLDINGSINC_03_27_2002-EX-10.26-OUTSOURCING AGREEMENT.txt";

pub async fn run(config: Config) -> Result<()> {
    let bytes = std::fs::read(CONTRACT)
        .with_context(|| format!("reading {CONTRACT} (run from the repository)"))?;
    let (contract, _) = plain::decode(&bytes).map_err(|e| anyhow::anyhow!("{e}"))?;
    let revised = versions::revised(&contract);
    let docx = versions::docx(&contract)?;

    let mut in_process = Vec::new();
    let mut classifier = Vec::new();
    let model = suite_legal::classify::shipped().map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut clauses = 0;
    let mut findings = 0;
    for run in 0..WARMUP + RUNS * 2 {
        let started = Instant::now();
        let extracted =
            text::assemble(plain::blocks(&contract)).map_err(|e| anyhow::anyhow!("{e}"))?;
        let reviewed = review(extracted, Language::En, None);
        let whole = started.elapsed();
        // The classifier's share: what it does for every clause of the review, again.
        let started = Instant::now();
        for clause in &reviewed.clauses {
            std::hint::black_box(suite_legal::classify::subjects(model, clause));
        }
        if run >= WARMUP {
            in_process.push(whole.as_secs_f64() * 1000.0);
            classifier.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        clauses = reviewed.clauses.len();
        findings = reviewed.analysis.findings.len();
    }
    let in_process = stats(in_process);
    let classifier = stats(classifier);

    let scratch = tempfile::tempdir()?;
    let (running, api) = bench_server(
        config,
        scratch.path().join("data"),
        &[Api::Legal, Api::Docgen],
    )
    .await?;
    let pdf = api.printed(&versions::html(&contract)).await?;
    let pages = suite_engines::poppler::info(&pdf)
        .await
        .map_err(|e| anyhow::anyhow!("the printed contract: {e}"))?
        .pages;
    let mut through_api = Vec::new();
    for (name, file) in [
        ("contract.txt", contract.as_bytes()),
        ("contract.docx", &docx[..]),
        ("contract.pdf", &pdf[..]),
    ] {
        let body = Body::form(name, file, &[]);
        let timed = time(WARMUP, RUNS, PAUSE, || async {
            api.post("/v1/compliance/legal/analyze", &body)
                .await
                .map(drop)
        })
        .await?;
        through_api.push((name, timed));
    }
    let compare = Body::form_parts(
        &[
            ("original", "original.txt", contract.as_bytes()),
            ("revised", "revised.txt", revised.as_bytes()),
        ],
        &[],
    );
    let compared = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/compliance/legal/compare", &compare)
            .await
            .map(drop)
    })
    .await?;
    let report = Body::form("contract.txt", contract.as_bytes(), &[]);
    let report_size = api
        .post("/v1/compliance/legal/report", &report)
        .await?
        .len();
    let reported = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/compliance/legal/report", &report)
            .await
            .map(drop)
    })
    .await?;
    running.close().await?;

    println!(
        "legal bench: a CUAD outsourcing agreement, {} kB of text ({pages} pages printed), {clauses} clauses, {findings} findings",
        contract.len() / 1000
    );
    println!("| figure | time |");
    println!("|---|---|");
    println!("| analyze in process (text → findings) p50 / p99 | {in_process} |");
    println!("| of which the clause classifier (every clause) p50 / p99 | {classifier} |");
    for (name, timed) in through_api {
        println!("| analyze through the API, {name} | {timed} |");
    }
    println!("| compare through the API, two versions as TXT | {compared} |");
    println!(
        "| report through the API ({} kB PDF) | {reported} |",
        report_size / 1000
    );
    Ok(())
}
