//! `suite-bench finance bench`: the finance API through HTTP, measured in one run on the same
//! machine (`cargo xtask bench finance` runs it on the release build). Reports figures;
//! asserts none.
//!
//! - `parse` of a one-page receipt photo (SROIE's first receipt) next to `tesseract img -
//!   tsv` on the same image (`OMP_THREAD_LIMIT=1`, a process per image, as its users run
//!   it);
//! - PP-OCR's reading of that photo in process next to the Python `rapidocr_onnxruntime`
//!   package (`ppocr.rs`; target ≤ 1.0×), and how many lines read the same;
//! - `parse` of a born-digital one-page PDF invoice (printed by the document API; target
//!   p50 ≤ 150 ms), and the process's memory with both OCR engines loaded;
//! - `audit` of a 20-page statement PDF (printed by the document API) and of a 5,000-row CSV
//!   statement.

use std::time::Duration;

use anyhow::{Context, Result};

use super::ppocr;
use crate::support::{Body, bench_server, rss_kib, tesseract_cli, time};
use suite_finance::audit::fixtures;
use suite_finance::parse::invoice_fixture;
use suite_platform::Api;
use suite_server::config::Config;

const RUNS: usize = 10;
const WARMUP: usize = 2;
const PAUSE: Duration = Duration::from_millis(300);

/// The receipt photo measured, relative to the repository (the shared data beside it).
const RECEIPT: &str = "../shared/data/receipts/sroie/img/000.jpg";

/// Transactions of the statement PDF: 20 A4 pages of about 40 rows.
const PDF_ROWS: usize = 800;
const CSV_ROWS: usize = 5_000;

pub async fn run(config: Config) -> Result<()> {
    let receipt = std::fs::read(RECEIPT)
        .with_context(|| format!("reading {RECEIPT} (run from the repository)"))?;
    let scratch = tempfile::tempdir()?;
    let (running, api) = bench_server(
        config,
        scratch.path().join("data"),
        &[Api::Finance, Api::Docgen],
    )
    .await?;

    let parse_receipt = Body::form("receipt.jpg", &receipt, &[]);
    let api_receipt = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/compliance/finance/parse", &parse_receipt)
            .await
            .map(drop)
    })
    .await?;

    let invoice = api.printed(&invoice_fixture::nordlicht()).await?;
    let parse_invoice = Body::form("invoice.pdf", &invoice, &[]);
    let api_invoice = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/compliance/finance/parse", &parse_invoice)
            .await
            .map(drop)
    })
    .await?;
    let (rss_kib, peak_kib) = rss_kib();

    let mut spec = fixtures::Spec::new(7, PDF_ROWS);
    spec.rows_per_page = PDF_ROWS / 20;
    let pdf = api.printed(&fixtures::generate(&spec).html()).await?;
    let pages = suite_engines::poppler::info(&pdf)
        .await
        .map_err(|e| anyhow::anyhow!("the statement PDF: {e}"))?
        .pages;
    let audit_pdf = Body::form("statement.pdf", &pdf, &[]);
    let api_pdf = time(1, RUNS / 2, PAUSE, || async {
        api.post("/v1/compliance/finance/audit", &audit_pdf)
            .await
            .map(drop)
    })
    .await?;

    let csv = fixtures::generate(&fixtures::Spec::new(11, CSV_ROWS)).csv();
    let audit_csv = Body::form("statement.csv", csv.as_bytes(), &[]);
    let api_csv = time(1, RUNS / 2, PAUSE, || async {
        api.post("/v1/compliance/finance/audit", &audit_csv)
            .await
            .map(drop)
    })
    .await?;
    running.close().await?;

    let cli = tesseract_cli(&receipt, scratch.path(), RUNS);
    let ppocr = ppocr::compare(std::path::Path::new(RECEIPT), scratch.path(), RUNS);

    println!(
        "finance bench: SROIE receipt 000 (463×1013 JPEG), a {pages}-page statement PDF of {PDF_ROWS} rows, a {CSV_ROWS}-row CSV"
    );
    println!("| figure | through the API | reference | ratio (p50) |");
    println!("|---|---|---|---|");
    match &cli {
        Ok(cli) => println!(
            "| parse, one receipt photo p50 / p99 | {api_receipt} | tesseract CLI (OMP_THREAD_LIMIT=1), same image: {cli} | {:.2}× |",
            api_receipt.p50 / cli.p50
        ),
        Err(e) => println!("| parse, one receipt photo | {api_receipt} | not measured: {e:#} | |"),
    }
    match &ppocr {
        Ok(c) => println!(
            "| PP-OCR reading of the photo in process, p50 / p99 | {} ({} lines) | rapidocr_onnxruntime 1.4.4 (Python, same models, ONNX Runtime 1.31.1): {} ({} lines; {} of ours read the same) | {:.2}× |",
            c.ours,
            c.our_lines,
            c.python,
            c.python_lines,
            c.same_lines,
            c.ours.p50 / c.python.p50
        ),
        Err(e) => println!("| PP-OCR reading of the photo | | not measured: {e:#} | |"),
    }
    println!(
        "| parse, a born-digital one-page PDF invoice | {api_invoice} | | (target p50 ≤ 150 ms) |"
    );
    println!(
        "| memory of the bench process (server, OCR workers, both engines loaded) after both parses | RSS {} MiB, peak {} MiB | | |",
        rss_kib / 1024,
        peak_kib / 1024
    );
    println!("| audit, {pages}-page statement PDF | {api_pdf} | | |");
    println!("| audit, {CSV_ROWS}-row CSV | {api_csv} | | |");
    Ok(())
}
