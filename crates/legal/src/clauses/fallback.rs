//! Splits a document without any recognisable structure into paragraph-sized pieces
//! (blank-line separated blocks, long blocks cut at sentence ends), never one giant clause.

use std::ops::Range;

/// Pieces longer than this (bytes) are cut at a sentence end.
const MAX_PIECE: usize = 1500;
/// Pieces shorter than this are merged into the next one.
const MIN_PIECE: usize = 200;

/// Byte ranges of the pieces of `text[span]`, given its paragraphs (byte ranges, in order).
pub(super) fn chunk(
    text: &str,
    span: Range<usize>,
    paragraphs: &[Range<usize>],
) -> Vec<Range<usize>> {
    let mut blocks: Vec<Range<usize>> = Vec::new();
    let mut open: Option<Range<usize>> = None;
    for range in paragraphs
        .iter()
        .filter(|r| r.start >= span.start && r.end <= span.end)
    {
        if text[range.clone()].trim().is_empty() {
            blocks.extend(open.take());
        } else {
            open = Some(open.map_or(range.clone(), |o| o.start..range.end));
        }
    }
    blocks.extend(open);
    let mut pieces = Vec::new();
    for block in blocks {
        cut_long(text, block, &mut pieces);
    }
    merge_short(pieces)
}

fn cut_long(text: &str, block: Range<usize>, out: &mut Vec<Range<usize>>) {
    let mut start = block.start;
    while block.end - start > MAX_PIECE {
        let window_end = floor_boundary(text, start + MAX_PIECE);
        let window = &text[start..window_end];
        let cut = window
            .rmatch_indices(['.', '!', '?', ';'])
            .map(|(i, _)| i + 1)
            .find(|&i| i > MAX_PIECE / 3 && window[i..].starts_with(char::is_whitespace))
            .or_else(|| window.rfind(char::is_whitespace).filter(|&i| i > 0))
            .unwrap_or(window.len());
        out.push(start..start + cut);
        start += cut;
        let skipped = text[start..block.end].len() - text[start..block.end].trim_start().len();
        start += skipped;
    }
    if start < block.end {
        out.push(start..block.end);
    }
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn merge_short(pieces: Vec<Range<usize>>) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for piece in pieces {
        match out.last_mut() {
            Some(last) if last.end - last.start < MIN_PIECE => last.end = piece.end,
            _ => out.push(piece),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_long_blocks_at_sentence_ends_and_keeps_blank_line_blocks() {
        let sentence = "The parties shall cooperate in good faith on every matter. ";
        let long = sentence.repeat(60);
        let text = format!("{long}\n\n{}", sentence.repeat(5));
        let first_len = long.len();
        let paragraphs = vec![
            0..first_len,
            first_len + 1..first_len + 1,
            first_len + 2..text.len(),
        ];
        let pieces = chunk(&text, 0..text.len(), &paragraphs);
        assert!(pieces.len() >= 3, "{pieces:?}");
        for piece in &pieces {
            assert!(piece.end - piece.start <= MAX_PIECE);
            assert!(text[piece.clone()].trim_end().ends_with('.'));
        }
        assert_eq!(pieces.last().map(|p| p.start), Some(first_len + 2));
    }
}
