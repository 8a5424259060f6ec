//! `suite docgen bench`: the document API through HTTP next to the references a user would
//! otherwise pick, measured in one run on the same machine (`cargo xtask bench docgen` runs it
//! on the release build and installs the peers). Reports figures; asserts none.
//!
//! - HTML → PDF of a 40-row invoice page: `convert` through the API; a raw `Page.printToPDF`
//!   of the same page in the same Chromium, in one reused tab (target ≤ 1.2×) and in a fresh
//!   context per document as the pool isolates its jobs (what the isolation costs); WeasyPrint and wkhtmltopdf on the
//!   same file, each run as its users run it (a process per document; target: faster than
//!   both);
//! - DOCX → PDF through the warm LibreOffice pool next to a cold `soffice --headless
//!   --convert-to pdf` (target ≤ 0.5×);
//! - `generate` of the built-in invoice into each format;
//! - throughput of invoice PDFs with 4 clients at once.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::bench_support::{ApiClient, Body, Stats, bench_server, time, time_command};
use crate::config::Config;
use crate::docgen::builtin::builtin;
use crate::engines::browser::launch;
use crate::platform::Api;
use crate::screenshot::tools::page::{invoice_html, serve_invoice};
use crate::screenshot::tools::raw::{Capture, raw_cdp, raw_cdp_fresh_contexts};

/// Timed calls per figure through the API, and runs of each peer's command.
const RUNS: usize = 20;
const PEER_RUNS: usize = 8;
const WARMUP: usize = 3;
/// The pause before each timed API call: the latency of a call that finds the server idle
/// (the pool disposes the last page and opens the next one between calls), as the
/// screenshot bench and its raw reference measure it.
const PAUSE: Duration = Duration::from_millis(1500);
const CONCURRENT_CLIENTS: usize = 4;
const CALLS_PER_CLIENT: usize = 10;

pub async fn run(config: Config) -> Result<()> {
    let scratch = tempfile::tempdir()?;
    let html = invoice_html();
    let html_file = scratch.path().join("invoice.html");
    std::fs::write(&html_file, &html)?;
    let (running, api) =
        bench_server(config.clone(), scratch.path().join("data"), &[Api::Docgen]).await?;

    let to_pdf = Body::form("invoice.html", html.as_bytes(), &[("output_format", "pdf")]);
    let api_html_pdf = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/dev/pdf/convert", &to_pdf).await.map(drop)
    })
    .await?;
    let docx = download(
        &api,
        &Body::form(
            "invoice.html",
            html.as_bytes(),
            &[("output_format", "docx")],
        ),
    )
    .await?;
    let docx_file = scratch.path().join("invoice.docx");
    std::fs::write(&docx_file, &docx)?;
    let docx_to_pdf = Body::form("invoice.docx", &docx, &[("output_format", "pdf")]);
    let api_docx_pdf = time(WARMUP, RUNS, PAUSE, || async {
        api.post("/v1/dev/pdf/convert", &docx_to_pdf)
            .await
            .map(drop)
    })
    .await?;
    let mut generated = Vec::new();
    let invoice = builtin("invoice").context("the built-in invoice")?;
    for format in ["pdf", "docx", "html", "txt", "odt"] {
        let body = Body::json(&format!(
            r#"{{"template_id":"invoice","output_format":"{format}","data":{}}}"#,
            invoice.example
        ));
        let figure = time(WARMUP, RUNS / 2, PAUSE, || async {
            api.post("/v1/dev/pdf/generate", &body).await.map(drop)
        })
        .await?;
        generated.push((format, figure));
    }
    let invoice_pdf = Body::json(&format!(
        r#"{{"template_id":"invoice","output_format":"pdf","data":{}}}"#,
        invoice.example
    ));
    let started = Instant::now();
    let clients = (0..CONCURRENT_CLIENTS).map(|_| {
        let (api, body) = (api.clone(), invoice_pdf.clone());
        tokio::spawn(async move {
            for _ in 0..CALLS_PER_CLIENT {
                api.post("/v1/dev/pdf/generate", &body).await?;
            }
            anyhow::Ok(())
        })
    });
    for client in futures::future::join_all(clients).await {
        client??;
    }
    let throughput =
        (CONCURRENT_CLIENTS * CALLS_PER_CLIENT) as f64 / started.elapsed().as_secs_f64();
    running.close().await?;

    let page = serve_invoice().await?;
    let binary = launch::binary(&config.browser.binary)?;
    let url = format!("http://{page}/invoice");
    let (raw_pdf, fresh_pdf) = tokio::task::spawn_blocking(move || {
        let (_, reused) = raw_cdp(&binary, &url)?;
        let fresh = raw_cdp_fresh_contexts(&binary, &url, Capture::Pdf)?;
        anyhow::Ok((reused, fresh))
    })
    .await??;
    let out = scratch.path().join("out.pdf");
    let weasyprint = peer(&["weasyprint", path(&html_file), path(&out)], &out);
    let wkhtmltopdf = peer(&["wkhtmltopdf", "-q", path(&html_file), path(&out)], &out);
    let profile = format!(
        "-env:UserInstallation=file://{}",
        scratch.path().join("lo-profile").display()
    );
    let outdir = scratch.path().join("soffice-out");
    let soffice = peer(
        &[
            "soffice",
            &profile,
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            path(&outdir),
            path(&docx_file),
        ],
        &outdir.join("invoice.pdf"),
    );

    println!("docgen bench: a 40-row invoice page (HTML, and the DOCX LibreOffice made of it)");
    println!("| figure | through the API | reference | ratio (p50) |");
    println!("|---|---|---|---|");
    println!(
        "| HTML → PDF p50 / p99 | {api_html_pdf} | raw printToPDF, same browser: {raw_pdf} | {:.2}× |",
        api_html_pdf.p50 / raw_pdf.p50
    );
    println!(
        "| HTML → PDF p50 / p99 | {api_html_pdf} | raw printToPDF in a fresh context per document (the pool's isolation): {fresh_pdf} | {:.2}× |",
        api_html_pdf.p50 / fresh_pdf.p50
    );
    for (name, figure) in [("WeasyPrint", &weasyprint), ("wkhtmltopdf", &wkhtmltopdf)] {
        match figure {
            Ok(s) => println!(
                "| HTML → PDF vs {name} | {api_html_pdf} | {name} (a process per document): {s} | {:.2}× |",
                api_html_pdf.p50 / s.p50
            ),
            Err(e) => println!("| HTML → PDF vs {name} | {api_html_pdf} | not measured: {e:#} | |"),
        }
    }
    match &soffice {
        Ok(s) => println!(
            "| DOCX → PDF p50 / p99 | {api_docx_pdf} | cold soffice --convert-to pdf: {s} | {:.2}× |",
            api_docx_pdf.p50 / s.p50
        ),
        Err(e) => println!("| DOCX → PDF | {api_docx_pdf} | not measured: {e:#} | |"),
    }
    for (format, figure) in generated {
        println!("| generate invoice → {format} | {figure} | | |");
    }
    println!(
        "| {CONCURRENT_CLIENTS} clients × {CALLS_PER_CLIENT} invoice PDFs | {throughput:.1} documents/s | | |"
    );
    Ok(())
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap_or_default()
}

/// Converts through the API and downloads the result.
async fn download(api: &ApiClient, body: &Body) -> Result<Vec<u8>> {
    let record: serde_json::Value =
        serde_json::from_slice(&api.post("/v1/dev/pdf/convert", body).await?)?;
    let id = record["document_id"].as_str().context("a document id")?;
    Ok(api
        .get(&format!("/v1/dev/pdf/download/{id}"))
        .await?
        .to_vec())
}

/// Times `PEER_RUNS` runs of a peer's command (after one untimed), checking it wrote `out`.
fn peer(command: &[&str], out: &Path) -> Result<Stats> {
    time_command(
        command,
        &[("QT_QPA_PLATFORM", "offscreen")],
        Some(out),
        PEER_RUNS,
    )
}
