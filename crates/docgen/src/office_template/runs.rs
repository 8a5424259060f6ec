//! Word and LibreOffice split typed text into runs wherever formatting, spell-checking or
//! editing history changes, so `{{ customer }}` may arrive as `{{ cust` + `omer }}`. Within
//! each paragraph, a tag that spans text nodes is moved whole into the node where it starts
//! (keeping that run's formatting) and cut from the nodes after it.

use super::tags::next_tag;
use super::text::{Dialect, paragraph_slots};
use super::xml::Node;

/// Merges split tags in every paragraph under `nodes`; also turns line breaks inside text
/// into spaces (what they mean in both formats) so that after rendering, every line break
/// in text came from a value.
pub(crate) fn merge_split_tags(d: &Dialect, nodes: &mut [Node]) {
    for node in nodes {
        let Node::Element(e) = node else { continue };
        if d.is_paragraph(&e.name) {
            let mut slots = paragraph_slots(d, e);
            for slot in slots.iter_mut() {
                if slot.contains(['\n', '\r']) {
                    **slot = slot.replace(['\n', '\r'], " ");
                }
            }
            merge(&mut slots);
        }
        merge_split_tags(d, &mut e.children);
    }
}

/// Moves each tag spanning several slots into the slot where it starts.
fn merge(slots: &mut [&mut String]) {
    if !slots.iter().any(|s| s.contains('{')) {
        return;
    }
    let mut joined = String::new();
    let mut starts = Vec::with_capacity(slots.len());
    for slot in slots.iter() {
        starts.push(joined.len());
        joined.push_str(slot);
    }
    let slot_of = |at: usize| starts.partition_point(|&s| s <= at).saturating_sub(1);
    let mut spans = Vec::new();
    let mut at = 0;
    while let Some((start, end)) = next_tag(&joined, at) {
        if slot_of(start) != slot_of(end - 1) {
            spans.push((start, end));
        }
        at = end;
    }
    if spans.is_empty() {
        return;
    }
    let mut cuts: Vec<usize> = starts.clone();
    cuts.push(joined.len());
    for &(start, end) in &spans {
        cuts.extend([start, end]);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut rebuilt = vec![String::new(); slots.len()];
    for pair in cuts.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        let owner = spans
            .iter()
            .find(|&&(start, end)| start <= from && from < end)
            .map_or(slot_of(from), |&(start, _)| slot_of(start));
        rebuilt[owner].push_str(&joined[from..to]);
    }
    for (slot, text) in slots.iter_mut().zip(rebuilt) {
        **slot = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merged(parts: &[&str]) -> Vec<String> {
        let mut owned: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
        let mut slots: Vec<&mut String> = owned.iter_mut().collect();
        merge(&mut slots);
        owned
    }

    #[test]
    fn a_tag_over_three_nodes_moves_into_the_first() {
        assert_eq!(
            merged(&["Dear {{ cu", "stom", "er }}, hi {", "% if x %}"]),
            ["Dear {{ customer }}", "", ", hi {% if x %}", ""]
        );
    }

    #[test]
    fn whole_tags_and_plain_text_stay() {
        assert_eq!(merged(&["{{ a }}", "b {"]), ["{{ a }}", "b {"]);
    }
}
