//! The in-memory index over every loaded list: each name of each entry normalized once,
//! a vocabulary of tokens with their phonetic codes, an inverted index token → names, a
//! trigram index over the vocabulary for fuzzy token lookup, phonetic and consonant-skeleton
//! indexes, and an index of original-script tokens. Retrieval never scans all names.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::hangul;
use super::matcher::{self, NameScore, PAIR_FLOOR, PairKind, Token};
use super::model::{Entry, ListFile, Quality, Source};
use super::normalize::{self, Normalized, Script};
use super::phonetic;

/// One name of one entry, normalized.
#[derive(Debug, Clone)]
pub struct IndexedName {
    pub entry: u32,
    /// Position in the entry's `names`.
    pub name: u16,
    /// Vocabulary ids of the Latin tokens, in name order.
    pub tokens: Box<[u32]>,
    pub quality: Quality,
    /// Length of the tokens joined.
    pub joined_len: u16,
    /// How many of the last tokens are the surname, when the list said so (else 0).
    pub surnames: u8,
}

/// The version of one loaded list file.
#[derive(Debug, Clone, PartialEq)]
pub struct ListMeta {
    pub source: Source,
    pub published_at: Option<chrono::DateTime<chrono::Utc>>,
    pub content_sha256: String,
    pub entries: usize,
}

/// Every loaded list, ready for screening. Immutable once built: a reload builds a new one.
#[derive(Debug, Default)]
pub struct Index {
    pub entries: Vec<Entry>,
    pub lists: Vec<ListMeta>,
    pub names: Vec<IndexedName>,
    vocab: Vec<Token>,
    /// Weight of each vocabulary token in coverage: its base weight (see
    /// `matcher::base_weight`) times its specificity.
    weights: Vec<f64>,
    /// How specific each vocabulary token is to few entries (see [`specificity`]).
    specificity: Vec<f64>,
    by_text: FxHashMap<String, u32>,
    /// token id → ids of the names containing it (or whose joined form it is).
    postings: Vec<Vec<u32>>,
    /// (trigram, token length) → token ids: a fuzzy lookup reads only the lengths that
    /// can match.
    trigrams: FxHashMap<u32, Vec<u32>>,
    phonetic: FxHashMap<String, Vec<u32>>,
    skeletons: FxHashMap<String, Vec<u32>>,
    /// Short tokens by their one-letter deletions (and themselves): every token within one
    /// edit of a short query token shares a key with it.
    deletions: FxHashMap<String, Vec<u32>>,
    /// Korean romanization key → tokens of at least two letters (for queries in Hangul).
    korean: FxHashMap<String, Vec<u32>>,
    /// The same, only for tokens romanized from Hangul names (for queries in Latin letters).
    korean_listed: FxHashMap<String, Vec<u32>>,
    /// folded original-script token → name ids.
    native: FxHashMap<String, Vec<u32>>,
    /// original-script tokens of each name (empty for most).
    pub native_tokens: FxHashMap<u32, Vec<String>>,
    /// normalized identifier value → entry ids.
    identifiers: FxHashMap<String, Vec<u32>>,
}

/// An identifier compared ignoring case, spaces and punctuation, and an `IMO` prefix.
pub fn identifier_key(value: &str) -> String {
    let key: String = value
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_uppercase)
        .collect();
    match key.strip_prefix("IMO") {
        Some(rest) if rest.len() == 7 && rest.chars().all(|c| c.is_ascii_digit()) => {
            rest.to_owned()
        }
        _ => key,
    }
}

/// A query name prepared for retrieval and scoring.
#[derive(Debug, Clone)]
pub struct Query {
    pub normalized: Normalized,
    pub tokens: Vec<Token>,
}

impl Query {
    pub fn new(text: &str) -> Query {
        let normalized = normalize::normalize(text);
        let tokens = normalized
            .tokens
            .iter()
            .map(|t| Token::in_script(t, normalized.script))
            .collect();
        Query { normalized, tokens }
    }

    pub fn is_empty(&self) -> bool {
        self.normalized.is_empty()
    }
}

/// A query with, for each of its tokens, the vocabulary tokens similar to it (computed once,
/// then looked up while scoring every candidate).
#[derive(Debug, Clone)]
pub struct Prepared {
    pub query: Query,
    pub weights: Vec<f64>,
    /// Per query token: (vocabulary id, similarity, kind), sorted by id.
    sims: Vec<Vec<(u32, f64, PairKind)>>,
    joined: String,
}

impl Prepared {
    /// The similarity of query token `i` to vocabulary token `id`, if retrieval found it.
    fn sim(&self, i: usize, id: u32) -> Option<(f64, PairKind)> {
        let list = &self.sims[i];
        list.binary_search_by_key(&id, |e| e.0)
            .ok()
            .map(|k| (list[k].1, list[k].2))
    }
}

/// A candidate name with its retrieval estimate.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    pub name: u32,
    pub estimate: f64,
    /// The candidate was found through its original-script tokens.
    pub native_hits: usize,
}

/// The key of a trigram among tokens of `len` bytes.
fn length_key(trigram: u32, len: usize) -> u32 {
    trigram << 8 | len.min(255) as u32
}

fn trigram_keys(token: &str) -> Vec<u32> {
    let padded: Vec<u8> = std::iter::once(b'$')
        .chain(token.bytes())
        .chain(std::iter::once(b'$'))
        .collect();
    let mut keys: Vec<u32> = padded
        .windows(3)
        .map(|w| (w[0] as u32) << 16 | (w[1] as u32) << 8 | w[2] as u32)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Lists shorter than this many entries are weighed as if they had this many: on a handful
/// of entries every token looks common.
const SPECIFICITY_MIN_ENTRIES: usize = 5000;
/// Tokens found in at most this share of the entries are fully specific.
const SPECIFIC_SHARE: f64 = 0.001;
/// The least specificity: the most common token still counts for this much of its length.
const SPECIFICITY_FLOOR: f64 = 0.3;

/// How much a token found in `entries` of `total` entries says about which entry a name
/// is, from 1 (a token of at most one entry in a thousand) down to [`SPECIFICITY_FLOOR`]:
/// the inverse document frequency `ln(total / entries)` relative to that of the fully
/// specific share. Common given names and surnames ("mohammad", "jose"), and the generic
/// words of company names ("trading", "international", "bank"), weigh less than the
/// tokens that set a name apart, so a name does not match on them alone.
pub fn specificity(entries: usize, total: usize) -> f64 {
    if entries == 0 {
        return 1.0;
    }
    let total = total.max(SPECIFICITY_MIN_ENTRIES) as f64;
    let idf = (total / entries as f64).ln();
    (idf / (1.0 / SPECIFIC_SHARE).ln()).clamp(SPECIFICITY_FLOOR, 1.0)
}

/// Tokens up to this length are found by one-letter deletions rather than trigrams.
const SHORT_TOKEN: usize = 6;

/// The token and each one-letter deletion of it.
fn deletion_keys(token: &str) -> Vec<String> {
    let bytes = token.as_bytes();
    let mut keys = Vec::with_capacity(bytes.len() + 1);
    keys.push(token.to_owned());
    for i in 0..bytes.len() {
        let mut key = Vec::with_capacity(bytes.len() - 1);
        key.extend_from_slice(&bytes[..i]);
        key.extend_from_slice(&bytes[i + 1..]);
        if let Ok(key) = String::from_utf8(key)
            && !key.is_empty()
        {
            keys.push(key);
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

thread_local! {
    static COUNTS: RefCell<Vec<u16>> = const { RefCell::new(Vec::new()) };
    static ACC: RefCell<(Vec<f32>, Vec<u32>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new(), Vec::new())) };
    static TOUCHED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Least token similarity that retrieves names (lower ones still count when scoring).
const RETRIEVAL_FLOOR: f64 = 0.8;
/// Most vocabulary tokens compared by Jaro-Winkler per query token.
const FUZZY_CANDIDATES: usize = 64;

impl Index {
    /// Builds the index over `lists`.
    pub fn build(lists: Vec<ListFile>) -> Index {
        let mut index = Index::default();
        for list in lists {
            index.lists.push(ListMeta {
                source: list.source,
                published_at: list.published_at,
                content_sha256: list.content_sha256,
                entries: list.entries.len(),
            });
            index.entries.extend(list.entries);
        }
        let entries = std::mem::take(&mut index.entries);
        for (e, entry) in entries.iter().enumerate() {
            for identifier in &entry.identifiers {
                let key = identifier_key(&identifier.value);
                if key.len() >= 4 {
                    let list = index.identifiers.entry(key).or_default();
                    if list.last() != Some(&(e as u32)) {
                        list.push(e as u32);
                    }
                }
            }
            for (k, name) in entry.names.iter().enumerate() {
                let normalized = normalize::normalize(&name.text);
                let id = index.names.len() as u32;
                let tokens: Vec<u32> = normalized.tokens.iter().map(|t| index.intern(t)).collect();
                if normalized.script == Some(Script::Hangul) {
                    for t in &tokens {
                        let token = &mut index.vocab[*t as usize];
                        if token.korean.is_none() {
                            token.korean = hangul::korean_key(&token.text);
                        }
                    }
                }
                for t in &tokens {
                    index.post(*t, id);
                }
                if tokens.len() >= 2 {
                    let joined = index.intern(&normalized.joined());
                    index.post(joined, id);
                }
                if !normalized.native.is_empty() {
                    for t in &normalized.native {
                        let list = index.native.entry(t.clone()).or_default();
                        if list.last() != Some(&id) {
                            list.push(id);
                        }
                    }
                    index.native_tokens.insert(id, normalized.native.clone());
                }
                index.names.push(IndexedName {
                    entry: e as u32,
                    name: k.min(u16::MAX as usize) as u16,
                    tokens: tokens.into_boxed_slice(),
                    quality: name.quality,
                    joined_len: normalized.joined().len().min(u16::MAX as usize) as u16,
                    surnames: normalized.surnames.min(u8::MAX as usize) as u8,
                });
            }
        }
        index.entries = entries;
        index.weigh_by_specificity();
        for (id, token) in index.vocab.iter().enumerate() {
            if token.text.len() <= SHORT_TOKEN + 1 {
                for key in deletion_keys(&token.text) {
                    index.deletions.entry(key).or_default().push(id as u32);
                }
            }
            for key in trigram_keys(&token.text) {
                let key = length_key(key, token.text.len());
                index.trigrams.entry(key).or_default().push(id as u32);
            }
            if token.text.len() >= 2
                && let Some(key) = hangul::korean_key(&token.text)
            {
                if token.korean.is_some() {
                    index
                        .korean_listed
                        .entry(key.clone())
                        .or_default()
                        .push(id as u32);
                }
                index.korean.entry(key).or_default().push(id as u32);
            }
            for code in [&token.codes.0, &token.codes.1] {
                if code.len() >= 2 {
                    let list = index.phonetic.entry(code.clone()).or_default();
                    if list.last() != Some(&(id as u32)) {
                        list.push(id as u32);
                    }
                }
            }
            let skeleton = phonetic::skeleton(&token.text);
            if skeleton.len() >= 2 {
                index.skeletons.entry(skeleton).or_default().push(id as u32);
            }
        }
        index
    }

    /// Counts the entries each token appears in and weighs each token by its specificity.
    fn weigh_by_specificity(&mut self) {
        let mut entries = vec![0u32; self.vocab.len()];
        let mut last = vec![u32::MAX; self.vocab.len()];
        for name in &self.names {
            for t in name.tokens.iter() {
                let t = *t as usize;
                if last[t] != name.entry {
                    last[t] = name.entry;
                    entries[t] += 1;
                }
            }
        }
        let total = self.entries.len();
        self.specificity = entries
            .iter()
            .map(|n| specificity(*n as usize, total))
            .collect();
        for (w, s) in self.weights.iter_mut().zip(&self.specificity) {
            *w *= s;
        }
    }

    /// The specificity of a normalized token (1 for a token no list uses).
    pub fn token_specificity(&self, text: &str) -> f64 {
        self.by_text
            .get(text)
            .map_or(1.0, |id| self.specificity[*id as usize])
    }

    fn intern(&mut self, text: &str) -> u32 {
        if let Some(id) = self.by_text.get(text) {
            return *id;
        }
        let id = self.vocab.len() as u32;
        self.vocab.push(Token::new(text, false));
        self.weights.push(matcher::base_weight(text));
        self.by_text.insert(text.to_owned(), id);
        self.postings.push(Vec::new());
        id
    }

    fn post(&mut self, token: u32, name: u32) {
        let list = &mut self.postings[token as usize];
        if list.last() != Some(&name) {
            list.push(name);
        }
    }

    pub fn token(&self, id: u32) -> &Token {
        &self.vocab[id as usize]
    }

    /// The tokens of a listed name.
    pub fn name_tokens(&self, name: u32) -> Vec<Token> {
        self.names[name as usize]
            .tokens
            .iter()
            .map(|t| self.vocab[*t as usize].clone())
            .collect()
    }

    /// Entries listing an identifier equal to `value` (see [`identifier_key`]).
    pub fn entries_with_identifier(&self, value: &str) -> &[u32] {
        self.identifiers
            .get(&identifier_key(value))
            .map_or(&[], Vec::as_slice)
    }

    /// The vocabulary id of a normalized token.
    pub fn token_id(&self, text: &str) -> Option<u32> {
        self.by_text.get(text).copied()
    }

    pub fn vocabulary_size(&self) -> usize {
        self.vocab.len()
    }

    /// Vocabulary tokens similar to `token`, with their similarity (at least the pair
    /// floor), sorted by id.
    pub fn similar_tokens(&self, token: &Token) -> Vec<(u32, f64, PairKind)> {
        let mut out: Vec<(u32, f64, PairKind)> = Vec::new();
        let text = token.text.as_str();
        let len = text.len();
        if let Some(id) = self.by_text.get(text) {
            out.push((*id, 1.0, PairKind::Exact));
        }
        let consider = |id: u32, out: &mut Vec<(u32, f64, PairKind)>| {
            let (sim, kind) = matcher::token_sim(token, &self.vocab[id as usize]);
            if sim >= PAIR_FLOOR {
                out.push((id, sim, kind));
            }
        };
        if len <= SHORT_TOKEN + 1 {
            let mut ids: Vec<u32> = deletion_keys(text)
                .iter()
                .filter_map(|k| self.deletions.get(k))
                .flatten()
                .copied()
                .collect();
            ids.sort_unstable();
            ids.dedup();
            for id in ids {
                consider(id, &mut out);
            }
        }
        if len >= SHORT_TOKEN {
            let keys = trigram_keys(text);
            let min_shared = keys.len().div_ceil(3).max(2) as u16;
            // Tokens much longer or shorter are other names ("rahman" / "abdulrahman").
            let spread = len.div_ceil(4).max(2);
            for (_, id) in self.by_trigrams(
                &keys,
                len.saturating_sub(spread),
                len + spread,
                min_shared,
                FUZZY_CANDIDATES,
            ) {
                consider(id, &mut out);
            }
        }
        if len >= 4 {
            for code in [&token.codes.0, &token.codes.1] {
                if code.len() >= 3
                    && let Some(list) = self.phonetic.get(code)
                {
                    for id in list {
                        if self.vocab[*id as usize].text.len() >= 4 {
                            consider(*id, &mut out);
                        }
                    }
                }
            }
        }
        if let Some(skeleton) = &token.skeleton
            && let Some(list) = self.skeletons.get(skeleton)
        {
            for id in list {
                out.push((*id, matcher::SKELETON_SIM, PairKind::Skeleton));
            }
        }
        // Korean: a query romanized from Hangul meets every spelling of its syllables; a
        // query in Latin letters meets the names the lists wrote in Hangul.
        let korean = match &token.korean {
            Some(key) => self.korean.get(key),
            None if !self.korean_listed.is_empty() && len >= 2 => {
                hangul::korean_key(text).and_then(|key| self.korean_listed.get(&key))
            }
            None => None,
        };
        for id in korean.into_iter().flatten() {
            out.push((*id, matcher::ROMANIZATION_SIM, PairKind::Romanization));
        }
        out.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        out.dedup_by_key(|p| p.0);
        out
    }

    /// Vocabulary tokens of `lo..=hi` bytes sharing at least `min_shared` trigrams of
    /// `keys`, the `limit` sharing most: (shared, id).
    fn by_trigrams(
        &self,
        keys: &[u32],
        lo: usize,
        hi: usize,
        min_shared: u16,
        limit: usize,
    ) -> Vec<(u16, u32)> {
        COUNTS.with(|counts| {
            TOUCHED.with(|touched| {
                let mut counts = counts.borrow_mut();
                let mut touched = touched.borrow_mut();
                if counts.len() < self.vocab.len() {
                    counts.resize(self.vocab.len(), 0);
                }
                touched.clear();
                for key in keys {
                    for len in lo..=hi {
                        if let Some(list) = self.trigrams.get(&length_key(*key, len)) {
                            for id in list {
                                let c = &mut counts[*id as usize];
                                if *c == 0 {
                                    touched.push(*id);
                                }
                                *c += 1;
                            }
                        }
                    }
                }
                let mut ranked: Vec<(u16, u32)> = touched
                    .iter()
                    .map(|id| (counts[*id as usize], *id))
                    .filter(|(c, _)| *c >= min_shared)
                    .collect();
                for id in touched.iter() {
                    counts[*id as usize] = 0;
                }
                if ranked.len() > limit {
                    ranked.select_nth_unstable_by(limit, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                    ranked.truncate(limit);
                }
                ranked
            })
        })
    }

    /// Vocabulary tokens within normalized Levenshtein 0.85 of `text` and at most two
    /// bytes longer or shorter: the joined forms of names split differently ("Xi Jin
    /// Ping" / "Xi Jinping"). Sorted by id.
    fn similar_joined(&self, text: &str) -> Vec<(u32, f64)> {
        const FLOOR: f64 = 0.85;
        let mut out: Vec<(u32, f64)> = Vec::new();
        if let Some(id) = self.by_text.get(text) {
            out.push((*id, 1.0));
        }
        let len = text.len();
        if len >= 3 {
            let keys = trigram_keys(text);
            // An edit changes at most three trigrams, and a similarity of 0.85 allows
            // 0.15 × the longer length in edits: fewer shared trigrams cannot reach it.
            let edits = ((len + 2) as f64 * (1.0 - FLOOR)).floor() as usize;
            let min_shared = keys.len().saturating_sub(3 * edits).max(2) as u16;
            for (_, id) in self.by_trigrams(
                &keys,
                len.saturating_sub(2),
                len + 2,
                min_shared,
                FUZZY_CANDIDATES,
            ) {
                let sim = strsim::normalized_levenshtein(text, &self.vocab[id as usize].text);
                if sim >= FLOOR {
                    out.push((id, sim));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        out.dedup_by_key(|p| p.0);
        out
    }

    /// Prepares `query` for retrieval and scoring on this index.
    pub fn prepare(&self, query: Query) -> Prepared {
        let mut sims: Vec<Vec<(u32, f64, PairKind)>> = Vec::with_capacity(query.tokens.len());
        for (i, token) in query.tokens.iter().enumerate() {
            let list = match query.tokens[..i].iter().position(|t| t.text == token.text) {
                Some(earlier) => sims[earlier].clone(),
                None if token.text.len() < 2 => Vec::new(),
                None => self.similar_tokens(token),
            };
            sims.push(list);
        }
        Prepared {
            weights: query
                .tokens
                .iter()
                .map(|t| matcher::base_weight(&t.text) * self.token_specificity(&t.text))
                .collect(),
            joined: query.normalized.joined(),
            sims,
            query,
        }
    }

    /// Scores a prepared query against the indexed name `name`, with the token pairs.
    pub fn score_name(&self, p: &Prepared, name: u32) -> NameScore {
        self.score_name_with(p, name, true)
    }

    /// Scores a prepared query against the indexed name `name`; the pairs are kept only
    /// with `keep_pairs`.
    pub fn score_name_with(&self, p: &Prepared, name: u32, keep_pairs: bool) -> NameScore {
        let listed = &self.names[name as usize];
        let mut buffer = [0.0f64; 32];
        let spilled: Vec<f64>;
        let nw: &[f64] = if listed.tokens.len() <= buffer.len() {
            for (k, t) in listed.tokens.iter().enumerate() {
                buffer[k] = self.weights[*t as usize];
            }
            &buffer[..listed.tokens.len()]
        } else {
            spilled = listed
                .tokens
                .iter()
                .map(|t| self.weights[*t as usize])
                .collect();
            &spilled
        };
        let close = p.joined.len() >= 6
            && listed.joined_len >= 6
            && p.joined.len().abs_diff(listed.joined_len as usize) <= 2;
        matcher::score_core_with(
            &p.weights,
            nw,
            |i, j| {
                let id = listed.tokens[j];
                let q = &p.query.tokens[i];
                let other = &self.vocab[id as usize];
                if q.text.len() == 1 || other.text.len() == 1 {
                    let (sim, kind) = matcher::token_sim(q, other);
                    return (sim >= PAIR_FLOOR).then_some((sim, kind));
                }
                match p.sim(i, id) {
                    Some(found) => Some(found),
                    // Retrieval caps the fuzzy tokens it looks at: compare the rest that
                    // begin alike directly.
                    None if q.text.as_bytes()[0] == other.text.as_bytes()[0] => {
                        let (sim, kind) = matcher::token_sim(q, other);
                        (sim >= PAIR_FLOOR).then_some((sim, kind))
                    }
                    None => None,
                }
            },
            |i, j| {
                let id = listed.tokens[j];
                p.query.tokens[i]
                    .text
                    .len()
                    .min(self.vocab[id as usize].text.len())
            },
            || {
                if close {
                    let nj: String = listed
                        .tokens
                        .iter()
                        .map(|t| self.vocab[*t as usize].text.as_str())
                        .collect();
                    (p.joined.clone(), nj)
                } else {
                    (String::new(), String::new())
                }
            },
            matcher::NameFacts {
                specificity: |j| self.specificity[listed.tokens[j] as usize],
                surnames: usize::from(listed.surnames),
            },
            keep_pairs,
        )
    }

    /// Names that may match `p`, best estimates first, at most `limit`, none estimated
    /// below `min_estimate`.
    pub fn candidates(&self, p: &Prepared, limit: usize, min_estimate: f64) -> Vec<Candidate> {
        let query = &p.query;
        let mut unique: Vec<usize> = Vec::with_capacity(query.tokens.len());
        for (i, t) in query.tokens.iter().enumerate() {
            if !unique.iter().any(|u| query.tokens[*u].text == t.text) {
                unique.push(i);
            }
        }
        let total: f64 = unique.iter().map(|i| p.weights[*i]).sum::<f64>().max(1e-9);
        let mut found: Vec<Candidate> = ACC.with(|acc| {
            let mut acc = acc.borrow_mut();
            let (sums, stamps, touched) = &mut *acc;
            if sums.len() < self.names.len() {
                sums.resize(self.names.len(), 0.0);
                stamps.resize(self.names.len(), u32::MAX);
            }
            touched.clear();
            let add = |name: u32,
                       value: f32,
                       q: u32,
                       sums: &mut Vec<f32>,
                       stamps: &mut Vec<u32>,
                       touched: &mut Vec<u32>| {
                let i = name as usize;
                if stamps[i] == u32::MAX {
                    touched.push(name);
                    stamps[i] = q;
                    sums[i] = value;
                } else if stamps[i] != q {
                    stamps[i] = q;
                    sums[i] += value;
                }
            };
            let mut similar: Vec<(u32, f64)> = Vec::new();
            for &q in &unique {
                similar.clear();
                similar.extend(
                    p.sims[q]
                        .iter()
                        .filter(|(_, sim, _)| *sim >= RETRIEVAL_FLOOR)
                        .map(|(id, sim, _)| (*id, matcher::credit(*sim))),
                );
                // Best first, so a name is credited with its best token for this position.
                similar.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                for (id, credit) in &similar {
                    let value = (p.weights[q] * credit) as f32;
                    for name in &self.postings[*id as usize] {
                        add(*name, value, q as u32, sums, stamps, touched);
                    }
                }
            }
            if query.tokens.len() >= 2 {
                let stamp = query.tokens.len() as u32;
                for (id, sim) in self.similar_joined(&p.joined) {
                    for name in &self.postings[id as usize] {
                        add(*name, (total * sim) as f32, stamp, sums, stamps, touched);
                    }
                }
            }
            let floor = (min_estimate * total) as f32;
            let out: Vec<Candidate> = touched
                .iter()
                .filter(|name| sums[**name as usize] >= floor * 0.999)
                .map(|name| Candidate {
                    name: *name,
                    estimate: (sums[*name as usize] as f64 / total).min(1.0),
                    native_hits: 0,
                })
                .collect();
            for name in touched.iter() {
                sums[*name as usize] = 0.0;
                stamps[*name as usize] = u32::MAX;
            }
            out
        });
        // Original-script tokens: exact agreement with the lists' own spelling.
        if !query.normalized.native.is_empty() {
            let mut hits: FxHashMap<u32, usize> = FxHashMap::default();
            for t in &query.normalized.native {
                if let Some(list) = self.native.get(t) {
                    for name in list {
                        *hits.entry(*name).or_default() += 1;
                    }
                }
            }
            let mut hits: Vec<(u32, usize)> = hits.into_iter().collect();
            hits.sort_unstable();
            for (name, count) in hits {
                let estimate = count as f64 / query.normalized.native.len().max(1) as f64;
                match found.iter_mut().find(|c| c.name == name) {
                    Some(c) => {
                        c.native_hits = count;
                        c.estimate = c.estimate.max(estimate);
                    }
                    None => found.push(Candidate {
                        name,
                        estimate,
                        native_hits: count,
                    }),
                }
            }
        }
        found.retain(|c| c.estimate >= min_estimate);
        if found.len() > limit {
            found.select_nth_unstable_by(limit, |a, b| {
                b.estimate.total_cmp(&a.estimate).then(a.name.cmp(&b.name))
            });
            found.truncate(limit);
        }
        found.sort_by(|a, b| b.estimate.total_cmp(&a.estimate).then(a.name.cmp(&b.name)));
        found
    }
}
