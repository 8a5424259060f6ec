//! `suite-bench legal train`: the clause classifier trained on the development split of our
//! CUAD contracts (`cuad/dataset.rs`, `cuad/split.rs`), written to `crates/legal/classifier/`
//! as `weights.bin` with `split.tsv`. The same data and settings always give the same bytes.

pub mod examples;
pub mod logistic;

use std::collections::BTreeMap;
use std::path::Path;

use super::cuad::dataset;
use super::cuad::split::{self, Part};
use suite_legal::classify::labels;

/// Reads the contracts, writes the split, trains on its development part and writes the weights.
///
/// With `validation`, a quarter of the development split (`split::validation_of`) is kept out
/// of training and written as the test part of `validation-split.tsv`, for tuning on
/// development contracts only; the test split is then not read at all.
pub fn run(mirror: &Path, dev_dir: &Path, out: &Path, validation: bool) -> anyhow::Result<()> {
    let data = dataset::read(mirror, dev_dir)?;
    let mut parts: BTreeMap<String, Part> = data
        .contracts
        .iter()
        .map(|c| (c.name.clone(), split::part_of(&c.name, c.development)))
        .collect();
    if validation {
        parts.retain(|_, p| *p == Part::Dev);
        for contract in &data.contracts {
            if let Some(part) = parts.get_mut(&contract.name) {
                *part = split::validation_of(&contract.name, contract.development);
            }
        }
        std::fs::write(out.join("validation-split.tsv"), split::to_tsv(&parts))?;
    } else {
        std::fs::write(out.join("split.tsv"), split::to_tsv(&parts))?;
    }
    let mut train = Vec::new();
    let mut lost = 0;
    let mut spans = 0;
    for contract in &data.contracts {
        if parts.get(&contract.name) != Some(&Part::Dev) {
            continue;
        }
        let (examples, missed) = examples::examples(contract);
        lost += missed;
        spans += labels::CONCEPTS
            .iter()
            .filter_map(|c| contract.spans.get(c.cuad))
            .map(Vec::len)
            .sum::<usize>();
        train.extend(examples);
    }
    let dev = parts.values().filter(|p| **p == Part::Dev).count();
    println!(
        "legal train: {} contracts ({dev} development, {} test; {} rows without a text file), {} examples (sentences and clauses), {} of {spans} expert spans not found in the clauses",
        parts.len(),
        parts.len() - dev,
        data.without_text,
        train.len(),
        lost
    );
    for o in 0..labels::OUTPUTS {
        let positives = train.iter().filter(|e| e.trains[o] && e.targets[o]).count();
        let of = train.iter().filter(|e| e.trains[o]).count();
        println!(
            "  {:<30} {positives:>6} positive of {of}",
            labels::output_name(o)
        );
    }
    let weights = logistic::train(&train, labels::OUTPUTS, logistic::Settings::SHIPPED);
    let bytes = weights.encode();
    std::fs::write(out.join("weights.bin"), &bytes)?;
    println!(
        "  wrote {} ({} features, {} bytes, sha256 {})",
        out.join("weights.bin").display(),
        weights.ids.len(),
        bytes.len(),
        suite_engines::digest::sha256_hex(&[&bytes])
    );
    Ok(())
}
