//! `suite-bench docgen bench`: the document API through HTTP next to the references a user would
//! otherwise pick, measured in one run on the same machine (`cargo xtask bench docgen` runs it
//! on the release build and installs the peers). Reports figures; asserts none.
//!
//! - HTML → PDF of a 40-row invoice page: `convert` through the API; a raw `Page.printToPDF`
//!   of the same page in the same Chromium, in one reused tab (target ≤ 1.2×), loaded both
//!   ways a script would (navigating to it on loopback; setting it as the tab's content, as
//!   the engine does), and in a fresh context per document as the pool isolates its jobs
//!   (what the isolation costs). The API's calls and the references' take turns, round by
//!   round, each after the same pause, so that the machine's drift over minutes reaches
//!   them alike. WeasyPrint and wkhtmltopdf on the same file, each run as its users run it
//!   (a process per document; target: faster than both);
//! - DOCX → PDF through the warm LibreOffice pool next to a cold `soffice --headless
//!   --convert-to pdf` (target ≤ 0.5×);
//! - `generate` of the built-in invoice into each format;
//! - throughput of invoice PDFs with 4 clients at once.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::screenshot::page::{invoice_html, serve_invoice};
use crate::screenshot::raw::{Capture, FreshContexts, Loading, ReusedTab};
use crate::support::{ApiClient, Body, Stats, bench_server, stats, time, time_command};
use suite_docgen::builtin::builtin;
use suite_engines::browser::launch;
use suite_platform::Api;
use suite_server::config::Config;

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

    let html_to_pdf = html_to_pdf(&config, &api, &html).await?;
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
    let api_html_pdf = &html_to_pdf.api;
    for (reference, figure) in [
        (
            "raw printToPDF, same browser, one reused tab, navigated to the page on loopback",
            &html_to_pdf.reused_navigated,
        ),
        (
            "raw printToPDF, same browser, one reused tab, the page set as its content",
            &html_to_pdf.reused_set,
        ),
        (
            "raw printToPDF, the page set as the content of a fresh context's tab per document (the pool's isolation)",
            &html_to_pdf.fresh_set,
        ),
    ] {
        println!(
            "| HTML → PDF p50 / p99 | {api_html_pdf} | {reference}: {figure} | {:.2}× |",
            api_html_pdf.p50 / figure.p50
        );
    }
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

/// HTML → PDF through the API and the raw references, timed in turns.
struct HtmlToPdf {
    api: Stats,
    reused_navigated: Stats,
    reused_set: Stats,
    fresh_set: Stats,
}

/// Times `convert` of `html` to PDF and the raw prints of the same page round by round: in
/// each, the API's call, then each reference's, each after the pause.
async fn html_to_pdf(config: &Config, api: &ApiClient, html: &str) -> Result<HtmlToPdf> {
    let page = serve_invoice().await?;
    let binary = launch::binary(&config.browser.binary)?;
    let references = tokio::task::spawn_blocking(move || {
        anyhow::Ok(Arc::new((
            ReusedTab::launch(&binary)?,
            FreshContexts::launch(&binary)?,
        )))
    })
    .await??;
    let navigate = Loading::Navigate(format!("http://{page}/invoice"));
    let set = Loading::SetContent(html.into());
    let to_pdf = Body::form("invoice.html", html.as_bytes(), &[("output_format", "pdf")]);
    let mut rounds: [Vec<f64>; 4] = Default::default();
    for round in 0..WARMUP + RUNS {
        tokio::time::sleep(PAUSE).await;
        let started = Instant::now();
        api.post("/v1/dev/pdf/convert", &to_pdf).await?;
        let api_ms = started.elapsed().as_secs_f64() * 1e3;
        let (references, navigate, set) = (references.clone(), navigate.clone(), set.clone());
        let raw = tokio::task::spawn_blocking(move || {
            let (reused, fresh) = &*references;
            let tag = format!("round{round}");
            anyhow::Ok([
                reused.time(&navigate, &tag, Capture::Pdf)?,
                reused.time(&set, &tag, Capture::Pdf)?,
                fresh.time(&set, &tag, Capture::Pdf)?,
            ])
        })
        .await??;
        if round >= WARMUP {
            for (times, ms) in rounds.iter_mut().zip(std::iter::once(api_ms).chain(raw)) {
                times.push(ms);
            }
        }
    }
    let [api, reused_navigated, reused_set, fresh_set] = rounds.map(stats);
    Ok(HtmlToPdf {
        api,
        reused_navigated,
        reused_set,
        fresh_set,
    })
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
