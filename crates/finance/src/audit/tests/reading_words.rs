//! Generated statements read back from their pages' words in the 12 languages.

use super::super::audit as run_audit;
use super::super::fixtures::{AmountColumns, Spec, generate};
use super::super::*;
use super::{assert_same, hints};

// ───────────── reading words in 12 languages ─────────────

fn words_round_trip(language: &'static str, currency: &'static str, columns: AmountColumns) {
    let mut spec = Spec::new(11, 75).in_language(language, currency);
    spec.columns = columns;
    spec.rows_per_page = 20;
    let generated = generate(&spec);
    let pages = generated.words();
    assert!(pages.len() >= 4, "{language}: multi-page");
    let read =
        read_pages(&pages, &hints(language, None)).unwrap_or_else(|e| panic!("{language}: {e}"));
    assert_same(&read, &generated.truth());
    let audit = run_audit(&read);
    assert!(
        audit.anomalies.is_empty(),
        "{language}: {:#?}",
        audit.anomalies
    );
    assert!(audit.balance_check_passed, "{language}");
}

#[test]
fn reads_english_words_with_year_less_dates() {
    words_round_trip("en", "GBP", AmountColumns::DebitCredit);
}

#[test]
fn reads_german_words() {
    words_round_trip("de", "EUR", AmountColumns::DebitCredit);
}

#[test]
fn reads_french_words_with_space_thousands() {
    words_round_trip("fr", "EUR", AmountColumns::DebitCredit);
}

#[test]
fn reads_spanish_words_with_a_signed_amount_column() {
    words_round_trip("es", "EUR", AmountColumns::Signed);
}

#[test]
fn reads_polish_words() {
    words_round_trip("pl", "PLN", AmountColumns::DebitCredit);
}

#[test]
fn reads_japanese_words_in_yen() {
    words_round_trip("ja", "JPY", AmountColumns::DebitCredit);
}

#[test]
fn reads_italian_portuguese_dutch_words() {
    words_round_trip("it", "EUR", AmountColumns::DebitCredit);
    words_round_trip("pt", "EUR", AmountColumns::Signed);
    words_round_trip("nl", "EUR", AmountColumns::DebitCredit);
}

#[test]
fn reads_chinese_korean_arabic_words() {
    words_round_trip("zh", "CNY", AmountColumns::DebitCredit);
    words_round_trip("ko", "KRW", AmountColumns::DebitCredit);
    words_round_trip("ar", "SAR", AmountColumns::DebitCredit);
}

/// OCR-like words: every word its own line, boxes jittered by up to 2 px, order shuffled.
#[test]
fn reads_words_in_any_order_with_jittered_boxes() {
    use super::super::fixtures::XorShift;
    let mut spec = Spec::new(23, 60).in_language("fr", "EUR");
    spec.rows_per_page = 25;
    let generated = generate(&spec);
    let mut rng = XorShift::new(99);
    let pages: Vec<Vec<suite_engines::words::Word>> = generated
        .words()
        .into_iter()
        .map(|page| {
            let mut words: Vec<_> = page
                .into_iter()
                .enumerate()
                .map(|(i, mut w)| {
                    w.line = i as u32;
                    w.bbox.y = (w.bbox.y + rng.below(5) as u32).saturating_sub(2);
                    w.bbox.x = (w.bbox.x + rng.below(3) as u32).saturating_sub(1);
                    w.confidence = 0.6 + 0.4 * rng.unit() as f32;
                    w
                })
                .collect();
            for i in (1..words.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                words.swap(i, j);
            }
            words
        })
        .collect();
    let read = read_pages(&pages, &hints("fr", None)).unwrap();
    assert_same(&read, &generated.truth());
}
