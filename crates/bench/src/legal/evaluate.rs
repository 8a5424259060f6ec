//! `suite-bench legal evaluate`: the CUAD figures of the review rules — per category, document-level
//! precision and recall against the experts' labels (strict: any clause placed in the category;
//! concept: only the findings of the rules that say what CUAD's columns label), micro averages,
//! the disagreements, the clause-level figures of our own labelled fixtures, and the time
//! `analyze` takes per contract; with `--mirror`, the twelve-label table of issue 38 on the
//! development and test split of the classifier (`cuad/concepts.rs`).

use std::collections::BTreeMap;
use std::path::Path;

use super::cuad::fixtures::evaluate_fixtures;
use super::cuad::labels::{self, Report};
use super::cuad::{concepts, dataset, split};
use crate::support::Counts;
use suite_legal::model::Category;

fn print_table(title: &str, counts: &BTreeMap<Category, Counts>) {
    println!("{title}");
    for (category, c) in counts {
        println!("  {:<22} {c}", category.name());
    }
    println!("  {:<22} {}", "micro average", labels::micro(counts));
}

fn print_disagreements(report: &Report) {
    println!("Disagreements with the labels (label / strict / concept):");
    for contract in &report.contracts {
        for (category, (labelled, any, concept)) in &contract.per_category {
            if labelled != any || labelled != concept {
                let short: String = contract.file.chars().take(45).collect();
                println!(
                    "  {short:<45} {:<22} label={labelled} strict={any} concept={concept}",
                    category.name()
                );
            }
        }
    }
}

/// The twelve-label table on the split of `split_file`, from the mirror's contracts.
fn run_concepts(
    mirror: &Path,
    data: &Path,
    split_file: &Path,
    verbose: bool,
) -> anyhow::Result<()> {
    let parts = split::from_tsv(&std::fs::read_to_string(split_file)?);
    let dataset = dataset::read(mirror, data)?;
    let table = concepts::evaluate(
        dataset
            .contracts
            .iter()
            .filter_map(|c| parts.get(&c.name).map(|p| (c, *p))),
    );
    println!("Twelve CUAD labels, document level, through review (as analyze):");
    print!("{}", concepts::markdown(&table));
    let contracts = table.contracts.values().sum::<usize>().max(1) as f64;
    println!(
        "  {:.1} ms per contract on average, of which the clause classifier {:.1} ms",
        table.time.as_secs_f64() * 1000.0 / contracts,
        table.classifier_time.as_secs_f64() * 1000.0 / contracts
    );
    if verbose {
        println!("The classifier alone on the test part, precision/recall per threshold:");
        let test = dataset
            .contracts
            .iter()
            .filter(|c| parts.get(&c.name) == Some(&split::Part::Test));
        for (i, row) in concepts::classifier_alone(test).iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .zip(concepts::THRESHOLDS)
                .map(|(c, t)| format!("{t}:{:.2}/{:.2}", c.precision(), c.recall()))
                .collect();
            println!(
                "  {:<28} {}",
                suite_legal::classify::labels::CONCEPTS[i].cuad,
                cells.join(" ")
            );
        }
    }
    Ok(())
}

pub fn run(
    data: &Path,
    mirror: Option<&Path>,
    split_file: &Path,
    verbose: bool,
) -> anyhow::Result<()> {
    if let Some(mirror) = mirror {
        return run_concepts(mirror, data, split_file, verbose);
    }
    let report = labels::evaluate(data).map_err(|e| anyhow::anyhow!("CUAD evaluation: {e}"))?;
    println!(
        "legal evaluate: {} CUAD contracts in {}",
        report.contracts.len(),
        data.display()
    );
    print_table(
        "Strict mapping (any clause placed in the category):",
        &report.strict(),
    );
    print_table(
        "Concept mapping (only the rules that express CUAD's labelled concepts):",
        &report.concept(),
    );
    print_table(
        "Fixtures (clause level, categories CUAD does not label):",
        &evaluate_fixtures(),
    );
    if verbose {
        print_disagreements(&report);
        println!("Time of analyze (segmentation excluded):");
        for c in &report.contracts {
            let short: String = c.file.chars().take(45).collect();
            println!(
                "  {short:<45} {:>7} chars {:>4} clauses first {:>7.2} ms, again {:>6.2} ms",
                c.chars,
                c.clauses,
                c.analyze_time.as_secs_f64() * 1000.0,
                c.warm_time.as_secs_f64() * 1000.0
            );
        }
    }
    Ok(())
}
