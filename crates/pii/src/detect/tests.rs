//! End-to-end tests of `detect`: exact entities in several languages and scripts, the
//! options, and a property test that no input panics.

use super::*;

fn found(text: &str, lang: Language) -> Vec<(EntityKind, String)> {
    detect(text, lang, &Options::default())
        .into_iter()
        .map(|f| {
            (
                f.kind,
                text.chars().skip(f.start).take(f.end - f.start).collect(),
            )
        })
        .collect()
}

#[test]
fn english_page() {
    let t = "Dear Mr. John Smith,\nyour card 4111 1111 1111 1111 and SSN 536-90-4399 are on file.\nEmail john.smith@example.com or call (212) 736-5000.";
    let got = found(t, Language::En);
    let kinds: Vec<EntityKind> = got.iter().map(|g| g.0).collect();
    assert_eq!(
        kinds,
        [
            EntityKind::Name,
            EntityKind::CreditCard,
            EntityKind::Ssn,
            EntityKind::Email,
            EntityKind::Phone
        ]
    );
    assert_eq!(got[0].1, "John Smith");
}

#[test]
fn german_and_unicode_offsets_are_in_chars() {
    let t = "Überweisung an Jürgen Müller, IBAN DE89 3704 0044 0532 0130 00, geb. 03.04.1961";
    let got = found(t, Language::De);
    assert!(got.contains(&(EntityKind::Name, "Jürgen Müller".into())));
    assert!(got.contains(&(
        EntityKind::BankAccount,
        "DE89 3704 0044 0532 0130 00".into()
    )));
    assert!(got.contains(&(EntityKind::DateOfBirth, "03.04.1961".into())));
}

#[test]
fn negatives_are_not_flagged() {
    let t = "Order #20231115 total €1 299.00, ISBN 978-3-16-148410-0, shipped 12/03/2024.";
    assert!(
        found(t, Language::En).is_empty(),
        "{:?}",
        found(t, Language::En)
    );
}

#[test]
fn options_filter_kinds_allow_list_and_confidence() {
    let t = "Mail anna@example.org or bob@example.org";
    let opts = Options {
        allow_list: vec!["ANNA@example.org".into()],
        ..Options::default()
    };
    let got = detect(t, Language::En, &opts);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].start, 25);
    let only_phone = Options {
        kinds: vec![EntityKind::Phone],
        ..Options::default()
    };
    assert!(detect(t, Language::En, &only_phone).is_empty());
    let strict = Options {
        min_confidence: 0.99,
        ..Options::default()
    };
    assert!(detect(t, Language::En, &strict).is_empty());
}

#[test]
fn never_panics_on_random_input() {
    let alphabet: Vec<char> = "0123456789 -+()./@\n\tabcXYZ OlI éßøДжΩ中文한국語ـع<€$%,:;#'"
        .chars()
        .collect();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for round in 0..400 {
        let len = (round * 7) % 300;
        let mut s = String::new();
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = if seed.is_multiple_of(11) {
                char::from_u32((seed >> 20) as u32 % 0x3_0000).unwrap_or('x')
            } else {
                alphabet[(seed >> 8) as usize % alphabet.len()]
            };
            s.push(c);
        }
        for lang in [Language::En, Language::Ja, Language::Ar] {
            let got = detect(
                &s,
                lang,
                &Options {
                    min_confidence: 0.0,
                    ..Options::default()
                },
            );
            let n = s.chars().count();
            let mut last = 0;
            for f in got {
                assert!(f.start >= last && f.start < f.end && f.end <= n);
                assert!((0.0..=1.0).contains(&f.confidence));
                last = f.end;
            }
        }
    }
}

/// Token-level micro F2 on the invented held-out texts must stay high.
#[test]
fn heldout_texts_score_well() {
    let (mut tp, mut fp, mut fn_) = (0u32, 0u32, 0u32);
    for (text, ents) in super::heldout::HELDOUT {
        let mut gold = vec![None; text.len()];
        let mut from = 0;
        for (kind, value) in ents.iter() {
            let at = text[from..]
                .find(value)
                .map(|p| p + from)
                .expect("entity in text");
            from = at + value.len();
            for g in gold.iter_mut().skip(at).take(value.len()) {
                *g = Some(*kind);
            }
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut pred = vec![None; text.len()];
        for f in detect(text, Language::En, &Options::default()) {
            let a = chars[f.start].0;
            let b = chars.get(f.end).map_or(text.len(), |c| c.0);
            for p in pred.iter_mut().skip(a).take(b - a) {
                *p = Some(f.kind.name());
            }
        }
        let mut i = 0;
        let bytes = text.as_bytes();
        while i < text.len() {
            if bytes[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            while i < text.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let g = gold[start..i].iter().flatten().next();
            let p = pred[start..i].iter().flatten().next();
            match (g, p) {
                (Some(g), Some(p)) if g == p => tp += 1,
                (g, p) => {
                    fp += u32::from(p.is_some());
                    fn_ += u32::from(g.is_some());
                }
            }
        }
    }
    let p = f64::from(tp) / f64::from((tp + fp).max(1));
    let r = f64::from(tp) / f64::from((tp + fn_).max(1));
    let f2 = 5.0 * p * r / (4.0 * p + r);
    assert!(f2 >= 0.9, "held-out F2 {f2:.3} (p {p:.3}, r {r:.3})");
}
