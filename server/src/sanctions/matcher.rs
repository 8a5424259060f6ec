//! Scoring one query name against one listed name: token best-pair Jaro-Winkler (one-to-one,
//! greedy on the best pairs) with phonetic and initial agreement, coverage of both names
//! (middle names count less, so a dropped middle name still matches), and a comparison of
//! the joined tokens for names split differently ("Xi Jinping" / "Xi Jin Ping").

use super::phonetic;

/// Similarity given to two different tokens whose Double Metaphone codes agree.
pub const PHONETIC_SIM: f64 = 0.9;
/// Similarity of a consonant-skeleton agreement (transliterations from Arabic script).
pub const SKELETON_SIM: f64 = 0.9;
/// Similarity of an initial to a name starting with it ("J" / "John").
pub const INITIAL_SIM: f64 = 0.8;
/// Weight of a middle name (neither first nor last token) in coverage.
const MIDDLE_WEIGHT: f64 = 0.4;

/// A token prepared for comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub text: String,
    pub codes: (String, String),
    /// Only set when the token comes from an abjad script (compare skeletons).
    pub skeleton: Option<String>,
}

impl Token {
    pub fn new(text: &str, abjad: bool) -> Token {
        Token {
            text: text.to_owned(),
            codes: phonetic::double_metaphone(text),
            skeleton: abjad.then(|| phonetic::skeleton(text)),
        }
    }
}

/// How a pair of tokens agreed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairKind {
    Exact,
    Fuzzy,
    Phonetic,
    Skeleton,
    Initial,
}

/// Similarity of two tokens and how it was reached.
pub fn token_sim(q: &Token, n: &Token) -> (f64, PairKind) {
    if q.text == n.text {
        return (1.0, PairKind::Exact);
    }
    if q.text.len() == 1 || n.text.len() == 1 {
        let (short, long) = if q.text.len() == 1 { (q, n) } else { (n, q) };
        if long.text.starts_with(&short.text) {
            return (INITIAL_SIM, PairKind::Initial);
        }
        return (0.0, PairKind::Fuzzy);
    }
    let jw = strsim::jaro_winkler(&q.text, &n.text);
    let mut best = (jw, PairKind::Fuzzy);
    if jw < PHONETIC_SIM
        && q.text.len() >= 4
        && n.text.len() >= 4
        && phonetic::sounds_alike(&q.codes, &n.codes)
    {
        best = (PHONETIC_SIM, PairKind::Phonetic);
    }
    if best.0 < SKELETON_SIM
        && let Some(skel) = &q.skeleton
        && skel.len() >= 2
        && *skel == phonetic::skeleton(&n.text)
    {
        best = (SKELETON_SIM, PairKind::Skeleton);
    }
    best
}

/// Legal-form words long enough to be recognized when misspelled ("limtied").
const LONG_LEGAL_WORDS: &[&str] = &[
    "limited",
    "company",
    "corporation",
    "incorporated",
    "trading",
];

/// The weight of a token in coverage, before its position is considered: longer tokens
/// say more; a misspelled legal-form word says little.
pub fn base_weight(token: &str) -> f64 {
    let w = (token.len().clamp(1, 10) as f64).sqrt();
    if token.len() >= 6
        && LONG_LEGAL_WORDS
            .iter()
            .any(|l| strsim::jaro_winkler(token, l) >= 0.9)
    {
        w * 0.3
    } else {
        w
    }
}

/// Weights by position: middle names (neither first nor last of three or more) count less.
fn positioned(base: impl Iterator<Item = f64>, n: usize) -> Vec<f64> {
    base.enumerate()
        .map(|(i, w)| {
            if n >= 3 && i > 0 && i + 1 < n {
                w * MIDDLE_WEIGHT
            } else {
                w
            }
        })
        .collect()
}

/// The outcome of comparing two names.
#[derive(Debug, Clone, PartialEq)]
pub struct NameScore {
    /// 0..1.
    pub score: f64,
    /// Weighted share of the query explained by the listed name (0..1).
    pub query_coverage: f64,
    /// Weighted share of the listed name explained by the query (0..1).
    pub name_coverage: f64,
    /// Pairs matched: (query token, name token, similarity, kind).
    pub pairs: Vec<(usize, usize, f64, PairKind)>,
    /// Whether the joined-token comparison gave the score.
    pub joined: bool,
}

impl NameScore {
    pub fn count(&self, kind: PairKind) -> usize {
        self.pairs.iter().filter(|p| p.3 == kind).count()
    }
}

/// Below this a token pair does not count as matched.
pub const PAIR_FLOOR: f64 = 0.7;
/// Factor per approximate (not identical) token pair beyond the first.
const APPROXIMATE_PENALTY: f64 = 0.95;

/// The credit a token pair of similarity `sim` earns: its similarity from 0.9 up, falling
/// three times faster below (two names that merely look alike earn little).
pub fn credit(sim: f64) -> f64 {
    if sim >= 0.9 {
        sim
    } else {
        (3.0 * sim - 1.8).max(0.0)
    }
}

/// Scores `query` against `name` (both non-empty token lists in name order), comparing
/// every pair of tokens.
pub fn score(query: &[Token], name: &[Token]) -> NameScore {
    let qw: Vec<f64> = query.iter().map(|t| base_weight(&t.text)).collect();
    let nw: Vec<f64> = name.iter().map(|t| base_weight(&t.text)).collect();
    let joined = |side: &[Token]| side.iter().map(|t| t.text.as_str()).collect::<String>();
    score_core(
        &qw,
        &nw,
        |i, j| {
            let (sim, kind) = token_sim(&query[i], &name[j]);
            (sim >= PAIR_FLOOR).then_some((sim, kind))
        },
        || (joined(query), joined(name)),
    )
}

/// The scoring model over precomputed pieces: base weights of the query's and the name's
/// tokens (in name order), the similarity of token pairs (`None` below the pair floor),
/// and the two names joined (asked for only when the token counts differ and the joined
/// lengths are close).
pub fn score_core(
    query_weights: &[f64],
    name_weights: &[f64],
    sim: impl Fn(usize, usize) -> Option<(f64, PairKind)>,
    joined: impl FnOnce() -> (String, String),
) -> NameScore {
    let mut out = NameScore {
        score: 0.0,
        query_coverage: 0.0,
        name_coverage: 0.0,
        pairs: Vec::new(),
        joined: false,
    };
    let (nq, nn) = (query_weights.len(), name_weights.len());
    if nq == 0 || nn == 0 {
        return out;
    }
    let mut all: Vec<(usize, usize, f64, PairKind)> = Vec::with_capacity(nq * nn);
    for i in 0..nq {
        for j in 0..nn {
            if let Some((s, kind)) = sim(i, j)
                && s >= PAIR_FLOOR
            {
                all.push((i, j, s, kind));
            }
        }
    }
    all.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    let mut q_used = [false; 64];
    let mut n_used = [false; 64];
    for pair in all {
        if pair.0 < 64 && pair.1 < 64 && !q_used[pair.0] && !n_used[pair.1] {
            q_used[pair.0] = true;
            n_used[pair.1] = true;
            out.pairs.push(pair);
        }
    }
    let qw = positioned(query_weights.iter().copied(), nq);
    let nw = positioned(name_weights.iter().copied(), nn);
    let q_total: f64 = qw.iter().sum();
    let n_total: f64 = nw.iter().sum();
    let q_hit: f64 = out.pairs.iter().map(|p| qw[p.0] * credit(p.2)).sum();
    let n_hit: f64 = out.pairs.iter().map(|p| nw[p.1] * credit(p.2)).sum();
    let qc = if q_total > 0.0 { q_hit / q_total } else { 0.0 };
    let nc = if n_total > 0.0 { n_hit / n_total } else { 0.0 };
    out.query_coverage = qc;
    out.name_coverage = nc;
    out.score = 0.65 * qc.max(nc) + 0.35 * qc.min(nc);
    // Several approximate tokens together are weaker evidence than each alone.
    let approximate = out.pairs.iter().filter(|p| p.3 != PairKind::Exact).count();
    if approximate >= 2 {
        out.score *= APPROXIMATE_PENALTY.powi(approximate as i32 - 1);
    }
    if nq != nn {
        let (qj, nj) = joined();
        if qj.len() >= 6 && nj.len() >= 6 && qj.len().abs_diff(nj.len()) <= 2 {
            let joined = strsim::normalized_levenshtein(&qj, &nj) - 0.03;
            if joined > out.score {
                out.score = joined;
                out.joined = true;
            }
        }
    }
    out.score = out.score.clamp(0.0, 1.0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanctions::normalize::normalize;

    fn toks(text: &str) -> Vec<Token> {
        let n = normalize(text);
        let abjad = n.script.is_some_and(|s| s.is_abjad());
        n.tokens.iter().map(|t| Token::new(t, abjad)).collect()
    }

    fn s(a: &str, b: &str) -> f64 {
        score(&toks(a), &toks(b)).score
    }

    #[test]
    fn exact_and_reordered() {
        assert_eq!(s("Ismail Haniya", "HANIYA, Ismail"), 1.0);
        assert_eq!(s("Haniya Ismail", "Ismail Haniya"), 1.0);
    }

    #[test]
    fn typos_and_dropped_middle_names_still_match() {
        assert!(s("Ismial Haniya", "Ismail Haniya") > 0.9);
        assert!(s("Ismail Haniya", "HANIYA, Ismail Abdul Salah") > 0.88);
        assert!(s("Ismail Abdul Haniya", "Ismail Haniya") > 0.88);
    }

    #[test]
    fn transliterated_spellings_match() {
        assert!(s("Muammar Gaddafi", "QADHAFI, Muammar") >= 0.9);
        assert!(s("Moammar Kadhafi", "QADHAFI, Muammar") >= 0.85);
        assert!(s("Hezbollah", "HIZBALLAH") >= 0.9);
        assert!(s("Xi Jinping", "習近平") > 0.9);
    }

    #[test]
    fn different_names_do_not() {
        assert!(s("John Smith", "Ismail Haniya") < 0.5);
        assert!(s("Haniya", "Ismail Haniya") < 0.85);
        assert!(s("Maria Lopez", "Mario Gomez") < 0.85);
    }

    #[test]
    fn initials() {
        assert!(s("I. Haniya", "Ismail Haniya") > 0.85);
    }

    #[test]
    fn arabic_script_against_latin() {
        assert!(s("محمد", "Mohammed") >= 0.85);
    }
}
