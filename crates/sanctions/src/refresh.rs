//! Downloading the lists again from their addresses (`suite lists refresh`, and the running
//! server every `[sanctions] refresh_interval_secs`): each list's files are fetched with
//! `curl` into a private folder, then imported by [`store::import`], which parses and
//! validates them before replacing that list in the list directory in one rename. A list
//! whose download or parse fails leaves the list in force untouched. The outcome of each
//! list is kept in [`RefreshLog`] for `/metrics`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Utc};

use super::model::{ListFile, Source};
use super::store;

/// Longest a single download may take.
const DOWNLOAD_TIMEOUT_SECS: u32 = 300;
/// Longest the connection to a list's address may take.
const CONNECT_TIMEOUT_SECS: u32 = 30;
/// Largest file a download accepts (the EU list, the largest, is some 25 MB).
const MAX_FILE_BYTES: u64 = 1 << 30;

/// What refreshing one list did: the list now in force, or why the old one stays.
#[derive(Debug)]
pub struct Refreshed {
    pub source: Source,
    pub result: Result<ListFile, String>,
}

/// A download folder no other refresh of this process uses.
fn work_dir() -> std::path::PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    std::env::temp_dir().join(format!(
        "suite-lists-refresh-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Downloads `url` to `target` with curl (http and https only, redirects followed, time
/// and size bounded).
fn download(url: &str, target: &Path) -> Result<(), String> {
    let out = std::process::Command::new("curl")
        .args([
            "--fail",
            "--silent",
            "--show-error",
            "--location",
            "--max-redirs",
            "5",
            "--proto",
            "=http,https",
            "--proto-redir",
            "=http,https",
            "--connect-timeout",
            &CONNECT_TIMEOUT_SECS.to_string(),
            "--max-time",
            &DOWNLOAD_TIMEOUT_SECS.to_string(),
            "--max-filesize",
            &MAX_FILE_BYTES.to_string(),
            "--output",
        ])
        .arg(target)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("{url}: curl could not run ({e})"))?;
    if out.status.success() {
        Ok(())
    } else {
        let why = String::from_utf8_lossy(&out.stderr);
        Err(format!("{url}: {}", why.trim()))
    }
}

/// Downloads each source from its addresses and imports it into `dir`; a source whose
/// download or parse fails leaves its list in `dir` as it was. `progress(done, total,
/// what)` is told of each download.
pub fn refresh_from(
    dir: &Path,
    sources: &[(Source, Vec<String>)],
    progress: &mut dyn FnMut(usize, usize, &str),
) -> Vec<Refreshed> {
    let work = work_dir();
    let total: usize = sources.iter().map(|(_, urls)| urls.len()).sum();
    let mut done = 0;
    let mut outcomes = Vec::new();
    for (source, urls) in sources {
        let source = *source;
        let folder = work.join(source.slug());
        let result = std::fs::create_dir_all(&folder)
            .map_err(|e| format!("creating {}: {e}", folder.display()))
            .and_then(|()| {
                for url in urls {
                    progress(done, total, &format!("downloading {url}"));
                    done += 1;
                    download(url, &folder.join(store::download_name(source, url)))?;
                }
                let path = match source {
                    Source::OfacSdn | Source::OfacConsolidated => folder.clone(),
                    _ => folder.join(store::download_name(source, "")),
                };
                store::import(&path, dir, None).map_err(|e| e.to_string())
            });
        outcomes.push(Refreshed { source, result });
    }
    progress(total, total, "done");
    let _ = std::fs::remove_dir_all(&work);
    outcomes
}

/// The refreshes of one list so far.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RefreshRecord {
    pub last_attempt: Option<DateTime<Utc>>,
    pub last_success: Option<DateTime<Utc>>,
    /// Whether the last attempt replaced the list.
    pub last_ok: bool,
    pub failures: u64,
}

/// The outcome of every refresh since the server started, by list.
#[derive(Debug, Default)]
pub struct RefreshLog {
    records: Mutex<BTreeMap<Source, RefreshRecord>>,
}

impl RefreshLog {
    /// Records the outcomes of one refresh, made at `at`.
    pub fn record(&self, outcomes: &[Refreshed], at: DateTime<Utc>) {
        let mut records = match self.records.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        for outcome in outcomes {
            let record = records.entry(outcome.source).or_default();
            record.last_attempt = Some(at);
            record.last_ok = outcome.result.is_ok();
            if record.last_ok {
                record.last_success = Some(at);
            } else {
                record.failures += 1;
            }
        }
    }

    /// Every list refreshed at least once, with its record.
    pub fn records(&self) -> Vec<(Source, RefreshRecord)> {
        let records = match self.records.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        records.iter().map(|(s, r)| (*s, *r)).collect()
    }
}
