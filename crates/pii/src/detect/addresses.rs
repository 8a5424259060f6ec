//! Street addresses: a house number with a street-type word (per country and language),
//! or a compound street name with its number, or a postal box; then apartment/suite parts
//! and following city / state / postcode / country segments, across lines.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::gazetteer::{is_first, is_last};
use super::text::{Page, alnum_after, alnum_before};

const TYPES: &str = "street|st|avenue|ave|av|road|rd|lane|ln|drive|dr|boulevard|blvd|court|ct|place|pl|way|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|trail|trl|crescent|cres|close|grove|gardens|row|walk|mews|hill|park|plaza|alley|loop|pike|path|run|crossing|xing|point|pt|ridge|view|heights|hts|creek|field|fields|green|port|station|manor|glen|spur|estates|ranch|turnpike|expressway|expy|freeway|fwy|route|rte|straße|strasse|str|weg|gasse|allee|platz|ring|damm|ufer|chaussee|rue|avenue|chemin|allée|impasse|quai|cours|calle|avenida|carrera|via|viale|piazza|corso|largo|vicolo|rua|travessa|straat|laan|gracht|plein|singel|kade|ulica|ul|aleja|al|gatan|vägen|gata|vej|gade|veien|vei|katu|tie|kuja|polku|utca|u|körút|út|tér|köz|sor|sétány|kapu|lépcső|rakpart|liget|fasor|terrasse|sokak|sokağı|cadde|caddesi|bulvar|odos|οδός|улица|ул|проспект|пр-т|переулок|пер";
const SUFFIXES: &str = "straße|strasse|str|weg|gasse|allee|platz|ring|damm|gatan|vägen|gata|vej|gade|veien|vei|katu|tie|kuja|polku|utca|straat|laan|gracht|plein|sokak|sokağı|caddesi|ulica|iela|gatve|tänav|allika";
const TYPE_FIRST: &str = "rue|avenue|boulevard|bd|chemin|allée|place|impasse|quai|calle|c/|avenida|av\\.|avda\\.?|paseo|plaza|carrera|via|viale|piazza|corso|largo|rua|travessa|praça|ulica|ul\\.|al\\.|aleja|odos|οδός|улица|ул\\.|проспект|пр\\.";

/// The complete USPS street-suffix list (Publication 28, C1: full words, plurals, the
/// unambiguous standard abbreviations) and the common British ones. Matched only when
/// capitalised or in capitals: in lower case many are ordinary words.
const USPS: &str = "Alley|Annex|Arcade|Avenue|Bayou|Beach|Bend|Bluff|Bluffs|Bottom|Boulevard|Branch|Bridge|Brook|Brooks|Burg|Burgs|Bypass|Camp|Canyon|Cape|Causeway|Center|Centers|Centre|Circle|Circles|Cliff|Cliffs|Club|Common|Commons|Corner|Corners|Course|Court|Courts|Cove|Coves|Creek|Crescent|Crest|Crossing|Crossroad|Crossroads|Curve|Dale|Dam|Divide|Drive|Drives|Estate|Estates|Expressway|Extension|Extensions|Fall|Falls|Ferry|Field|Fields|Flat|Flats|Ford|Fords|Forest|Forge|Forges|Fork|Forks|Fort|Freeway|Garden|Gardens|Gateway|Glen|Glens|Green|Greens|Grove|Groves|Harbor|Harbors|Haven|Heights|Highway|Hill|Hills|Hollow|Inlet|Island|Islands|Isle|Junction|Junctions|Key|Keys|Knoll|Knolls|Lake|Lakes|Land|Landing|Lane|Light|Lights|Loaf|Lock|Locks|Lodge|Loop|Mall|Manor|Manors|Meadow|Meadows|Mews|Mill|Mills|Mission|Motorway|Mount|Mountain|Mountains|Neck|Orchard|Oval|Overpass|Park|Parks|Parkway|Parkways|Pass|Passage|Path|Pike|Pine|Pines|Place|Plain|Plains|Plaza|Point|Points|Port|Ports|Prairie|Radial|Ramp|Ranch|Rapid|Rapids|Rest|Ridge|Ridges|River|Road|Roads|Route|Row|Rue|Run|Shoal|Shoals|Shore|Shores|Skyway|Spring|Springs|Spur|Spurs|Square|Squares|Station|Stravenue|Stream|Street|Streets|Summit|Terrace|Throughway|Trace|Track|Trafficway|Trail|Trailer|Tunnel|Turnpike|Underpass|Union|Unions|Valley|Valleys|Viaduct|View|Views|Village|Villages|Ville|Vista|Walk|Walks|Wall|Way|Ways|Well|Wells|Close|Gate|Rise|Wharf|Yard|Parade|Approach|Broadway|Circus|Embankment|Esplanade|Promenade|Quay|Aly|Anx|Arc|Byu|Bch|Bnd|Blf|Btm|Brg|Brk|Byp|Cyn|Cpe|Cswy|Ctr|Cir|Clf|Cmn|Crse|Cts|Crk|Cres|Crst|Xing|Xrd|Curv|Est|Ests|Expy|Ext|Exts|Fls|Fry|Fld|Flds|Flt|Frd|Frst|Frg|Frk|Fwy|Gdn|Gdns|Gtwy|Gln|Grn|Grv|Hbr|Hvn|Hts|Hwy|Holw|Inlt|Jct|Knl|Lk|Lks|Lndg|Ln|Lgt|Ldg|Mnr|Mdw|Mdws|Msn|Mtwy|Mtn|Orch|Opas|Pkwy|Psge|Pne|Pln|Plz|Prt|Radl|Rnch|Rpd|Rst|Rdg|Riv|Rte|Shl|Shr|Skwy|Spg|Sqs|Sta|Strm|Smt|Trwy|Trce|Trak|Trfy|Trl|Trlr|Tunl|Tpke|Upas|Vly|Vdct|Vlg|Vis|Wy";

/// `USPS` in capitalised and upper-case forms.
fn usps_cased() -> String {
    USPS.split('|')
        .flat_map(|w| [w.to_string(), w.to_uppercase()])
        .collect::<Vec<_>>()
        .join("|")
}

/// A capitalised word of a street name (any script).
const CAP: &str = r"[\p{Lu}][\p{L}\p{M}'’\-]*\.?";

static CORE: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    let word = r"[\p{Lu}\d][\p{L}\p{M}'’.\-]*";
    let usps = usps_cased();
    [
        format!(r"(?-u:\b)(?:\d{{1,6}}\s)?\d{{1,6}}[A-Za-z]?(?:-\d{{1,4}})?,?\s(?:{word}\s){{0,4}}(?:(?i:{TYPES})|{usps})\b\.?(?:\s(?:N|S|E|W|NE|NW|SE|SW)\b)?(?:\s(?:{word}\s)?(?:{usps})\b)?(?:\s\d{{1,5}}[A-Za-z]?\b)?"),
        format!(r"(?:\b\d{{1,6}}\s)?\b[\p{{L}}][\p{{L}}\p{{M}}\-]*(?i:{SUFFIXES})\.?\s\d{{1,5}}[A-Za-z]?\b"),
        format!(r"(?:\b\d{{1,6}}\s)?(?i:\b(?:{TYPE_FIRST}))\s(?:[\p{{L}}\p{{M}}'’.\-]+\s){{0,4}}?\d{{1,5}}[A-Za-z]?\b"),
        format!(r"(?-u:\b)(?:\d{{1,6}}\s)?\d{{1,5}},?\s(?i:{TYPE_FIRST})\s(?:de\s|la\s|du\s|des\s|del\s|di\s|do\s|da\s)*{word}(?:\s{word}){{0,2}}"),
        r"\b(?:PSC|P\.?\s?O\.?\sBox|Unit|USNS|USNV|USS|USCGC)\s\d{1,6}(?:,?\s(?:Box)\s\d{1,6})?".to_string(),
        r"\b[\p{Lu}][\p{L}\p{M}\-]+\s(?:[\p{Lu}][\p{L}\p{M}\-]+\s)?\d{1,5}[A-Za-z]?,\s\d{4,5}\s[\p{Lu}][\p{L}\p{M}\-]+".to_string(),
        format!(r"(?i:(?-u:\b)(?:the\s)?corner\sof)\s(?:[\p{{L}}\p{{M}}\d'’.\-]+\s){{1,6}}?(?:and|&)\s(?:{word}(?:\s{word}){{0,3}}|[\p{{L}}\p{{M}}\-]+(?:\s[\p{{L}}\p{{M}}\-]+)?)"),
    ]
    .iter()
    .map(|p| Regex::new(p).expect("address pattern"))
    .collect()
});

/// A street name of one to four words (capitalised, or lower-case connectors and street
/// types) followed by its house number, with an optional building number before it:
/// the continental and Nordic order. Weak alone; units, city lines or cues confirm it.
static NUMBER_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let low = format!(
        r"(?:{TYPES}|de|do|da|dos|das|del|della|di|du|des|la|le|van|von|der|den|ten|ter|y|i|e|u\.)"
    );
    Regex::new(&format!(
        r"(?:\d{{1,6}}\s)?{CAP}(?:\s(?:{CAP}|{low}\.?)){{0,3}}\s\d{{1,5}}[A-Za-z]?\.?"
    ))
    .expect("number-after pattern")
});

static UNIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^,?[\s>]*(?:Apt\.?|Apartment|Suite|Ste\.?|Unit|Flat|Floor|Fl\.?|Box|Room|Rm\.?|#|Wohnung|Whg\.?|piso|étage|appt\.?|int\.|lok\.|m\.)\s?#?[\w\-]{1,6}\b")
        .expect("unit pattern")
});
static STANDALONE_UNIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:Apt\.|Apartment|Suite|Ste\.)\s?\d{1,5}[A-Za-z]?\b").expect("unit")
});
/// A following segment on the same line after a comma, or on the next line.
static SEGMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[ \t]*,\s*|[ \t]*\n[\s>]*,?[ \t]*)(?:[\p{Lu}][\p{L}\p{M}'’.\-]*(?:\s[\p{Lu}][\p{L}\p{M}'’.\-]*){0,2}\b(?:\s\([\p{L}]+\))?(?:,?\s(?:[A-Z]{2}\s)?(?:\d{5}(?:-\d{4})?|\d{4}|\d{2}-\d{3}|\d{3}\s\d{2}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d))?|\d{5}(?:-\d{4})?(?:\s[\p{Lu}][\p{L}\p{M}\-]+){0,2}|\d{2}-\d{3}\s[\p{Lu}][\p{L}\p{M}\-]+|\d{3}\s\d{2}\s[\p{Lu}][\p{L}\p{M}\-]+(?:\s\d{1,2}\b)?|\d{4}(?:\s?[A-Z]{2})?\s[\p{Lu}][\p{L}\p{M}\-]+|[A-Z]{2}\s\d{5}(?:-\d{4})?)")
        .expect("segment pattern")
});
/// A postcode (or state + postcode) right after, separated by a space.
static POSTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s(?:[A-Z]{2}\s)?(?:\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2})\b")
        .expect("postcode")
});

/// Words that put a year, not a house number, after them: "During 2017", "Since 1998",
/// "In March 2004".
const TIME_WORDS: &[&str] = &[
    "in",
    "during",
    "since",
    "until",
    "till",
    "by",
    "from",
    "after",
    "before",
    "of",
    "circa",
    "around",
    "about",
    "spring",
    "summer",
    "autumn",
    "fall",
    "winter",
    "early",
    "late",
    "mid",
    "year",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// A street-then-number match ("During 2017" reads as a "-ring" street) whose number is a
/// year (1900–2099) right after a time word or preposition.
fn year_after_time_word(m: &str) -> bool {
    let m = m.trim_end_matches('.');
    let mut words = m.rsplit(char::is_whitespace);
    let number = words.next().unwrap_or("");
    let before = words.next().unwrap_or("").to_lowercase();
    number.len() == 4
        && (number.starts_with("19") || number.starts_with("20"))
        && number.bytes().all(|b| b.is_ascii_digit())
        && TIME_WORDS.contains(&before.as_str())
}

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    let text = page.text;
    for re in CORE.iter() {
        for m in re.find_iter(text) {
            if year_after_time_word(m.as_str()) {
                continue;
            }
            let (end, units, segments) = extend(text, m.end());
            let mut score = 0.6 + 0.05 * units.min(1) as f64 + 0.1 * segments as f64;
            if has_cue(text, m.start(), end, EntityKind::Address) {
                score += 0.2;
            }
            out.push(Candidate::new(
                EntityKind::Address,
                m.start(),
                end,
                score.min(0.95),
                false,
            ));
        }
    }
    // Word boundaries are checked here, not in the pattern: Unicode `\b` would force the
    // regex engine off its fast path.
    for m in NUMBER_AFTER.find_iter(text) {
        let digits_end = m.as_str().trim_end_matches('.').len() + m.start();
        if alnum_before(text, m.start()) || alnum_after(text, digits_end) {
            continue;
        }
        if year_after_time_word(m.as_str()) {
            continue;
        }
        let (end, units, segments) = extend(text, m.end());
        let building = m.as_str().starts_with(|c: char| c.is_ascii_digit());
        let mut score = 0.3
            + if building { 0.15 } else { 0.0 }
            + 0.2 * units.min(1) as f64
            + 0.1 * segments.min(2) as f64;
        if has_cue(text, m.start(), end, EntityKind::Address) {
            score += 0.3;
        }
        out.push(Candidate::new(
            EntityKind::Address,
            m.start(),
            end,
            score.min(0.9),
            false,
        ));
    }
    for m in STANDALONE_UNIT.find_iter(text) {
        out.push(Candidate::new(
            EntityKind::Address,
            m.start(),
            m.end(),
            0.5,
            false,
        ));
    }
}

/// Extends a street match over unit parts and the following city / region / postcode /
/// country segments; returns the new end, the units and the segments taken.
fn extend(text: &str, mut end: usize) -> (usize, usize, usize) {
    let mut units = 0;
    while units < 2 {
        let Some(u) = UNIT.find(&text[end..]) else {
            break;
        };
        end += u.end();
        units += 1;
    }
    let mut segments = 0;
    while segments < 5 {
        let rest = &text[end..];
        let Some(s) = SEGMENT.find(rest).or_else(|| POSTCODE.find(rest)) else {
            break;
        };
        let seg = s.as_str().trim_start_matches([',', ' ', '\n', '\t', '>']);
        let words: Vec<&str> = seg.split_whitespace().collect();
        if words.iter().any(|w| stop_word(w)) || person_line(&words) {
            break;
        }
        end += s.end();
        segments += 1;
    }
    (end, units, segments)
}

/// A segment that reads as a person's name (a known given name then a known surname, no
/// digits): the next line of a letter, not a city.
fn person_line(words: &[&str]) -> bool {
    words.len() >= 2
        && !words
            .iter()
            .any(|w| w.contains(|c: char| c.is_ascii_digit()))
        && is_first(words[0])
        && is_last(words[words.len() - 1].trim_end_matches(['.', ',']))
}

fn stop_word(w: &str) -> bool {
    [
        "The", "I", "We", "He", "She", "They", "It", "My", "Our", "Please", "Thanks", "Thank",
        "This", "Call", "Tel", "Phone", "Email", "Dear",
    ]
    .contains(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<&str> {
        super::super::candidate::reported(find, t)
    }

    #[test]
    fn finds_addresses_in_several_countries() {
        assert_eq!(
            spans("I live at 1600 Pennsylvania Avenue NW, Washington, DC 20500. Thanks"),
            ["1600 Pennsylvania Avenue NW, Washington, DC 20500"]
        );
        assert_eq!(
            spans("Anschrift: Hauptstraße 5\n10115 Berlin"),
            ["Hauptstraße 5\n10115 Berlin"]
        );
        assert_eq!(
            spans("au 12 rue de la Paix, Paris"),
            ["12 rue de la Paix, Paris"]
        );
        assert_eq!(
            spans("en Calle Mayor 15, Madrid"),
            ["Calle Mayor 15, Madrid"]
        );
        assert_eq!(
            spans("ul. Długa 5, 00-238 Warszawa"),
            ["ul. Długa 5, 00-238 Warszawa"]
        );
        assert_eq!(spans("42 Main St. Apt. 3B"), ["42 Main St. Apt. 3B"]);
    }

    #[test]
    fn finds_house_number_after_street_with_unit_and_lines() {
        assert_eq!(
            spans("3310 Ribeira 17\n Apt. 88\n Tavira\n\n Portugal 8800"),
            ["3310 Ribeira 17\n Apt. 88\n Tavira\n\n Portugal 8800"]
        );
        assert_eq!(
            spans("Address: Kastanjelaan 9, Utrecht"),
            ["Kastanjelaan 9, Utrecht"]
        );
        assert_eq!(
            spans("> 58 Orchard Crossroads\n> Suite 12\n> GLENROCK\n> Ireland"),
            ["58 Orchard Crossroads\n> Suite 12\n> GLENROCK\n> Ireland"]
        );
        assert_eq!(
            spans("meet at the corner of 4 Bay Street and Wellesley Road"),
            ["the corner of 4 Bay Street and Wellesley Road"]
        );
        assert!(spans("Upgrade to Windows 10 today").is_empty());
    }

    #[test]
    fn ignores_numbers_without_street_words() {
        assert!(spans("We sold 500 units in 2023 for 42 euros.").is_empty());
    }

    #[test]
    fn years_after_time_words_are_not_house_numbers() {
        // Invented examples.
        assert!(year_after_time_word("During 2019"));
        assert!(year_after_time_word("Since 1987"));
        assert!(year_after_time_word("In March 2004"));
        assert!(!year_after_time_word("Hauptstraße 2004"));
        assert!(!year_after_time_word("During 12"));
    }

    #[test]
    fn postcode_first_and_full_uk_and_canadian_postcodes_extend_the_address() {
        // Invented examples.
        assert_eq!(
            spans("to Drottninggatan 7, 753 10 Uppsala today"),
            ["Drottninggatan 7, 753 10 Uppsala"]
        );
        assert_eq!(
            spans("at 9 Harbour Road,\nHull HU1 2AB"),
            ["9 Harbour Road,\nHull HU1 2AB"]
        );
        assert_eq!(
            spans("at 40 Bay Street, Toronto, ON M5J 2X2"),
            ["40 Bay Street, Toronto, ON M5J 2X2"]
        );
    }
}
