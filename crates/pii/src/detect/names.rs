//! Person names: runs of capitalised words (with initials and particles such as van, de,
//! von, da, bin, al-) scored by the gazetteer (a given name first, a surname last), cue
//! words and titles before them, and sentence position; ALL-CAPS words count when the
//! gazetteer knows them. Han and Hangul names need a cue.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::window_before;
use super::gazetteer::{is_first, is_last};
use super::text::Page;

static WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[\p{L}\p{M}][\p{L}\p{M}'’\-]*\.?").expect("word pattern"));

const TITLES: &[&str] = &[
    "mr",
    "mrs",
    "ms",
    "miss",
    "mx",
    "dr",
    "prof",
    "sir",
    "madam",
    "dame",
    "lord",
    "herr",
    "frau",
    "m",
    "mme",
    "mlle",
    "sr",
    "sra",
    "srta",
    "don",
    "doña",
    "dona",
    "sig",
    "signor",
    "signora",
    "pan",
    "pani",
    "hr",
    "fr",
    "bay",
    "bayan",
    "г-н",
    "г-жа",
    "господин",
    "госпожа",
    "пан",
    "пані",
    "κος",
    "κα",
    "κύριος",
    "κυρία",
    "mevrouw",
    "meneer",
    "dhr",
    "mevr",
    "fru",
    "rouva",
    "herra",
    "úr",
    "shri",
    "smt",
    "sheikh",
];

const CUES: &[&str] = &[
    "contact person",
    "account holder",
    "beneficiary",
    "recipient",
    "addressee",
    "last name?",
    "first name?",
    "surname?",
    "family name?",
    "given name?",
    "full name?",
    "your name?",
    "last name",
    "surname",
    "family name",
    "maiden name",
    "my name is",
    "name is",
    "name:",
    "names:",
    "i am",
    "i'm",
    "dear",
    "signed",
    "signed by",
    "sincerely",
    "regards",
    "contact",
    "patient",
    "patient:",
    "employee",
    "customer",
    "applicant",
    "holder",
    "attn",
    "attn:",
    "to:",
    "from:",
    "je m'appelle",
    "je suis",
    "nom:",
    "me llamo",
    "mi nombre es",
    "nombre:",
    "mi chiamo",
    "nome:",
    "ich heiße",
    "ich bin",
    "mein name ist",
    "name ist",
    "meu nome é",
    "mijn naam is",
    "naam:",
    "nazywam się",
    "jag heter",
    "mitt namn är",
    "jeg hedder",
    "jeg heter",
    "minun nimeni on",
    "nevem",
    "adım",
    "benim adım",
    "numele meu este",
    "jmenuji se",
    "меня зовут",
    "мене звати",
    "имя:",
    "фио:",
    "ονομάζομαι",
    "اسمي",
    "שמי",
    "मेरा नाम",
    "姓名",
    "氏名",
    "名前",
    "이름",
    "성명",
    "called",
    "named",
    "by",
    "thanks",
    "hi",
    "hello",
    "bonjour",
    "hola",
    "hallo",
    "ciao",
    "olá",
];

const PARTICLES: &[&str] = &[
    "van", "de", "der", "den", "von", "da", "das", "dos", "du", "del", "della", "di", "la", "le",
    "ten", "ter", "bin", "ibn", "binti", "al", "el", "y", "e", "zu", "af", "av",
];

/// Capitalised words that are not names even when the gazetteer lists them.
const STOP: &[&str] = &[
    "the",
    "this",
    "that",
    "these",
    "those",
    "i",
    "a",
    "an",
    "in",
    "on",
    "at",
    "for",
    "from",
    "to",
    "of",
    "and",
    "or",
    "but",
    "if",
    "when",
    "while",
    "with",
    "by",
    "as",
    "it",
    "he",
    "she",
    "we",
    "they",
    "you",
    "my",
    "your",
    "his",
    "her",
    "our",
    "their",
    "its",
    "is",
    "are",
    "was",
    "were",
    "be",
    "what",
    "where",
    "who",
    "why",
    "how",
    "please",
    "thank",
    "thanks",
    "dear",
    "hello",
    "hi",
    "yes",
    "no",
    "not",
    "also",
    "then",
    "there",
    "here",
    "which",
    "can",
    "could",
    "will",
    "would",
    "should",
    "may",
    "might",
    "must",
    "do",
    "does",
    "did",
    "have",
    "has",
    "had",
    "all",
    "any",
    "some",
    "each",
    "every",
    "after",
    "before",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "street",
    "avenue",
    "road",
    "lane",
    "drive",
    "apt",
    "suite",
    "mr",
    "mrs",
    "ms",
    "dr",
    "name",
    "date",
    "phone",
    "email",
    "address",
    "card",
    "number",
    "account",
    "bank",
    "company",
    "university",
    "hospital",
    "school",
    "city",
    "state",
    "country",
    "north",
    "south",
    "east",
    "west",
    "new",
    "my",
    "let",
    "just",
    "so",
    "our",
    "about",
    "over",
    "under",
    "into",
    "only",
    "one",
    "two",
    "first",
    "last",
    "dr.",
    "st",
    "god",
    "lord",
    "king",
    "queen",
    "prince",
    "president",
    "minister",
    "manager",
    "director",
    "ceo",
    "team",
    "hotel",
    "inc",
    "ltd",
    "llc",
    "gmbh",
    "corp",
    "co",
    "group",
    "bv",
    "sa",
    "ag",
    "plc",
    "love",
    "happy",
    "good",
    "best",
    "see",
    "ok",
    "okay",
    "id",
    "iban",
    "ssn",
    "me",
    "however",
    "today",
    "yesterday",
    "tomorrow",
    "maybe",
    "perhaps",
    "although",
    "because",
    "since",
    "unlike",
    "like",
    "once",
    "still",
    "even",
    "yet",
    "well",
    "now",
    "later",
    "again",
    "many",
    "most",
    "much",
    "more",
    "other",
    "another",
    "such",
    "same",
    "both",
    "either",
    "neither",
    "though",
    "unless",
    "until",
    "upon",
    "via",
    "per",
    "within",
    "without",
    "during",
    "between",
    "among",
    "through",
    "across",
    "around",
    "near",
    "very",
    "never",
    "always",
    "often",
    "northern",
    "southern",
    "eastern",
    "western",
    "central",
    "upper",
    "lower",
    "greater",
    "republic",
    "kingdom",
    "islands",
    "federation",
    "emirates",
    "users",
    "user",
    "bot",
    "answer",
    "question",
    "note",
    "subject",
];

/// Auxiliaries and common verbs of speech, motion and possession that follow a person as
/// the subject of a sentence.
const VERBS: &[&str] = &[
    "is", "was", "has", "had", "will", "would", "can", "could", "should", "must", "did", "does",
    "said", "says", "told", "asked", "replied", "shouted", "wrote", "went", "came", "spent",
    "gave", "lives", "lived", "works", "worked", "called", "joined", "left", "moved", "signed",
    "sent", "met", "married", "became", "visited",
];

/// Weak cues: they make a name of a run only when a list knows one of its words.
const WEAK_CUES: &[&str] = &["by", "contact", "thanks", "hi", "hello", "called", "named"];

/// ISO 3166 country names (English short forms and common variants), lower case: a run
/// that spells one is a place, not a person.
const COUNTRIES: &str = "afghanistan|albania|algeria|andorra|angola|antigua and barbuda|argentina|armenia|australia|austria|azerbaijan|bahamas|bahrain|bangladesh|barbados|belarus|belgium|belize|benin|bhutan|bolivia|bosnia and herzegovina|botswana|brazil|brunei|bulgaria|burkina faso|burundi|cabo verde|cape verde|cambodia|cameroon|canada|central african republic|chad|chile|china|colombia|comoros|congo|costa rica|croatia|cuba|cyprus|czechia|czech republic|denmark|djibouti|dominica|dominican republic|ecuador|egypt|el salvador|equatorial guinea|eritrea|estonia|eswatini|ethiopia|fiji|finland|france|gabon|gambia|georgia|germany|ghana|greece|grenada|guatemala|guinea|guinea-bissau|guyana|haiti|honduras|hungary|iceland|india|indonesia|iran|iraq|ireland|israel|italy|ivory coast|jamaica|japan|jordan|kazakhstan|kenya|kiribati|kosovo|kuwait|kyrgyzstan|laos|latvia|lebanon|lesotho|liberia|libya|liechtenstein|lithuania|luxembourg|madagascar|malawi|malaysia|maldives|mali|malta|marshall islands|mauritania|mauritius|mexico|micronesia|moldova|monaco|mongolia|montenegro|morocco|mozambique|myanmar|namibia|nauru|nepal|netherlands|new zealand|nicaragua|niger|nigeria|north korea|north macedonia|norway|oman|pakistan|palau|palestine|panama|papua new guinea|paraguay|peru|philippines|poland|portugal|qatar|romania|russia|russian federation|rwanda|saint kitts and nevis|saint lucia|saint vincent and the grenadines|samoa|san marino|sao tome and principe|saudi arabia|senegal|serbia|seychelles|sierra leone|singapore|slovakia|slovenia|solomon islands|somalia|south africa|south korea|south sudan|spain|sri lanka|sudan|suriname|sweden|switzerland|syria|taiwan|tajikistan|tanzania|thailand|timor-leste|togo|tonga|trinidad and tobago|tunisia|turkey|türkiye|turkmenistan|tuvalu|uganda|ukraine|united arab emirates|united kingdom|united states|uruguay|uzbekistan|vanuatu|vatican city|venezuela|vietnam|viet nam|yemen|zambia|zimbabwe|greenland|faroe islands|puerto rico|hong kong|macau|gibraltar|aruba|curaçao|bermuda|guam|new caledonia|french polynesia|réunion|martinique|guadeloupe|england|scotland|wales|northern ireland|great britain|holland|burma";

static COUNTRY_SET: LazyLock<std::collections::HashSet<&'static str>> =
    LazyLock::new(|| COUNTRIES.split('|').collect());

fn is_country(words: &str) -> bool {
    // The longest country name has 32 letters; longer runs need no lowercasing.
    words.len() <= 64 && COUNTRY_SET.contains(words.to_lowercase().as_str())
}

const ORG_SUFFIX: &[&str] = &[
    "investments",
    "capital",
    "holdings",
    "ventures",
    "weekly",
    "magazine",
    "journal",
    "review",
    "quarterly",
    "times",
    "news",
    "media",
    "systems",
    "solutions",
    "technologies",
    "labs",
    "global",
    "international",
    "insurance",
    "consulting",
    "services",
    "pharmaceuticals",
    "airlines",
    "records",
    "studios",
    "day",
    "orchestra",
    "partners",
    "associates",
    "llp",
    "band",
    "brothers",
    "trio",
    "quartet",
    "ensemble",
    "choir",
    "inc",
    "ltd",
    "llc",
    "gmbh",
    "corp",
    "corporation",
    "company",
    "co",
    "group",
    "bank",
    "university",
    "hospital",
    "ag",
    "sa",
    "plc",
    "bv",
    "foundation",
    "institute",
    "school",
    "street",
    "st",
    "avenue",
    "ave",
    "road",
    "rd",
    "lane",
    "drive",
    "boulevard",
    "blvd",
];

#[derive(Clone, Copy)]
struct Token<'a> {
    start: usize,
    end: usize,
    word: &'a str,
}

fn bare(word: &str) -> String {
    stem(word).to_lowercase()
}

/// The word without a final full stop or possessive `'s`.
fn stem(word: &str) -> &str {
    let w = word.trim_end_matches('.');
    w.strip_suffix("'s")
        .or_else(|| w.strip_suffix("’s"))
        .unwrap_or(w)
}

fn capitalised(word: &str) -> bool {
    let mut cs = word.chars();
    let Some(first) = cs.next() else { return false };
    first.is_uppercase()
        && (word.chars().any(char::is_lowercase) || word.trim_end_matches('.').chars().count() == 1)
}

fn all_caps(word: &str) -> bool {
    word.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !word.chars().any(char::is_lowercase)
}

fn uncased(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() && !c.is_uppercase() && !c.is_lowercase())
}

fn is_initial(word: &str) -> bool {
    let w = word.trim_end_matches('.');
    w.chars().count() == 1 && w.chars().all(char::is_uppercase)
}

fn known(word: &str) -> bool {
    let w = stem(word);
    is_first(w)
        || is_last(w)
        || w.split(['-', '\'', '’'])
            .filter(|p| p.chars().count() > 1)
            .any(|p| is_first(p) || is_last(p))
}

/// Whether the token can be part of a name.
fn namelike(word: &str) -> bool {
    let b = bare(word);
    if STOP.contains(&b.as_str()) && !(word.ends_with('.') && is_initial(word)) {
        return false;
    }
    if is_initial(word) && word.ends_with('.') {
        return true;
    }
    if TITLES.contains(&b.as_str()) {
        return false;
    }
    if uncased(word) {
        return !is_han_or_hangul(word) && known(word);
    }
    capitalised(word) || all_caps(word) && known(word)
}

fn is_han_or_hangul(word: &str) -> bool {
    word.chars()
        .any(|c| matches!(c as u32, 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0x3400..=0x4DBF))
}

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    let text = page.text;
    let tokens: Vec<Token> = WORD
        .find_iter(text)
        .map(|m| Token {
            start: m.start(),
            end: m.end(),
            word: m.as_str(),
        })
        .collect();
    let first_own = out.len();
    let mut i = 0;
    while i < tokens.len() {
        if !namelike(tokens[i].word) {
            if is_han_or_hangul(tokens[i].word) {
                cjk(text, tokens[i], out);
            }
            i += 1;
            continue;
        }
        // Extend the run over single spaces (no line or comma breaks).
        let mut j = i + 1;
        while j < tokens.len() && j - i < 5 {
            let gap = &text[tokens[j - 1].end..tokens[j].start];
            let wrapped = j == i + 1 && wrapped_name(text, tokens[i], tokens[j]);
            if gap != " " && !wrapped
                || tokens[j - 1].word.ends_with('.') && !is_initial(tokens[j - 1].word)
            {
                break;
            }
            let w = tokens[j].word;
            let particle = PARTICLES.contains(&bare(w).as_str())
                || w.starts_with("al-")
                || w.starts_with("el-");
            let next_ok = tokens
                .get(j + 1)
                .is_some_and(|n| namelike(n.word) && &text[tokens[j].end..n.start] == " ");
            let mid_initial = is_initial(w) && next_ok && j > i;
            if namelike(w) || mid_initial || particle && next_ok && !w.ends_with('.') {
                j += 1;
            } else {
                break;
            }
        }
        let mut run = &tokens[i..j];
        // A capitalised sentence opener that no list knows is not part of the name.
        if run.len() > 1
            && !known(run[0].word)
            && !is_initial(run[0].word)
            && !is_initial(run[1].word)
            && !is_last(stem(run[run.len() - 1].word))
            && cue_strength(text, run[0].start) == Cue::None
        {
            let before = window_before(text, run[0].start, 4);
            let b = before.trim_end_matches(' ');
            if b.is_empty() || b.ends_with(['.', '!', '?', '\n', ':', '"']) {
                run = &run[1..];
            }
        }
        let mut end = run[run.len() - 1].end;
        if text[..end].ends_with('.') && !is_initial(run[run.len() - 1].word) {
            end -= 1;
        }
        let last = run[run.len() - 1].word;
        let possessive = stem(last).len() + 1 < last.trim_end_matches('.').len();
        if possessive {
            end = run[run.len() - 1].start + stem(last).len();
        }
        let score = score(text, run, tokens.get(j));
        out.push(Candidate::new(
            EntityKind::Name,
            run[0].start,
            end,
            score,
            false,
        ));
        i = j;
    }
    name_lists(text, &tokens, out);
    lower_case_names(text, &tokens, out);
    repeated_names(text, &tokens, first_own, out);
}

/// Names typed in lower case: a given name the list knows right after a strong cue ("my
/// name is eva kleist"), with the following word unless it is a function word; and, on a
/// page written entirely in lower case (where capitals say nothing), a known given name
/// followed by a known surname ("follow up with patricia desrosiers").
fn lower_case_names(text: &str, tokens: &[Token], out: &mut Vec<Candidate>) {
    let lower = |w: &str| w.chars().next().is_some_and(char::is_lowercase);
    let plain = |w: &str| {
        let b = bare(w);
        lower(w) && b.chars().count() >= 2 && !STOP.contains(&b.as_str())
    };
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let lower_page = letters >= 12 && !text.chars().any(char::is_uppercase);
    for (i, t) in tokens.iter().enumerate() {
        if !lower(t.word) || t.word.ends_with('.') || !is_first(stem(t.word)) || !plain(t.word) {
            continue;
        }
        let next = tokens
            .get(i + 1)
            .filter(|n| &text[t.end..n.start] == " " && plain(n.word));
        let cued = cue_strength(text, t.start) == Cue::Strong;
        let (end, score) = match next {
            Some(n) if cued => (n.start + stem(n.word).len(), 0.8),
            Some(n) if lower_page && (is_last(stem(n.word)) || is_first(stem(n.word))) => {
                (n.start + stem(n.word).len(), 0.6)
            }
            None if cued => (t.start + stem(t.word).len(), 0.7),
            _ => continue,
        };
        out.push(Candidate::new(EntityKind::Name, t.start, end, score, false));
    }
}

/// A word that is part of a confident multi-word name elsewhere on the page is a name
/// wherever it appears capitalised on its own ("Asya spent a year … assistant to Asya
/// Godina", "Kaczmarek was influenced … by Bonifacy Kaczmarek").
fn repeated_names(text: &str, tokens: &[Token], first_own: usize, out: &mut Vec<Candidate>) {
    let mut parts: Vec<String> = Vec::new();
    let mut covered: Vec<(usize, usize)> = Vec::new();
    for c in &out[first_own..] {
        if c.kind != EntityKind::Name || c.score < 0.6 {
            continue;
        }
        covered.push((c.start, c.end));
        let span = &text[c.start..c.end];
        let words: Vec<&str> = WORD.find_iter(span).map(|m| m.as_str()).collect();
        if words.len() < 2 {
            continue;
        }
        for w in words {
            let w = stem(w);
            let b = w.to_lowercase();
            if w.chars().count() >= 3
                && capitalised(w)
                && !STOP.contains(&b.as_str())
                && !PARTICLES.contains(&b.as_str())
                && !TITLES.contains(&b.as_str())
                && !parts.contains(&w.to_string())
            {
                parts.push(w.to_string());
            }
        }
    }
    if parts.is_empty() {
        return;
    }
    for t in tokens {
        let w = stem(t.word);
        if parts.iter().any(|p| p == w) && !covered.iter().any(|&(a, b)| t.start >= a && t.end <= b)
        {
            out.push(Candidate::new(
                EntityKind::Name,
                t.start,
                t.start + w.len(),
                0.6,
                false,
            ));
        }
    }
}

/// Lists of single capitalised words joined by commas and a final "and" ("Monjeau, Graves
/// and Reed", "Usamov and Bowers were …"): when at least half the members are names the
/// list knows, every member is a name. Not after a place preposition ("offices in Paris,
/// London and Berlin"), after "the", or before an organisation word ("… and Hall
/// Orchestra").
fn name_lists(text: &str, tokens: &[Token], out: &mut Vec<Candidate>) {
    let member = |t: &Token| {
        let b = bare(t.word);
        capitalised(t.word)
            && !is_initial(t.word)
            && !STOP.contains(&b.as_str())
            && !TITLES.contains(&b.as_str())
            && !PARTICLES.contains(&b.as_str())
    };
    let joined = |a: &Token, b: &Token| {
        let gap = text[a.end..b.start].replace(['\n', '\r'], " ");
        matches!(
            gap.as_str(),
            ", " | " and " | ", and " | " & " | ",  " | "  and "
        )
    };
    let mut i = 0;
    while i < tokens.len() {
        if !member(&tokens[i]) {
            i += 1;
            continue;
        }
        let mut list = vec![tokens[i]];
        let mut j = i + 1;
        while j < tokens.len() {
            // Skip a joining "and" token.
            let k = if tokens[j].word == "and" { j + 1 } else { j };
            match tokens.get(k) {
                Some(t) if member(t) && joined(&list[list.len() - 1], t) => {
                    list.push(*t);
                    j = k + 1;
                }
                _ => break,
            }
        }
        let n = list.len();
        if n < 2 {
            i = j;
            continue;
        }
        let ends_with_and = {
            let gap = &text[list[n - 2].end..list[n - 1].start];
            gap.contains("and") || gap.contains('&')
        };
        let known_count = list.iter().filter(|t| known(t.word)).count();
        let before = window_before(text, list[0].start, 24);
        let prev = before
            .trim_end()
            .rsplit([' ', '\n'])
            .next()
            .unwrap_or("")
            .to_string();
        let place = [
            "in", "at", "to", "from", "near", "between", "of", "the", "via", "across", "visit",
            "visited", "cities", "towns",
        ]
        .contains(&prev.as_str());
        let next_org = tokens.get(j).is_some_and(|t| {
            text[list[n - 1].end..t.start] == *" " && ORG_SUFFIX.contains(&bare(t.word).as_str())
        });
        // The word after the list opening a new run ("Hall Orchestra") joins it.
        let glued = tokens
            .get(j)
            .is_some_and(|t| text[list[n - 1].end..t.start] == *" " && capitalised(t.word));
        if ends_with_and
            && known_count * 2 >= n
            && !place
            && !next_org
            && !glued
            && !list.iter().any(|t| is_country(stem(t.word)))
        {
            for t in &list {
                out.push(Candidate::new(
                    EntityKind::Name,
                    t.start,
                    t.start + stem(t.word).len(),
                    0.6,
                    false,
                ));
            }
        }
        i = j;
    }
}

/// A name wrapped by the layout: a single given name the list knows (or one after a cue),
/// not opening its line, then a line break and a capitalised word the list knows as a
/// surname, or any capitalised word when the given name is known ("… assistant to
/// Asya\nGodina, …"). A name alone on its line stays alone (signature blocks).
fn wrapped_name(text: &str, first: Token, next: Token) -> bool {
    let gap = &text[first.end..next.start];
    if !matches!(gap, "\n" | " \n" | "\r\n") || !capitalised(next.word) {
        return false;
    }
    let line_head = text[..first.start].rsplit('\n').next().unwrap_or("");
    if line_head.trim().is_empty() || line_head.trim_end().ends_with(':') {
        return false;
    }
    let b = bare(next.word);
    if STOP.contains(&b.as_str()) || is_country(stem(next.word)) {
        return false;
    }
    let given = is_first(stem(first.word));
    given && !is_first(stem(next.word))
        || is_last(stem(next.word)) && (given || cue_strength(text, first.start) != Cue::None)
}

#[derive(PartialEq, Clone, Copy)]
enum Cue {
    None,
    Weak,
    Strong,
}

/// The cue word or title right before byte `at`.
fn cue_strength(text: &str, at: usize) -> Cue {
    let before = window_before(text, at, 32);
    let with_colon = before.trim_end_matches([' ', ',', '\n']);
    let before_trim = with_colon.trim_end_matches(':');
    let prev_word = before_trim
        .rsplit([' ', '\n'])
        .next()
        .unwrap_or("")
        .trim_end_matches('.');
    if TITLES.contains(&prev_word) {
        return Cue::Strong;
    }
    for c in CUES {
        let hit = if c.ends_with(':') {
            ends_with_word(with_colon, c)
        } else {
            ends_with_word(before_trim, c)
        };
        if hit {
            return if WEAK_CUES.contains(c) {
                Cue::Weak
            } else {
                Cue::Strong
            };
        }
    }
    Cue::None
}

fn score(text: &str, run: &[Token], next: Option<&Token>) -> f64 {
    let first = stem(run[0].word);
    let last = stem(run[run.len() - 1].word);
    let before = window_before(text, run[0].start, 32);
    let before_trim = before.trim_end_matches([' ', ':', ',', '\n']);
    let any_known = run.iter().any(|t| known(t.word));
    let cue = match cue_strength(text, run[0].start) {
        Cue::Weak if !any_known => Cue::None,
        c => c,
    };
    let sentence_start = before_trim.is_empty()
        || before
            .trim_end_matches(' ')
            .ends_with(['.', '!', '?', '\n', '"', '“', ':', '('])
        || before_trim.ends_with(['.', '!', '?']) && before.ends_with(' ');
    let all_upper = run.iter().all(|t| all_caps(t.word) || is_initial(t.word));
    let after = &text[run[run.len() - 1].end..];
    let possessive =
        run[run.len() - 1].word.ends_with("'s") || run[run.len() - 1].word.ends_with("’s");
    let mut s: f64 = if run.len() == 1 {
        match (is_first(first), is_last(first)) {
            (true, _) if !sentence_start => 0.5,
            // A known given name opening a line and addressed or speaking: "Anna, …" / "Anna: …".
            (true, _) if before.is_empty() || before.ends_with('\n') => {
                if after.starts_with([',', ':']) {
                    0.6
                } else {
                    0.35
                }
            }
            (true, _) => 0.35,
            (false, true) if possessive && !sentence_start => 0.55,
            (false, true) if !sentence_start => 0.3,
            _ => 0.2,
        }
    } else {
        let f = is_first(first) || known_part(first, is_first);
        let l = is_last(last) || is_first(last) || known_part(last, is_last);
        let initial_inside = run.len() >= 3
            && run[1..run.len() - 1].iter().any(|t| is_initial(t.word))
            && !is_initial(run[0].word)
            && !is_initial(run[run.len() - 1].word);
        match (f, l) {
            (true, true) => 0.9,
            _ if initial_inside => 0.85,
            (true, false) => 0.75,
            (false, true) => 0.62,
            (false, false) if run.iter().all(|t| known(t.word) || is_initial(t.word)) => 0.55,
            (false, false) => 0.35,
        }
    };
    if all_upper && cue == Cue::None {
        s -= 0.1;
    }
    match cue {
        Cue::Strong => s = s.max(0.88),
        Cue::Weak => s = s.max(0.7),
        Cue::None => {}
    }
    let spelled: Vec<&str> = run.iter().map(|t| stem(t.word)).collect();
    if is_country(&spelled.join(" ")) && cue != Cue::Strong {
        s = s.min(0.2);
    }
    // "the Sunrise Media Player", "The Royal Danish Academy": a determiner before a run of
    // two or more words marks a title, an organisation or a product, not a person (unless
    // the run is two words with a known given name or surname, or has a title or cue).
    let the_before = before_trim.rsplit([' ', '\n']).next() == Some("the");
    let given_surname = run.len() == 2 && (is_first(first) || is_last(last));
    if the_before && run.len() >= 2 && cue == Cue::None && s < 0.9 && !given_surname {
        s = s.min(0.3);
    }
    // Three or more capitalised words of which the lists know none.
    if run.len() >= 3
        && cue == Cue::None
        && !run.iter().any(|t| known(t.word) || is_initial(t.word))
    {
        s = s.min(0.3);
    }
    // "Russell Investments", "Entertainment Weekly": a run ending in an organisation word.
    if run.len() > 1 && ORG_SUFFIX.contains(&bare(run[run.len() - 1].word).as_str()) {
        s = s.min(0.2);
    }
    // A known given name opening a sentence and followed by a verb: "Kevin had given …".
    if run.len() == 1 && sentence_start && is_first(first) && cue == Cue::None {
        let verb = next.is_some_and(|n| {
            &text[run[0].end..n.start] == " " && VERBS.contains(&n.word.trim_end_matches('.'))
        });
        if verb {
            s = s.max(0.6);
        }
    }
    if let Some(n) = next
        && ORG_SUFFIX.contains(&bare(n.word).as_str())
        && &text[run[run.len() - 1].end..n.start] == " "
    {
        s = s.min(0.2);
    }
    s
}

fn known_part(word: &str, f: fn(&str) -> bool) -> bool {
    word.contains('-')
        && word
            .split('-')
            .all(|p| p.is_empty() || f(p) || is_last(p) || is_first(p))
}

fn ends_with_word(hay: &str, cue: &str) -> bool {
    hay.ends_with(cue) && !super::text::alnum_before(hay, hay.len() - cue.len())
}

/// A Han or Hangul name: a known surname then one to three more characters, reported only
/// with a cue before it or an honorific after it.
fn cjk(text: &str, tok: Token, out: &mut Vec<Candidate>) {
    let chars: Vec<(usize, char)> = tok.word.char_indices().collect();
    let before = window_before(text, tok.start, 12);
    let cued = [
        "姓名",
        "氏名",
        "名前",
        "이름",
        "성명",
        "name",
        "联系人",
        "担当",
    ]
    .iter()
    .any(|c| before.contains(c));
    for (skip, honorific) in [(0usize, false), (0, true)] {
        let _ = skip;
        for sur_len in [2usize, 1] {
            if chars.len() < sur_len + 1 {
                continue;
            }
            let sur_end = chars.get(sur_len).map_or(tok.word.len(), |c| c.0);
            if !is_last(&tok.word[..sur_end]) {
                continue;
            }
            // The name ends before an honorific, or spans the token (2–4 chars).
            let rest: String = tok.word[sur_end..].to_string();
            let hon = ["先生", "女士", "さん", "様", "氏", "씨", "님", "小姐"]
                .iter()
                .find_map(|h| rest.find(h).map(|p| (p, *h)));
            let name_len = match (honorific, hon) {
                (true, Some((p, _))) if p <= 9 => sur_end + p,
                (false, _) if cued && chars.len() <= 4 => tok.word.len(),
                _ => continue,
            };
            out.push(Candidate::new(
                EntityKind::Name,
                tok.start,
                tok.start + name_len,
                0.85,
                false,
            ));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(t: &str) -> Vec<&str> {
        super::super::candidate::reported(find, t)
    }

    #[test]
    fn finds_first_last_pairs_and_titled_names() {
        assert_eq!(names("Yesterday John Smith called."), ["John Smith"]);
        assert_eq!(
            names("The report by Dr. Anna K. Nowak is late"),
            ["Anna K. Nowak"]
        );
        assert_eq!(
            names("Sehr geehrte Frau Müller-Lüdenscheidt,"),
            ["Müller-Lüdenscheidt"]
        );
        assert_eq!(
            names("Contact Ludwig van Beethoven today"),
            ["Ludwig van Beethoven"]
        );
        assert_eq!(names("My name is Rubija"), ["Rubija"]);
        assert_eq!(names("Меня зовут Ольга Иванова."), ["Ольга Иванова"]);
        assert_eq!(names("Signed: MARIA GARCIA"), ["MARIA GARCIA"]);
    }

    #[test]
    fn finds_initials_possessives_and_speakers() {
        assert_eq!(
            names("Please ask Oluwaseun T Bakare about it"),
            ["Oluwaseun T Bakare"]
        );
        assert_eq!(
            names("Bryndís H. Ólafsdóttir will chair."),
            ["Bryndís H. Ólafsdóttir"]
        );
        assert_eq!(names("We read Kowalczyk's report."), ["Kowalczyk"]);
        assert_eq!(names("Daniel: see you at noon"), ["Daniel"]);
    }

    #[test]
    fn places_and_plain_prepositions_are_not_name_cues() {
        assert!(names("We flew to Portugal last May").is_empty());
        assert!(names("Return it to Warehouse 4").is_empty());
        assert!(names("They moved from New Zealand").is_empty());
    }

    #[test]
    fn finds_cjk_names_with_cues() {
        assert_eq!(names("姓名 王小明"), ["王小明"]);
        assert_eq!(names("佐藤さんに連絡"), ["佐藤"]);
        assert_eq!(names("김민준님 안녕하세요"), ["김민준"]);
    }

    #[test]
    fn skips_common_capitalised_words_and_organisations() {
        assert!(names("The Monday meeting is in the office.").is_empty());
        assert!(names("We bought it at Smith Ltd yesterday").is_empty());
        assert!(names("Please Send The Report").is_empty());
    }

    #[test]
    fn finds_lists_wrapped_lower_case_and_repeated_names() {
        // Invented examples, one per rule.
        assert_eq!(
            names("The partners are Whitcombe, Nakashima and Foster."),
            ["Whitcombe", "Nakashima", "Foster"]
        );
        let places = names("We have offices in Paris, London and Berlin.");
        assert!(!places.contains(&"London") && !places.contains(&"Berlin"));
        let band = names("The Ellis, Turner and Park Quartet played.");
        assert!(!band.contains(&"Turner") && !band.contains(&"Park"));
        assert_eq!(
            names("the letter was addressed to Margaret\nHollingsworth last week"),
            ["Margaret\nHollingsworth"]
        );
        assert_eq!(names("hello, my name is karen holt"), ["karen holt"]);
        assert_eq!(
            names("please ring linda johnson tomorrow"),
            ["linda johnson"]
        );
        assert!(names("Please ring linda johnson Tomorrow").is_empty());
        assert_eq!(
            names("Ottoline read it. Later Ottoline Vasquez-Brandt signed."),
            ["Ottoline", "Ottoline Vasquez-Brandt"]
        );
        assert_eq!(names("Margaret said no."), ["Margaret"]);
    }

    #[test]
    fn titled_phrases_and_organisation_words_are_not_names() {
        assert!(names("We toured the Northern Silver Gallery Annex today.").is_empty());
        assert!(names("He subscribes to Harper Investments now.").is_empty());
        assert!(names("He bought the Marlow Fiber Kettle Deluxe.").is_empty());
    }
}
