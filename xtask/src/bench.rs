//! `cargo xtask bench <name>`: benchmarks, run on a release build (benchmarks are not tests:
//! they report figures, they assert none).
//!
//! - `sanctions [--evaluate] [PATH...]`: index build time, p50/p99 of screen and deep
//!   analysis in process, batches of 100 and memory, then (with `--evaluate`, or always when
//!   no flag filters) recall on perturbed list names and false alarms on common names. PATHs
//!   default to the real lists in `../shared/data/sanctions/` plus the EU fixture.
//! - `screenshot`: warm screenshot and PDF through the API next to a raw CDP capture of the
//!   same page with the same Chromium, a 10-URL batch next to one capture, and the pool
//!   browser's memory over 500 captures (`suite screenshot bench`).
//! - `docgen`: HTML → PDF through the API next to a raw print in the same browser, WeasyPrint
//!   and wkhtmltopdf; DOCX → PDF through the warm LibreOffice pool next to a cold soffice;
//!   generate into each format; 4 clients at once (`suite docgen bench`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::cargo::{Profile, build_suite};

pub fn run(root: &Path, args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("sanctions") => sanctions(root, &args[1..]),
        Some("screenshot") => suite_tool(root, "screenshot"),
        Some("docgen") => {
            crate::system::ensure_docgen_bench_deps()?;
            suite_tool(root, "docgen")
        }
        _ => bail!(
            "usage: cargo xtask bench sanctions [--evaluate | --bench-only] [PATH...] | screenshot | docgen | validate"
        ),
    }
}

fn default_lists(root: &Path) -> Result<Vec<PathBuf>> {
    let data = root.join("../shared/data/sanctions");
    let paths = vec![
        data.join("ofac-sdn-2021"),
        data.join("ofac-cons-2025"),
        data.join("un/consolidated.xml"),
        root.join("server/src/sanctions/fixtures/eu_fsf_sample.xml"),
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

/// Runs `suite <api> bench` on the release build.
fn suite_tool(root: &Path, api: &str) -> Result<()> {
    crate::system::ensure_server_deps()?;
    let suite = build_suite(root, Profile::Release)?;
    let status = Command::new(&suite)
        .args([api, "bench"])
        .status()
        .with_context(|| format!("running {}", suite.display()))?;
    if !status.success() {
        bail!("`suite {api} bench` exited with {status}");
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
    let suite = build_suite(root, Profile::Release)?;
    let mut steps = Vec::new();
    if !evaluate_only {
        steps.push("bench");
    }
    if !bench_only {
        steps.push("evaluate");
    }
    for step in steps {
        let status = Command::new(&suite)
            .args(["lists", step])
            .args(&paths)
            .status()
            .with_context(|| format!("running {}", suite.display()))?;
        if !status.success() {
            bail!("`suite lists {step}` exited with {status}");
        }
    }
    Ok(())
}
