//! The CUAD contracts we may use, read once for training and evaluation: rows 151–510 of the
//! mirror's `master_clauses.csv` (row 1 is the first data row after the header; rows 1–150 are
//! held out for the project's own evaluation, dropped here before anything else looks at them,
//! and their text files are never opened) plus the development contracts of
//! `../shared/data/contracts/cuad` (five of which are among rows 1–150 and are ours), each
//! with its expert spans per label.

use std::collections::BTreeMap;
use std::path::Path;

/// Data rows of `master_clauses.csv` held out (rows 1 to this, 1-based).
pub const HELD_OUT_ROWS: usize = 150;

/// One contract: its text and, per CUAD label column, the experts' spans.
#[derive(Debug, Clone)]
pub struct Contract {
    /// The file name without extension (as in the CSV's `Filename`, less `.pdf`).
    pub name: String,
    pub text: String,
    pub spans: BTreeMap<String, Vec<String>>,
    /// One of the shared development set (always in the development split).
    pub development: bool,
}

impl Contract {
    /// Whether the experts marked any span for `label`.
    pub fn labelled(&self, label: &str) -> bool {
        self.spans.get(label).is_some_and(|s| !s.is_empty())
    }
}

/// The contracts of both sources and how many rows had no text file.
#[derive(Debug, Default)]
pub struct Dataset {
    pub contracts: Vec<Contract>,
    pub without_text: usize,
}

/// Reads a Python list literal of strings as CUAD writes its span columns (`['a', "b's"]`).
pub fn python_strings(cell: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = cell.trim().chars().peekable();
    while let Some(ch) = chars.next() {
        if ch != '\'' && ch != '"' {
            continue;
        }
        let quote = ch;
        let mut value = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('n') => value.push('\n'),
                    Some('t') => value.push('\t'),
                    Some(other) => value.push(other),
                    None => {}
                },
                c if c == quote => break,
                c => value.push(c),
            }
        }
        out.push(value);
    }
    out
}

fn stem(file: &str) -> &str {
    file.rsplit_once('.').map_or(file, |(s, _)| s)
}

/// Reads `csv_path`'s rows (skipping the first `skip` data rows unread), each contract's text
/// from `texts` (`<stem>.txt`), into `dataset`; contracts already there are kept as they are.
fn read_rows(
    csv_path: &Path,
    texts: &Path,
    skip: usize,
    development: bool,
    dataset: &mut Dataset,
) -> anyhow::Result<()> {
    let mut reader = csv::Reader::from_path(csv_path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", csv_path.display()))?;
    let headers = reader.headers()?.clone();
    for record in reader.records().skip(skip) {
        let record = record?;
        let name = stem(record.get(0).unwrap_or_default()).to_string();
        if dataset.contracts.iter().any(|c| c.name == name) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(texts.join(format!("{name}.txt"))) else {
            dataset.without_text += 1;
            continue;
        };
        let spans = headers
            .iter()
            .zip(record.iter())
            .filter(|(h, _)| !h.ends_with("-Answer") && *h != "Filename")
            .map(|(h, v)| (h.to_string(), python_strings(v)))
            .collect();
        dataset.contracts.push(Contract {
            name,
            text,
            spans,
            development,
        });
    }
    Ok(())
}

/// The development contracts (`dev_dir`: `*.txt` and `master_clauses_dev.csv`), then rows 151
/// on of `mirror/master_clauses.csv` with their texts in `mirror/full_contract_txt/`.
pub fn read(mirror: &Path, dev_dir: &Path) -> anyhow::Result<Dataset> {
    let mut dataset = Dataset::default();
    read_rows(
        &dev_dir.join("master_clauses_dev.csv"),
        dev_dir,
        0,
        true,
        &mut dataset,
    )?;
    read_rows(
        &mirror.join("master_clauses.csv"),
        &mirror.join("full_contract_txt"),
        HELD_OUT_ROWS,
        false,
        &mut dataset,
    )?;
    Ok(dataset)
}

#[cfg(test)]
mod tests {
    use super::python_strings;

    #[test]
    fn span_cells_are_python_lists() {
        assert!(python_strings("[]").is_empty());
        assert_eq!(
            python_strings(r#"['The Term is 5 years.', "Licensee's fees", 'a \'b\'']"#),
            ["The Term is 5 years.", "Licensee's fees", "a 'b'"]
        );
    }
}
