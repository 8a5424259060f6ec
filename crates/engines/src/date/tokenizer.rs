//! The tokenizer: splits free-form input into numbers, times of day, UTC offsets and zone
//! words, month and weekday names, CJK markers and separators, for the resolver.

use std::ops::Range;

use super::names::{self, Lang, Word};
use super::zones::parse_offset;

/// A piece of the input.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Kind {
    Num {
        value: u32,
        digits: usize,
    },
    Time {
        hour: u32,
        minute: u32,
        second: u32,
        nanos: u32,
        /// strftime for this piece, with `%H` (`%I` when a meridiem follows is fixed later).
        format: String,
    },
    Meridiem {
        pm: bool,
    },
    Offset {
        seconds: i32,
        format: String,
    },
    Month {
        month: u32,
        lang: Lang,
        abbreviated: bool,
    },
    Weekday {
        weekday: u32,
        lang: Lang,
        abbreviated: bool,
    },
    /// CJK and Korean markers after a number: 年/년 (year), 月/월 (month), 日/号/일 (day).
    Marker(Role),
    Filler,
    Sep(char),
    Space,
    Unknown(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Year,
    Month,
    Day,
}

fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}' // kana
        | '\u{3400}'..='\u{9fff}' // CJK ideographs
        | '\u{ac00}'..='\u{d7af}' // Hangul syllables
        | '\u{f900}'..='\u{faff}')
}

fn marker(c: char) -> Option<Role> {
    match c {
        '年' | '년' => Some(Role::Year),
        '月' | '월' => Some(Role::Month),
        '日' | '号' | '號' | '일' => Some(Role::Day),
        _ => None,
    }
}

/// Zone abbreviations (RFC 2822's and common European and Asian ones) → seconds east.
fn zone_word(word: &str) -> Option<i32> {
    Some(match word {
        "z" | "utc" | "gmt" | "ut" => 0,
        "est" => -5 * 3600,
        "edt" => -4 * 3600,
        "cst" => -6 * 3600,
        "cdt" => -5 * 3600,
        "mst" => -7 * 3600,
        "mdt" => -6 * 3600,
        "pst" => -8 * 3600,
        "pdt" => -7 * 3600,
        "wet" => 0,
        "west" | "bst" | "cet" => 3600,
        "cest" | "eet" => 2 * 3600,
        "eest" | "msk" => 3 * 3600,
        "hkt" | "sgt" => 8 * 3600,
        "jst" | "kst" => 9 * 3600,
        "aest" => 10 * 3600,
        "aedt" => 11 * 3600,
        _ => return None,
    })
}

/// Splits the input into numbers, times, offsets, names, markers and separators.
pub(super) fn tokenize(input: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = input.char_indices().collect();
    let end_of = |i: usize| chars.get(i).map_or(input.len(), |(b, _)| *b);
    let mut tokens: Vec<Token> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let text = &input[start..end_of(j)];
            // An offset right after a time or a zone word: +02:00, -0500, +2.
            if let Some(prev) = tokens.last()
                && matches!(prev.kind, Kind::Sep('+') | Kind::Sep('-'))
                && offset_allowed(&tokens[..tokens.len() - 1])
            {
                let mut k = j;
                let mut text_end = end_of(j);
                if chars.get(k).is_some_and(|(_, c)| *c == ':')
                    && chars.get(k + 1).is_some_and(|(_, c)| c.is_ascii_digit())
                {
                    k += 1;
                    while k < chars.len() && chars[k].1.is_ascii_digit() {
                        k += 1;
                    }
                    text_end = end_of(k);
                }
                let sign_start = prev.span.start;
                let text = &input[sign_start..text_end];
                let after_zone_word = tokens.len() >= 2
                    && matches!(tokens[tokens.len() - 2].kind, Kind::Offset { .. });
                if let Some(seconds) = parse_offset(text, after_zone_word) {
                    let format = if text.contains(':') {
                        "%:z"
                    } else if text.len() == 5 {
                        "%z"
                    } else {
                        "%#z"
                    };
                    tokens.pop();
                    // `UTC+2`: the zone word and its offset are one offset.
                    if let Some(Token {
                        kind:
                            Kind::Offset {
                                seconds: 0,
                                format: word,
                            },
                        span,
                    }) = tokens.last().cloned()
                        && after_zone_word
                    {
                        tokens.pop();
                        tokens.push(Token {
                            kind: Kind::Offset {
                                seconds,
                                format: format!("{word}{format}"),
                            },
                            span: span.start..text_end,
                        });
                        i = k;
                        continue;
                    }
                    tokens.push(Token {
                        kind: Kind::Offset {
                            seconds,
                            format: format.into(),
                        },
                        span: sign_start..text_end,
                    });
                    i = k;
                    continue;
                }
            }
            // A time of day: H:MM[:SS[.fff]], or 14h30 (French).
            if let Some((time, next)) = time_at(input, &chars, i, j) {
                tokens.push(Token {
                    kind: time,
                    span: start..end_of(next),
                });
                i = next;
                continue;
            }
            let value = text.parse::<u32>().unwrap_or(u32::MAX);
            tokens.push(Token {
                kind: Kind::Num {
                    value,
                    digits: j - i,
                },
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        if c.is_whitespace() {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_whitespace() {
                j += 1;
            }
            tokens.push(Token {
                kind: Kind::Space,
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        // Japanese and Korean one-character weekdays in parentheses: (金), (금).
        if c == '(' && i + 2 < chars.len() && chars[i + 2].1 == ')' && is_cjk(chars[i + 1].1) {
            let word = format!("({})", chars[i + 1].1);
            if let Some(Word::Weekday {
                weekday,
                lang,
                abbreviated,
            }) = names::lookup(&word)
            {
                tokens.push(Token {
                    kind: Kind::Weekday {
                        weekday,
                        lang,
                        abbreviated,
                    },
                    span: start..end_of(i + 3),
                });
                i += 3;
                continue;
            }
        }
        if is_cjk(c) {
            // A marker right after a number; otherwise a word of CJK characters.
            if let Some(role) = marker(c)
                && matches!(tokens.last().map(|t| &t.kind), Some(Kind::Num { .. }))
            {
                tokens.push(Token {
                    kind: Kind::Marker(role),
                    span: start..end_of(i + 1),
                });
                i += 1;
                continue;
            }
            let mut j = i;
            while j < chars.len() && is_cjk(chars[j].1) {
                j += 1;
            }
            // The longest known name that starts here, else a run up to the next marker.
            let mut matched = None;
            for k in (i + 1..=j).rev() {
                let word = &input[start..end_of(k)];
                if let Some(w) = names::lookup(word) {
                    matched = Some((w, k));
                    break;
                }
            }
            match matched {
                Some((word, k)) => {
                    tokens.push(Token {
                        kind: word_kind(word),
                        span: start..end_of(k),
                    });
                    i = k;
                }
                None => {
                    let word = &input[start..end_of(i + 1)];
                    let kind = match word {
                        "午前" | "上午" | "오전" => Kind::Meridiem { pm: false },
                        "午後" | "下午" | "오후" => Kind::Meridiem { pm: true },
                        _ => Kind::Unknown(word.to_owned()),
                    };
                    // Two-character meridiem words.
                    let two = if i + 2 <= j {
                        Some(&input[start..end_of(i + 2)])
                    } else {
                        None
                    };
                    match two {
                        Some("午前" | "上午" | "오전") => {
                            tokens.push(Token {
                                kind: Kind::Meridiem { pm: false },
                                span: start..end_of(i + 2),
                            });
                            i += 2;
                        }
                        Some("午後" | "下午" | "오후") => {
                            tokens.push(Token {
                                kind: Kind::Meridiem { pm: true },
                                span: start..end_of(i + 2),
                            });
                            i += 2;
                        }
                        _ => {
                            tokens.push(Token {
                                kind,
                                span: start..end_of(i + 1),
                            });
                            i += 1;
                        }
                    }
                }
            }
            continue;
        }
        if c.is_alphabetic() {
            let mut j = i;
            while j < chars.len()
                && (chars[j].1.is_alphabetic()
                    || (chars[j].1 == '-'
                        && chars.get(j + 1).is_some_and(|(_, c)| c.is_alphabetic()))
                    || matches!(chars[j].1, 'º' | 'ª'))
                && !is_cjk(chars[j].1)
            {
                j += 1;
            }
            let word = input[start..end_of(j)].to_lowercase();
            let kind = classify_word(&word, &tokens);
            tokens.push(Token {
                kind,
                span: start..end_of(j),
            });
            i = j;
            continue;
        }
        tokens.push(Token {
            kind: Kind::Sep(c),
            span: start..end_of(i + 1),
        });
        i += 1;
    }
    merge_pairs(input, tokens)
}

/// Merges two-word names (`كانون الثاني`).
fn merge_pairs(input: &str, tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if i + 2 < tokens.len()
            && tokens[i + 1].kind == Kind::Space
            && matches!(tokens[i].kind, Kind::Unknown(_))
        {
            let first = input[tokens[i].span.clone()].to_lowercase();
            let second = input[tokens[i + 2].span.clone()].to_lowercase();
            if let Some(word) = names::lookup_pair(&first, &second) {
                out.push(Token {
                    kind: word_kind(word),
                    span: tokens[i].span.start..tokens[i + 2].span.end,
                });
                i += 3;
                continue;
            }
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}

fn word_kind(word: Word) -> Kind {
    match word {
        Word::Month {
            month,
            lang,
            abbreviated,
        } => Kind::Month {
            month,
            lang,
            abbreviated,
        },
        Word::Weekday {
            weekday,
            lang,
            abbreviated,
        } => Kind::Weekday {
            weekday,
            lang,
            abbreviated,
        },
    }
}

/// The last significant token (not a space).
fn last_significant(tokens: &[Token]) -> Option<&Kind> {
    tokens
        .iter()
        .rev()
        .map(|t| &t.kind)
        .find(|k| !matches!(k, Kind::Space))
}

/// An offset may follow a time of day, a meridiem, or a zone word.
fn offset_allowed(before: &[Token]) -> bool {
    matches!(
        last_significant(before),
        Some(Kind::Time { .. } | Kind::Meridiem { .. } | Kind::Offset { .. })
    )
}

fn classify_word(word: &str, before: &[Token]) -> Kind {
    let after_time = matches!(last_significant(before), Some(Kind::Time { .. }));
    // `am`/`pm` (and Arabic ص/م) only mean a half of the day right after a time.
    match word {
        "am" | "pm" | "ص" | "م" if after_time => {
            return Kind::Meridiem {
                pm: word == "pm" || word == "م",
            };
        }
        "am" | "م" => return Kind::Filler, // German "am" (on), Arabic year suffix
        _ => {}
    }
    if let Some(w) = names::lookup(word) {
        return word_kind(w);
    }
    if let Some(seconds) = zone_word(word)
        && (after_time
            || matches!(
                last_significant(before),
                Some(Kind::Meridiem { .. } | Kind::Num { .. })
            ))
    {
        return Kind::Offset {
            seconds,
            format: if seconds == 0 && word == "z" {
                "Z".into()
            } else {
                word.to_uppercase()
            },
        };
    }
    if names::is_filler(word) {
        return Kind::Filler;
    }
    Kind::Unknown(word.to_owned())
}

/// A time of day starting at the digit run `chars[i..j]`: `H:MM[:SS[.f]]`, `HhMM`, `H時MM分`.
fn time_at(input: &str, chars: &[(usize, char)], i: usize, j: usize) -> Option<(Kind, usize)> {
    let digits = |from: usize| {
        let mut k = from;
        while k < chars.len() && chars[k].1.is_ascii_digit() {
            k += 1;
        }
        k
    };
    let text = |a: usize, b: usize| {
        let start = chars[a].0;
        let end = chars.get(b).map_or(input.len(), |(e, _)| *e);
        &input[start..end]
    };
    let hour: u32 = text(i, j).parse().ok()?;
    if j - i > 2 {
        return None;
    }
    let sep = chars.get(j).map(|(_, c)| *c)?;
    match sep {
        ':' => {
            let m_end = digits(j + 1);
            if m_end - (j + 1) != 2 {
                return None;
            }
            let minute: u32 = text(j + 1, m_end).parse().ok()?;
            let mut format = String::from("%H:%M");
            let mut second = 0;
            let mut nanos = 0;
            let mut end = m_end;
            if chars.get(m_end).is_some_and(|(_, c)| *c == ':') {
                let s_end = digits(m_end + 1);
                if s_end - (m_end + 1) == 2 {
                    second = text(m_end + 1, s_end).parse().ok()?;
                    format.push_str(":%S");
                    end = s_end;
                    if chars
                        .get(s_end)
                        .is_some_and(|(_, c)| *c == '.' || *c == ',')
                        && chars
                            .get(s_end + 1)
                            .is_some_and(|(_, c)| c.is_ascii_digit())
                    {
                        let f_end = digits(s_end + 1);
                        let frac: String = text(s_end + 1, f_end)
                            .chars()
                            .chain(std::iter::repeat('0'))
                            .take(9)
                            .collect();
                        nanos = frac.parse().ok()?;
                        format.push_str("%.f");
                        end = f_end;
                    }
                }
            }
            Some((time_kind(hour, minute, second, nanos, format)?, end))
        }
        'h' | 'H' => {
            // 14h30, 14h (not "14hours").
            let m_end = digits(j + 1);
            let next_is_letter = chars.get(m_end).is_some_and(|(_, c)| c.is_alphabetic());
            if next_is_letter {
                return None;
            }
            match m_end - (j + 1) {
                0 => Some((time_kind(hour, 0, 0, 0, "%Hh".into())?, m_end)),
                2 => {
                    let minute = text(j + 1, m_end).parse().ok()?;
                    Some((time_kind(hour, minute, 0, 0, "%Hh%M".into())?, m_end))
                }
                _ => None,
            }
        }
        '時' | '时' | '点' | '點' | '시' => {
            // 14時30分15秒, 14시 30분
            let mut k = j + 1;
            let mut format = format!("%H{sep}");
            let skip_space = |k: usize| {
                let mut k = k;
                while chars.get(k).is_some_and(|(_, c)| *c == ' ') {
                    k += 1;
                }
                k
            };
            let mut minute = 0;
            let mut second = 0;
            let k2 = skip_space(k);
            let m_end = digits(k2);
            if m_end > k2
                && let Some(&(_, unit)) = chars.get(m_end)
                && matches!(unit, '分' | '분')
            {
                minute = text(k2, m_end).parse().ok()?;
                format.push_str(&" ".repeat(k2 - k));
                format.push_str(&format!("%M{unit}"));
                k = m_end + 1;
                let k3 = skip_space(k);
                let s_end = digits(k3);
                if s_end > k3
                    && let Some(&(_, unit)) = chars.get(s_end)
                    && matches!(unit, '秒' | '초')
                {
                    second = text(k3, s_end).parse().ok()?;
                    format.push_str(&" ".repeat(k3 - k));
                    format.push_str(&format!("%S{unit}"));
                    k = s_end + 1;
                }
            }
            Some((time_kind(hour, minute, second, 0, format)?, k))
        }
        _ => None,
    }
}

fn time_kind(hour: u32, minute: u32, second: u32, nanos: u32, format: String) -> Option<Kind> {
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    Some(Kind::Time {
        hour,
        minute,
        second,
        nanos,
        format,
    })
}

/// The first language (in the SPEC's order) that has every month and weekday name of the
/// input; the first name's language when none has them all.
pub(super) fn language_of(input: &str, tokens: &[Token]) -> Option<Lang> {
    let mut common: Option<Vec<Lang>> = None;
    let mut first = None;
    for t in tokens {
        let lang = match t.kind {
            Kind::Month { lang, .. } | Kind::Weekday { lang, .. } => lang,
            _ => continue,
        };
        first.get_or_insert(lang);
        let word = input[t.span.clone()].to_lowercase();
        let langs = names::languages(&word);
        common = Some(match common {
            None => langs,
            Some(c) => c.into_iter().filter(|l| langs.contains(l)).collect(),
        });
    }
    common.and_then(|c| c.first().copied()).or(first)
}
