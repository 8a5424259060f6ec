//! Context words: the labels people write before (and sometimes after) a value, in each
//! supported language, which raise a candidate's score.

use super::EntityKind;

/// Cue words per kind, lower case. Matched at a word start; cues of three letters or fewer
/// must also end at a word boundary.
fn cues(kind: EntityKind) -> &'static [&'static str] {
    match kind {
        EntityKind::Phone => &[
            "phone",
            "tel",
            "tel.",
            "telephone",
            "mobile",
            "cell",
            "call",
            "fax",
            "whatsapp",
            "téléphone",
            "portable",
            "teléfono",
            "telefono",
            "móvil",
            "movil",
            "celular",
            "telefon",
            "handy",
            "mobil",
            "rufnummer",
            "cellulare",
            "telemóvel",
            "telefoon",
            "mobiel",
            "telefonnummer",
            "puhelin",
            "matkapuhelin",
            "telefonszám",
            "τηλέφωνο",
            "τηλ",
            "телефон",
            "тел",
            "моб",
            "هاتف",
            "جوال",
            "טלפון",
            "फ़ोन",
            "फोन",
            "电话",
            "電話",
            "手机",
            "携帯",
            "전화",
            "휴대폰",
            "nr tel",
            "numer telefonu",
            "contact",
            "reach me",
            "reach",
            "answering",
            "dial",
            "text me",
            "sms",
            "ph",
            "ph.",
            "ring",
        ],
        EntityKind::CreditCard => &[
            "card",
            "credit",
            "debit",
            "visa",
            "mastercard",
            "amex",
            "american express",
            "discover",
            "maestro",
            "carte",
            "tarjeta",
            "karte",
            "kreditkarte",
            "carta",
            "cartão",
            "cartao",
            "creditcard",
            "karta",
            "kort",
            "kortti",
            "kártya",
            "kart",
            "карта",
            "карты",
            "بطاقة",
            "כרטיס",
            "信用卡",
            "クレジット",
            "카드",
            "cc",
            "pan",
        ],
        EntityKind::Ssn => &[
            "ssn",
            "social security",
            "social-security",
            "soc sec",
            "ss#",
            "ss #",
            "taxpayer",
            "tin",
        ],
        EntityKind::BankAccount => &[
            "iban",
            "account",
            "acct",
            "a/c",
            "bank",
            "konto",
            "kontonummer",
            "compte",
            "rib",
            "cuenta",
            "conto",
            "rekening",
            "rekeningnummer",
            "konta",
            "rachunek",
            "účet",
            "ucet",
            "cont",
            "számla",
            "szamla",
            "hesap",
            "λογαριασμ",
            "счет",
            "счёт",
            "рахунок",
            "حساب",
            "חשבון",
            "खाता",
            "账户",
            "账号",
            "口座",
            "계좌",
            "bic",
            "swift",
            "routing",
            "sort code",
            "tilinumero",
            "tili",
            "kontonr",
        ],
        EntityKind::IdNumber => &[
            "id",
            "id no",
            "identity",
            "identification",
            "national id",
            "driver",
            "licence",
            "license",
            "dl",
            "dni",
            "nie",
            "nif",
            "codice fiscale",
            "cf",
            "bsn",
            "burgerservicenummer",
            "pesel",
            "personnummer",
            "personal number",
            "hetu",
            "henkilötunnus",
            "cpr",
            "nir",
            "sécurité sociale",
            "securite sociale",
            "numéro de sécurité",
            "cnp",
            "tc kimlik",
            "kimlik",
            "身份证",
            "身份證",
            "ausweis",
            "personalausweis",
            "identità",
            "identidade",
            "cédula",
            "cedula",
            "documento",
            "dowód",
            "rodné číslo",
            "személyi",
            "henkilöllisyys",
            "удостоверение",
            "инн",
            "снилс",
            "هوية",
            "תעודת זהות",
            "ת.ז",
            "आधार",
            "マイナンバー",
            "주민등록",
            "tax id",
            "steuer",
            "personalnummer",
            "fødselsnummer",
            "personnr",
        ],
        EntityKind::Passport => &[
            "passport",
            "passeport",
            "pasaporte",
            "passaporto",
            "passaporte",
            "reisepass",
            "pass-nr",
            "paspoort",
            "paszport",
            "pass",
            "passi",
            "útlevél",
            "pasaport",
            "cestovní pas",
            "διαβατήριο",
            "паспорт",
            "جواز",
            "דרכון",
            "पासपोर्ट",
            "护照",
            "護照",
            "旅券",
            "パスポート",
            "여권",
        ],
        EntityKind::DateOfBirth => &[
            "born",
            "birth",
            "dob",
            "d.o.b",
            "birthday",
            "date of birth",
            "birthdate",
            "geb.",
            "geboren",
            "geburtsdatum",
            "né le",
            "née le",
            "né",
            "née",
            "date de naissance",
            "nacido",
            "nacida",
            "fecha de nacimiento",
            "nato",
            "nata",
            "data di nascita",
            "nascido",
            "nascida",
            "data de nascimento",
            "geboortedatum",
            "geboren op",
            "urodzony",
            "urodzona",
            "data urodzenia",
            "född",
            "födelsedatum",
            "født",
            "fødselsdato",
            "syntynyt",
            "syntymäaika",
            "narozen",
            "datum narození",
            "născut",
            "data nașterii",
            "született",
            "születési",
            "doğum",
            "γεννήθηκε",
            "ημερομηνία γέννησης",
            "родился",
            "родилась",
            "дата рождения",
            "народився",
            "дата народження",
            "تاريخ الميلاد",
            "מולד",
            "תאריך לידה",
            "जन्म",
            "出生",
            "生年月日",
            "생년월일",
        ],
        EntityKind::Address => &[
            "address",
            "addr",
            "live at",
            "lives at",
            "living at",
            "located at",
            "reside",
            "resides",
            "moved to",
            "ship to",
            "deliver to",
            "street",
            "adresse",
            "anschrift",
            "wohnhaft",
            "dirección",
            "direccion",
            "domicilio",
            "indirizzo",
            "morada",
            "endereço",
            "endereco",
            "adres",
            "adress",
            "osoite",
            "lakcím",
            "cím",
            "adresa",
            "διεύθυνση",
            "адрес",
            "адреса",
            "عنوان",
            "כתובת",
            "पता",
            "地址",
            "住所",
            "주소",
        ],
        EntityKind::Name | EntityKind::Email => &[],
    }
}

/// How many chars before the candidate are searched for a cue.
const WINDOW_BEFORE: usize = 40;
/// How many chars after it (for labels that follow, as in "… (mobile)").
const WINDOW_AFTER: usize = 16;

/// Whether a cue for `kind` appears just before `start` (or just after `end`).
/// Every match of `pattern` in `page` that `keep` accepts and a cue of `kind` stands near,
/// proposed as `kind` at `score` (unvalidated): the recognizers whose shape alone says
/// nothing (dates, passport numbers).
pub(crate) fn cued_matches(
    page: &super::text::Page,
    pattern: &regex::Regex,
    kind: EntityKind,
    score: f64,
    keep: impl Fn(&str) -> bool,
    out: &mut Vec<super::candidate::Candidate>,
) {
    for m in pattern.find_iter(page.text) {
        if keep(m.as_str()) && has_cue(page.text, m.start(), m.end(), kind) {
            out.push(super::candidate::Candidate::new(
                kind,
                m.start(),
                m.end(),
                score,
                false,
            ));
        }
    }
}

pub(crate) fn has_cue(text: &str, start: usize, end: usize, kind: EntityKind) -> bool {
    let before = window_before(text, start, WINDOW_BEFORE);
    if contains_cue(&before, kind) {
        return true;
    }
    let after: String = text
        .get(end..)
        .unwrap_or("")
        .chars()
        .take(WINDOW_AFTER)
        .take_while(|&c| c != '\n')
        .collect::<String>()
        .to_lowercase();
    matches!(kind, EntityKind::Phone | EntityKind::BankAccount) && contains_cue(&after, kind)
}

/// The lower-cased `chars` chars before byte `start`, within the same or previous line.
pub(crate) fn window_before(text: &str, start: usize, chars: usize) -> String {
    let head = text.get(..start).unwrap_or("");
    let mut taken: Vec<char> = Vec::with_capacity(chars);
    let mut newlines = 0;
    for c in head.chars().rev() {
        if c == '\n' {
            newlines += 1;
            if newlines > 1 {
                break;
            }
        }
        taken.push(c);
        if taken.len() >= chars {
            break;
        }
    }
    taken.iter().rev().collect::<String>().to_lowercase()
}

fn contains_cue(window: &str, kind: EntityKind) -> bool {
    cues(kind).iter().any(|cue| contains_word(window, cue))
}

/// `cue` occurs in `hay` at a word start (and, when short, ending at a word boundary).
pub(crate) fn contains_word(hay: &str, cue: &str) -> bool {
    let short = cue.chars().count() <= 3;
    let mut from = 0;
    while let Some(pos) = hay.get(from..).and_then(|h| h.find(cue)) {
        let at = from + pos;
        let end = at + cue.len();
        let starts = !super::text::alnum_before(hay, at);
        let ends = !short || !super::text::alnum_after(hay, end);
        if starts && ends {
            return true;
        }
        from = at + cue.len().max(1);
        while from < hay.len() && !hay.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_cues_in_many_languages() {
        let t = "Telefon: 030 1234567";
        assert!(has_cue(t, 9, t.len(), EntityKind::Phone));
        let t = "номер паспорта 4509 123456";
        assert!(has_cue(t, 28, t.len(), EntityKind::Passport));
        let t = "電話 03-1234-5678";
        assert!(has_cue(t, 7, t.len(), EntityKind::Phone));
        let t = "Identity 12";
        assert!(!has_cue(t, 9, t.len(), EntityKind::Phone));
    }

    #[test]
    fn short_cues_need_word_boundaries() {
        assert!(contains_word("my ssn is", "ssn"));
        assert!(!contains_word("lassnig", "ssn"));
        assert!(contains_word("tel.", "tel"));
        assert!(!contains_word("hotel", "tel"));
    }
}
