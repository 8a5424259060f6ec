//! Name normalization for matching: "SURNAME, Given" reordering, script detection,
//! transliteration to Latin (Cyrillic, Greek, CJK and accents through `deunicode`, Arabic
//! and Persian through our own table, Hangul by the Revised Romanization in `hangul`), case and punctuation folding, initials joined
//! ("S.A." → "sa"), legal forms (LLC, GmbH, OOO, SA de CV, ...) and stop words removed,
//! numbers kept. Names in a non-Latin script also keep a folded native form, compared with
//! the lists' original-script names.

/// The writing system a name is mostly written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    Latin,
    Cyrillic,
    Greek,
    Arabic,
    Hebrew,
    Cjk,
    Hangul,
    Other,
}

impl Script {
    /// Scripts that mostly omit short vowels: their transliterations are compared by
    /// consonant skeleton.
    pub fn is_abjad(self) -> bool {
        matches!(self, Script::Arabic | Script::Hebrew)
    }

    pub fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Cyrillic => "Cyrillic",
            Script::Greek => "Greek",
            Script::Arabic => "Arabic",
            Script::Hebrew => "Hebrew",
            Script::Cjk => "CJK",
            Script::Hangul => "Hangul",
            Script::Other => "other",
        }
    }
}

/// A name ready for matching.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Normalized {
    /// Lower-case ASCII tokens, in name order (given names first), without legal forms and
    /// stop words.
    pub tokens: Vec<String>,
    /// Legal forms removed from the name (`llc`, `gmbh`, `sa de cv`, ...).
    pub legal_forms: Vec<String>,
    /// Folded tokens in the original script when it is not Latin, Cyrillic or Greek
    /// (Arabic, Hebrew, CJK, Hangul): compared with original-script names as written.
    pub native: Vec<String>,
    /// The script the name was written in.
    pub script: Option<Script>,
    /// How many of the last tokens are the surname, when the name said so ("CUARTES
    /// MORALES, Juan Carlos": 2); 0 when it did not.
    pub surnames: usize,
}

impl Normalized {
    /// The tokens joined without spaces ("al qaida" and "alqaida" agree).
    pub fn joined(&self) -> String {
        self.tokens.concat()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty() && self.native.is_empty()
    }
}

/// Single-token legal forms, compared after normalization.
const LEGAL_FORMS: &[&str] = &[
    "llc",
    "ltd",
    "ltda",
    "limited",
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "co",
    "cia",
    "company",
    "gmbh",
    "mbh",
    "ag",
    "kg",
    "kgaa",
    "sa",
    "sas",
    "sarl",
    "srl",
    "spa",
    "sl",
    "bv",
    "nv",
    "plc",
    "llp",
    "lp",
    "pte",
    "pvt",
    "pty",
    "bhd",
    "sdn",
    "oy",
    "oyj",
    "ab",
    "asa",
    "aps",
    "jsc",
    "ojsc",
    "cjsc",
    "pjsc",
    "ooo",
    "zao",
    "oao",
    "pao",
    "ao",
    "tov",
    "too",
    "fze",
    "fzco",
    "fzc",
    "fzllc",
    "dmcc",
    "sae",
    "kft",
    "zrt",
    "doo",
    "dooel",
    "ead",
    "eood",
    "sro",
    "spzoo",
    "sapi",
    "sab",
    "cv",
    "ca",
    "se",
    "ug",
    "ek",
    "ohg",
    "wll",
    "psc",
    "qsc",
    "saog",
    "saoc",
    "ptc",
    "tbk",
    "est",
    "establishment",
    "cie",
    "sprl",
    "bvba",
    "scs",
    "snc",
];

/// Multi-token legal forms.
const LEGAL_PHRASES: &[&[&str]] = &[
    &["sa", "de", "cv"],
    &["s", "de", "rl", "de", "cv"],
    &["s", "de", "rl"],
    &["sapi", "de", "cv"],
    &["sab", "de", "cv"],
    &["sp", "z", "oo"],
    &["joint", "stock", "company"],
    &["closed", "joint", "stock", "company"],
    &["open", "joint", "stock", "company"],
    &["public", "joint", "stock", "company"],
    &["limited", "liability", "company"],
    &["limited", "liability", "partnership"],
    &["public", "limited", "company"],
    &["private", "limited"],
    &["private", "limited", "company"],
    &["societe", "anonyme"],
    &["sociedad", "anonima"],
    &["obshchestvo", "s", "ogranichennoy", "otvetstvennostyu"],
    &["aktsionernoe", "obshchestvo"],
    &["publichnoe", "aktsionernoe", "obshchestvo"],
    &["co", "ltd"],
];

/// Words that carry no identity: articles, particles, conjunctions.
const STOP_WORDS: &[&str] = &[
    "the", "of", "and", "al", "el", "ul", "bin", "ibn", "bint", "ben", "de", "del", "la", "le",
    "les", "da", "das", "do", "dos", "du", "di", "van", "von", "der", "den", "y", "e", "for",
    "und", "et", "a", "an",
];

pub fn is_stop_word(token: &str) -> bool {
    STOP_WORDS.contains(&token)
}

pub fn is_legal_form(token: &str) -> bool {
    LEGAL_FORMS.contains(&token)
}

/// Normalizes a name (any script) for matching.
pub fn normalize(text: &str) -> Normalized {
    let script = detect_script(text);
    let reordered = reorder_surname_first(text);
    let mut out = Normalized {
        script,
        ..Normalized::default()
    };
    let latin = match script {
        Some(Script::Arabic) => {
            out.native = native_tokens(&reordered, fold_arabic);
            transliterate_arabic(&reordered)
        }
        Some(s @ (Script::Hebrew | Script::Cjk | Script::Hangul)) => {
            out.native = if s == Script::Cjk {
                // Chinese and Japanese names are written without spaces between their parts.
                vec![
                    reordered
                        .chars()
                        .filter(|c| !c.is_whitespace() && !is_punct(*c))
                        .collect(),
                ]
            } else {
                native_tokens(&reordered, |s| s.to_owned())
            };
            out.native.retain(|t| !t.is_empty());
            if s == Script::Hangul {
                deunicode::deunicode(&super::hangul::romanize(&reordered))
            } else {
                deunicode::deunicode(&reordered)
            }
        }
        _ => deunicode::deunicode(&reordered),
    };
    let raw = tokenize(&latin);
    if script == Some(Script::Hangul) {
        // Romanized syllables are not Latin particles or legal forms (도 "do", 세 "se").
        out.tokens = raw;
        return out;
    }
    let (tokens, forms) = strip_legal_forms(raw);
    out.legal_forms = forms;
    let without_stop: Vec<String> = tokens
        .iter()
        .filter(|t| !is_stop_word(t))
        .cloned()
        .collect();
    out.tokens = if without_stop.is_empty() {
        tokens
    } else {
        without_stop
    };
    if reordered != text {
        out.surnames = surname_tokens(&out.tokens, text);
    }
    out
}

/// How many of `tokens`' last tokens are the surname part of `listed` ("SURNAME, Given").
fn surname_tokens(tokens: &[String], listed: &str) -> usize {
    let Some(surname) = listed.split(',').next() else {
        return 0;
    };
    let parts: Vec<String> = tokenize(&deunicode::deunicode(surname))
        .into_iter()
        .filter(|t| !is_stop_word(t))
        .collect();
    if parts.is_empty() || parts.len() >= tokens.len() || !tokens.ends_with(&parts) {
        return 0;
    }
    parts.len()
}

/// "HANIYA, Ismail Abdul Salah" → "Ismail Abdul Salah HANIYA": lists write individuals
/// surname first. Left alone when there is not exactly one comma or when what follows the
/// comma is a legal form ("CIMEX, S.A.").
pub fn reorder_surname_first(text: &str) -> String {
    let mut parts = text.split(',');
    let (Some(surname), Some(given), None) = (parts.next(), parts.next(), parts.next()) else {
        return text.to_owned();
    };
    let given_tokens = tokenize(&deunicode::deunicode(given));
    if given_tokens.is_empty()
        || surname.trim().is_empty()
        || strip_legal_forms(given_tokens.clone()).0.is_empty()
        || given_tokens.iter().all(|t| is_legal_form(t))
    {
        return text.to_owned();
    }
    format!("{} {}", given.trim(), surname.trim())
}

fn is_punct(c: char) -> bool {
    !c.is_alphanumeric()
}

/// Lower-case ASCII tokens of already transliterated text. Apostrophes join ("O'Brien" →
/// "obrien"); dots join single letters ("S.A." → "sa") and split words ("ST.PETERSBURG");
/// everything else that is not a letter or digit separates.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, tokens: &mut Vec<String>| {
        if current.is_empty() {
            return;
        }
        let pieces: Vec<&str> = current.split('.').filter(|p| !p.is_empty()).collect();
        if pieces.len() > 1 && pieces.iter().all(|p| p.len() == 1) {
            tokens.push(pieces.concat());
        } else {
            tokens.extend(pieces.iter().map(|p| (*p).to_owned()));
        }
        current.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            current.push(c.to_ascii_lowercase());
        } else if c == '.' {
            current.push('.');
        } else if matches!(c, '\'' | '`' | '’' | 'ʼ' | 'ʻ' | '‘') {
            // joined
        } else {
            flush(&mut current, &mut tokens);
        }
    }
    flush(&mut current, &mut tokens);
    tokens
}

/// Removes legal forms at the end and at the start of a name (where they stand), keeping
/// at least one token.
fn strip_legal_forms(mut tokens: Vec<String>) -> (Vec<String>, Vec<String>) {
    let mut forms = Vec::new();
    loop {
        let mut changed = false;
        // Longest phrase first, at the end.
        let mut best: Option<usize> = None;
        for phrase in LEGAL_PHRASES {
            if phrase.len() < tokens.len()
                && tokens[tokens.len() - phrase.len()..]
                    .iter()
                    .zip(phrase.iter())
                    .all(|(a, b)| a == b)
                && best.is_none_or(|n| phrase.len() > n)
            {
                best = Some(phrase.len());
            }
        }
        if let Some(len) = best {
            let removed = tokens.split_off(tokens.len() - len);
            forms.push(removed.join(" "));
            changed = true;
        } else if tokens.len() > 1 && tokens.last().is_some_and(|t| is_legal_form(t)) {
            if let Some(t) = tokens.pop() {
                forms.push(t);
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    loop {
        let mut best: Option<usize> = None;
        for phrase in LEGAL_PHRASES {
            if phrase.len() < tokens.len()
                && tokens[..phrase.len()]
                    .iter()
                    .zip(phrase.iter())
                    .all(|(a, b)| a == b)
                && best.is_none_or(|n| phrase.len() > n)
            {
                best = Some(phrase.len());
            }
        }
        if let Some(len) = best {
            let rest = tokens.split_off(len);
            forms.push(tokens.join(" "));
            tokens = rest;
        } else if tokens.len() > 1 && is_legal_form(&tokens[0]) {
            forms.push(tokens.remove(0));
        } else {
            break;
        }
    }
    (tokens, forms)
}

/// The script most letters of `text` are written in; `None` without letters.
pub fn detect_script(text: &str) -> Option<Script> {
    let mut counts = [0usize; 8];
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        let script = match c as u32 {
            0x0000..=0x024F | 0x1E00..=0x1EFF => Script::Latin,
            0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
            0x0400..=0x052F => Script::Cyrillic,
            0x0590..=0x05FF => Script::Hebrew,
            0x0600..=0x06FF
            | 0x0750..=0x077F
            | 0x08A0..=0x08FF
            | 0xFB50..=0xFDFF
            | 0xFE70..=0xFEFF => Script::Arabic,
            0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Script::Hangul,
            0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Script::Cjk,
            _ => Script::Other,
        };
        counts[script as usize] += 1;
    }
    let (best, count) = counts.iter().enumerate().max_by_key(|(_, n)| **n)?;
    if *count == 0 {
        return None;
    }
    Some(
        [
            Script::Latin,
            Script::Cyrillic,
            Script::Greek,
            Script::Arabic,
            Script::Hebrew,
            Script::Cjk,
            Script::Hangul,
            Script::Other,
        ][best],
    )
}

fn native_tokens(text: &str, fold: impl Fn(&str) -> String) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || (is_punct(c) && !is_arabic_mark(c)))
        .map(&fold)
        .filter(|t| !t.is_empty())
        .collect()
}

fn is_arabic_mark(c: char) -> bool {
    matches!(c as u32, 0x064B..=0x065F | 0x0670 | 0x0640)
}

/// Arabic written the way lists write it: vowel marks and tatweel removed, alef forms,
/// teh marbuta, alef maqsura and hamza carriers unified, Persian letters mapped to Arabic.
pub fn fold_arabic(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    for c in token.chars() {
        if is_arabic_mark(c) {
            continue;
        }
        out.push(match c {
            'أ' | 'إ' | 'آ' | 'ٱ' => 'ا',
            'ة' => 'ه',
            'ى' | 'ی' | 'ئ' => 'ي',
            'ؤ' => 'و',
            'ک' => 'ك',
            c => c,
        });
    }
    out
}

/// Arabic (and Persian) letters to Latin: long vowels written, short vowels only where the
/// text marks them; `ال` becomes the separate article `al`.
pub fn transliterate_arabic(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        let mut chars: Vec<char> = word.chars().collect();
        // A shadda written after the vowel mark doubles the consonant before the vowel.
        for i in 0..chars.len().saturating_sub(1) {
            if matches!(chars[i] as u32, 0x064B..=0x0650) && chars[i + 1] == '\u{0651}' {
                chars.swap(i, i + 1);
            }
        }
        if chars.len() > 3 && chars[0] == 'ا' && chars[1] == 'ل' {
            out.push_str("al ");
            chars.drain(..2);
        }
        let mut last = String::new();
        for (i, c) in chars.iter().enumerate() {
            let piece: &str = match c {
                'ا' | 'آ' | 'ٱ' | 'أ' => "a",
                'إ' => "i",
                'ب' => "b",
                'ت' => "t",
                'ث' => "th",
                'ج' => "j",
                'ح' | 'ه' => "h",
                'خ' => "kh",
                'د' => "d",
                'ذ' => "dh",
                'ر' => "r",
                'ز' => "z",
                'س' | 'ص' => "s",
                'ش' => "sh",
                'ض' => "d",
                'ط' => "t",
                'ظ' => "z",
                'ع' | 'ء' | 'ئ' | 'ؤ' => "",
                'غ' => "gh",
                'ف' => "f",
                'ق' => "q",
                'ك' | 'ک' => "k",
                'گ' => "g",
                'ل' => "l",
                'م' => "m",
                'ن' => "n",
                'ة' | 'ى' => "a",
                'و' => {
                    if i == 0 {
                        "w"
                    } else {
                        "u"
                    }
                }
                'ي' | 'ی' => {
                    if i == 0 {
                        "y"
                    } else {
                        "i"
                    }
                }
                'پ' => "p",
                'چ' => "ch",
                'ژ' => "zh",
                '\u{064E}' => "a",
                '\u{0650}' => "i",
                '\u{064F}' => "u",
                '\u{0651}' => {
                    // shadda: the previous consonant is doubled
                    out.push_str(&last);
                    continue;
                }
                c if c.is_ascii_alphanumeric() => {
                    out.push(*c);
                    continue;
                }
                _ => "",
            };
            out.push_str(piece);
            if !is_arabic_mark(*c) {
                last = piece.to_owned();
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        normalize(text).tokens
    }

    #[test]
    fn case_accents_and_punctuation_fold() {
        assert_eq!(
            tokens("José  MARÍA Aznar-López"),
            ["jose", "maria", "aznar", "lopez"]
        );
        assert_eq!(
            tokens("Zürich Straße Øresund"),
            ["zurich", "strasse", "oresund"]
        );
        assert_eq!(tokens("O'BRIEN, Patrick"), ["patrick", "obrien"]);
        assert_eq!(tokens("ST.PETERSBURG"), ["st", "petersburg"]);
    }

    #[test]
    fn surname_first_is_reordered() {
        assert_eq!(
            reorder_surname_first("HANIYA, Ismail Abdul Salah"),
            "Ismail Abdul Salah HANIYA"
        );
        assert_eq!(tokens("HANIYA, Ismail"), ["ismail", "haniya"]);
        assert_eq!(reorder_surname_first("CIMEX, S.A."), "CIMEX, S.A.");
        assert_eq!(
            reorder_surname_first("ANGLO-CARIBBEAN CO., LTD."),
            "ANGLO-CARIBBEAN CO., LTD."
        );
        assert_eq!(reorder_surname_first("A, B, C"), "A, B, C");
    }

    #[test]
    fn the_surname_part_is_counted_when_the_name_gives_it() {
        assert_eq!(normalize("CUARTES MORALES, Juan Carlos").surnames, 2);
        assert_eq!(normalize("DE LA CRUZ MARTINEZ, Jose").surnames, 2);
        assert_eq!(normalize("HANIYA, Ismail Abdul Salah").surnames, 1);
        assert_eq!(normalize("Juan Carlos Cuartes Morales").surnames, 0);
        assert_eq!(normalize("CIMEX, S.A.").surnames, 0);
    }

    #[test]
    fn legal_forms_are_removed() {
        assert_eq!(tokens("CIMEX, S.A."), ["cimex"]);
        assert_eq!(tokens("ANGLO-CARIBBEAN CO., LTD."), ["anglo", "caribbean"]);
        assert_eq!(tokens("Acme Widgets GmbH"), ["acme", "widgets"]);
        assert_eq!(tokens("OOO Romashka"), ["romashka"]);
        assert_eq!(tokens("Grupo Ferretero SA de CV"), ["grupo", "ferretero"]);
        assert_eq!(tokens("Rosneft Public Joint Stock Company"), ["rosneft"]);
        assert_eq!(tokens("Blue River LLC"), ["blue", "river"]);
        assert_eq!(normalize("Blue River LLC").legal_forms, ["llc"]);
        // A name that is only a legal form keeps it.
        assert_eq!(tokens("LLC"), ["llc"]);
    }

    #[test]
    fn stop_words_are_removed_but_never_everything() {
        assert_eq!(tokens("Bank of the Republic"), ["bank", "republic"]);
        assert_eq!(tokens("Usama bin Laden"), ["usama", "laden"]);
        assert_eq!(tokens("AL-SHANTI, Jamileh"), ["jamileh", "shanti"]);
        assert_eq!(tokens("The"), ["the"]);
    }

    #[test]
    fn numbers_are_kept() {
        assert_eq!(tokens("7-ELEVEN"), ["7", "eleven"]);
        assert_eq!(tokens("Plant No. 101"), ["plant", "no", "101"]);
    }

    #[test]
    fn cyrillic_greek_and_cjk_are_transliterated() {
        assert_eq!(
            tokens("Путин Владимир Владимирович"),
            ["putin", "vladimir", "vladimirovich"]
        );
        assert_eq!(normalize("Путин").script, Some(Script::Cyrillic));
        assert_eq!(tokens("Σωκράτης"), ["sokrates"]);
        let xi = normalize("習近平");
        assert_eq!(xi.tokens, ["xi", "jin", "ping"]);
        assert_eq!(xi.joined(), "xijinping");
        assert_eq!(xi.native, ["習近平"]);
    }

    #[test]
    fn hangul_is_romanized_by_revised_romanization() {
        let kim = normalize("김정은");
        assert_eq!(kim.script, Some(Script::Hangul));
        assert_eq!(kim.tokens, ["gim", "jeong", "eun"]);
        assert_eq!(kim.native, ["김정은"]);
        assert_eq!(tokens("리 재일"), ["ri", "jae", "il"]);
        assert_eq!(tokens("박, 도춘"), ["do", "chun", "bak"]);
        // Syllables that spell a Latin stop word or legal form stay.
        assert_eq!(tokens("백세도"), ["baek", "se", "do"]);
    }

    #[test]
    fn arabic_is_transliterated_and_folded() {
        let n = normalize("معمر القذافي");
        assert_eq!(n.script, Some(Script::Arabic));
        assert_eq!(n.tokens, ["mmr", "qdhafi"]);
        assert_eq!(n.native, ["معمر", "القذافي"]);
        assert_eq!(fold_arabic("أُسَامَة"), "اسامه");
        assert_eq!(normalize("مُحَمَّد").tokens, ["muhammad"]);
    }
}
