//! Sanctions screening API (`/v1/compliance/sanctions`): names screened against the official
//! OFAC, UN and EU lists. Loaders per official format (`ofac_csv`, `ofac_xml`, `un_xml`,
//! `eu_xml`) feed the `store`, which holds an immutable `index`; `screen` is the fast path,
//! `deep` the multi-signal analysis, `batch` runs many screens on one snapshot. `http` maps
//! the contract's types to these engines; `tools/` holds the CLI, benchmark and evaluation.
//! The API's state is [`Sanctions`], started from its `[sanctions]` section (`config`).

pub mod batch;
pub mod config;
pub mod countries;
mod country_table;
pub mod dates;
pub mod deep;
pub mod eu_xml;
pub mod fxhash;
pub mod hangul;
pub mod http;
pub mod index;
pub mod matcher;
pub mod model;
pub mod normalize;
pub mod ofac_csv;
pub mod ofac_remarks;
pub mod ofac_xml;
pub mod phonetic;
pub mod screen;
pub mod store;
pub mod tools;
pub mod un_xml;
pub mod xml;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod http_tests;
#[cfg(test)]
mod real_lists_tests;

use std::sync::Arc;

use store::ListStore;

/// The sanctions API's state: the list store and the answer limits.
#[derive(Debug)]
pub struct Sanctions {
    pub store: Arc<ListStore>,
    pub max_matches: usize,
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

    /// Loads the lists of the configured directory (below `data_dir` unless set), and keeps
    /// checking it every `reload_interval_secs` (0: never) while a Tokio runtime runs.
    pub fn start(
        config: &config::Config,
        data_dir: &std::path::Path,
        log: &slog::Logger,
    ) -> Sanctions {
        let reload_secs = config.reload_interval_secs;
        let max_matches = config.max_matches;
        let (store, outcome) = ListStore::open(config.list_dir(data_dir));
        let store = Arc::new(store);
        report(log, &store, &outcome);
        if reload_secs > 0
            && let Ok(handle) = tokio::runtime::Handle::try_current()
        {
            let weak = Arc::downgrade(&store);
            let log = log.clone();
            handle.spawn(async move {
                let mut ticker = tokio::time::interval(std::time::Duration::from_secs(reload_secs));
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
        Sanctions { store, max_matches }
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
