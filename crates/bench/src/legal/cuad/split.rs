//! Which of our CUAD contracts are for development (training and tuning) and which are the
//! test split nothing is trained or tuned on: the development set of `../shared/data` always
//! develops; every other contract goes to test when a seeded hash of its name falls in the
//! lowest 30 %. The list is committed as `crates/legal/classifier/split.tsv`.

use std::collections::BTreeMap;

/// Share of the mirror's contracts in the test split, in percent.
pub const TEST_PERCENT: u64 = 30;
const SEED: &str = "suite-legal-cuad-split-1";

/// The split a contract belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Dev,
    Test,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Dev => "dev",
            Part::Test => "test",
        }
    }
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The part of contract `name`; `development` says it is one of the shared development set.
pub fn part_of(name: &str, development: bool) -> Part {
    if development || fnv(&format!("{SEED}:{name}")) % 100 >= TEST_PERCENT {
        Part::Dev
    } else {
        Part::Test
    }
}

/// Within the development split, for tuning: the part a quarter of it takes as validation
/// (`Test`) while the rest trains (`Dev`); the shared development set always trains.
pub fn validation_of(name: &str, development: bool) -> Part {
    if !development && fnv(&format!("{SEED}:validation:{name}")).is_multiple_of(4) {
        Part::Test
    } else {
        Part::Dev
    }
}

/// The split file: a header, then `name<TAB>dev|test` per contract, sorted by name.
pub fn to_tsv(parts: &BTreeMap<String, Part>) -> String {
    let mut out = String::from(
        "# CUAD contracts of suite-legal's classifier: rows 151-510 of master_clauses.csv (row 1 = the first data row after the header; rows 1-150 are held out and never read) and ../shared/data/contracts/cuad. Written by `suite-bench legal train`.\n",
    );
    for (name, part) in parts {
        out.push_str(&format!("{name}\t{}\n", part.name()));
    }
    out
}

/// Reads a split file written by `to_tsv`.
pub fn from_tsv(text: &str) -> BTreeMap<String, Part> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(name, part)| {
            let part = if part.trim() == "test" {
                Part::Test
            } else {
                Part::Dev
            };
            (name.to_string(), part)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Part, from_tsv, part_of, to_tsv};

    #[test]
    fn the_split_is_fixed_and_round_trips() {
        assert_eq!(part_of("anything", true), Part::Dev);
        let names = (0..1000).map(|i| format!("contract {i}"));
        let test = names.filter(|n| part_of(n, false) == Part::Test).count();
        assert!((200..400).contains(&test), "{test}");
        let parts = [("a".to_string(), Part::Dev), ("b".to_string(), Part::Test)].into();
        assert_eq!(from_tsv(&to_tsv(&parts)), parts);
    }
}
