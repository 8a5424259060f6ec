//! `cargo xtask bench <name>`: benchmarks, run on a release build (benchmarks are not tests:
//! they report figures, they assert none).
//!
//! - `sanctions [--evaluate] [PATH...]`: index build time, p50/p99 of screen and deep
//!   analysis in process, batches of 100 and memory, then (with `--evaluate`, or always when
//!   no flag filters) recall on perturbed list names and false alarms on common names. PATHs
//!   default to the real lists in `../shared/data/sanctions/` plus the EU fixture.
//! - `screenshot`: warm screenshot and PDF through the API next to a raw CDP capture of the
//!   same page with the same Chromium, a 10-URL batch next to one capture, and the pool
//!   browser's memory over 500 captures (`suite-bench screenshot bench`).
//! - `docgen`: HTML → PDF through the API next to a raw print in the same browser, WeasyPrint
//!   and wkhtmltopdf; DOCX → PDF through the warm LibreOffice pool next to a cold soffice;
//!   generate into each format; 4 clients at once (`suite-bench docgen bench`).
//! - `pii`: detect on a receipt photo through the API next to the `tesseract` CLI, a 10-page
//!   born-digital and scanned PDF, a batch of 20 (`suite-bench pii bench`), then the accuracy
//!   evaluation on `../shared/data/pii/presidio_synth_dev.json` rendered to images
//!   (`suite-bench pii evaluate`).
//! - `finance`: parse of a receipt photo through the API next to the `tesseract` CLI, PP-OCR's
//!   reading of it next to the Python `rapidocr_onnxruntime` (in a virtualenv made here), audit
//!   of a 20-page statement PDF and a 5,000-row CSV (`suite-bench finance bench`), then the
//!   accuracy of vendor, date and total on `../shared/data/receipts/sroie` (`suite-bench
//!   finance evaluate`).
//! - `legal`: analyze of a 30-page contract in process and through the API (TXT, DOCX, PDF),
//!   compare of two versions and the PDF report (`suite-bench legal bench`), then precision and
//!   recall per category on `../shared/data/contracts/cuad` (`suite-bench legal evaluate`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::cargo::{Profile, build_bench};

/// How `suite-bench finance bench` finds the Python reference (`SUITE_BENCH_RAPIDOCR_PYTHON`
/// in `crates/bench/src/finance/ppocr.rs`).
const RAPIDOCR_PYTHON: &str = "SUITE_BENCH_RAPIDOCR_PYTHON";

pub fn run(root: &Path, args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("sanctions") => sanctions(root, &args[1..]),
        Some("screenshot") => suite_tool(root, &["screenshot", "bench"]),
        Some("docgen") => {
            crate::system::ensure_docgen_bench_deps()?;
            suite_tool(root, &["docgen", "bench"])
        }
        Some("pii") => {
            suite_tool(root, &["pii", "bench"])?;
            suite_tool(root, &["pii", "evaluate"])
        }
        Some("finance") => {
            let python = crate::system::ensure_rapidocr_reference(root)?;
            let reference = [(RAPIDOCR_PYTHON, python.as_path())];
            suite_tool_with(root, &["finance", "bench"], &reference)?;
            suite_tool(root, &["finance", "evaluate"])
        }
        Some("legal") => {
            suite_tool(root, &["legal", "bench"])?;
            suite_tool(root, &["legal", "evaluate"])
        }
        _ => bail!(
            "usage: cargo xtask bench sanctions [--evaluate | --bench-only] [PATH...] | screenshot | docgen | pii | finance | legal | validate"
        ),
    }
}

fn default_lists(root: &Path) -> Result<Vec<PathBuf>> {
    let data = root.join("../shared/data/sanctions");
    let paths = vec![
        data.join("ofac-sdn-2021"),
        data.join("ofac-cons-2025"),
        data.join("un/consolidated.xml"),
        root.join("crates/sanctions/src/fixtures/eu_fsf_sample.xml"),
    ];
    for p in &paths {
        if !p.exists() {
            bail!(
                "{} is missing: the benchmark runs on the real lists of shared/data/sanctions",
                p.display()
            );
        }
    }
    Ok(paths)
}

/// Runs `suite-bench <args>` (an API's bench or evaluation) on the release build, from the
/// repository (the shared data is beside it).
fn suite_tool(root: &Path, args: &[&str]) -> Result<()> {
    suite_tool_with(root, args, &[])
}

/// [`suite_tool`] with `env` set for it (where a reference tool is).
fn suite_tool_with(root: &Path, args: &[&str], env: &[(&str, &Path)]) -> Result<()> {
    crate::system::ensure_server_deps()?;
    let suite = build_bench(root, Profile::Release)?;
    let status = Command::new(&suite)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root)
        .status()
        .with_context(|| format!("running {}", suite.display()))?;
    if !status.success() {
        bail!("`suite-bench {}` exited with {status}", args.join(" "));
    }
    Ok(())
}

fn sanctions(root: &Path, args: &[String]) -> Result<()> {
    let evaluate_only = args.iter().any(|a| a == "--evaluate");
    let bench_only = args.iter().any(|a| a == "--bench-only");
    let mut paths: Vec<PathBuf> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if paths.is_empty() {
        paths = default_lists(root)?;
    }
    let bench = build_bench(root, Profile::Release)?;
    let mut steps = Vec::new();
    if !evaluate_only {
        steps.push("bench");
    }
    if !bench_only {
        steps.push("evaluate");
    }
    for step in steps {
        let status = Command::new(&bench)
            .args(["sanctions", step])
            .args(&paths)
            .status()
            .with_context(|| format!("running {}", bench.display()))?;
        if !status.success() {
            bail!("`suite-bench sanctions {step}` exited with {status}");
        }
    }
    Ok(())
}
