//! The page count of a PDF we produced, from its page tree: the `/Count` of the root
//! `/Pages` node (the largest count in the file, since every intermediate node counts only
//! its own leaves), without a full PDF parser.

/// The number of pages, or `None` when no page tree is found.
pub fn page_count(pdf: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(pdf);
    let mut best = None;
    let mut rest = text.as_ref();
    while let Some(at) = rest
        .find("/Type /Pages")
        .or_else(|| rest.find("/Type/Pages"))
    {
        // The dictionary around this name: back to its `<<`, forward to its `>>`.
        let start = rest[..at].rfind("<<").unwrap_or(0);
        let end = rest[at..].find(">>").map_or(rest.len(), |e| at + e);
        let dict = &rest[start..end];
        if let Some(count) = dict
            .find("/Count")
            .and_then(|c| dict[c + 6..].split_whitespace().next())
            .and_then(|n| n.trim_end_matches(['/', '>']).parse::<usize>().ok())
        {
            best = best.max(Some(count));
        }
        rest = &rest[at + 12..];
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_count_wins() {
        let pdf = b"%PDF-1.4\n1 0 obj\n<</Type /Pages /Kids [2 0 R 3 0 R] /Count 7>>\nendobj\n\
                    2 0 obj\n<</Type /Pages /Parent 1 0 R /Count 4 /Kids []>>\nendobj\n\
                    4 0 obj\n<</Type /Page /Parent 2 0 R>>\nendobj\n";
        assert_eq!(page_count(pdf), Some(7));
        assert_eq!(page_count(b"not a pdf"), None);
    }
}
