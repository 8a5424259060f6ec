//! `suite-bench pii bench`: the PII API through HTTP next to the `tesseract` CLI on the same image,
//! measured in one run on the same machine (`cargo xtask bench pii` runs it on the release
//! build). Reports figures; asserts none.
//!
//! - `detect` on a one-page receipt photo (SROIE's first receipt) next to `tesseract img -
//!   tsv` at its best (`OMP_THREAD_LIMIT=1`, a process per image, as its users run it;
//!   target ≤ 1.15×);
//! - `detect` on a 10-page born-digital PDF and on the same pages scanned (image-only);
//! - a `batch` of 20 receipt photos.

use std::time::Duration;

use anyhow::{Context, Result};

use crate::support::{ApiClient, Body, bench_server, tesseract_cli, time};
use suite_platform::Api;
use suite_server::config::Config;

const RUNS: usize = 10;
const WARMUP: usize = 2;
const PAUSE: Duration = Duration::from_millis(300);

/// The receipt photo measured, relative to the repository (the shared data beside it).
const RECEIPT: &str = "../shared/data/receipts/sroie/img/000.jpg";

pub async fn run(config: Config) -> Result<()> {
    let receipt = std::fs::read(RECEIPT)
        .with_context(|| format!("reading {RECEIPT} (run from the repository)"))?;
    let scratch = tempfile::tempdir()?;
    let (running, api) = bench_server(
        config,
        scratch.path().join("data"),
        &[Api::Pii, Api::Docgen],
    )
    .await?;

    let detect_receipt = Body::form("receipt.jpg", &receipt, &[]);
    let api_receipt = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/compliance/pii/detect", &detect_receipt)
            .await
            .map(drop)
    })
    .await?;

    let born_digital = ten_page_pdf(&api).await?;
    let detect_digital = Body::form("ten.pdf", &born_digital, &[]);
    let api_digital = time(1, RUNS / 2, PAUSE, || async {
        api.post("/v1/compliance/pii/detect", &detect_digital)
            .await
            .map(drop)
    })
    .await?;
    // The same pages as images only: a redaction that finds nothing rebuilds the PDF from
    // its page images, as a scanner would have made it.
    let scanned = api
        .post(
            "/v1/compliance/pii/redact",
            &Body::form("ten.pdf", &born_digital, &[("min_confidence", "1")]),
        )
        .await?
        .to_vec();
    let detect_scanned = Body::form("scanned.pdf", &scanned, &[]);
    let api_scanned = time(0, 2, PAUSE, || async {
        api.post("/v1/compliance/pii/detect", &detect_scanned)
            .await
            .map(drop)
    })
    .await?;

    let names: Vec<String> = (0..20).map(|i| format!("receipt-{i}.jpg")).collect();
    let files: Vec<(&str, &[u8])> = names
        .iter()
        .map(|n| (n.as_str(), receipt.as_slice()))
        .collect();
    let batch = Body::form_files("files", &files, &[]);
    let api_batch = time(0, 2, PAUSE, || async {
        api.post("/v1/compliance/pii/batch", &batch).await.map(drop)
    })
    .await?;
    running.close().await?;

    let cli = tesseract_cli(&receipt, scratch.path(), RUNS);

    println!("pii bench: SROIE receipt 000 (463×1013 JPEG), a 10-page PDF, 20 receipts in a batch");
    println!("| figure | through the API | reference | ratio (p50) |");
    println!("|---|---|---|---|");
    match &cli {
        Ok(cli) => println!(
            "| detect, one receipt photo p50 / p99 | {api_receipt} | tesseract CLI (OMP_THREAD_LIMIT=1), same image: {cli} | {:.2}× |",
            api_receipt.p50 / cli.p50
        ),
        Err(e) => println!("| detect, one receipt photo | {api_receipt} | not measured: {e:#} | |"),
    }
    println!("| detect, 10-page born-digital PDF | {api_digital} | | |");
    println!("| detect, the same 10 pages scanned | {api_scanned} | | |");
    println!(
        "| batch of 20 receipt photos | {api_batch} | | {:.0} ms per file |",
        api_batch.p50 / 20.0
    );
    Ok(())
}

/// A 10-page letter with personal data on every page, printed by the document API.
async fn ten_page_pdf(api: &ApiClient) -> Result<Vec<u8>> {
    let mut html = String::from(
        "<!doctype html><meta charset=utf-8><style>section { page-break-after: always; font: 11pt 'DejaVu Sans' }</style>",
    );
    for page in 1..=10 {
        html.push_str(&format!(
            "<section><h1>Customer file {page}</h1>\
             <p>Dear Mr. John Smith, thank you for your order of 12 March.</p>\
             <p>E-mail: john.smith{page}@example.com, phone +1 415 555 01{page:02}.</p>\
             <p>Card on file: 4111 1111 1111 1111. IBAN: DE89 3704 0044 0532 0130 00.</p>\
             <p>Ship to 1600 Amphitheatre Parkway, Mountain View, CA 94043.</p>\
             {}</section>",
            "<p>The order was packed, checked and shipped in two parcels by our warehouse team.</p>".repeat(12)
        ));
    }
    api.printed(&html).await
}
