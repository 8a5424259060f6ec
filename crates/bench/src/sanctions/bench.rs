//! The sanctions benchmark (not a test): index build time, latency percentiles of `screen`
//! and deep analysis in process, batches of 100, and the process's memory with every list
//! loaded. Run it in release mode (`cargo xtask bench sanctions`).

use std::fmt::Write;
use std::time::{Duration, Instant};

use super::evaluate::clean_names;
use crate::support::{percentile, rss_kib};
use suite_sanctions::deep::{self, Subject};
use suite_sanctions::http::{CheckedScreen, screen_batch};
use suite_sanctions::index::Index;
use suite_sanctions::normalize::{reorder_surname_first, tokenize};
use suite_sanctions::screen::{self, ScreenParams};

/// The figures.
#[derive(Debug, Clone)]
pub struct Report {
    pub lists: usize,
    pub entries: usize,
    pub names: usize,
    pub vocabulary: usize,
    pub parse: Duration,
    pub build: Duration,
    pub screen: Vec<Duration>,
    /// The slowest screen queries (time, query), slowest first.
    pub slowest: Vec<(Duration, String)>,
    pub deep: Vec<Duration>,
    pub batch: Vec<Duration>,
    pub rss_before_kib: u64,
    pub rss_kib: u64,
    pub peak_kib: u64,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl Report {
    pub fn render(&self) -> String {
        let mut out = String::new();
        let line = |out: &mut String, what: &str, v: &[Duration]| {
            let mut v = v.to_vec();
            v.sort();
            let _ = writeln!(
                out,
                "  {what:<22} p50 {:>8.3} ms   p99 {:>8.3} ms   max {:>8.3} ms   (n={})",
                ms(percentile(&v, 0.5).unwrap_or_default()),
                ms(percentile(&v, 0.99).unwrap_or_default()),
                ms(v.last().copied().unwrap_or_default()),
                v.len()
            );
        };
        let _ = writeln!(
            out,
            "sanctions benchmark: {} lists, {} entries, {} names, {} distinct tokens",
            self.lists, self.entries, self.names, self.vocabulary
        );
        let _ = writeln!(out, "  parse lists            {:>8.1} ms", ms(self.parse));
        let _ = writeln!(out, "  build index            {:>8.1} ms", ms(self.build));
        line(&mut out, "screen", &self.screen);
        for (d, q) in &self.slowest {
            let _ = writeln!(out, "    slow screen {:>8.3} ms  {q:?}", ms(*d));
        }
        line(&mut out, "deep analysis", &self.deep);
        line(&mut out, "batch of 100", &self.batch);
        let _ = writeln!(
            out,
            "  memory                 RSS {:.1} MB with the lists loaded (process before loading {:.1} MB, peak {:.1} MB)",
            self.rss_kib as f64 / 1024.0,
            self.rss_before_kib as f64 / 1024.0,
            self.peak_kib as f64 / 1024.0
        );
        out
    }
}

/// Queries: list names, lightly changed, and common names that are not listed.
fn queries(index: &Index, n: usize) -> Vec<String> {
    let clean = clean_names();
    let step = (index.entries.len() / n.max(1)).max(1);
    let mut out = Vec::with_capacity(n);
    for (k, entry) in index.entries.iter().step_by(step).enumerate() {
        if out.len() >= n {
            break;
        }
        let mut tokens = tokenize(&reorder_surname_first(entry.primary_name()));
        if k % 3 == 1 {
            tokens.reverse();
        }
        if k % 3 == 2
            && let Some(t) = tokens.iter_mut().max_by_key(|t| t.len())
            && t.len() > 4
        {
            t.remove(2);
        }
        out.push(tokens.join(" "));
        if k % 2 == 0 {
            out.push(clean[k % clean.len()].clone());
        }
    }
    out.truncate(n);
    out
}

/// Runs the benchmark on a built index.
pub fn run(
    index: &Index,
    n: usize,
    parse: Duration,
    build: Duration,
    rss_before: (u64, u64),
) -> Report {
    let (rss, _) = rss_kib();
    let qs = queries(index, n);
    // Warm-up (thread-local buffers, caches).
    for q in qs.iter().take(50) {
        let _ = screen::screen(index, &params(q));
    }
    let mut screen_times = Vec::with_capacity(qs.len());
    for q in &qs {
        let started = Instant::now();
        let hits = screen::screen(index, &params(q));
        screen_times.push(started.elapsed());
        std::hint::black_box(hits);
    }
    let mut slowest: Vec<(Duration, String)> = screen_times
        .iter()
        .copied()
        .zip(qs.iter().cloned())
        .collect();
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    slowest.truncate(5);
    let mut deep_times = Vec::new();
    for (i, q) in qs.iter().take(1000).enumerate() {
        let subject = Subject {
            name: q.clone(),
            aliases: if i % 4 == 0 {
                vec![format!("{q} jr")]
            } else {
                Vec::new()
            },
            date_of_birth: (i % 2 == 0).then(|| "1962-01-01".to_owned()),
            nationality: (i % 3 == 0).then(|| "IR".to_owned()),
            threshold: 0.7,
            max_matches: 10,
            ..Subject::default()
        };
        let started = Instant::now();
        let outcome = deep::analyze(index, &subject);
        deep_times.push(started.elapsed());
        std::hint::black_box(outcome);
    }
    let now = chrono::Utc::now();
    let mut batch_times = Vec::new();
    for round in 0..20 {
        let requests: Vec<CheckedScreen> = qs
            .iter()
            .cycle()
            .skip(round * 100)
            .take(100)
            .map(|q| CheckedScreen {
                name: q.clone(),
                kind: None,
                country: None,
                threshold: 0.85,
            })
            .collect();
        let started = Instant::now();
        let result = screen_batch(index, &requests, 10, now);
        batch_times.push(started.elapsed());
        std::hint::black_box(result);
    }
    let (_, peak) = rss_kib();
    Report {
        lists: index.lists.len(),
        entries: index.entries.len(),
        names: index.names.len(),
        vocabulary: index.vocabulary_size(),
        parse,
        build,
        screen: screen_times,
        slowest,
        deep: deep_times,
        batch: batch_times,
        rss_before_kib: rss_before.0,
        rss_kib: rss,
        peak_kib: peak,
    }
}

fn params(q: &str) -> ScreenParams<'_> {
    ScreenParams::for_name(q, 0.85, 10)
}
