//! National identity numbers with check digits: ES DNI/NIE, IT codice fiscale, NL BSN,
//! PL PESEL, SE personnummer, FI HETU, DK CPR (structure), FR NIR, RO CNP, TR TC kimlik,
//! CN resident id; US driver's licences only with context. Weak checks (one mod-10 or
//! mod-11 digit on a plain digit run) need context to pass the default threshold.

use std::sync::LazyLock;

use regex::Regex;

use super::EntityKind;
use super::candidate::Candidate;
use super::context::has_cue;
use super::text::Page;
use suite_engines::luhn;

struct Rule {
    pattern: &'static str,
    check: fn(&str) -> bool,
    /// Score without context; context raises it to at least 0.9.
    base: f64,
}

const RULES: &[Rule] = &[
    Rule {
        pattern: r"\b\d{8}-?[A-Za-z]\b",
        check: es_dni,
        base: 0.85,
    },
    Rule {
        pattern: r"\b[XYZxyz]-?\d{7}-?[A-Za-z]\b",
        check: es_nie,
        base: 0.85,
    },
    Rule {
        pattern: r"\b[A-Za-z]{6}\d{2}[A-Za-z]\d{2}[A-Za-z]\d{3}[A-Za-z]\b",
        check: it_cf,
        base: 0.95,
    },
    Rule {
        pattern: r"\b\d{9}\b",
        check: nl_bsn,
        base: 0.3,
    },
    Rule {
        pattern: r"\b\d{11}\b",
        check: pl_pesel,
        base: 0.45,
    },
    Rule {
        pattern: r"\b(?:\d{2})?\d{6}[-+]\d{4}\b",
        check: se_personnummer,
        base: 0.75,
    },
    Rule {
        pattern: r"\b\d{6}[-+ABCDEFUVWXY]\d{3}[0-9A-Za-z]\b",
        check: fi_hetu,
        base: 0.9,
    },
    Rule {
        pattern: r"\b\d{6}-\d{4}\b",
        check: dk_cpr,
        base: 0.35,
    },
    Rule {
        pattern: r"\b[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}\b",
        check: fr_nir,
        base: 0.85,
    },
    Rule {
        pattern: r"\b[1-8]\d{12}\b",
        check: ro_cnp,
        base: 0.6,
    },
    Rule {
        pattern: r"\b[1-9]\d{10}\b",
        check: tr_tc,
        base: 0.45,
    },
    Rule {
        pattern: r"\b\d{17}[\dXx]\b",
        check: cn_resident,
        base: 0.9,
    },
];

static COMPILED: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    RULES
        .iter()
        .map(|r| Regex::new(r.pattern).expect("id pattern"))
        .collect()
});

static LICENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:[A-Z]\d{3,12}|\d{4}-\d{2}-\d{4}|\d{7,12}|[A-Z]{1,2}\d{5,8})\b").expect("dl")
});

pub(crate) fn find(page: &Page, out: &mut Vec<Candidate>) {
    for (rule, re) in RULES.iter().zip(COMPILED.iter()) {
        for m in re.find_iter(&page.digits) {
            if !(rule.check)(m.as_str()) {
                continue;
            }
            let cue = has_cue(page.text, m.start(), m.end(), EntityKind::IdNumber);
            let score = if cue { rule.base.max(0.9) } else { rule.base };
            out.push(Candidate::new(
                EntityKind::IdNumber,
                m.start(),
                m.end(),
                score,
                true,
            ));
        }
    }
    for m in LICENCE.find_iter(&page.digits) {
        let before = super::context::window_before(page.text, m.start(), 40);
        let licence = [
            "driver",
            "licence",
            "license",
            "führerschein",
            "permis de conduire",
            "licencia de conducir",
            "patente",
        ]
        .iter()
        .any(|w| before.contains(w))
            || super::context::contains_word(&before, "dl");
        if licence {
            out.push(Candidate::new(
                EntityKind::IdNumber,
                m.start(),
                m.end(),
                0.75,
                false,
            ));
        }
    }
}

fn digits(s: &str) -> Vec<u32> {
    s.chars().filter_map(|c| c.to_digit(10)).collect()
}

fn es_dni(s: &str) -> bool {
    let body: String = s.chars().filter(char::is_ascii_digit).collect();
    let letter = s.chars().last().map(|c| c.to_ascii_uppercase());
    dni_letter(&body) == letter
}

fn es_nie(s: &str) -> bool {
    let s = s.to_ascii_uppercase();
    let prefix = match s.chars().next() {
        Some('X') => '0',
        Some('Y') => '1',
        Some('Z') => '2',
        _ => return false,
    };
    let body: String = std::iter::once(prefix)
        .chain(s.chars().filter(char::is_ascii_digit))
        .collect();
    dni_letter(&body) == s.chars().last()
}

fn dni_letter(body: &str) -> Option<char> {
    let n: u64 = body.parse().ok()?;
    "TRWAGMYFPDXBNJZSQVHLCKE".chars().nth((n % 23) as usize)
}

fn it_cf(s: &str) -> bool {
    const ODD: [u32; 26] = [
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24,
        23,
    ];
    let s = s.to_ascii_uppercase();
    let b = s.as_bytes();
    if b.len() != 16 {
        return false;
    }
    let mut sum = 0;
    for (i, &c) in b[..15].iter().enumerate() {
        let v = if c.is_ascii_digit() {
            u32::from(c - b'0')
        } else {
            u32::from(c - b'A')
        };
        sum += if i % 2 == 0 { ODD[v as usize % 26] } else { v };
    }
    u32::from(b[15] - b'A') == sum % 26
}

fn nl_bsn(s: &str) -> bool {
    let d = digits(s);
    if d.len() != 9 {
        return false;
    }
    let sum: i64 = d[..8]
        .iter()
        .enumerate()
        .map(|(i, &x)| i64::from(x) * (9 - i as i64))
        .sum::<i64>()
        - i64::from(d[8]);
    sum % 11 == 0 && sum != 0
}

fn pl_pesel(s: &str) -> bool {
    let d = digits(s);
    if d.len() != 11
        || !valid_month(d[2] * 10 + d[3], true)
        || d[4] * 10 + d[5] == 0
        || d[4] * 10 + d[5] > 31
    {
        return false;
    }
    const W: [u32; 10] = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
    let sum: u32 = d[..10].iter().zip(W).map(|(a, b)| a * b).sum();
    (10 - sum % 10) % 10 == d[10]
}

fn valid_month(m: u32, pesel: bool) -> bool {
    if pesel {
        (1..=12).contains(&(m % 20))
    } else {
        (1..=12).contains(&m)
    }
}

fn valid_day_month(day: u32, month: u32) -> bool {
    (1..=31).contains(&day) && (1..=12).contains(&month)
}

fn se_personnummer(s: &str) -> bool {
    let d: String = s.chars().filter(char::is_ascii_digit).collect();
    let ten = &d[d.len().saturating_sub(10)..];
    let v = digits(ten);
    if v.len() != 10 {
        return false;
    }
    let day = (v[4] * 10 + v[5]) % 60; // samordningsnummer add 60
    valid_day_month(day, v[2] * 10 + v[3]) && luhn::is_valid(ten)
}

fn fi_hetu(s: &str) -> bool {
    let s = s.to_ascii_uppercase();
    let d = digits(&s[..6]);
    if d.len() != 6 || !valid_day_month(d[0] * 10 + d[1], d[2] * 10 + d[3]) {
        return false;
    }
    let num: String = s[..6].chars().chain(s[7..10].chars()).collect();
    let Ok(n) = num.parse::<u64>() else {
        return false;
    };
    "0123456789ABCDEFHJKLMNPRSTUVWXY"
        .chars()
        .nth((n % 31) as usize)
        == s.chars().last()
}

fn dk_cpr(s: &str) -> bool {
    let d = digits(s);
    d.len() == 10 && valid_day_month(d[0] * 10 + d[1], d[2] * 10 + d[3])
}

fn fr_nir(s: &str) -> bool {
    let c: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if c.len() != 15 {
        return false;
    }
    let body = c[..13].replace("2A", "19").replace("2B", "18");
    let (Ok(n), Ok(key)) = (body.parse::<u64>(), c[13..].parse::<u64>()) else {
        return false;
    };
    let month = c[3..5].parse::<u32>().unwrap_or(0);
    let month_ok = (1..=12).contains(&month) || (20..=42).contains(&month) || month >= 50;
    month_ok && 97 - n % 97 == key
}

fn ro_cnp(s: &str) -> bool {
    let d = digits(s);
    if d.len() != 13 || !valid_day_month(d[5] * 10 + d[6], d[3] * 10 + d[4]) {
        return false;
    }
    const W: [u32; 12] = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
    let r = d[..12].iter().zip(W).map(|(a, b)| a * b).sum::<u32>() % 11;
    (if r == 10 { 1 } else { r }) == d[12]
}

fn tr_tc(s: &str) -> bool {
    let d: Vec<i64> = digits(s).into_iter().map(i64::from).collect();
    if d.len() != 11 || d[0] == 0 {
        return false;
    }
    let odd = d[0] + d[2] + d[4] + d[6] + d[8];
    let even = d[1] + d[3] + d[5] + d[7];
    (odd * 7 - even).rem_euclid(10) == d[9] && d[..10].iter().sum::<i64>() % 10 == d[10]
}

fn cn_resident(s: &str) -> bool {
    const W: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let d = digits(&s[..17]);
    if d.len() != 17 || !valid_day_month(d[12] * 10 + d[13], d[10] * 10 + d[11]) {
        return false;
    }
    let sum: u32 = d.iter().zip(W).map(|(a, b)| a * b).sum();
    "10X98765432".chars().nth((sum % 11) as usize)
        == s.chars().last().map(|c| c.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(t: &str) -> Vec<(&str, f64)> {
        let mut v = Vec::new();
        find(&Page::new(t), &mut v);
        v.iter().map(|c| (&t[c.start..c.end], c.score)).collect()
    }

    #[test]
    fn validates_check_digits() {
        assert!(es_dni("12345678Z") && !es_dni("12345678A"));
        assert!(es_nie("X1234567L"));
        assert!(it_cf("RSSMRA85T10A562S") && !it_cf("RSSMRA85T10A562T"));
        assert!(nl_bsn("111222333") && !nl_bsn("111222334"));
        assert!(pl_pesel("44051401359") && !pl_pesel("44051401358"));
        assert!(se_personnummer("811218-9876") && !se_personnummer("811218-9877"));
        assert!(fi_hetu("131052-308T") && !fi_hetu("131052-308U"));
        assert!(ro_cnp("1800101221144"));
        assert!(tr_tc("10000000146") && !tr_tc("10000000147"));
        assert!(cn_resident("11010519491231002X") && !cn_resident("110105194912310021"));
        assert!(fr_nir("2 55 08 14 168 025 38"));
    }

    #[test]
    fn context_lifts_weak_checks() {
        assert_eq!(spans("DNI 12345678Z"), [("12345678Z", 0.9)]);
        let bsn = spans("BSN: 111222333");
        assert!(
            bsn.iter()
                .any(|&(s, score)| s == "111222333" && score >= 0.9)
        );
        assert!(spans("order 111222333").iter().all(|&(_, s)| s < 0.5));
        assert_eq!(spans("driver's license D1234567"), [("D1234567", 0.75)]);
    }
}
