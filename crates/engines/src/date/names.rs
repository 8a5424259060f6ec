//! Month and weekday names of the SPEC's 12 languages (full, abbreviated, with and without
//! accents, Polish genitives, Levantine Arabic months), and the small words dates are written
//! with. Data only; looked up lower-cased.

use std::collections::HashMap;
use std::sync::LazyLock;

/// A language of the SPEC, as its ISO 639-1 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
    Fr,
    De,
    It,
    Pt,
    Nl,
    Pl,
    Zh,
    Ja,
    Ko,
    Ar,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::It => "it",
            Lang::Pt => "pt",
            Lang::Nl => "nl",
            Lang::Pl => "pl",
            Lang::Zh => "zh",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
            Lang::Ar => "ar",
        }
    }
}

/// One language's names. Each month and weekday lists its full names first, then its
/// abbreviations after a `|` entry.
struct Table {
    lang: Lang,
    months: [&'static [&'static str]; 12],
    /// Monday first.
    weekdays: [&'static [&'static str]; 7],
}

const TABLES: &[Table] = &[
    Table {
        lang: Lang::En,
        months: [
            &["january", "|", "jan"],
            &["february", "|", "feb"],
            &["march", "|", "mar"],
            &["april", "|", "apr"],
            &["may"],
            &["june", "|", "jun"],
            &["july", "|", "jul"],
            &["august", "|", "aug"],
            &["september", "|", "sep", "sept"],
            &["october", "|", "oct"],
            &["november", "|", "nov"],
            &["december", "|", "dec"],
        ],
        weekdays: [
            &["monday", "|", "mon"],
            &["tuesday", "|", "tue", "tues"],
            &["wednesday", "|", "wed"],
            &["thursday", "|", "thu", "thur", "thurs"],
            &["friday", "|", "fri"],
            &["saturday", "|", "sat"],
            &["sunday", "|", "sun"],
        ],
    },
    Table {
        lang: Lang::Es,
        months: [
            &["enero", "|", "ene"],
            &["febrero", "|", "feb"],
            &["marzo", "|", "mar"],
            &["abril", "|", "abr"],
            &["mayo", "|", "may"],
            &["junio", "|", "jun"],
            &["julio", "|", "jul"],
            &["agosto", "|", "ago"],
            &["septiembre", "setiembre", "|", "sep", "sept", "set"],
            &["octubre", "|", "oct"],
            &["noviembre", "|", "nov"],
            &["diciembre", "|", "dic"],
        ],
        weekdays: [
            &["lunes", "|", "lun"],
            &["martes", "|", "mar"],
            &["miércoles", "miercoles", "|", "mié", "mie"],
            &["jueves", "|", "jue"],
            &["viernes", "|", "vie"],
            &["sábado", "sabado", "|", "sáb", "sab"],
            &["domingo", "|", "dom"],
        ],
    },
    Table {
        lang: Lang::Fr,
        months: [
            &["janvier", "|", "janv", "jan"],
            &["février", "fevrier", "|", "févr", "fevr", "fév", "fev"],
            &["mars", "|", "mar"],
            &["avril", "|", "avr"],
            &["mai"],
            &["juin"],
            &["juillet", "|", "juil"],
            &["août", "aout", "|", "aoû"],
            &["septembre", "|", "sept", "sep"],
            &["octobre", "|", "oct"],
            &["novembre", "|", "nov"],
            &["décembre", "decembre", "|", "déc", "dec"],
        ],
        weekdays: [
            &["lundi", "|", "lun"],
            &["mardi", "|", "mar"],
            &["mercredi", "|", "mer"],
            &["jeudi", "|", "jeu"],
            &["vendredi", "|", "ven"],
            &["samedi", "|", "sam"],
            &["dimanche", "|", "dim"],
        ],
    },
    Table {
        lang: Lang::De,
        months: [
            &["januar", "jänner", "jaenner", "|", "jan", "jän"],
            &["februar", "feber", "|", "feb"],
            &["märz", "maerz", "marz", "|", "mär", "mrz"],
            &["april", "|", "apr"],
            &["mai"],
            &["juni", "|", "jun"],
            &["juli", "|", "jul"],
            &["august", "|", "aug"],
            &["september", "|", "sep", "sept"],
            &["oktober", "|", "okt"],
            &["november", "|", "nov"],
            &["dezember", "|", "dez"],
        ],
        weekdays: [
            &["montag", "|", "mo"],
            &["dienstag", "|", "di"],
            &["mittwoch", "|", "mi"],
            &["donnerstag", "|", "do"],
            &["freitag", "|", "fr"],
            &["samstag", "sonnabend", "|", "sa"],
            &["sonntag", "|", "so"],
        ],
    },
    Table {
        lang: Lang::It,
        months: [
            &["gennaio", "|", "gen"],
            &["febbraio", "|", "feb"],
            &["marzo", "|", "mar"],
            &["aprile", "|", "apr"],
            &["maggio", "|", "mag"],
            &["giugno", "|", "giu"],
            &["luglio", "|", "lug"],
            &["agosto", "|", "ago"],
            &["settembre", "|", "set", "sett"],
            &["ottobre", "|", "ott"],
            &["novembre", "|", "nov"],
            &["dicembre", "|", "dic"],
        ],
        weekdays: [
            &["lunedì", "lunedi", "|", "lun"],
            &["martedì", "martedi", "|", "mar"],
            &["mercoledì", "mercoledi", "|", "mer"],
            &["giovedì", "giovedi", "|", "gio"],
            &["venerdì", "venerdi", "|", "ven"],
            &["sabato", "|", "sab"],
            &["domenica", "|", "dom"],
        ],
    },
    Table {
        lang: Lang::Pt,
        months: [
            &["janeiro", "|", "jan"],
            &["fevereiro", "|", "fev"],
            &["março", "marco", "|", "mar"],
            &["abril", "|", "abr"],
            &["maio", "|", "mai"],
            &["junho", "|", "jun"],
            &["julho", "|", "jul"],
            &["agosto", "|", "ago"],
            &["setembro", "|", "set"],
            &["outubro", "|", "out"],
            &["novembro", "|", "nov"],
            &["dezembro", "|", "dez"],
        ],
        weekdays: [
            &["segunda-feira", "segunda", "|", "seg"],
            &["terça-feira", "terca-feira", "terça", "terca", "|", "ter"],
            &["quarta-feira", "quarta", "|", "qua"],
            &["quinta-feira", "quinta", "|", "qui"],
            &["sexta-feira", "sexta", "|", "sex"],
            &["sábado", "sabado", "|", "sáb", "sab"],
            &["domingo", "|", "dom"],
        ],
    },
    Table {
        lang: Lang::Nl,
        months: [
            &["januari", "|", "jan"],
            &["februari", "|", "feb"],
            &["maart", "|", "mrt", "mar"],
            &["april", "|", "apr"],
            &["mei"],
            &["juni", "|", "jun"],
            &["juli", "|", "jul"],
            &["augustus", "|", "aug"],
            &["september", "|", "sep", "sept"],
            &["oktober", "|", "okt"],
            &["november", "|", "nov"],
            &["december", "|", "dec"],
        ],
        weekdays: [
            &["maandag", "|", "ma"],
            &["dinsdag", "|", "di"],
            &["woensdag", "|", "wo"],
            &["donderdag", "|", "do"],
            &["vrijdag", "|", "vr"],
            &["zaterdag", "|", "za"],
            &["zondag", "|", "zo"],
        ],
    },
    Table {
        lang: Lang::Pl,
        months: [
            &["styczeń", "styczen", "stycznia", "|", "sty"],
            &["luty", "lutego", "|", "lut"],
            &["marzec", "marca", "|", "mar"],
            &["kwiecień", "kwiecien", "kwietnia", "|", "kwi"],
            &["maj", "maja"],
            &["czerwiec", "czerwca", "|", "cze"],
            &["lipiec", "lipca", "|", "lip"],
            &["sierpień", "sierpien", "sierpnia", "|", "sie"],
            &["wrzesień", "wrzesien", "września", "wrzesnia", "|", "wrz"],
            &[
                "październik",
                "pazdziernik",
                "października",
                "pazdziernika",
                "|",
                "paź",
                "paz",
            ],
            &["listopad", "listopada", "|", "lis"],
            &["grudzień", "grudzien", "grudnia", "|", "gru"],
        ],
        weekdays: [
            &["poniedziałek", "poniedzialek", "|", "pon", "pn"],
            &["wtorek", "|", "wt", "wto"],
            &["środa", "sroda", "|", "śr", "sr", "śro"],
            &["czwartek", "|", "czw", "cz"],
            &["piątek", "piatek", "|", "pt", "pią"],
            &["sobota", "|", "sob"],
            &["niedziela", "|", "niedz", "nd", "ndz"],
        ],
    },
    Table {
        lang: Lang::Zh,
        months: [
            &["一月", "正月"],
            &["二月"],
            &["三月"],
            &["四月"],
            &["五月"],
            &["六月"],
            &["七月"],
            &["八月"],
            &["九月"],
            &["十月"],
            &["十一月"],
            &["十二月", "腊月"],
        ],
        weekdays: [
            &["星期一", "礼拜一", "禮拜一", "|", "周一", "週一"],
            &["星期二", "礼拜二", "禮拜二", "|", "周二", "週二"],
            &["星期三", "礼拜三", "禮拜三", "|", "周三", "週三"],
            &["星期四", "礼拜四", "禮拜四", "|", "周四", "週四"],
            &["星期五", "礼拜五", "禮拜五", "|", "周五", "週五"],
            &["星期六", "礼拜六", "禮拜六", "|", "周六", "週六"],
            &[
                "星期日",
                "星期天",
                "礼拜日",
                "礼拜天",
                "禮拜日",
                "禮拜天",
                "|",
                "周日",
                "週日",
                "周天",
            ],
        ],
    },
    Table {
        lang: Lang::Ja,
        months: [
            &["睦月"],
            &["如月"],
            &["弥生"],
            &["卯月"],
            &["皐月"],
            &["水無月"],
            &["文月"],
            &["葉月"],
            &["長月"],
            &["神無月"],
            &["霜月"],
            &["師走"],
        ],
        weekdays: [
            &["月曜日", "|", "月曜", "(月)"],
            &["火曜日", "|", "火曜", "(火)"],
            &["水曜日", "|", "水曜", "(水)"],
            &["木曜日", "|", "木曜", "(木)"],
            &["金曜日", "|", "金曜", "(金)"],
            &["土曜日", "|", "土曜", "(土)"],
            &["日曜日", "|", "日曜", "(日)"],
        ],
    },
    Table {
        lang: Lang::Ko,
        months: [
            &["일월"],
            &["이월"],
            &["삼월"],
            &["사월"],
            &["오월"],
            &["유월"],
            &["칠월"],
            &["팔월"],
            &["구월"],
            &["시월"],
            &["십일월"],
            &["십이월"],
        ],
        weekdays: [
            &["월요일", "|", "(월)"],
            &["화요일", "|", "(화)"],
            &["수요일", "|", "(수)"],
            &["목요일", "|", "(목)"],
            &["금요일", "|", "(금)"],
            &["토요일", "|", "(토)"],
            &["일요일", "|", "(일)"],
        ],
    },
    Table {
        lang: Lang::Ar,
        months: [
            &["يناير", "كانون الثاني"],
            &["فبراير", "شباط"],
            &["مارس", "آذار", "اذار"],
            &["أبريل", "ابريل", "إبريل", "نيسان"],
            &["مايو", "ماي", "أيار", "ايار"],
            &["يونيو", "يونيه", "حزيران"],
            &["يوليو", "يوليه", "تموز"],
            &["أغسطس", "اغسطس", "آب"],
            &["سبتمبر", "أيلول", "ايلول"],
            &["أكتوبر", "اكتوبر", "تشرين الأول", "تشرين الاول"],
            &["نوفمبر", "تشرين الثاني"],
            &["ديسمبر", "كانون الأول", "كانون الاول"],
        ],
        weekdays: [
            &["الاثنين", "الإثنين", "الأثنين"],
            &["الثلاثاء"],
            &["الأربعاء", "الاربعاء"],
            &["الخميس"],
            &["الجمعة"],
            &["السبت"],
            &["الأحد", "الاحد"],
        ],
    },
];

/// What a word means in a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// Month 1..=12; `abbreviated` when the word is a short form.
    Month {
        month: u32,
        lang: Lang,
        abbreviated: bool,
    },
    /// Weekday 0 (Monday) ..= 6.
    Weekday {
        weekday: u32,
        lang: Lang,
        abbreviated: bool,
    },
}

/// Every name, lower-cased, with and without diacritics. The first language to use a word
/// keeps it, and a month wins over a weekday (`mar` is March, not `martes`).
static WORDS: LazyLock<HashMap<String, Word>> = LazyLock::new(|| {
    let mut words = HashMap::new();
    for table in TABLES {
        for (i, names) in table.months.iter().enumerate() {
            insert_all(&mut words, names, |abbreviated| Word::Month {
                month: i as u32 + 1,
                lang: table.lang,
                abbreviated,
            });
        }
    }
    for table in TABLES {
        for (i, names) in table.weekdays.iter().enumerate() {
            insert_all(&mut words, names, |abbreviated| Word::Weekday {
                weekday: i as u32,
                lang: table.lang,
                abbreviated,
            });
        }
    }
    words
});

fn insert_all(words: &mut HashMap<String, Word>, names: &[&str], word: impl Fn(bool) -> Word) {
    let mut abbreviated = false;
    for name in names {
        if *name == "|" {
            abbreviated = true;
            continue;
        }
        words.entry((*name).to_owned()).or_insert(word(abbreviated));
        words.entry(fold(name)).or_insert(word(abbreviated));
    }
}

/// Looks a lower-cased word up, also without its diacritics.
pub fn lookup(word: &str) -> Option<Word> {
    WORDS.get(word).or_else(|| WORDS.get(&fold(word))).copied()
}

/// The first full name of `month` (1..=12) in `lang`.
#[cfg(test)]
pub fn full_month(lang: Lang, month: u32) -> &'static str {
    TABLES
        .iter()
        .find(|t| t.lang == lang)
        .and_then(|t| t.months.get(month as usize - 1))
        .and_then(|names| names.first())
        .copied()
        .unwrap_or("")
}

/// Every language that uses the word (lower-cased), in the SPEC's order.
pub fn languages(word: &str) -> Vec<Lang> {
    let folded = fold(word);
    let mut langs = Vec::new();
    for table in TABLES {
        let has = table
            .months
            .iter()
            .chain(table.weekdays.iter())
            .flat_map(|names| names.iter())
            .any(|name| *name == word || fold(name) == folded);
        if has {
            langs.push(table.lang);
        }
    }
    langs
}

/// Multi-word names (Levantine Arabic months): the joined form when `first second` is one.
pub fn lookup_pair(first: &str, second: &str) -> Option<Word> {
    WORDS.get(&format!("{first} {second}")).copied()
}

/// Lower-case Latin letters without diacritics (`é` → `e`, `ł` → `l`, `ß` → `ss`).
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ą' => out.push('a'),
            'é' | 'è' | 'ê' | 'ë' | 'ę' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => out.push('o'),
            'ú' | 'ù' | 'û' | 'ü' => out.push('u'),
            'ç' | 'ć' => out.push('c'),
            'ñ' | 'ń' => out.push('n'),
            'ł' => out.push('l'),
            'ś' => out.push('s'),
            'ź' | 'ż' => out.push('z'),
            'ß' => out.push_str("ss"),
            other => out.push(other),
        }
    }
    out
}

/// English names, for chrono's `%B`/`%A` parsing of translated input.
pub const ENGLISH_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub const ENGLISH_WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// Words that carry no date information in the supported languages (`de`, `le`, `the`,
/// ordinal suffixes, `Uhr`, `r.`, `يوم`...).
pub fn is_filler(word: &str) -> bool {
    matches!(
        word,
        "t" | "the"
            | "of"
            | "on"
            | "at"
            | "st"
            | "nd"
            | "rd"
            | "th"
            | "de"
            | "del"
            | "el"
            | "la"
            | "las"
            | "le"
            | "er"
            | "ère"
            | "à"
            | "a"
            | "o"
            | "º"
            | "ª"
            | "den"
            | "der"
            | "dem"
            | "um"
            | "uhr"
            | "il"
            | "alle"
            | "ore"
            | "às"
            | "as"
            | "dia"
            | "da"
            | "ste"
            | "e"
            | "om"
            | "uur"
            | "van"
            | "r"
            | "roku"
            | "rok"
            | "dnia"
            | "godz"
            | "godzina"
            | "w"
            | "يوم"
            | "الساعة"
            | "في"
    )
}
