//! Status-code coverage: every (operationId, status) pair openapi/suite.yaml declares is either
//! exercised by a test run or listed in conformance/uncovered.txt, and that list only shrinks.
//!
//! Exercised pairs are the `operationId status` lines of every file in the coverage directory
//! (`target/conformance-coverage/`), written by the conformance servers and the schemathesis step.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// An (operationId, status) pair; the status as the contract spells it (`"200"`, `"4XX"`).
type Pair = (String, String);

const HTTP_METHODS: &[&str] = &[
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

const LIST_HEADER: &str = "\
# (operationId, status) pairs that openapi/suite.yaml declares and no test exercises yet.
# `cargo xtask test` fails when a declared pair is neither exercised nor listed here, and when
# a listed pair is exercised: this list only shrinks. Remove lines as tests cover them.
";

/// `cargo xtask coverage [--update]`: check (or rewrite) the list against the last test run.
pub fn run(root: &Path, update: bool) -> Result<()> {
    let dir = root.join("target").join("conformance-coverage");
    if !dir.is_dir() {
        bail!(
            "{} does not exist: run `cargo xtask test` first",
            dir.display()
        );
    }
    if update {
        self::update(root, &dir)
    } else {
        check(root, &dir)
    }
}

/// Fails when a declared pair is neither exercised nor listed, or a listed pair is exercised.
pub fn check(root: &Path, dir: &Path) -> Result<()> {
    let declared = declared(root)?;
    let exercised = exercised(dir)?;
    let list = list_path(root);
    let listed = listed(&list)?;

    let covered: BTreeSet<&Pair> = declared
        .iter()
        .filter(|p| is_exercised(p, &declared, &exercised))
        .collect();
    let untested: Vec<&Pair> = declared
        .iter()
        .filter(|p| !covered.contains(p) && !listed.contains(*p))
        .collect();
    let now_tested: Vec<&Pair> = listed.iter().filter(|p| covered.contains(p)).collect();
    let stale: Vec<&Pair> = listed.iter().filter(|p| !declared.contains(*p)).collect();
    let undeclared: Vec<&Pair> = exercised
        .iter()
        .filter(|p| !declared.iter().any(|d| d.0 == p.0 && matches(&d.1, &p.1)))
        .collect();

    println!(
        "declared {}, exercised {}, uncovered {} (listed in {})",
        declared.len(),
        covered.len(),
        declared.len() - covered.len(),
        list.display()
    );
    if !undeclared.is_empty() {
        println!("warning: answered but not declared in the contract (schemathesis checks this):");
        print_pairs(&undeclared);
    }
    let mut failures = Vec::new();
    if !untested.is_empty() {
        eprintln!(
            "declared but neither exercised nor listed: add a test, or list them in {}:",
            list.display()
        );
        print_pairs(&untested);
        failures.push(format!("{} declared pairs untested", untested.len()));
    }
    if !now_tested.is_empty() {
        eprintln!(
            "exercised now: remove them from {} (the list only shrinks):",
            list.display()
        );
        print_pairs(&now_tested);
        failures.push(format!("{} listed pairs now exercised", now_tested.len()));
    }
    if !stale.is_empty() {
        eprintln!(
            "listed but not declared in openapi/suite.yaml: remove them from {}:",
            list.display()
        );
        print_pairs(&stale);
        failures.push(format!("{} listed pairs not in the contract", stale.len()));
    }
    if !failures.is_empty() {
        if !list.exists() {
            eprintln!(
                "({} does not exist yet: `cargo xtask coverage --update` creates it)",
                list.display()
            );
        }
        bail!("status coverage: {}", failures.join("; "));
    }
    Ok(())
}

/// Rewrites the list with exactly the declared pairs the last run did not exercise.
fn update(root: &Path, dir: &Path) -> Result<()> {
    let declared = declared(root)?;
    let exercised = exercised(dir)?;
    let uncovered: Vec<&Pair> = declared
        .iter()
        .filter(|p| !is_exercised(p, &declared, &exercised))
        .collect();
    let mut text = String::from(LIST_HEADER);
    for (op, status) in &uncovered {
        text.push_str(&format!("{op} {status}\n"));
    }
    let list = list_path(root);
    std::fs::write(&list, text).with_context(|| format!("writing {}", list.display()))?;
    eprintln!(
        "warning: rewrote {} with {} uncovered pairs of {} declared. It is meant to be created once and then \
         only shrink: review the diff, and prefer adding tests to listing pairs.",
        list.display(),
        uncovered.len(),
        declared.len()
    );
    Ok(())
}

fn list_path(root: &Path) -> PathBuf {
    root.join("conformance").join("uncovered.txt")
}

/// Every (operationId, response status key) in the contract.
fn declared(root: &Path) -> Result<BTreeSet<Pair>> {
    let path = root.join("openapi").join("suite.yaml");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    // serde_yaml's own Value: unquoted status keys (`200:`) are numbers, which JSON maps reject.
    let doc: serde_yaml::Value =
        serde_yaml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
    let mut pairs = BTreeSet::new();
    let paths = doc
        .get("paths")
        .and_then(|p| p.as_mapping())
        .context("the contract has no `paths`")?;
    for (path_name, item) in paths {
        for method in HTTP_METHODS {
            let Some(operation) = item.get(*method) else {
                continue;
            };
            let id = operation
                .get("operationId")
                .and_then(|v| v.as_str())
                .with_context(|| format!("{method} {path_name:?} has no operationId"))?;
            let responses = operation
                .get("responses")
                .and_then(|r| r.as_mapping())
                .with_context(|| format!("{id} has no responses"))?;
            for status in responses.keys() {
                let status = match status {
                    serde_yaml::Value::String(s) => s.clone(),
                    serde_yaml::Value::Number(n) => n.to_string(),
                    other => bail!("{id}: response key {other:?} is not a status"),
                };
                pairs.insert((id.to_owned(), status));
            }
        }
    }
    Ok(pairs)
}

/// The union of the `operationId status` lines of every file in `dir`.
fn exercised(dir: &Path) -> Result<BTreeSet<Pair>> {
    let mut pairs = BTreeSet::new();
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_file() {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            pairs.extend(parse_pairs(&text));
        }
    }
    Ok(pairs)
}

/// The pairs listed in `path` (none if it does not exist).
fn listed(path: &Path) -> Result<BTreeSet<Pair>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(parse_pairs(&text).collect()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeSet::new()),
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

/// `operationId status` lines; blank lines and `#` comments skipped.
fn parse_pairs(text: &str) -> impl Iterator<Item = Pair> + '_ {
    text.lines().filter_map(|line| {
        let line = line.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        Some((words.next()?.to_owned(), words.next()?.to_owned()))
    })
}

/// Whether a declared pair was exercised. A range (`4XX`) or `default` counts when a status it
/// covers was answered that the operation does not declare more precisely.
fn is_exercised(pair: &Pair, declared: &BTreeSet<Pair>, exercised: &BTreeSet<Pair>) -> bool {
    let (op, key) = pair;
    exercised
        .iter()
        .filter(|(o, _)| o == op)
        .any(|(_, status)| {
            if status == key {
                return true;
            }
            let precise = declared.iter().any(|(o, k)| o == op && k == status);
            !precise
                && matches(key, status)
                && !declared
                    .iter()
                    .any(|(o, k)| o == op && k != key && k != "default" && matches(k, status))
        })
}

/// Whether the response key `key` (`200`, `4XX`, `default`) covers the answered `status`.
fn matches(key: &str, status: &str) -> bool {
    if key == "default" || key == status {
        return true;
    }
    match key.strip_suffix("XX") {
        Some(class) => class.len() == 1 && status.starts_with(class),
        None => false,
    }
}

fn print_pairs(pairs: &[&Pair]) {
    for (op, status) in pairs {
        eprintln!("  {op} {status}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(pairs: &[(&str, &str)]) -> BTreeSet<Pair> {
        pairs
            .iter()
            .map(|(o, s)| (o.to_string(), s.to_string()))
            .collect()
    }

    #[test]
    fn exact_statuses_and_ranges() {
        let declared = set(&[("a", "200"), ("a", "4XX"), ("a", "404"), ("a", "default")]);
        let exercised = set(&[("a", "200"), ("a", "404")]);
        let covered: Vec<&Pair> = declared
            .iter()
            .filter(|p| is_exercised(p, &declared, &exercised))
            .collect();
        assert_eq!(
            covered,
            vec![&("a".into(), "200".into()), &("a".into(), "404".into())]
        );

        let exercised = set(&[("a", "400"), ("a", "503")]);
        let covered: Vec<&Pair> = declared
            .iter()
            .filter(|p| is_exercised(p, &declared, &exercised))
            .collect();
        assert_eq!(
            covered,
            vec![&("a".into(), "4XX".into()), &("a".into(), "default".into())]
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let pairs: Vec<Pair> = parse_pairs("# header\n\nop_a 200\nop_b 404 # why\n").collect();
        assert_eq!(
            pairs,
            vec![("op_a".into(), "200".into()), ("op_b".into(), "404".into())]
        );
    }
}
