//! `cargo xtask <command>`: the project's own tasks, in Rust so they run wherever cargo does.
//!
//! - `codegen [--check]`: regenerate (or verify) the code generated from openapi/suite.yaml.
//! - `test`: install what tests need, then run every check CI runs.
//! - `serve [--dev]`: install, build (optimized unless `--dev`), migrate and serve with a
//!   development key.
//! - `bench [name]`: benchmarks against their references.
//! - `conformance --base-url URL`: the conformance suite against a running deployment.

mod bench;
mod bench_validate;
mod cargo;
mod clippy;
mod codegen;
mod conformance;
mod coverage;
mod examples;
mod layering;
mod libtest;
mod postgres;
mod ppocr;
mod process;
mod schemathesis;
mod serve;
mod system;
mod test;
mod test_binaries;

use std::path::PathBuf;

use anyhow::{Result, bail};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = std::env::var_os("XTASK_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(workspace_root);
    match args.first().map(String::as_str) {
        Some("codegen") => codegen::run(&root, args.iter().any(|a| a == "--check")),
        Some("test") => test::run(&root, &args[1..]),
        Some("serve") => serve::run(&root, &args[1..]),
        Some("conformance") => conformance::run(&root, &args[1..]),
        Some("coverage") => coverage::run(&root, args.iter().any(|a| a == "--update")),
        Some("bench") => match args.get(1).map(String::as_str) {
            Some("validate") => bench_validate::run(&root),
            _ => bench::run(&root, &args[1..]),
        },
        _ => bail!(
            "usage: cargo xtask codegen [--check] | test [--skip <step>]... | serve [--dev] | coverage [--update] | bench [name] | conformance --base-url URL"
        ),
    }
}

/// The workspace root: xtask lives one level below it. `cargo run` tells where at run time,
/// so a binary shared between worktrees (one target directory) works on the one it runs in.
pub fn workspace_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}
