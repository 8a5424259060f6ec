//! Word-level diff of two clause texts, with whitespace kept inside the parts so that the
//! parts concatenate back to either text; bounded in time and size for huge clauses.

use super::{DiffOp, DiffPart};
use similar::{ChangeTag, TextDiff};
use std::time::Duration;

/// Past this many bytes (both texts together) the diff is one Delete and one Insert.
const MAX_DIFF_BYTES: usize = 200_000;
/// Time allowed to the diff algorithm before it settles for a coarser answer.
const DIFF_TIMEOUT: Duration = Duration::from_millis(50);

/// The word diff from `old` to `new`: Equal and Delete parts concatenate to `old`, Equal
/// and Insert parts to `new`; adjacent parts of the same kind are merged.
pub(super) fn word_diff(old: &str, new: &str) -> Vec<DiffPart> {
    let mut parts: Vec<DiffPart> = Vec::new();
    if old.len() + new.len() > MAX_DIFF_BYTES {
        push(&mut parts, DiffOp::Delete, old);
        push(&mut parts, DiffOp::Insert, new);
        return parts;
    }
    let diff = TextDiff::configure()
        .timeout(DIFF_TIMEOUT)
        .diff_words(old, new);
    for change in diff.iter_all_changes() {
        let op = match change.tag() {
            ChangeTag::Equal => DiffOp::Equal,
            ChangeTag::Delete => DiffOp::Delete,
            ChangeTag::Insert => DiffOp::Insert,
        };
        push(&mut parts, op, change.value());
    }
    coalesce(parts)
}

/// Joins the changes separated only by whitespace ("without", " ", "limit") into one
/// Delete and one Insert, so each edit reads as a phrase.
fn coalesce(parts: Vec<DiffPart>) -> Vec<DiffPart> {
    let changed = |part: Option<&DiffPart>| part.is_some_and(|p| p.op != DiffOp::Equal);
    let mut out: Vec<DiffPart> = Vec::new();
    let (mut deleted, mut inserted) = (String::new(), String::new());
    for (i, part) in parts.iter().enumerate() {
        let bridge = part.op == DiffOp::Equal
            && part.text.trim().is_empty()
            && changed(i.checked_sub(1).and_then(|p| parts.get(p)))
            && changed(parts.get(i + 1));
        match part.op {
            DiffOp::Delete => deleted.push_str(&part.text),
            DiffOp::Insert => inserted.push_str(&part.text),
            DiffOp::Equal if bridge => {
                deleted.push_str(&part.text);
                inserted.push_str(&part.text);
            }
            DiffOp::Equal => {
                push(&mut out, DiffOp::Delete, &std::mem::take(&mut deleted));
                push(&mut out, DiffOp::Insert, &std::mem::take(&mut inserted));
                push(&mut out, DiffOp::Equal, &part.text);
            }
        }
    }
    push(&mut out, DiffOp::Delete, &deleted);
    push(&mut out, DiffOp::Insert, &inserted);
    out
}

/// Appends text to the last part when it has the same kind, else starts a new part.
fn push(parts: &mut Vec<DiffPart>, op: DiffOp, text: &str) {
    if text.is_empty() {
        return;
    }
    match parts.last_mut() {
        Some(last) if last.op == op => last.text.push_str(text),
        _ => parts.push(DiffPart {
            op,
            text: text.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rebuild(parts: &[DiffPart], skip: DiffOp) -> String {
        parts
            .iter()
            .filter(|p| p.op != skip)
            .map(|p| p.text.as_str())
            .collect()
    }

    #[test]
    fn parts_concatenate_back_to_both_texts() {
        let old = "The Supplier is liable up to the fees paid in the last 12 months.";
        let new = "The Supplier is liable without limit for all damages.";
        let parts = word_diff(old, new);
        assert_eq!(rebuild(&parts, DiffOp::Insert), old);
        assert_eq!(rebuild(&parts, DiffOp::Delete), new);
        assert!(
            parts
                .iter()
                .any(|p| p.op == DiffOp::Equal && p.text.contains("The Supplier is liable"))
        );
        assert!(
            parts
                .iter()
                .any(|p| p.op == DiffOp::Delete && p.text.contains("12"))
        );
        assert!(
            parts
                .iter()
                .any(|p| p.op == DiffOp::Insert && p.text.contains("without limit"))
        );
    }

    #[test]
    fn huge_texts_give_one_delete_and_one_insert() {
        let old = "alpha ".repeat(30_000);
        let new = "beta ".repeat(30_000);
        let parts = word_diff(&old, &new);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].op, DiffOp::Delete);
    }
}
