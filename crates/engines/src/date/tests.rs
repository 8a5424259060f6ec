//! The date engine against its fixture table (fixtures/date_cases.tsv) and a few properties.

use super::*;

struct Case {
    line: usize,
    input: String,
    day_first: bool,
    timezone: Option<String>,
    input_format: Option<String>,
    iso: Option<String>,
    format: Option<String>,
    language: Option<String>,
    alternatives: Vec<String>,
}

fn cases() -> Vec<Case> {
    include_str!("../fixtures/date_cases.tsv")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 6, "line {}: {line:?}", i + 1);
            let mut case = Case {
                line: i + 1,
                input: f[0].to_owned(),
                day_first: false,
                timezone: None,
                input_format: None,
                iso: (f[2] != "invalid").then(|| f[2].to_owned()),
                format: (f[3] != "-").then(|| f[3].to_owned()),
                language: (f[4] != "-").then(|| f[4].to_owned()),
                alternatives: if f[5] == "-" {
                    Vec::new()
                } else {
                    f[5].split(',').map(str::to_owned).collect()
                },
            };
            for option in f[1].split(';').filter(|o| *o != "-") {
                if option == "day_first" {
                    case.day_first = true;
                } else if let Some(tz) = option.strip_prefix("tz=") {
                    case.timezone = Some(tz.to_owned());
                } else if let Some(format) = option.strip_prefix("in=") {
                    case.input_format = Some(format.to_owned());
                } else {
                    panic!("line {}: option {option}", i + 1);
                }
            }
            case
        })
        .collect()
}

#[test]
fn fixture_table() {
    let cases = cases();
    let mut failures = Vec::new();
    for case in &cases {
        let answer = convert(&Request {
            date: &case.input,
            input_format: case.input_format.as_deref(),
            day_first: case.day_first,
            output_format: None,
            timezone: case.timezone.as_deref(),
        });
        let mut wrong = Vec::new();
        match &case.iso {
            None => {
                if answer.valid || answer.error.is_none() {
                    wrong.push(format!("valid, want invalid: {:?}", answer.iso8601));
                }
            }
            Some(iso) => {
                if !answer.valid {
                    wrong.push(format!("invalid: {:?}", answer.error));
                } else {
                    if answer.iso8601.as_deref() != Some(iso.as_str()) {
                        wrong.push(format!("iso {:?}, want {iso}", answer.iso8601));
                    }
                    if let Some(format) = &case.format
                        && answer.detected_format.as_deref() != Some(format.as_str())
                    {
                        wrong.push(format!(
                            "format {:?}, want {format:?}",
                            answer.detected_format
                        ));
                    }
                    let language = answer.language.map(|l| l.code().to_owned());
                    if language != case.language {
                        wrong.push(format!("language {language:?}, want {:?}", case.language));
                    }
                    if answer.alternatives != case.alternatives {
                        wrong.push(format!(
                            "alternatives {:?}, want {:?}",
                            answer.alternatives, case.alternatives
                        ));
                    }
                    if answer.ambiguous == case.alternatives.is_empty() {
                        wrong.push(format!("ambiguous {}", answer.ambiguous));
                    }
                }
            }
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "line {} {:?}: {}",
                case.line,
                case.input,
                wrong.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(cases.len() >= 120, "{} cases", cases.len());
}

#[test]
fn every_language_has_all_its_months() {
    // Each of the 12 languages: the full name of every month, day 15, year 2024.
    let english = names::ENGLISH_MONTHS;
    for lang in [
        Lang::En,
        Lang::Es,
        Lang::Fr,
        Lang::De,
        Lang::It,
        Lang::Pt,
        Lang::Nl,
        Lang::Pl,
        Lang::Ar,
    ] {
        for month in 1..=12u32 {
            let name = names::full_month(lang, month);
            let input = format!("15 {name} 2024");
            let answer = convert(&Request {
                date: &input,
                ..Request::default()
            });
            assert!(answer.valid, "{input}: {:?}", answer.error);
            assert_eq!(
                answer.month,
                Some(month),
                "{input} ({})",
                english[month as usize - 1]
            );
            assert!(
                answer
                    .language
                    .is_some_and(|l| names::languages(&name.to_lowercase()).contains(&l)),
                "{input}: {:?}",
                answer.language
            );
        }
    }
    for (lang, pattern) in [
        (Lang::Zh, "2024年{m}月15日"),
        (Lang::Ja, "2024年{m}月15日"),
        (Lang::Ko, "2024년 {m}월 15일"),
    ] {
        for month in 1..=12u32 {
            let input = pattern.replace("{m}", &month.to_string());
            let answer = convert(&Request {
                date: &input,
                ..Request::default()
            });
            assert_eq!(answer.month, Some(month), "{lang:?} {input}");
        }
    }
}

#[test]
fn output_format_and_offsets() {
    let answer = convert(&Request {
        date: "2024-03-15T10:30:00Z",
        output_format: Some("%A %d %B %Y %H:%M %:z"),
        timezone: Some("Europe/Paris"),
        ..Request::default()
    });
    assert_eq!(
        answer.converted.as_deref(),
        Some("Friday 15 March 2024 11:30 +01:00")
    );
    assert_eq!(answer.unix_seconds, Some(1_710_498_600));
    assert_eq!(answer.utc_offset.as_deref(), Some("+01:00"));
    assert_eq!(answer.timezone.as_deref(), Some("Europe/Paris"));
    assert_eq!(answer.weekday, Some(Weekday::Fri));
    // In a named zone `%Z` is its abbreviation.
    let abbreviation = convert(&Request {
        date: "2024-07-15T10:30:00Z",
        output_format: Some("%H:%M %Z"),
        timezone: Some("Europe/Paris"),
        ..Request::default()
    });
    assert_eq!(abbreviation.converted.as_deref(), Some("12:30 CEST"));
    // A date formats as its midnight.
    let date = convert(&Request {
        date: "15/03/2024",
        output_format: Some("%Y-%m-%d %H:%M"),
        ..Request::default()
    });
    assert_eq!(date.converted.as_deref(), Some("2024-03-15 00:00"));
    assert_eq!(date.hour, None);
    // An offset cannot be formatted when there is none.
    let local = convert(&Request {
        date: "2024-03-15 10:30",
        output_format: Some("%H:%M %z"),
        ..Request::default()
    });
    assert!(!local.valid);
    assert!(
        local
            .error
            .unwrap_or_default()
            .starts_with("output_format:")
    );
    let bad = convert(&Request {
        date: "2024-03-15",
        output_format: Some("%Q"),
        ..Request::default()
    });
    assert!(!bad.valid);
}

#[test]
fn components_and_leap_seconds() {
    let answer = convert(&Request {
        date: "2016-12-31T23:59:60.5Z",
        ..Request::default()
    });
    assert!(answer.valid, "{:?}", answer.error);
    assert_eq!(
        (answer.hour, answer.minute, answer.second, answer.nanosecond),
        (Some(23), Some(59), Some(60), Some(500_000_000))
    );
}

#[test]
fn never_panics() {
    let samples = [
        "",
        " ",
        "%",
        "%%",
        "::",
        "--",
        "+",
        "-0",
        "1:1",
        "12:",
        "T",
        "Z",
        "am",
        "1pm",
        "(金)",
        "(",
        "年",
        "2024年",
        "年月日",
        "٣",
        "99:99",
        "2024-13-45T99:99:99+99:99",
        "9999999999999999999999",
        "-",
        "0",
        "0.0",
        ".5",
        "1e10",
        "   \u{a0}  ",
        "\u{200f}",
        "كانون",
        "2024 كانون",
        "15.",
        "15..2024",
        "2024-03-15T10:30:00+",
        "+02:00",
        "10:30 +02:00",
        "UTC+99",
        "31/12/9999 23:59:59",
        "1/1/0001",
        "262143-12-31",
    ];
    for s in samples {
        for day_first in [false, true] {
            let _ = convert(&Request {
                date: s,
                day_first,
                timezone: Some("Pacific/Kiritimati"),
                output_format: Some("%c %z %s"),
                ..Request::default()
            });
            let _ = convert(&Request {
                date: s,
                input_format: Some("%d/%m/%Y %H:%M:%S%.f %z"),
                ..Request::default()
            });
        }
    }
    let long = "15 March 2024 ".repeat(18);
    assert!(
        !convert(&Request {
            date: &long,
            ..Request::default()
        })
        .valid
    );
}

#[test]
fn every_short_string_of_tricky_characters_is_answered() {
    // All strings of up to 4 characters over separators, digits, markers and letters.
    let alphabet: Vec<char> = "12:-+/. 年月日amTZ(é)h٣".chars().collect();
    let mut strings = vec![String::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for s in &strings {
            for c in &alphabet {
                next.push(format!("{s}{c}"));
            }
        }
        for s in &next {
            let answer = convert(&Request {
                date: s,
                ..Request::default()
            });
            assert!(answer.valid || answer.error.is_some(), "{s:?}");
        }
        strings = next;
    }
}
