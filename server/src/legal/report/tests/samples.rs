//! Not run by default: the report's speed and size in release, and sample reports written to
//! target/ to look at (`cargo test --release -- --ignored --nocapture`).

use super::fixtures::{analysis, clauses};
use super::fonts;
use crate::legal::report::{Fonts, ReportInput, write};

/// Timing and size in release: `cargo test --release -- --ignored --nocapture timing`.
#[test]
#[ignore]
fn timing_and_size() {
    let start = std::time::Instant::now();
    let fonts = Fonts::load().unwrap();
    println!("Fonts::load: {:?}", start.elapsed());
    let all_clauses = clauses();
    // The first six clauses are English only: no CJK font is embedded then.
    for (label, count, clause_count) in [
        ("0 findings", 0, 9),
        ("60 findings, Latin only", 60, 6),
        ("60 findings, with CJK/Cyrillic/Greek/RTL quotes", 60, 9),
        ("200 findings", 200, 9),
    ] {
        let analysis = analysis(count, clause_count, 73);
        let input = ReportInput {
            title: "Master Services Agreement",
            file_name: "msa.pdf",
            date: "2026-11-25",
            analysis: &analysis,
            clauses: &all_clauses,
        };
        let runs = 20;
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..runs {
            let start = std::time::Instant::now();
            size = write(&input, &fonts).unwrap().len();
            times.push(start.elapsed());
        }
        times.sort();
        println!(
            "{label}: median {:?}, max {:?}, {size} bytes",
            times[runs / 2],
            times[runs - 1]
        );
    }
}

/// Writes sample reports to target/ for looking at them:
/// `cargo test -- --ignored write_samples`.
#[test]
#[ignore]
fn write_samples() {
    let clauses = clauses();
    for (name, count, score) in [
        ("sample-60", 60, 73),
        ("sample-0", 0, 0),
        ("sample-9", 9, 20),
    ] {
        let analysis = analysis(count, clauses.len(), score);
        let input = ReportInput {
            title: "Master Services Agreement — Acme Corp. and Globex",
            file_name: "acme-globex-msa.pdf",
            date: "2026-11-25",
            analysis: &analysis,
            clauses: &clauses,
        };
        let path = format!("{}/target/{name}.pdf", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(path, write(&input, fonts()).unwrap()).unwrap();
    }
}
