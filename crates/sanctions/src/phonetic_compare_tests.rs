//! Our Double Metaphone (`phonetic`) measured against `rphonetic`'s port of Apache
//! commons-codec on every token of the real lists' names: how many codes agree, and a sample
//! of the tokens where they differ, printed for review (`--nocapture`).

use std::collections::BTreeSet;

use rphonetic::DoubleMetaphone;

use super::normalize;
use super::phonetic::double_metaphone;
use super::real_lists::load;

/// Every distinct Latin token of every name of the real lists, as the index encodes them.
fn tokens() -> BTreeSet<String> {
    let lists = [
        load("ofac-sdn-2021"),
        load("ofac-cons-2025"),
        load("un/consolidated.xml"),
    ];
    let mut tokens = BTreeSet::new();
    for entry in lists.iter().flat_map(|l| &l.entries) {
        for name in &entry.names {
            tokens.extend(normalize::normalize(&name.text).tokens);
        }
    }
    tokens
}

#[test]
fn double_metaphone_against_commons_codec_on_the_real_lists() {
    let theirs = DoubleMetaphone::new(Some(6));
    let tokens = tokens();
    let (mut both, mut primary_only, mut alternate_only, mut neither) = (0, 0, 0, 0);
    let mut differ = Vec::new();
    for token in &tokens {
        let (p, a) = double_metaphone(token);
        let r = theirs.double_metaphone(token);
        let (rp, ra) = (r.primary(), r.alternate());
        match (p == rp, a == ra) {
            (true, true) => both += 1,
            (true, false) => primary_only += 1,
            (false, true) => alternate_only += 1,
            (false, false) => neither += 1,
        }
        if p != rp || a != ra {
            differ.push(format!("{token}: ours {p}/{a} theirs {rp}/{ra}"));
        }
    }
    println!(
        "tokens {} both codes agree {both} only primary {primary_only} only alternate {alternate_only} neither {neither}",
        tokens.len()
    );
    let step = (differ.len() / 60).max(1);
    for line in differ.iter().step_by(step) {
        println!("{line}");
    }
    assert!(tokens.len() > 10_000, "{} tokens", tokens.len());
    // Philips' rules: "Schmidt" XMT/SMT; the "th" of "Thom" is a T, not a 0.
    let r = theirs.double_metaphone("schmidt");
    assert_eq!((r.primary(), r.alternate()), ("XMT".into(), "SMT".into()));
    assert_eq!(theirs.double_metaphone("thompson").primary(), "TMPSN");
}
