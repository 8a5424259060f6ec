//! Entities on pages: the recognizers run on each page's text, and each finding is tied back
//! to the words it covers, for its box in the answer and the rectangles a redaction paints.

use std::ops::Range;

use super::detect::{self, EntityKind, Language, Options};
use suite_engines::pages::Page;
use suite_engines::words::{Rect, span_box, span_boxes};

/// One entity found on a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Entity {
    pub kind: EntityKind,
    pub text: String,
    /// 1-based.
    pub page: usize,
    pub confidence: f64,
    /// Char range in the page's text.
    pub chars: Range<usize>,
    /// The box around all its words (`None` if it covers none, which a finding never should).
    pub bbox: Option<Rect>,
    /// One box per word it covers: what a redaction paints.
    pub word_boxes: Vec<Rect>,
}

/// Every entity of `pages`, in page order then reading order.
pub fn find(pages: &[Page], language: Language, options: &Options) -> Vec<Entity> {
    pages
        .iter()
        .flat_map(|page| {
            detect::detect(&page.text, language, options)
                .into_iter()
                .map(move |finding| {
                    let chars = finding.start..finding.end;
                    Entity {
                        kind: finding.kind,
                        text: page
                            .text
                            .chars()
                            .skip(chars.start)
                            .take(chars.len())
                            .collect(),
                        page: page.number,
                        confidence: finding.confidence,
                        bbox: span_box(&page.words, &chars),
                        word_boxes: span_boxes(&page.words, &chars),
                        chars,
                    }
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use suite_engines::pages::Reading;
    use suite_engines::words::Word;

    #[test]
    fn a_finding_is_tied_to_the_boxes_of_its_words_on_its_page() {
        let line = |texts: &[&str], line: u32| -> Vec<Word> {
            texts
                .iter()
                .enumerate()
                .map(|(i, t)| Word {
                    text: (*t).into(),
                    bbox: Rect {
                        x: 100 * i as u32,
                        y: 30 * line,
                        width: 90,
                        height: 20,
                    },
                    confidence: 0.95,
                    line,
                })
                .collect()
        };
        let mut words = line(&["Contact:"], 0);
        words.extend(line(&["mail", "ana.ruiz@example.com", "today"], 1));
        let page = Page::of(2, 400, 100, Reading::TextLayer, &words);
        let found = find(&[page], Language::En, &Options::default());
        let email: Vec<_> = found
            .iter()
            .filter(|e| e.kind == EntityKind::Email)
            .collect();
        assert_eq!(email.len(), 1, "{found:?}");
        assert_eq!(email[0].text, "ana.ruiz@example.com");
        assert_eq!(email[0].page, 2);
        assert_eq!(
            email[0].bbox,
            Some(Rect {
                x: 100,
                y: 30,
                width: 90,
                height: 20
            })
        );
        assert_eq!(email[0].word_boxes.len(), 1);
    }
}
