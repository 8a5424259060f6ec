//! Password strength analysis over zxcvbn (the Rust port of Dropbox's zxcvbn 4.4.2), with its
//! two limits lifted: it matches at most 100 characters, so longer passwords are matched in
//! 100-character blocks (each block with the earlier ones known to the attacker), and it counts
//! guesses in a saturating `u64`, so the logarithm is recomputed from the matched patterns.
//! Pure; never keeps, logs or returns the password or any piece of it.

use zxcvbn::matching::Match;
use zxcvbn::matching::patterns::MatchPattern;

/// zxcvbn's own limit: it looks at the first 100 characters only.
pub const BLOCK_CHARS: usize = 100;

/// Guesses per second of the four attack scenarios (zxcvbn's).
const THROTTLED_PER_SECOND: f64 = 100.0 / 3600.0;
const UNTHROTTLED_PER_SECOND: f64 = 10.0;
const SLOW_HASH_PER_SECOND: f64 = 1e4;
const FAST_HASH_PER_SECOND: f64 = 1e10;

/// zxcvbn's scoring constants (scoring.coffee).
const MIN_GUESSES_BEFORE_GROWING_SEQUENCE_LOG10: f64 = 4.0;

#[derive(Debug, Clone, PartialEq)]
pub struct CrackTime {
    pub seconds: f64,
    pub display: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CrackTimes {
    pub online_throttled: CrackTime,
    pub online_unthrottled: CrackTime,
    pub offline_slow: CrackTime,
    pub offline_fast: CrackTime,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CharacterClasses {
    pub lowercase: u64,
    pub uppercase: u64,
    pub digits: u64,
    pub symbols: u64,
    pub other: u64,
}

/// The kind of a pattern zxcvbn matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    Dictionary,
    Spatial,
    Repeat,
    Sequence,
    Regex,
    Date,
    Bruteforce,
}

/// One pattern of the estimate, without its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub pattern: Pattern,
    /// Character indexes in the whole password, inclusive.
    pub start: usize,
    pub end: usize,
    pub guesses_log10: f64,
    pub dictionary: Option<&'static str>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    pub score: u8,
    pub guesses_log10: f64,
    pub entropy_bits: f64,
    pub crack_times: CrackTimes,
    pub length: u64,
    pub classes: CharacterClasses,
    pub warning: Option<String>,
    pub suggestions: Vec<String>,
    pub sequence: Vec<Piece>,
}

/// Analyzes `password`; `user_inputs` are words the attacker knows (name, email, site).
pub fn analyze(password: &str, user_inputs: &[&str]) -> Analysis {
    let chars: Vec<char> = password.chars().collect();
    let blocks: Vec<String> = chars
        .chunks(BLOCK_CHARS)
        .map(|block| block.iter().collect())
        .collect();

    let mut total_log10 = 0.0;
    let mut sequence = Vec::new();
    let mut first: Option<zxcvbn::Entropy> = None;
    let mut exact = true;
    for (index, block) in blocks.iter().enumerate() {
        // Earlier blocks are known to the attacker when guessing this one: a repeated block
        // costs a dictionary lookup, not another 100 characters of search.
        let mut known: Vec<&str> = user_inputs.to_vec();
        known.extend(blocks[..index].iter().map(String::as_str));
        let estimate = estimate_block(block, &known, index * BLOCK_CHARS);
        exact &= estimate.exact;
        total_log10 += estimate.log10;
        let len = block.chars().count();
        sequence.extend(estimate.matches.iter().map(|m| piece(m, len)));
        if first.is_none() {
            first = Some(estimate.entropy);
        }
    }

    // One block zxcvbn estimated alone, without saturation or spatial patterns: its own
    // numbers, exactly.
    let exact = match (&first, blocks.len()) {
        (Some(entropy), 1) if exact => Some(entropy),
        _ => None,
    };
    let (score, guesses_log10) = match exact {
        Some(entropy) => (u8::from(entropy.score()), entropy.guesses_log10()),
        None => (score_of(total_log10), total_log10),
    };
    let guesses_log10 = guesses_log10.max(0.0);
    let guesses = match exact {
        Some(entropy) => entropy.guesses() as f64,
        None => 10f64.powf(guesses_log10),
    };

    // zxcvbn gives feedback only to weak passwords (score 2 or less).
    let (warning, suggestions) = match (&first, score) {
        (Some(entropy), 0..=2) => match entropy.feedback() {
            Some(feedback) => (
                feedback.warning().map(|w| w.to_string()),
                feedback
                    .suggestions()
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            None => (None, Vec::new()),
        },
        _ => (None, Vec::new()),
    };

    Analysis {
        score,
        guesses_log10,
        entropy_bits: guesses_log10 * std::f64::consts::LOG2_10,
        crack_times: CrackTimes {
            online_throttled: crack_time(guesses / THROTTLED_PER_SECOND),
            online_unthrottled: crack_time(guesses / UNTHROTTLED_PER_SECOND),
            offline_slow: crack_time(guesses / SLOW_HASH_PER_SECOND),
            offline_fast: crack_time(guesses / FAST_HASH_PER_SECOND),
        },
        length: chars.len() as u64,
        classes: classes(&chars),
        warning,
        suggestions,
        sequence,
    }
}

/// zxcvbn's score thresholds (with its delta of 5 guesses), on a logarithm.
pub fn score_of(guesses_log10: f64) -> u8 {
    let guesses = 10f64.powf(guesses_log10);
    if guesses < 1e3 + 5.0 {
        0
    } else if guesses < 1e6 + 5.0 {
        1
    } else if guesses < 1e8 + 5.0 {
        2
    } else if guesses < 1e10 + 5.0 {
        3
    } else {
        4
    }
}

/// The estimate for one block of at most 100 characters.
struct BlockEstimate {
    entropy: zxcvbn::Entropy,
    log10: f64,
    /// The patterns of the estimate, indexes shifted to the whole password.
    matches: Vec<Match>,
    /// zxcvbn's own guesses are right as they are (no saturation, no spatial pattern).
    exact: bool,
}

/// Estimates one block. zxcvbn's dynamic programme compares saturated `u64`s, so once every
/// candidate saturates its choice of patterns is arbitrary: for a block that saturates, the
/// patterns of its two halves (each estimated without splitting further) and brute force over
/// the whole block are candidates too, and the cheapest, counted in floating point, wins.
fn estimate_block(block: &str, known: &[&str], offset: usize) -> BlockEstimate {
    estimate_part(block, known, offset, true)
}

/// [`estimate_block`] for a block (`split` true) or one of its halves (not split again, which
/// bounds the work to three zxcvbn runs per block).
fn estimate_part(block: &str, known: &[&str], offset: usize, split: bool) -> BlockEstimate {
    let entropy = zxcvbn::zxcvbn(block, known);
    let len = block.chars().count();
    let shifted: Vec<Match> = entropy
        .sequence()
        .iter()
        .map(|m| Match {
            i: m.i + offset,
            j: m.j + offset,
            ..m.clone()
        })
        .collect();
    if entropy.guesses() == u64::MAX && len >= 2 {
        let own = sequence_log10(&shifted, len, false);
        let halves = if split {
            let half: String = block.chars().take(len / 2).collect();
            let rest: String = block.chars().skip(len / 2).collect();
            let mut halves = estimate_part(&half, known, offset, false).matches;
            halves.extend(estimate_part(&rest, known, offset + len / 2, false).matches);
            halves
        } else {
            shifted.clone()
        };
        let split = sequence_log10(&halves, len, false);
        // Brute force over the whole block is always a candidate too.
        let whole = vec![Match {
            i: offset,
            j: offset + len - 1,
            token: block.to_owned(),
            ..Match::default()
        }];
        let brute = sequence_log10(&whole, len, false);
        let (log10, matches) = if brute <= own && brute <= split {
            (brute, whole)
        } else if split < own {
            (split, halves)
        } else {
            (own, shifted)
        };
        return BlockEstimate {
            entropy,
            log10,
            matches,
            exact: false,
        };
    }
    let spatial = entropy.sequence().iter().any(|m| uses_spatial(&m.pattern));
    let (log10, exact) = if spatial {
        (sequence_log10(entropy.sequence(), len, false), false)
    } else {
        (entropy.guesses_log10(), true)
    };
    BlockEstimate {
        entropy,
        log10,
        matches: shifted,
        exact,
    }
}

fn uses_spatial(pattern: &MatchPattern) -> bool {
    match pattern {
        MatchPattern::Spatial(_) => true,
        MatchPattern::Repeat(r) => r.base_matches.iter().any(|m| uses_spatial(&m.pattern)),
        _ => false,
    }
}

/// log10 of zxcvbn's sequence formula `l! · Π guesses(m) (+ 10000^(l-1))`, in floating point.
fn sequence_log10(matches: &[Match], password_len: usize, exclude_additive: bool) -> f64 {
    if matches.is_empty() {
        return 0.0;
    }
    let l = matches.len();
    let factorial_log10: f64 = (2..=l).map(|k| (k as f64).log10()).sum();
    let product_log10: f64 = matches.iter().map(|m| match_log10(m, password_len)).sum();
    let main = factorial_log10 + product_log10;
    if exclude_additive {
        return main;
    }
    let additive = MIN_GUESSES_BEFORE_GROWING_SEQUENCE_LOG10 * (l - 1) as f64;
    // log10(10^a + 10^b) without overflow.
    let (hi, lo) = if main >= additive {
        (main, additive)
    } else {
        (additive, main)
    };
    hi + (1.0 + 10f64.powf(lo - hi)).log10()
}

/// log10 of one match's guesses as zxcvbn 4.4.2 counts them: without `u64` saturation, and
/// with the keyboards' real average degrees for spatial patterns (zxcvbn-rs truncates them to
/// integers).
fn match_log10(m: &Match, password_len: usize) -> f64 {
    let token_len = m.token.chars().count();
    let min_log10 = if token_len < password_len {
        if token_len == 1 { 1.0 } else { 50f64.log10() }
    } else {
        0.0
    };
    let raw = match &m.pattern {
        // Ten guesses per character, at least one more than the smallest submatch.
        MatchPattern::BruteForce => {
            let floor = if token_len == 1 { 11f64 } else { 51f64 }.log10();
            (token_len as f64).max(floor)
        }
        MatchPattern::Spatial(spatial) => spatial_log10(
            &spatial.graph,
            spatial.turns,
            spatial.shifted_count,
            token_len,
        ),
        MatchPattern::Repeat(repeat) => {
            let base_len = repeat.base_token.chars().count();
            // zxcvbn 4.4.2 counts the base's guesses with the additive term.
            sequence_log10(&repeat.base_matches, base_len, false)
                + (repeat.repeat_count.max(1) as f64).log10()
        }
        // The other patterns stay far below 2^64 and need no correction.
        _ => (m.guesses.unwrap_or(1).max(1) as f64).log10(),
    };
    raw.max(min_log10)
}

/// zxcvbn's spatial estimate (scoring.coffee `spatial_guesses`) in floating point.
fn spatial_log10(graph: &str, turns: usize, shifted: usize, len: usize) -> f64 {
    // Starting positions and average degree of zxcvbn 4.4.2's adjacency graphs.
    let (starts, degree): (f64, f64) = if graph == "qwerty" || graph == "dvorak" {
        (94.0, 4.595_744_680_851_064)
    } else {
        (15.0, 5.066_666_666_666_666)
    };
    let mut guesses = 0.0f64;
    for i in 2..=len {
        let possible_turns = turns.min(i - 1);
        for j in 1..=possible_turns {
            guesses += n_ck(i - 1, j - 1) * starts * degree.powi(j as i32);
        }
    }
    if shifted > 0 {
        let unshifted = len.saturating_sub(shifted);
        if unshifted == 0 {
            guesses *= 2.0;
        } else {
            let variations: f64 = (1..=shifted.min(unshifted))
                .map(|i| n_ck(shifted + unshifted, i))
                .sum();
            guesses *= variations;
        }
    }
    guesses.max(1.0).log10()
}

fn n_ck(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut r = 1.0f64;
    for d in 1..=k {
        r = r * (n - d + 1) as f64 / d as f64;
    }
    r
}

fn piece(m: &Match, password_len: usize) -> Piece {
    let (pattern, dictionary) = match &m.pattern {
        MatchPattern::Dictionary(d) => (
            Pattern::Dictionary,
            // zxcvbn does not export its dictionary enum; its Debug names are stable.
            match format!("{:?}", d.dictionary_name).as_str() {
                "Passwords" => Some("passwords"),
                "EnglishWikipedia" => Some("english_wikipedia"),
                "FemaleNames" => Some("female_names"),
                "Surnames" => Some("surnames"),
                "UsTvAndFilm" => Some("us_tv_and_film"),
                "MaleNames" => Some("male_names"),
                "UserInputs" => Some("user_inputs"),
                _ => None,
            },
        ),
        MatchPattern::Spatial(_) => (Pattern::Spatial, None),
        MatchPattern::Repeat(_) => (Pattern::Repeat, None),
        MatchPattern::Sequence(_) => (Pattern::Sequence, None),
        MatchPattern::Regex(_) => (Pattern::Regex, None),
        MatchPattern::Date(_) => (Pattern::Date, None),
        MatchPattern::BruteForce => (Pattern::Bruteforce, None),
    };
    Piece {
        pattern,
        start: m.i,
        end: m.j,
        guesses_log10: match_log10(m, password_len).max(0.0),
        dictionary,
    }
}

fn crack_time(seconds: f64) -> CrackTime {
    CrackTime {
        seconds,
        display: display_time(seconds),
    }
}

/// zxcvbn's `display_time` (time_estimates.coffee): rounded, not truncated.
pub fn display_time(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = MINUTE * 60.0;
    const DAY: f64 = HOUR * 24.0;
    const MONTH: f64 = DAY * 31.0;
    const YEAR: f64 = MONTH * 12.0;
    const CENTURY: f64 = YEAR * 100.0;
    let (base, unit) = if seconds < 1.0 {
        return "less than a second".into();
    } else if seconds < MINUTE {
        (seconds, "second")
    } else if seconds < HOUR {
        (seconds / MINUTE, "minute")
    } else if seconds < DAY {
        (seconds / HOUR, "hour")
    } else if seconds < MONTH {
        (seconds / DAY, "day")
    } else if seconds < YEAR {
        (seconds / MONTH, "month")
    } else if seconds < CENTURY {
        (seconds / YEAR, "year")
    } else {
        return "centuries".into();
    };
    // JavaScript's Math.round: halves go up.
    let n = (base + 0.5).floor() as u64;
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

fn classes(chars: &[char]) -> CharacterClasses {
    let mut classes = CharacterClasses::default();
    for c in chars {
        match c {
            'a'..='z' => classes.lowercase += 1,
            'A'..='Z' => classes.uppercase += 1,
            '0'..='9' => classes.digits += 1,
            c if c.is_ascii_punctuation() => classes.symbols += 1,
            _ => classes.other += 1,
        }
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixture row: password, expected score, expected guesses (`-` when not published),
    /// expected offline-slow display (`-` when not published), source, compared fields.
    struct Row {
        line: usize,
        password: String,
        score: u8,
        guesses: Option<f64>,
        slow_display: Option<String>,
        source: String,
        exact: bool,
    }

    fn unescape(s: &str) -> String {
        // The fixture escapes tabs and backslashes (`\t`, `\\`) so any password fits a line.
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('t') => out.push('\t'),
                    Some('\\') => out.push('\\'),
                    Some(other) => {
                        out.push('\\');
                        out.push(other);
                    }
                    None => out.push('\\'),
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    fn rows() -> Vec<Row> {
        include_str!("fixtures/password_scores.tsv")
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .map(|(i, line)| {
                let f: Vec<&str> = line.split('\t').collect();
                assert_eq!(f.len(), 6, "line {}: {line}", i + 1);
                Row {
                    line: i + 1,
                    password: unescape(f[0]),
                    score: f[1].parse().expect("score"),
                    guesses: (f[2] != "-").then(|| f[2].parse().expect("guesses")),
                    slow_display: (f[3] != "-").then(|| f[3].to_owned()),
                    source: f[4].to_owned(),
                    exact: f[5] == "exact",
                }
            })
            .collect()
    }

    #[test]
    fn reference_scores() {
        let rows = rows();
        let mut failures = Vec::new();
        for row in &rows {
            let got = analyze(&row.password, &[]);
            let mut wrong = Vec::new();
            if got.score != row.score {
                wrong.push(format!("score {} (want {})", got.score, row.score));
            }
            if let Some(guesses) = row.guesses.filter(|_| row.exact) {
                let got_guesses = 10f64.powf(got.guesses_log10);
                if (got_guesses - guesses).abs() > 1.0 + guesses * 1e-9 {
                    wrong.push(format!("guesses {got_guesses} (want {guesses})"));
                }
            }
            if let Some(display) = row.slow_display.as_ref().filter(|_| row.exact)
                && got.crack_times.offline_slow.display != *display
            {
                wrong.push(format!(
                    "offline slow {:?} (want {display:?})",
                    got.crack_times.offline_slow.display
                ));
            }
            if !wrong.is_empty() {
                failures.push(format!(
                    "line {} ({}): {}",
                    row.line,
                    row.source,
                    wrong.join(", ")
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} fail:\n{}",
            failures.len(),
            rows.len(),
            failures.join("\n")
        );
        let exact = rows.iter().filter(|r| r.exact).count();
        assert!(
            rows.len() >= 60 && exact >= 45,
            "{} rows, {exact} exact",
            rows.len()
        );
    }

    #[test]
    fn display_rounds_like_zxcvbn() {
        assert_eq!(display_time(0.5), "less than a second");
        assert_eq!(display_time(1.0), "1 second");
        assert_eq!(display_time(100.0), "2 minutes");
        assert_eq!(display_time(89.0), "1 minute");
        assert_eq!(
            display_time(3600.0 * 24.0 * 31.0 * 12.0 * 100.0),
            "centuries"
        );
    }

    #[test]
    fn saturation_is_undone() {
        // zxcvbn-rs's own overflow test: its guesses saturate at u64::MAX (log10 19.27).
        let got = analyze("!QASW@#EDFR$%TGHY^&UJKI*(OL", &[]);
        assert_eq!(got.score, 4);
        let direct = zxcvbn::zxcvbn("!QASW@#EDFR$%TGHY^&UJKI*(OL", &[]);
        assert_eq!(direct.guesses(), u64::MAX);
        assert!(got.guesses_log10 > 19.3, "{}", got.guesses_log10);
        // A random-looking 60-character password is far beyond 2^64 guesses.
        let random = "kV9#qL2!xT7$wR4&mZ8*pN3@hJ6^bC1%fG5(dS0)yU-eI_oA+uE=lK;jH:gF";
        let got = analyze(random, &[]);
        assert!(got.guesses_log10 > 40.0, "{}", got.guesses_log10);
        assert!((got.entropy_bits - got.guesses_log10 * std::f64::consts::LOG2_10).abs() < 1e-9);
    }

    #[test]
    fn long_passwords_are_matched_in_blocks() {
        let block = "correct horse battery staple and then some more words to fill ";
        let once: String = block.chars().cycle().take(100).collect();
        let twice: String = block.chars().cycle().take(200).collect();
        let a = analyze(&once, &[]);
        let b = analyze(&twice, &[]);
        assert_eq!(b.length, 200);
        assert!(b.guesses_log10 >= a.guesses_log10);
        // A repeated 100-character block adds a dictionary lookup, not 100 characters.
        let repeated = format!("{once}{once}");
        let r = analyze(&repeated, &[]);
        assert!(
            r.guesses_log10 < a.guesses_log10 + 3.0,
            "{} vs {}",
            r.guesses_log10,
            a.guesses_log10
        );
        // The sequence covers the whole password.
        assert_eq!(r.sequence.last().map(|p| p.end), Some(199));
        // 256 characters of anything finish and stay finite.
        let worst: String = "aA1!".chars().cycle().take(256).collect();
        let w = analyze(&worst, &[]);
        assert!(w.guesses_log10.is_finite());
    }

    #[test]
    fn user_inputs_weaken_the_password() {
        let alone = analyze("jonathanwhitfield1987", &[]);
        let known = analyze("jonathanwhitfield1987", &["jonathan", "whitfield"]);
        assert!(known.guesses_log10 < alone.guesses_log10);
    }

    #[test]
    fn classes_and_feedback() {
        let got = analyze("Pässword1!", &[]);
        assert_eq!(
            got.classes,
            CharacterClasses {
                lowercase: 6,
                uppercase: 1,
                digits: 1,
                symbols: 1,
                other: 1
            }
        );
        assert_eq!(got.length, 10);
        let weak = analyze("password", &[]);
        assert_eq!(weak.score, 0);
        assert_eq!(
            weak.warning.as_deref(),
            Some("This is a top-10 common password.")
        );
        assert!(!weak.suggestions.is_empty());
        let strong = analyze("correct horse battery staple", &[]);
        assert!(strong.score >= 3 && strong.warning.is_none() && strong.suggestions.is_empty());
    }

    #[test]
    fn never_panics_on_odd_input() {
        for s in [
            " ",
            "€",
            "𐰊𐰂𐰄𐰀𐰁",
            "\u{200b}",
            "ааааааааа",
            "٣٤٥٦",
            "👍👍👍👍👍",
            "\\\\\\\\",
        ] {
            let got = analyze(s, &["", " ", "€"]);
            assert!(got.guesses_log10 >= 0.0 && got.score <= 4, "{s}");
        }
    }
}
