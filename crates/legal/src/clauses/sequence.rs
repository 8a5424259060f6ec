//! Chooses which candidates really start clauses, using the numbering sequence as evidence:
//! a number must continue the current one (1 → 2, 1 → 1.1, 1.3 → 2) unless the formatting
//! is strong, and a restart at 1 is only believed after an exhibit or a table of contents.

use super::detect::{Candidate, Source, Strength};
use super::labels::LabelKind;

/// Fewer numbered starts than this and the document is treated as unnumbered.
const MIN_NUMBERED: usize = 2;
/// Mean length (bytes) under which a run of accepted clauses is a table of contents.
const TOC_MEAN_SPAN: usize = 150;

/// Indices (into `candidates`) of the clause starts, in text order.
pub(super) fn select(candidates: &[Candidate]) -> Vec<usize> {
    let numbered = follow_numbering(candidates);
    let numbered_count = numbered
        .iter()
        .filter(|&&i| candidates[i].source != Source::Exhibit)
        .count();
    if numbered_count >= MIN_NUMBERED {
        return numbered;
    }
    let mut headed: Vec<usize> = (0..candidates.len())
        .filter(|&i| matches!(candidates[i].source, Source::CapsLine | Source::Exhibit))
        .chain(numbered.iter().copied())
        .collect();
    headed.sort_unstable();
    headed.dedup();
    if headed.len() >= MIN_NUMBERED {
        return headed;
    }
    let items = follow_sub_items(candidates);
    if items.len() >= MIN_NUMBERED {
        let mut all: Vec<usize> = items.into_iter().chain(headed).collect();
        all.sort_unstable();
        all.dedup();
        return all;
    }
    headed
}

/// The greedy walk over numbered labels, styled headings and exhibits.
fn follow_numbering(candidates: &[Candidate]) -> Vec<usize> {
    let mut accepted: Vec<usize> = Vec::new();
    let mut current: Option<Vec<u32>> = None;
    let mut keyword_last: Vec<(&'static str, u32)> = Vec::new();
    let mut after_exhibit = false;
    let mut after_plain_heading = false;
    for (index, candidate) in candidates.iter().enumerate() {
        match candidate.source {
            Source::CapsLine => continue,
            Source::Exhibit => {
                if !accepted.is_empty() {
                    accepted.push(index);
                    after_exhibit = true;
                }
                continue;
            }
            Source::StyledHeading | Source::Numbered => {}
        }
        let label = match &candidate.label {
            Some(label) if label.kind != LabelKind::SubItem => label,
            _ if candidate.source == Source::StyledHeading => {
                accepted.push(index);
                after_plain_heading = true;
                continue;
            }
            _ => continue,
        };
        let path = &label.path;
        let gap = if candidate.strength == Strength::Strong {
            3
        } else {
            1
        };
        let keyword_ok = label.keyword.is_some_and(|family| {
            let last = keyword_last
                .iter()
                .find(|(f, _)| *f == family)
                .map(|&(_, v)| v);
            path.len() == 1 && path[0] > last.unwrap_or(0) && path[0] <= last.unwrap_or(0) + gap
        });
        let fresh_under_heading = after_plain_heading && candidate.strength == Strength::Strong;
        let mut ok = candidate.source == Source::StyledHeading
            || keyword_ok
            || fresh_under_heading
            || match &current {
                None => is_first(path, candidate.strength),
                Some(current) => is_successor(current, path, gap),
            };
        if !ok && is_first(path, Strength::Medium) && candidate.strength >= Strength::Medium {
            if after_exhibit {
                ok = true;
            } else if looks_like_contents(candidates, &accepted, candidate.start) {
                accepted.clear();
                keyword_last.clear();
                ok = true;
            }
        }
        if ok {
            accepted.push(index);
            current = Some(path.clone());
            after_exhibit = false;
            after_plain_heading = false;
            if let (Some(family), [value]) = (label.keyword, path.as_slice()) {
                keyword_last.retain(|(f, _)| *f != family);
                keyword_last.push((family, *value));
            }
        }
    }
    accepted
}

/// A plausible first clause number: 1, 1.1, (strongly formatted) 2.
fn is_first(path: &[u32], strength: Strength) -> bool {
    let Some((&head, tail)) = path.split_first() else {
        return false;
    };
    tail.iter().all(|&v| v == 1) && (head == 1 || (strength == Strength::Strong && head == 2))
}

/// Whether `next` continues `current`: a later sibling at some level (within `gap`), or a
/// first child, with any deeper levels at 1 ("1.3" → "2", "2.1", "1.4", "1.3.1").
pub(super) fn is_successor(current: &[u32], next: &[u32], gap: u32) -> bool {
    (0..next.len()).any(|level| {
        if !next[level + 1..].iter().all(|&v| v == 1) || level > current.len() {
            return false;
        }
        if next[..level] != current[..level] {
            return false;
        }
        match current.get(level) {
            Some(&value) => next[level] > value && next[level] <= value + gap,
            None => next[level] == 1,
        }
    })
}

/// True when the accepted starts are so close together that they are a table of contents.
fn looks_like_contents(candidates: &[Candidate], accepted: &[usize], next_start: usize) -> bool {
    if accepted.len() < 3 {
        return false;
    }
    let first = candidates[accepted[0]].start;
    (next_start - first) / accepted.len() < TOC_MEAN_SPAN
}

/// Sub-items "(a)", "(b)" … or "A.", "B." in sequence, for documents numbered no other way.
fn follow_sub_items(candidates: &[Candidate]) -> Vec<usize> {
    let mut accepted = Vec::new();
    let mut last = 0;
    for (index, candidate) in candidates.iter().enumerate() {
        let Some(label) = &candidate.label else {
            continue;
        };
        if label.kind != LabelKind::SubItem {
            continue;
        }
        let value = label.path.first().copied().unwrap_or(0);
        if value == last + 1 || (value == 1 && last > 1) {
            accepted.push(index);
            last = value;
        }
    }
    accepted
}

#[cfg(test)]
mod tests {
    use super::is_successor;

    #[test]
    fn successors_continue_the_numbering() {
        assert!(is_successor(&[1], &[2], 1));
        assert!(is_successor(&[1], &[1, 1], 1));
        assert!(is_successor(&[1, 3], &[2], 1));
        assert!(is_successor(&[1, 3], &[2, 1], 1));
        assert!(is_successor(&[1, 3], &[1, 4], 1));
        assert!(is_successor(&[1, 3], &[1, 3, 1], 1));
        assert!(is_successor(&[4], &[6], 3));
    }

    #[test]
    fn non_successors_are_refused() {
        assert!(!is_successor(&[1], &[1], 1));
        assert!(!is_successor(&[3], &[30], 1));
        assert!(!is_successor(&[3], &[2019], 3));
        assert!(!is_successor(&[1, 3], &[1, 5], 1));
        assert!(!is_successor(&[2], &[1, 2], 1));
        assert!(!is_successor(&[7, 2], &[1], 3));
    }
}
