//! Sanctions screening API (`/v1/compliance/sanctions`): names screened against the official
//! OFAC, UN and EU lists. Loaders per official format (`ofac_csv`, `ofac_xml`, `un_xml`,
//! `eu_xml`) feed the `store`, which holds an immutable `index`; `screen` is the fast path,
//! `deep` the multi-signal analysis, `batch` runs many screens on one snapshot. `http` maps
//! the contract's types to these engines; `lists/` holds the `suite lists` command and the
//! shipped snapshot (the benchmark and evaluation are in `crates/bench`).
//! The API's state is [`Sanctions`], started from its `[sanctions]` section (`config`): it
//! reloads the list directory when its files change and downloads the official lists again
//! every `refresh_interval_secs` (`refresh`).

pub mod batch;
pub mod config;
pub mod countries;
mod country_table;
pub mod dates;
pub mod deep;
pub mod eu_xml;
pub mod hangul;
pub mod http;
pub mod index;
pub mod lists;
pub mod matcher;
pub mod model;
pub mod normalize;
pub mod ofac_csv;
pub mod ofac_remarks;
pub mod ofac_xml;
pub mod phonetic;
pub mod refresh;
pub mod screen;
pub mod store;
pub mod un_xml;
pub mod xml;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod http_tests;
/// The real lists of `../shared/data/sanctions` and the repository's fixtures, for tests here
/// and in the benchmark crate.
#[cfg(any(test, feature = "test-support"))]
pub mod real_lists;
#[cfg(test)]
mod real_lists_tests;
#[cfg(test)]
mod refresh_tests;

use std::sync::Arc;
use std::time::Duration;

use refresh::RefreshLog;
use store::ListStore;

/// The sanctions API's state: the list store, the answer limits and the refreshes so far.
#[derive(Debug)]
pub struct Sanctions {
    pub store: Arc<ListStore>,
    pub max_matches: usize,
    /// The outcome of each list's official downloads since start (`/metrics`).
    pub refreshes: Arc<RefreshLog>,
}

/// One list in force, as an operator sees it (`/readyz`, `/metrics`).
#[derive(Debug, Clone)]
pub struct ListStatus {
    pub slug: &'static str,
    pub label: &'static str,
    pub published_at: Option<chrono::DateTime<chrono::Utc>>,
    pub entries: usize,
    /// The list is the snapshot shipped with the suite, not an official download.
    pub snapshot: bool,
}

impl Sanctions {
    /// The lists in force, in the order they were loaded.
    pub fn list_status(&self) -> Vec<ListStatus> {
        self.store
            .snapshot()
            .lists
            .iter()
            .map(|list| ListStatus {
                slug: list.source.slug(),
                label: list.source.label(),
                published_at: list.published_at,
                entries: list.entries,
                snapshot: store::is_snapshot(self.store.dir(), list.source),
            })
            .collect()
    }

    /// Loads the lists of the configured directory (below `data_dir` unless set), and while a
    /// Tokio runtime runs keeps checking it every `reload_interval_secs` and downloads the
    /// lists again every `refresh_interval_secs` (0: never).
    pub fn start(
        config: &config::Config,
        data_dir: &std::path::Path,
        log: &slog::Logger,
    ) -> Sanctions {
        let reload_secs = config.reload_interval_secs;
        let max_matches = config.max_matches;
        let (store, outcome) = ListStore::open(config.list_dir(data_dir));
        let store = Arc::new(store);
        let refreshes = Arc::new(RefreshLog::default());
        report(log, &store, &outcome);
        let runtime = tokio::runtime::Handle::try_current().ok();
        if reload_secs > 0
            && let Some(handle) = &runtime
        {
            let weak = Arc::downgrade(&store);
            let log = log.clone();
            handle.spawn(async move {
                let mut ticker = tokio::time::interval(Duration::from_secs(reload_secs));
                ticker.tick().await;
                loop {
                    ticker.tick().await;
                    let Some(store) = weak.upgrade() else { break };
                    let outcome = tokio::task::spawn_blocking(move || {
                        let outcome = store.reload_if_changed();
                        (store, outcome)
                    })
                    .await;
                    if let Ok((store, Some(outcome))) = outcome {
                        report(&log, &store, &outcome);
                    }
                }
            });
        }
        if config.refresh_interval_secs > 0
            && let Some(handle) = &runtime
        {
            match config.refresh_sources() {
                Ok(sources) => {
                    handle.spawn(refresh_periodically(
                        Arc::downgrade(&store),
                        Arc::clone(&refreshes),
                        sources,
                        Duration::from_secs(config.refresh_interval_secs),
                        log.clone(),
                    ));
                }
                Err(e) => {
                    slog::error!(log, "the sanctions lists will not be refreshed"; "error" => format!("{e:#}"));
                }
            }
        }
        Sanctions {
            store,
            max_matches,
            refreshes,
        }
    }
}

/// Downloads the lists of `sources` into the store's directory, swaps in those that parse,
/// and records and logs each list's outcome. A list that fails keeps the one in force.
pub fn refresh_once(
    store: &ListStore,
    refreshes: &RefreshLog,
    sources: &[(model::Source, Vec<String>)],
    log: &slog::Logger,
) -> Vec<refresh::Refreshed> {
    let outcomes = refresh::refresh_from(store.dir(), sources, &mut |_, _, _| {});
    refreshes.record(&outcomes, chrono::Utc::now());
    for outcome in &outcomes {
        match &outcome.result {
            Ok(list) => {
                slog::info!(log, "a sanctions list was refreshed from its official address";
                "list" => outcome.source.label(), "entries" => list.entries.len(),
                "sha256" => &list.content_sha256)
            }
            Err(e) => {
                slog::warn!(log, "a sanctions list could not be refreshed; the list in force is kept";
                "list" => outcome.source.label(), "problem" => problem_text(e))
            }
        }
    }
    if outcomes.iter().any(|o| o.result.is_ok()) {
        let outcome = store.reload();
        report(log, store, &outcome);
    }
    outcomes
}

/// A refresh problem as logged: its first line, at most 300 characters (a parser's message
/// names where a file failed, never a whole record).
fn problem_text(problem: &str) -> String {
    let line = problem.lines().next().unwrap_or("");
    match line.char_indices().nth(300) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_owned(),
    }
}

/// When the first refresh is due: at once when a list of `sources` is missing or is the
/// snapshot shipped with the suite, else one `interval` after the least recently imported
/// list was imported (so restarts do not postpone refreshes forever, nor repeat them).
pub fn first_refresh_delay(
    dir: &std::path::Path,
    sources: &[(model::Source, Vec<String>)],
    interval: Duration,
    now: std::time::SystemTime,
) -> Duration {
    let mut delay = interval;
    for (source, _) in sources {
        if store::is_snapshot(dir, *source) {
            return Duration::ZERO;
        }
        let imported = std::fs::metadata(dir.join(source.slug())).and_then(|m| m.modified());
        let Ok(imported) = imported else {
            return Duration::ZERO;
        };
        let since = now.duration_since(imported).unwrap_or(Duration::ZERO);
        delay = delay.min(interval.saturating_sub(since));
    }
    delay
}

/// The background refresh: the first when due ([`first_refresh_delay`]), then one every
/// `interval`, each on a blocking thread; stops with the store.
async fn refresh_periodically(
    store: std::sync::Weak<ListStore>,
    refreshes: Arc<RefreshLog>,
    sources: Vec<(model::Source, Vec<String>)>,
    interval: Duration,
    log: slog::Logger,
) {
    let sources = Arc::new(sources);
    let first = match store.upgrade() {
        Some(store) => first_refresh_delay(
            store.dir(),
            &sources,
            interval,
            std::time::SystemTime::now(),
        ),
        None => return,
    };
    tokio::time::sleep(first).await;
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        let Some(store) = store.upgrade() else { break };
        let refreshes = Arc::clone(&refreshes);
        let sources = Arc::clone(&sources);
        let log = log.clone();
        let done =
            tokio::task::spawn_blocking(move || refresh_once(&store, &refreshes, &sources, &log))
                .await;
        if done.is_err() {
            break;
        }
    }
}

fn report(log: &slog::Logger, store: &ListStore, outcome: &store::Reloaded) {
    for problem in &outcome.problems {
        slog::warn!(log, "a sanctions list was not loaded"; "problem" => problem);
    }
    if outcome.lists == 0 {
        slog::warn!(log, "no sanctions list is loaded; screening answers 503 lists_unavailable";
            "list_dir" => %store.dir().display());
    } else {
        slog::info!(log, "sanctions lists loaded"; "lists" => outcome.lists, "entries" => outcome.entries);
    }
    for list in &store.snapshot().lists {
        if store::is_snapshot(store.dir(), list.source) {
            let published = list.published_at.map_or("an unknown date".to_owned(), |d| {
                d.format("%Y-%m-%d").to_string()
            });
            let days = list
                .published_at
                .map_or(-1, |d| (chrono::Utc::now() - d).num_days());
            slog::warn!(log, "a sanctions list is the OLD SNAPSHOT shipped with the suite, not the official list of today: run `suite lists refresh`";
                "list" => list.source.label(), "published" => published, "age_days" => days);
        }
    }
}
