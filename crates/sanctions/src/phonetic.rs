//! Phonetic keys of name tokens: a compact Double Metaphone (primary and alternate codes,
//! after Lawrence Philips' rules for the letters names use) and a consonant skeleton used to
//! compare transliterations from scripts that write few vowels (Arabic, Hebrew).

/// Primary and alternate Double Metaphone codes of an ASCII word (at most 6 symbols each;
/// `0` stands for "th", `X` for "sh"/"ch"). Non-letters are ignored.
pub fn double_metaphone(word: &str) -> (String, String) {
    let w: Vec<u8> = word
        .bytes()
        .filter(u8::is_ascii_alphabetic)
        .map(|b| b.to_ascii_uppercase())
        .collect();
    let mut p = String::new();
    let mut a = String::new();
    if w.is_empty() {
        return (p, a);
    }
    const MAX: usize = 6;
    let n = w.len();
    let at = |i: isize| -> u8 {
        if i < 0 || i as usize >= n {
            0
        } else {
            w[i as usize]
        }
    };
    let is_vowel = |c: u8| matches!(c, b'A' | b'E' | b'I' | b'O' | b'U' | b'Y');
    let starts = |i: isize, s: &str| -> bool {
        let s = s.as_bytes();
        if i < 0 || i as usize + s.len() > n {
            return false;
        }
        &w[i as usize..i as usize + s.len()] == s
    };
    let slavo_germanic = starts(0, "W")
        || w.windows(1).any(|x| x[0] == b'K')
        || w.windows(2).any(|x| x == b"CZ")
        || w.windows(5).any(|x| x == b"WITZ");
    let push = |p: &mut String, a: &mut String, pc: &str, ac: &str| {
        p.push_str(pc);
        a.push_str(ac);
    };
    let mut i: isize = 0;
    if starts(0, "GN") || starts(0, "KN") || starts(0, "PN") || starts(0, "WR") || starts(0, "PS") {
        i = 1;
    }
    if at(0) == b'X' {
        push(&mut p, &mut a, "S", "S");
        i = 1;
    }
    while (i as usize) < n && (p.len() < MAX || a.len() < MAX) {
        let c = at(i);
        match c {
            b'A' | b'E' | b'I' | b'O' | b'U' | b'Y' => {
                if i == 0 {
                    push(&mut p, &mut a, "A", "A");
                }
                i += 1;
            }
            b'B' => {
                push(&mut p, &mut a, "P", "P");
                i += if at(i + 1) == b'B' { 2 } else { 1 };
            }
            b'C' => {
                if starts(i, "CH") {
                    if (i == 0 && (starts(i, "CHAR") || starts(i, "CHOR") || starts(i, "CHEM")))
                        || (i > 0 && starts(i - 1, "SCH"))
                    {
                        push(&mut p, &mut a, "K", "K");
                    } else {
                        push(&mut p, &mut a, "X", "K");
                    }
                    i += 2;
                } else if starts(i, "CZ") {
                    push(&mut p, &mut a, "S", "X");
                    i += 2;
                } else if starts(i, "CIA") {
                    push(&mut p, &mut a, "X", "X");
                    i += 3;
                } else if starts(i, "CC") && !(i == 1 && at(0) == b'M') {
                    if matches!(at(i + 2), b'I' | b'E' | b'H') && !starts(i + 2, "HU") {
                        push(&mut p, &mut a, "KS", "KS");
                        i += 3;
                    } else {
                        push(&mut p, &mut a, "K", "K");
                        i += 2;
                    }
                } else if starts(i, "CK") || starts(i, "CG") || starts(i, "CQ") {
                    push(&mut p, &mut a, "K", "K");
                    i += 2;
                } else if starts(i, "CI") || starts(i, "CE") || starts(i, "CY") {
                    push(&mut p, &mut a, "S", "S");
                    i += 2;
                } else {
                    push(&mut p, &mut a, "K", "K");
                    i += if matches!(at(i + 1), b'C' | b'K' | b'Q') && !starts(i + 1, "CE") {
                        2
                    } else {
                        1
                    };
                }
            }
            b'D' => {
                if starts(i, "DG") && matches!(at(i + 2), b'I' | b'E' | b'Y') {
                    push(&mut p, &mut a, "J", "J");
                    i += 3;
                } else {
                    push(&mut p, &mut a, "T", "T");
                    i += if matches!(at(i + 1), b'T' | b'D') {
                        2
                    } else {
                        1
                    };
                }
            }
            b'F' => {
                push(&mut p, &mut a, "F", "F");
                i += if at(i + 1) == b'F' { 2 } else { 1 };
            }
            b'G' => {
                if at(i + 1) == b'H' {
                    if i > 0 && !is_vowel(at(i - 1)) {
                        push(&mut p, &mut a, "K", "K");
                    } else if i == 0 {
                        if at(i + 2) == b'I' {
                            push(&mut p, &mut a, "J", "J");
                        } else {
                            push(&mut p, &mut a, "K", "K");
                        }
                    } else if i > 2
                        && at(i - 1) == b'U'
                        && matches!(at(i - 3), b'C' | b'G' | b'L' | b'R' | b'T')
                    {
                        push(&mut p, &mut a, "F", "F");
                    } else if i > 0 && at(i - 1) != b'I' {
                        push(&mut p, &mut a, "K", "K");
                    }
                    i += 2;
                } else if at(i + 1) == b'N' {
                    if i == 1 && is_vowel(at(0)) && !slavo_germanic {
                        push(&mut p, &mut a, "KN", "N");
                    } else {
                        push(&mut p, &mut a, "N", "KN");
                    }
                    i += 2;
                } else if matches!(at(i + 1), b'E' | b'I' | b'Y') && !starts(i, "GER") {
                    if i == 0 {
                        push(&mut p, &mut a, "K", "J");
                    } else {
                        push(&mut p, &mut a, "J", "K");
                    }
                    i += 2;
                } else {
                    push(&mut p, &mut a, "K", "K");
                    i += if at(i + 1) == b'G' { 2 } else { 1 };
                }
            }
            b'H' => {
                if (i == 0 || is_vowel(at(i - 1))) && is_vowel(at(i + 1)) {
                    push(&mut p, &mut a, "H", "H");
                    i += 2;
                } else {
                    i += 1;
                }
            }
            b'J' => {
                if starts(i, "JOSE") || starts(0, "SAN ") {
                    push(&mut p, &mut a, "H", "H");
                } else if i == 0 {
                    push(&mut p, &mut a, "J", "A");
                } else if is_vowel(at(i - 1)) && !slavo_germanic && matches!(at(i + 1), b'A' | b'O')
                {
                    push(&mut p, &mut a, "J", "H");
                } else {
                    push(&mut p, &mut a, "J", "J");
                }
                i += if at(i + 1) == b'J' { 2 } else { 1 };
            }
            b'K' => {
                push(&mut p, &mut a, "K", "K");
                i += if at(i + 1) == b'K' { 2 } else { 1 };
            }
            b'L' => {
                push(&mut p, &mut a, "L", "L");
                i += if at(i + 1) == b'L' { 2 } else { 1 };
            }
            b'M' => {
                push(&mut p, &mut a, "M", "M");
                i += if at(i + 1) == b'M' { 2 } else { 1 };
            }
            b'N' => {
                push(&mut p, &mut a, "N", "N");
                i += if at(i + 1) == b'N' { 2 } else { 1 };
            }
            b'P' => {
                if at(i + 1) == b'H' {
                    push(&mut p, &mut a, "F", "F");
                    i += 2;
                } else {
                    push(&mut p, &mut a, "P", "P");
                    i += if matches!(at(i + 1), b'P' | b'B') {
                        2
                    } else {
                        1
                    };
                }
            }
            b'Q' => {
                push(&mut p, &mut a, "K", "K");
                i += if at(i + 1) == b'Q' { 2 } else { 1 };
            }
            b'R' => {
                push(&mut p, &mut a, "R", "R");
                i += if at(i + 1) == b'R' { 2 } else { 1 };
            }
            b'S' => {
                if starts(i, "SH") {
                    push(&mut p, &mut a, "X", "X");
                    i += 2;
                } else if starts(i, "SIO") || starts(i, "SIA") {
                    push(&mut p, &mut a, "S", if slavo_germanic { "S" } else { "X" });
                    i += 3;
                } else if starts(i, "SCH") {
                    push(&mut p, &mut a, "SK", "SK");
                    i += 3;
                } else if starts(i, "SC") && matches!(at(i + 2), b'I' | b'E' | b'Y') {
                    push(&mut p, &mut a, "S", "S");
                    i += 3;
                } else {
                    push(&mut p, &mut a, "S", "S");
                    i += if matches!(at(i + 1), b'S' | b'Z') {
                        2
                    } else {
                        1
                    };
                }
            }
            b'T' => {
                if starts(i, "TION") || starts(i, "TIA") || starts(i, "TCH") {
                    push(&mut p, &mut a, "X", "X");
                    i += 3;
                } else if starts(i, "TH") {
                    push(&mut p, &mut a, "0", "T");
                    i += 2;
                } else {
                    push(&mut p, &mut a, "T", "T");
                    i += if matches!(at(i + 1), b'T' | b'D') {
                        2
                    } else {
                        1
                    };
                }
            }
            b'V' => {
                push(&mut p, &mut a, "F", "F");
                i += if at(i + 1) == b'V' { 2 } else { 1 };
            }
            b'W' => {
                if i == 0 && is_vowel(at(1)) {
                    push(&mut p, &mut a, "A", "F");
                } else if i == 0 && at(1) == b'H' {
                    push(&mut p, &mut a, "A", "A");
                    i += 1;
                }
                i += 1;
            }
            b'X' => {
                push(&mut p, &mut a, "KS", "KS");
                i += if matches!(at(i + 1), b'C' | b'X') {
                    2
                } else {
                    1
                };
            }
            b'Z' => {
                if at(i + 1) == b'H' {
                    push(&mut p, &mut a, "J", "J");
                    i += 2;
                } else {
                    push(&mut p, &mut a, "S", "S");
                    i += if at(i + 1) == b'Z' { 2 } else { 1 };
                }
            }
            _ => i += 1,
        }
    }
    p.truncate(MAX);
    a.truncate(MAX);
    (p, a)
}

/// Whether two words sound alike: one of their Double Metaphone codes agree and the codes
/// carry at least three sounds (shorter codes say little).
pub fn sounds_alike(a: &(String, String), b: &(String, String)) -> bool {
    let long = |s: &String| s.len() >= 3;
    (long(&a.0) && (a.0 == b.0 || a.0 == b.1)) || (long(&a.1) && (a.1 == b.0 || a.1 == b.1))
}

/// The consonant skeleton of a Latin word: digraphs folded (`kh`, `dh`, `th`, `sh`, `gh`,
/// `ph`), close consonants merged (q/c/k, z/s), vowels, `h`, `w`, `y` and apostrophes
/// dropped, doubled letters collapsed. "Qaddafi" and "Qadhdhafi" both give `ktf`.
pub fn skeleton(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let b = lower.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut prev = 0u8;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied().unwrap_or(0);
        let (mapped, step) = match (c, next) {
            (b'k', b'h') | (b'g', b'h') => (b'k', 2),
            (b'd', b'h') | (b't', b'h') => (b't', 2),
            (b's', b'h') | (b'c', b'h') => (b's', 2),
            (b'p', b'h') => (b'f', 2),
            (b'q' | b'c' | b'k' | b'g', _) => (b'k', 1),
            (b'z', _) => (b's', 1),
            (b'd', _) => (b't', 1),
            (b'v', _) => (b'f', 1),
            (b'p', _) => (b'b', 1),
            (b'j', _) => (b'j', 1),
            (b'a' | b'e' | b'i' | b'o' | b'u' | b'y' | b'w' | b'h', _) => (0, 1),
            (c, _) if c.is_ascii_alphanumeric() => (c, 1),
            _ => (0, 1),
        };
        if mapped != 0 && prev != mapped {
            out.push(mapped);
        }
        prev = mapped;
        i += step;
    }
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dm(w: &str) -> (String, String) {
        double_metaphone(w)
    }

    #[test]
    fn transliterated_spellings_share_a_code() {
        for group in [
            &["qaddafi", "gaddafi", "kadhafi", "qadhafi", "gadafi"][..],
            &["hezbollah", "hizballah", "hizbullah"][..],
            &["mohammed", "muhammad", "mohamed", "mohamad"][..],
            &["usama", "osama"][..],
            &["smith", "smyth"][..],
        ] {
            let first = dm(group[0]);
            for other in &group[1..] {
                assert!(
                    sounds_alike(&first, &dm(other)),
                    "{} vs {other}: {first:?} {:?}",
                    group[0],
                    dm(other)
                );
            }
        }
    }

    #[test]
    fn different_names_differ() {
        assert!(!sounds_alike(&dm("smith"), &dm("jones")));
        assert!(!sounds_alike(&dm("putin"), &dm("peterson")));
    }

    #[test]
    fn classic_codes() {
        assert_eq!(dm("thompson").0, "0MPSN");
        assert_eq!(dm("schmidt").0, "SKMT");
        assert_eq!(dm("knight").0, "NT");
        assert_eq!(dm("philip").0, "FLP");
        assert_eq!(dm("xavier").0, "SFR");
    }

    #[test]
    fn skeletons_of_transliterations() {
        assert_eq!(skeleton("qaddafi"), skeleton("qadhdhafi"));
        assert_eq!(skeleton("mohammed"), "mmt");
        assert_eq!(skeleton("muhammad"), "mmt");
        assert_eq!(skeleton("mhmd"), "mmt");
    }
}
