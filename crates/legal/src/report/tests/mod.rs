//! End-to-end tests of the report: written PDFs read back with poppler (text, fonts, page
//! count, rendered pages).

mod fixtures;
mod poppler;

use std::sync::OnceLock;

use super::theme::{PAGE_HEIGHT, PAGE_WIDTH, severity_colour};
use super::{Fonts, ReportInput, write};
use crate::model::{Analysis, Clause, Severity};
use fixtures::{CJK_CLAUSE, CYRILLIC_GREEK_CLAUSE, RTL_CLAUSE, analysis, clause, clauses};
use poppler::PdfFile;

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::load().unwrap())
}

fn report(name: &str, analysis: &Analysis, clauses: &[Clause]) -> PdfFile {
    let input = ReportInput {
        title: "Master Services Agreement — Acme Corp. and Globex",
        file_name: "acme-globex-msa.pdf",
        date: "2026-11-25",
        analysis,
        clauses,
    };
    PdfFile::new(name, &write(&input, fonts()).unwrap())
}

/// The text of the pages after the cover without their running header and footer, so text
/// that continues across pages reads on.
fn body_text(pdf: &PdfFile) -> String {
    let pages = pdf.pages();
    let chrome = [
        "Master Services Agreement — Acme Corp. and Globex",
        "Contract risk review",
        "acme-globex-msa.pdf · 2026-11-25",
    ];
    let mut body = String::new();
    for page in 2..=pages {
        let footer = format!("Page {page} of {pages}");
        for line in pdf.page_text(page).lines() {
            if !chrome.contains(&line.trim()) && line.trim() != footer {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    flat(&body)
}

/// Whitespace runs collapsed to one space, so wrapped lines compare with their source.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_page_numbers(pdf: &PdfFile) -> usize {
    let pages = pdf.pages();
    for page in 1..=pages {
        let text = pdf.page_text(page);
        assert!(
            text.contains(&format!("Page {page} of {pages}")),
            "page {page}: {text}"
        );
    }
    pages
}

#[test]
fn the_text_holds_every_finding_the_score_and_the_page_numbers() {
    let clauses = clauses();
    let analysis = analysis(60, clauses.len(), 73);
    let pdf = report("sixty", &analysis, &clauses);
    let text = flat(&pdf.text());
    for finding in &analysis.findings {
        assert!(
            text.contains(&flat(&finding.description)),
            "{}",
            finding.description
        );
        assert!(
            text.contains(&flat(&finding.recommendation)),
            "{}",
            finding.recommendation
        );
    }
    let cover = pdf.page_text(1);
    assert!(
        cover.lines().any(|line| line.trim() == "73"),
        "score missing: {cover}"
    );
    assert!(cover.contains("/ 100") && cover.contains("HIGH RISK"));
    assert!(text.contains("Master Services Agreement — Acme Corp. and Globex"));
    assert!(text.contains("acme-globex-msa.pdf") && text.contains("2026-11-25"));
    assert!(text.contains(&flat(&analysis.summary)));
    assert!(text.contains("Globex Services GmbH"));
    assert!(text.contains("Not addressed by the contract"));
    let pages = assert_page_numbers(&pdf);
    assert!(pages > 5, "{pages} pages for 60 findings");
}

#[test]
fn fonts_are_embedded_subsets_only() {
    let clauses = clauses();
    let pdf = report("fonts", &analysis(16, clauses.len(), 40), &clauses);
    let rows = pdf.font_rows();
    // Regular, bold and the CJK fallback (the fixtures quote a Chinese clause).
    assert_eq!(rows.len(), 3, "{rows:?}");
    for row in &rows {
        let columns: Vec<&str> = row.split_whitespace().collect();
        let name = columns[0];
        assert!(
            name.len() > 7 && name.as_bytes()[6] == b'+',
            "not a subset name: {row}"
        );
        // name, type (two or three words), encoding, emb, sub, uni, object, id
        let flags = &columns[columns.len() - 5..columns.len() - 2];
        assert_eq!(flags, ["yes", "yes", "yes"], "emb/sub/uni: {row}");
    }
    assert!(
        rows.iter()
            .any(|r| r.contains("DejaVuSans-Bold") || r.contains("DejaVuSansBold"))
    );
    assert!(rows.iter().any(|r| r.contains("CID Type 0C")), "{rows:?}");
    assert!(rows.iter().any(|r| r.contains("CID TrueType")), "{rows:?}");
}

#[test]
fn cjk_cyrillic_and_greek_quotes_come_out_unchanged() {
    let clauses = clauses();
    let mut analysis = analysis(2, clauses.len(), 55);
    analysis.findings[0].clause_index = Some(6);
    analysis.findings[1].clause_index = Some(7);
    let pdf = report("scripts", &analysis, &clauses);
    let text = flat(&pdf.text());
    assert!(text.contains(CJK_CLAUSE), "{text}");
    assert!(text.contains(&flat(CYRILLIC_GREEK_CLAUSE)), "{text}");
}

#[test]
fn hebrew_and_arabic_words_are_drawn_right_to_left_and_extract_in_reading_order() {
    let clauses = clauses();
    let mut analysis = analysis(1, clauses.len(), 20);
    analysis.findings[0].clause_index = Some(8);
    let pdf = report("rtl", &analysis, &clauses);
    let text = pdf.text();
    // pdftotext reads RTL words from right to left: each comes out spelled in logical order
    // only if it was drawn in visual order.
    let words = RTL_CLAUSE
        .split(|ch: char| ch.is_whitespace() || ch.is_ascii_punctuation() || ch.is_ascii_digit())
        .filter(|word| !word.is_empty());
    for word in words {
        assert!(text.contains(word), "{word} missing from {text}");
    }
}

#[test]
fn the_cover_renders_with_the_level_colour_and_later_pages_render_too() {
    let clauses = clauses();
    for (score, level) in [(90, Severity::Critical), (10, Severity::Low)] {
        let pdf = report(
            &format!("cover{score}"),
            &analysis(24, clauses.len(), score),
            &clauses,
        );
        let cover = pdf.render(1, 72);
        assert!(
            cover.ink(0.0, 0.0, 1.0, 0.25) > 0.9,
            "the title band is missing"
        );
        assert!(
            cover.ink(0.1, 0.35, 0.9, 0.9) > 0.1,
            "the score panel and tiles are missing"
        );
        // The level band, sampled just inside its top left corner.
        let [x, y, _, height] = super::cover::level_band();
        let scale = cover.width as f32 / PAGE_WIDTH;
        let px = ((x + 4.0) * scale) as usize;
        let py = ((PAGE_HEIGHT - (y + height) + 4.0) * scale) as usize;
        let expected = severity_colour(level);
        let expected = [expected.0, expected.1, expected.2].map(|c| (c * 255.0) as i32);
        let actual = cover.rgb(px, py).map(i32::from);
        let distance: i32 = expected
            .iter()
            .zip(actual)
            .map(|(e, a)| (e - a).abs())
            .sum();
        assert!(
            distance < 30,
            "band colour {actual:?}, expected {expected:?}"
        );

        for page in 2..=pdf.pages() {
            let picture = pdf.render(page, 36);
            assert!(
                picture.ink(0.05, 0.0, 0.95, 0.08) > 0.01,
                "page {page} has no header"
            );
            assert!(
                picture.ink(0.05, 0.1, 0.95, 0.9) > 0.02,
                "page {page} has no body"
            );
        }
    }
}

#[test]
fn a_review_without_findings_makes_a_short_complete_report() {
    let mut analysis = analysis(0, 0, 0);
    analysis.parties.clear();
    let pdf = report("empty", &analysis, &[]);
    let text = flat(&pdf.text());
    assert!(text.contains("No findings"));
    assert!(text.contains("No clause of the contract raised a finding."));
    let cover = pdf.page_text(1);
    assert!(
        cover.lines().any(|line| line.trim() == "0"),
        "score missing: {cover}"
    );
    assert!(cover.contains("LOW RISK"));
    assert!(!text.contains("Not addressed by the contract"));
    assert_eq!(assert_page_numbers(&pdf), 2);
}

#[test]
fn two_hundred_findings_fill_many_correctly_numbered_pages() {
    let clauses = clauses();
    let analysis = analysis(200, clauses.len(), 96);
    let pdf = report("many", &analysis, &clauses);
    let pages = assert_page_numbers(&pdf);
    assert!(pages > 20, "{pages} pages");
    let text = flat(&pdf.text());
    for finding in &analysis.findings {
        assert!(text.contains(&flat(&finding.recommendation)));
    }
}

#[test]
fn a_long_clause_is_quoted_across_pages_and_cut_near_its_limit() {
    let words: Vec<String> = (0..700).map(|n| format!("word{n}")).collect();
    let long = clause(0, Some("3"), Some("Definitions"), &words.join(" "));
    let mut analysis = analysis(6, 1, 30);
    for finding in &mut analysis.findings {
        finding.clause_index = Some(0);
    }
    let pdf = report("long", &analysis, &[long]);
    let text = body_text(&pdf);
    assert!(text.contains("“word0 word1 word2"));
    // About 1,500 characters are kept (word0 … word199 take 1,490), the rest is cut with "…".
    assert!(text.contains("word150 word151") && text.contains("word198 word199"));
    assert!(!text.contains("word205"));
    assert!(text.contains("…”"));
    let pages = assert_page_numbers(&pdf);
    // Some page after the first body page starts in the middle of a quote.
    let continues = (3..=pages).any(|page| {
        let text = pdf.page_text(page);
        let mut body = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .skip(2);
        body.next().is_some_and(|line| line.starts_with("word"))
    });
    assert!(continues, "no quote continues on a new page");
}

#[test]
fn equal_inputs_give_equal_bytes() {
    let clauses = clauses();
    let analysis = analysis(30, clauses.len(), 61);
    let input = ReportInput {
        title: "T",
        file_name: "f.docx",
        date: "2026-11-25",
        analysis: &analysis,
        clauses: &clauses,
    };
    let first = write(&input, fonts()).unwrap();
    assert_eq!(first, write(&input, fonts()).unwrap());
    assert!(first.starts_with(b"%PDF-1.7"));
}
