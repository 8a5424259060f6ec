//! `suite-bench screenshot bench`: the screenshot API through HTTP next to a raw CDP capture of the
//! same page with the same Chromium, measured in one run (`cargo xtask bench screenshot`
//! runs it on the release build). Reports figures; asserts none.
//!
//! - warm screenshot (PNG 1280×800) and warm PDF (A4) through the API: a whole server in
//!   process, auth and quota on SQLite, the engine's fresh context per job, the egress proxy;
//! - the same with a raw CDP loop (`raw`): one browser, one tab, navigate, wait for `load`,
//!   capture; and the screenshot again with a fresh context per capture, the isolation the
//!   pool gives each job, to tell what that costs apart from the API's own work;
//! - a 10-URL batch next to one capture;
//! - the pool browser's resident memory (all its processes) after 500 captures.

use std::time::{Duration, Instant};

use anyhow::Result;

use super::page::serve_invoice;
use super::raw::{Capture, raw_cdp, raw_cdp_batch, raw_cdp_fresh_contexts};
use crate::support::{Stats, bench_server, time};
use suite_engines::browser::launch;
use suite_engines::sandbox::processes;
use suite_platform::Api;
use suite_server::config::Config;

/// Timed calls per figure.
pub const RUNS: usize = 40;
pub const WARMUP: usize = 5;

/// The pause before each timed call (API and raw alike): the figures are the latency of a
/// call that finds the server idle, as most calls do. The work the pool does between calls
/// (disposing the last context, opening the next page) is counted by the batch figure and
/// the back-to-back loop of the memory figure, not hidden.
pub const PAUSE: Duration = Duration::from_millis(1500);
/// Captures made before reading the pool browser's memory again.
const MEMORY_CAPTURES: usize = 500;

pub async fn run(mut config: Config) -> Result<()> {
    let page = serve_invoice().await?;
    let url = format!("http://{page}/invoice");
    let data = std::env::temp_dir().join(format!("suite-bench-screenshot-{}", std::process::id()));
    config.browser.allow_internal = vec![page.to_string()];
    let (running, api) = bench_server(config.clone(), data.clone(), &[Api::Screenshot]).await?;

    let shot = format!(r#"{{"url":"{url}","width":1280,"height":800}}"#);
    let pdf = format!(r#"{{"url":"{url}"}}"#);
    let items: Vec<String> = (0..10)
        .map(|i| format!(r#"{{"url":"{url}?{i}","width":1280,"height":800}}"#))
        .collect();
    let batch = format!(r#"{{"items":[{}]}}"#, items.join(","));

    let api_shot = time(WARMUP, RUNS, PAUSE, || {
        api.call("/v1/dev/screenshot/screenshot", &shot)
    })
    .await?;
    let api_pdf = time(WARMUP, RUNS, PAUSE, || {
        api.call("/v1/dev/screenshot/pdf", &pdf)
    })
    .await?;
    let api_batch = time(WARMUP, RUNS / 4, PAUSE, || {
        api.call("/v1/dev/screenshot/batch", &batch)
    })
    .await?;

    let pool_rss_start = chromium_rss_kib();
    let mut rss_marks = Vec::new();
    let back_to_back = Instant::now();
    for done in 1..=MEMORY_CAPTURES {
        api.call("/v1/dev/screenshot/screenshot", &shot).await?;
        if done % 100 == 0 || done == MEMORY_CAPTURES - 5 {
            rss_marks.push((done, chromium_rss_kib()));
        }
    }
    let back_to_back = back_to_back.elapsed();
    running.close().await?;
    let _ = std::fs::remove_dir_all(&data);

    let binary = launch::binary(&config.browser.binary)?;
    let (reused_binary, reused_url) = (binary.clone(), url.clone());
    let raw = tokio::task::spawn_blocking(move || raw_cdp(&reused_binary, &reused_url)).await??;
    let (fresh_binary, fresh_url) = (binary.clone(), url.clone());
    let fresh = tokio::task::spawn_blocking(move || {
        let shots = raw_cdp_fresh_contexts(&fresh_binary, &fresh_url, Capture::Png)?;
        let pdfs = raw_cdp_fresh_contexts(&fresh_binary, &fresh_url, Capture::Pdf)?;
        anyhow::Ok((shots, pdfs))
    })
    .await??;
    let tabs = config.browser.jobs();
    // Reported, not fatal: the API's figures above stand without it.
    let raw_batch = tokio::task::spawn_blocking(move || raw_cdp_batch(&binary, &url, 10, tabs))
        .await?
        .map_or_else(
            |e| format!("failed: {e:#}"),
            |batch| format!("{batch} | {:.2}× raw one", batch.p50 / raw.0.p50),
        );

    println!("screenshot bench: a 40-row invoice page served on loopback, PNG 1280×800, A4 PDF");
    println!("| figure | through the API | raw CDP, same browser | ratio (p50) |");
    println!("|---|---|---|---|");
    let against_raw = |figure: &str, api: &Stats, raw: &Stats| {
        println!("| {figure} | {api} | {raw} | {:.2}× |", api.p50 / raw.p50);
    };
    against_raw("warm screenshot p50 / p99", &api_shot, &raw.0);
    against_raw("warm PDF p50 / p99", &api_pdf, &raw.1);
    against_raw(
        "warm screenshot p50 / p99, raw in a fresh context per capture",
        &api_shot,
        &fresh.0,
    );
    against_raw(
        "warm PDF p50 / p99, raw in a fresh context per print",
        &api_pdf,
        &fresh.1,
    );
    println!(
        "| batch of 10 p50 / p99 | {} | one API capture {:.1} ms | {:.2}× one |",
        api_batch,
        api_shot.p50,
        api_batch.p50 / api_shot.p50
    );
    println!("| batch of 10, raw in {tabs} reused tabs at once, p50 / p99 | | {raw_batch} |");
    println!(
        "{MEMORY_CAPTURES} screenshots back to back from one client: {:.1} s, {:.0} ms each",
        back_to_back.as_secs_f64(),
        back_to_back.as_secs_f64() * 1e3 / MEMORY_CAPTURES as f64
    );
    println!(
        "pool browser RSS (all its processes): {} MiB after warm-up",
        pool_rss_start / 1024
    );
    for (done, rss) in rss_marks {
        println!("  after {done} captures: {} MiB", rss / 1024);
    }
    Ok(())
}

/// Resident memory, in KiB, of every process this process started (the browsers' jails,
/// Chromium's processes below them).
fn chromium_rss_kib() -> u64 {
    processes::descendants(std::process::id())
        .into_iter()
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next())
                .and_then(|v| v.parse::<u64>().ok())
        })
        .sum()
}
