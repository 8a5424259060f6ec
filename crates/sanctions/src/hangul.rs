//! Korean names: Hangul syllables romanized by the Revised Romanization of Korean (jamo
//! decomposed arithmetically, no table of syllables), and a romanization-neutral key that
//! lets a Revised spelling ("Gim Yeong-cheol") meet the McCune–Reischauer spellings the UN
//! and OFAC lists use for DPRK names ("KIM YONG CHOL") and common passport spellings
//! (Lee, Park, Choi).

/// First Hangul syllable (가) and the last (힣).
const FIRST: u32 = 0xAC00;
const LAST: u32 = 0xD7A3;

/// Initial consonants, in Unicode order: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ.
const INITIALS: [&str; 19] = [
    "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p",
    "h",
];

/// Vowels: ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ.
const VOWELS: [&str; 21] = [
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we",
    "wi", "yu", "eu", "ui", "i",
];

/// Final consonants as pronounced at the end of a syllable (index 0: none):
/// ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ.
const FINALS: [&str; 28] = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p",
    "t", "t", "ng", "t", "t", "k", "t", "p", "t",
];

/// Surnames of two syllables: a Korean name written without spaces starts with one of
/// these or with a one-syllable surname.
const TWO_SYLLABLE_SURNAMES: &[&str] = &[
    "남궁", "황보", "제갈", "선우", "독고", "사공", "서문", "동방", "을지", "망절",
];

pub fn is_syllable(c: char) -> bool {
    (FIRST..=LAST).contains(&(c as u32))
}

/// The jamo indexes (initial, vowel, final) of a Hangul syllable.
pub fn decompose(c: char) -> Option<(usize, usize, usize)> {
    if !is_syllable(c) {
        return None;
    }
    let s = (c as u32 - FIRST) as usize;
    Some((s / 588, (s % 588) / 28, s % 28))
}

/// One syllable in Revised Romanization, as names are written: each syllable on its own,
/// without the sound changes between syllables (the rule for personal names).
pub fn romanize_syllable(c: char) -> Option<String> {
    let (l, v, t) = decompose(c)?;
    let mut out = String::with_capacity(7);
    out.push_str(INITIALS[l]);
    out.push_str(VOWELS[v]);
    out.push_str(FINALS[t]);
    Some(out)
}

/// Romanizes the Hangul of `text` (other characters are kept). A run of two to four
/// syllables is a personal name: its surname and each syllable of the given name become
/// words ("김정은" → "gim jeong eun", matching "Kim Jong-un"); longer runs stay one word.
pub fn romanize(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !is_syllable(chars[i]) {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_syllable(chars[i]) {
            i += 1;
        }
        let run = &chars[start..i];
        let mut syllables: Vec<String> = run.iter().filter_map(|c| romanize_syllable(*c)).collect();
        // Surnames Revised Romanization would leave one letter long are written as names
        // are: 이 Yi (Lee, Ri), 오 Oh.
        if run.len() <= 4 {
            match run[0] {
                '이' => syllables[0] = "yi".to_owned(),
                '오' => syllables[0] = "oh".to_owned(),
                _ => {}
            }
        }
        if !out.is_empty() && !out.ends_with(char::is_whitespace) {
            out.push(' ');
        }
        if (2..=4).contains(&run.len()) {
            let head: String = run[..2].iter().collect();
            let surname = if run.len() >= 3 && TWO_SYLLABLE_SURNAMES.contains(&head.as_str()) {
                2
            } else {
                1
            };
            out.push_str(&syllables[..surname].concat());
            for s in &syllables[surname..] {
                out.push(' ');
                out.push_str(s);
            }
        } else {
            out.push_str(&syllables.concat());
        }
        if i < chars.len() && !chars[i].is_whitespace() {
            out.push(' ');
        }
    }
    out
}

/// A key on which the romanizations of one Korean syllable or name part agree (Revised,
/// McCune–Reischauer without its marks, North Korean usage and common passport spellings):
/// `None` for a token that cannot be a romanized Korean word (digits, over 12 letters).
///
/// Folds: the initial sound law (리/이: Ri, Yi, Lee, Rhee, I; 로/노: Ro, No, Roh), voiced and
/// voiceless stops (g/k, d/t, b/p, j/ch), tense and aspirated letters (kk, tt, pp, ss, jj,
/// ph, th, kh), sh/s, l/r, a silent h after a vowel (Oh, Sohn), an English r before a
/// consonant (Park), and the vowels eo/o/u/eu (ŏ and ŭ lose their marks), ae/e, ee/i, oo/u,
/// oi/oe.
pub fn korean_key(token: &str) -> Option<String> {
    if token.is_empty() || token.len() > 12 || !token.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    // Whole-word passport spellings the letter rules below do not reach.
    let token = match token {
        "choi" | "choy" | "chey" => "choe",
        "young" => "yeong",
        "you" => "yu",
        _ => token,
    };
    let b = token.as_bytes();
    let vowel = |c: u8| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'w' | b'y');
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let next = |n: usize| b.get(i + n).copied().unwrap_or(0);
        let (sym, used): (u8, usize) = if rest.starts_with(b"ng") {
            (b'N', 2)
        } else if rest.starts_with(b"tch") {
            (b'c', 3)
        } else if rest.starts_with(b"ch") || rest.starts_with(b"jj") {
            (b'c', 2)
        } else if rest.starts_with(b"sh") || rest.starts_with(b"ss") {
            (b's', 2)
        } else if rest.starts_with(b"rh") {
            (b'r', 2)
        } else if rest.starts_with(b"ph") || rest.starts_with(b"pp") || rest.starts_with(b"bb") {
            (b'p', 2)
        } else if rest.starts_with(b"th") || rest.starts_with(b"tt") || rest.starts_with(b"dd") {
            (b't', 2)
        } else if rest.starts_with(b"kh") || rest.starts_with(b"kk") || rest.starts_with(b"gg") {
            (b'k', 2)
        } else if rest.starts_with(b"eo") || rest.starts_with(b"eu") || rest.starts_with(b"oo") {
            (b'o', 2)
        } else if rest.starts_with(b"ee") {
            (b'i', 2)
        } else if rest.starts_with(b"ae") {
            (b'e', 2)
        } else if rest.starts_with(b"oi") || rest.starts_with(b"oe") {
            (b'E', 2)
        } else {
            let c = b[i];
            let sym = match c {
                b'g' | b'k' | b'q' => b'k',
                b'd' | b't' => b't',
                b'b' | b'p' | b'f' => b'p',
                b'j' | b'z' => b'c',
                b'l' | b'r' => b'r',
                b'u' => b'o',
                // A silent h after a vowel, before a consonant or at the end (Oh, Sohn).
                b'h' if i > 0 && vowel(b[i - 1]) && !vowel(next(1)) => {
                    i += 1;
                    continue;
                }
                c => c,
            };
            (sym, 1)
        };
        // An English r before a consonant (Park).
        if sym == b'r' && i > 0 && vowel(b[i - 1]) && next(1) != 0 && !vowel(next(1)) {
            i += used;
            continue;
        }
        if out.last() != Some(&sym) {
            out.push(sym);
        }
        i += used;
    }
    // The initial sound law: r and n before i or y drop, r before another vowel is n.
    if matches!(out.first(), Some(b'r') | Some(b'n'))
        && matches!(out.get(1), Some(b'i') | Some(b'y'))
    {
        out.remove(0);
    } else if out.first() == Some(&b'r') && out.get(1).is_some_and(|c| vowel(*c) || *c == b'E') {
        out[0] = b'n';
    }
    // "yi" is written for 이 as "i" is.
    if out.starts_with(b"yi") {
        out.remove(0);
    }
    String::from_utf8(out).ok().filter(|k| !k.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> String {
        korean_key(s).unwrap_or_default()
    }

    #[test]
    fn syllables_decompose_arithmetically() {
        assert_eq!(decompose('가'), Some((0, 0, 0)));
        assert_eq!(decompose('힣'), Some((18, 20, 27)));
        assert_eq!(decompose('A'), None);
    }

    #[test]
    fn initial_consonants() {
        // Plain stops are voiced letters, aspirated ones voiceless, tense ones doubled.
        assert_eq!(romanize("가"), "ga");
        assert_eq!(romanize("카"), "ka");
        assert_eq!(romanize("까"), "kka");
        assert_eq!(romanize("다 타 따"), "da ta tta");
        assert_eq!(romanize("바 파 빠"), "ba pa ppa");
        assert_eq!(romanize("자 차 짜"), "ja cha jja");
        assert_eq!(romanize("사 싸 하"), "sa ssa ha");
        // ㄹ at the start of a syllable is r; ㅇ is silent.
        assert_eq!(romanize("라"), "ra");
        assert_eq!(romanize("아"), "a");
    }

    #[test]
    fn vowels() {
        let words: Vec<String> = "아애야얘어에여예오와왜외요우워웨위유으의이"
            .chars()
            .filter_map(romanize_syllable)
            .collect();
        assert_eq!(
            words,
            [
                "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u",
                "wo", "we", "wi", "yu", "eu", "ui", "i"
            ]
        );
    }

    #[test]
    fn final_consonants_are_neutralized() {
        assert_eq!(romanize("각"), "gak");
        assert_eq!(romanize("밖"), "bak");
        assert_eq!(romanize("옷"), "ot");
        assert_eq!(romanize("있"), "it");
        assert_eq!(romanize("낮 꽃 밭 좋"), "nat kkot bat jot");
        assert_eq!(romanize("앞"), "ap");
        assert_eq!(romanize("강"), "gang");
        assert_eq!(romanize("철"), "cheol");
        assert_eq!(romanize("닭"), "dak");
        assert_eq!(romanize("삶"), "sam");
    }

    #[test]
    fn personal_names_split_into_surname_and_given_syllables() {
        assert_eq!(romanize("김정은"), "gim jeong eun");
        assert_eq!(romanize("최춘식"), "choe chun sik");
        assert_eq!(romanize("남궁민수"), "namgung min su");
        assert_eq!(romanize("박 도춘"), "bak do chun");
        // No sound change between the syllables of a name (한복남 is Han Boknam).
        assert_eq!(romanize("한복남"), "han bok nam");
        // Longer runs are not personal names.
        assert_eq!(romanize("조선광선은행"), "joseongwangseoneunhaeng");
        assert_eq!(romanize("Kim 정은"), "Kim jeong eun");
        // One-letter surnames take their usual spelling.
        assert_eq!(romanize("이재일"), "yi jae il");
        assert_eq!(romanize("오 세훈"), "oh se hun");
    }

    #[test]
    fn romanizations_of_one_syllable_share_a_key() {
        for group in [
            &["kim", "gim"][..],
            &["ri", "yi", "lee", "rhee", "li", "i"][..],
            &["pak", "park", "bak"][..],
            &["choe", "choi"][..],
            &["jong", "jeong", "chong", "jung", "chung"][..],
            &["chol", "cheol", "chul"][..],
            &["yong", "yeong", "young"][..],
            &["un", "eun"][..],
            &["o", "oh"][..],
            &["no", "ro", "roh", "noh"][..],
            &["son", "sohn"][..],
            &["sin", "shin"][..],
            &["yu", "ryu", "yoo", "you"][..],
            &["hesong", "haeseong"][..],
            &["phyongchon", "pyeongcheon"][..],
        ] {
            let keys: Vec<String> = group.iter().map(|t| key(t)).collect();
            assert!(keys.iter().all(|k| *k == keys[0]), "{group:?} → {keys:?}");
        }
        assert_ne!(key("kim"), key("pak"));
        assert_ne!(key("choe"), key("cho"));
        assert_eq!(korean_key("abc1"), None);
        assert_eq!(korean_key(""), None);
    }
}
