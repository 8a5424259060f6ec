//! The refresh of the lists from their addresses, against a loopback HTTP server serving the
//! real list files of `../shared/data/sanctions/` (read in place): an unreachable or invalid
//! source keeps the lists in force and is recorded as a failure; a valid one replaces them in
//! one swap; and the server does it by itself every `refresh_interval_secs`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::Full;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;

use super::model::Source;
use super::real_lists::data_dir;
use super::refresh::RefreshLog;
use super::store::{self, ListStore};
use super::{Sanctions, config, refresh_once};

/// Serves `files` (path → bytes) on a loopback port; anything else is 404.
async fn serve(files: Vec<(&'static str, Vec<u8>)>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    let files: Arc<BTreeMap<&'static str, Bytes>> = Arc::new(
        files
            .into_iter()
            .map(|(path, bytes)| (path, Bytes::from(bytes)))
            .collect(),
    );
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let files = Arc::clone(&files);
            tokio::spawn(async move {
                let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                    let found = files.get(request.uri().path()).cloned();
                    async move {
                        let response = match found {
                            Some(body) => hyper::Response::new(Full::new(body)),
                            None => {
                                let mut response = hyper::Response::new(Full::new(Bytes::new()));
                                *response.status_mut() = hyper::StatusCode::NOT_FOUND;
                                response
                            }
                        };
                        Ok::<_, std::convert::Infallible>(response)
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    addr
}

fn read(relative: &str) -> Vec<u8> {
    std::fs::read(data_dir().join(relative)).expect("a real list file")
}

/// OFAC SDN of 2021 and the UN list, as their official addresses name them.
fn real_files() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("/SDN.CSV", read("ofac-sdn-2021/sdn.csv")),
        ("/ALT.CSV", read("ofac-sdn-2021/alt.csv")),
        ("/ADD.CSV", read("ofac-sdn-2021/add.csv")),
        ("/consolidated.xml", read("un/consolidated.xml")),
    ]
}

fn sdn_urls(addr: SocketAddr) -> Vec<String> {
    ["SDN.CSV", "ALT.CSV", "ADD.CSV"]
        .iter()
        .map(|f| format!("http://{addr}/{f}"))
        .collect()
}

/// A fresh list directory holding the small OFAC SDN sample of 2025.
fn list_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("suite-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    store::import(&data_dir().join("ofac-sdn-sample-2025"), &dir, None).expect("imports");
    dir
}

/// The SHA-256 of each list in force, by list.
fn in_force(store: &ListStore) -> Vec<(Source, String, usize)> {
    store
        .snapshot()
        .lists
        .iter()
        .map(|l| (l.source, l.content_sha256.clone(), l.entries))
        .collect()
}

/// A logger keeping every message and value it is given, to check what a refresh logs.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<String>>);

impl slog::Drain for Captured {
    type Ok = ();
    type Err = slog::Never;

    fn log(
        &self,
        record: &slog::Record<'_>,
        values: &slog::OwnedKVList,
    ) -> Result<(), slog::Never> {
        struct Text<'a>(&'a mut String);
        impl slog::Serializer for Text<'_> {
            fn emit_arguments(
                &mut self,
                key: slog::Key,
                value: &std::fmt::Arguments<'_>,
            ) -> slog::Result {
                self.0.push_str(&format!(" {key}={value}"));
                Ok(())
            }
        }
        let mut line = format!("{} {}", record.level(), record.msg());
        use slog::KV;
        let _ = record.kv().serialize(record, &mut Text(&mut line));
        let _ = values.serialize(record, &mut Text(&mut line));
        if let Ok(mut all) = self.0.lock() {
            all.push_str(&line);
            all.push('\n');
        }
        Ok(())
    }
}

impl Captured {
    fn logger(&self) -> slog::Logger {
        slog::Logger::root(self.clone(), slog::o!())
    }

    fn text(&self) -> String {
        self.0.lock().map(|t| t.clone()).unwrap_or_default()
    }
}

/// Runs one refresh on a blocking thread (curl runs there, as in the server).
async fn refresh(
    store: &Arc<ListStore>,
    log: &Arc<RefreshLog>,
    sources: Vec<(Source, Vec<String>)>,
    logger: &slog::Logger,
) -> Vec<(Source, bool)> {
    let (store, log, logger) = (Arc::clone(store), Arc::clone(log), logger.clone());
    tokio::task::spawn_blocking(move || {
        refresh_once(&store, &log, &sources, &logger)
            .iter()
            .map(|o| (o.source, o.result.is_ok()))
            .collect()
    })
    .await
    .expect("the refresh ran")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_sanctions_refresh_keeps_the_lists_in_force_and_is_recorded() {
    let dir = list_dir("refresh-fails");
    let (store, _) = ListStore::open(dir.clone());
    let store = Arc::new(store);
    let before = in_force(&store);
    assert_eq!(before.len(), 1);
    let refreshes = Arc::new(RefreshLog::default());
    let captured = Captured::default();
    let logger = captured.logger();

    // Unreachable: nothing listens on the discard port.
    let unreachable = vec![(
        Source::OfacSdn,
        vec!["http://127.0.0.1:9/SDN.CSV".to_owned()],
    )];
    let outcome = refresh(&store, &refreshes, unreachable, &logger).await;
    assert_eq!(outcome, [(Source::OfacSdn, false)]);
    assert_eq!(in_force(&store), before);

    // Reachable, but not lists: an HTML page for the SDN CSV, half of the UN XML.
    let secret = "MAINTENANCE-PAGE-7Q3";
    let page = format!("<html><body>{secret}, back soon</body></html>\n").into_bytes();
    let mut half_un = read("un/consolidated.xml");
    half_un.truncate(half_un.len() / 2);
    let addr = serve(vec![
        ("/SDN.CSV", page.clone()),
        ("/ALT.CSV", page.clone()),
        ("/ADD.CSV", page),
        ("/consolidated.xml", half_un),
    ])
    .await;
    let invalid = vec![
        (Source::OfacSdn, sdn_urls(addr)),
        (
            Source::UnConsolidated,
            vec![format!("http://{addr}/consolidated.xml")],
        ),
    ];
    let outcome = refresh(&store, &refreshes, invalid, &logger).await;
    assert_eq!(
        outcome,
        [(Source::OfacSdn, false), (Source::UnConsolidated, false)]
    );
    assert_eq!(in_force(&store), before, "the lists in force are kept");
    assert!(
        store::discover(&dir).len() == 1,
        "nothing half-downloaded was left in the list directory"
    );
    // A missing file (404) fails the same way.
    let missing = vec![(
        Source::OfacSdn,
        vec![format!("http://{addr}/SDN_COMMENTS.CSV")],
    )];
    assert_eq!(
        refresh(&store, &refreshes, missing, &logger).await,
        [(Source::OfacSdn, false)]
    );
    assert_eq!(in_force(&store), before);

    let records: BTreeMap<Source, _> = refreshes.records().into_iter().collect();
    let sdn = records[&Source::OfacSdn];
    assert_eq!(
        (sdn.failures, sdn.last_ok, sdn.last_success),
        (3, false, None)
    );
    assert!(sdn.last_attempt.is_some());
    assert_eq!(records[&Source::UnConsolidated].failures, 1);

    let logged = captured.text();
    assert_eq!(
        logged
            .matches("could not be refreshed; the list in force is kept")
            .count(),
        4,
        "{logged}"
    );
    assert!(logged.contains("127.0.0.1:9"), "{logged}");
    assert!(
        !logged.contains(secret),
        "a document's contents were logged: {logged}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sanctions_refresh_that_parses_swaps_in_the_new_lists() {
    let dir = list_dir("refresh-swaps");
    let (store, _) = ListStore::open(dir.clone());
    let store = Arc::new(store);
    let before = store.snapshot();
    assert_eq!(before.entries.len(), 17, "the 2025 sample");
    let refreshes = Arc::new(RefreshLog::default());
    let addr = serve(real_files()).await;
    let sources = vec![
        (Source::OfacSdn, sdn_urls(addr)),
        (
            Source::UnConsolidated,
            vec![format!("http://{addr}/consolidated.xml")],
        ),
    ];
    let outcome = refresh(
        &store,
        &refreshes,
        sources,
        &slog::Logger::root(slog::Discard, slog::o!()),
    )
    .await;
    assert_eq!(
        outcome,
        [(Source::OfacSdn, true), (Source::UnConsolidated, true)]
    );
    // The lists in force are the served ones, byte for byte as the loaders read them.
    let sdn_2021 = super::real_lists::load("ofac-sdn-2021");
    let un = super::real_lists::load("un/consolidated.xml");
    let mut expected = vec![
        (
            Source::OfacSdn,
            sdn_2021.content_sha256,
            sdn_2021.entries.len(),
        ),
        (Source::UnConsolidated, un.content_sha256, un.entries.len()),
    ];
    let mut now = in_force(&store);
    expected.sort();
    now.sort();
    assert_eq!(now, expected);
    // Whoever held the old lists still holds them whole.
    assert_eq!(before.entries.len(), 17);
    for (source, record) in refreshes.records() {
        assert!(record.last_ok && record.failures == 0, "{source:?}");
        assert_eq!(record.last_success, record.last_attempt);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_refreshes_the_sanctions_lists_by_itself() {
    let dir = list_dir("refresh-periodic");
    let addr = serve(real_files()).await;
    let mut config = config::Config {
        list_dir: dir.clone(),
        reload_interval_secs: 0,
        refresh_interval_secs: 1,
        ..config::Config::default()
    };
    config
        .refresh_urls
        .insert("ofac-sdn".to_owned(), sdn_urls(addr));
    let sanctions = Sanctions::start(
        &config,
        Path::new("/nonexistent"),
        &slog::Logger::root(slog::Discard, slog::o!()),
    );
    assert_eq!(sanctions.store.snapshot().entries.len(), 17);
    let deadline = Instant::now() + Duration::from_secs(120);
    while sanctions.store.snapshot().entries.len() == 17 {
        assert!(Instant::now() < deadline, "no refresh within two minutes");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let sdn_2021 = super::real_lists::load("ofac-sdn-2021");
    assert_eq!(
        sanctions.store.snapshot().entries.len(),
        sdn_2021.entries.len()
    );
    let records = sanctions.refreshes.records();
    assert_eq!(records.len(), 1);
    assert!(records[0].1.last_ok);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_sanctions_refresh_is_due_an_interval_after_the_last_import() {
    let dir = list_dir("refresh-due");
    let interval = Duration::from_secs(6 * 3600);
    let sdn = vec![(Source::OfacSdn, Vec::new())];
    let now = std::time::SystemTime::now();
    let due = super::first_refresh_delay(&dir, &sdn, interval, now);
    assert!(
        due > interval - Duration::from_secs(60) && due <= interval,
        "{due:?}"
    );
    let later = now + Duration::from_secs(5 * 3600);
    let due = super::first_refresh_delay(&dir, &sdn, interval, later);
    assert!(due <= Duration::from_secs(3600), "{due:?}");
    // A list never imported, or imported from the shipped snapshot, is due at once.
    let un = vec![(Source::UnConsolidated, Vec::new())];
    assert_eq!(
        super::first_refresh_delay(&dir, &un, interval, now),
        Duration::ZERO
    );
    store::mark_snapshot(&dir, Source::OfacSdn).expect("marks");
    assert_eq!(
        super::first_refresh_delay(&dir, &sdn, interval, now),
        Duration::ZERO
    );
    let _ = std::fs::remove_dir_all(&dir);
}
