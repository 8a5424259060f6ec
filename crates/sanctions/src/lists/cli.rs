//! `suite lists ...`: import official list files (validated, with progress, swapped in
//! atomically), refresh them from the official addresses, show what is loaded; and the
//! readers of chosen list files the benchmark and evaluation (`suite-bench sanctions`) load.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::snapshot;
use crate::index::Index;
use crate::model::{ListFile, Quality, Source};
use crate::{refresh, store};

/// The `lists` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum ListsCommand {
    /// Validate official list files and copy them into the list directory (replacing the
    /// previous version of each list). PATH: an OFAC CSV folder (or its sdn.csv /
    /// cons_prim.csv), an OFAC SDN.XML, the UN consolidated XML or an EU FSF XML.
    Import {
        /// The publication date (YYYY-MM-DD) of lists whose files do not state one (OFAC's
        /// CSV exports); lists that state their own keep it. Without it such lists answer
        /// with no publication date.
        #[arg(long, value_name = "YYYY-MM-DD", value_parser = store::parse_stated_date)]
        published: Option<chrono::DateTime<chrono::Utc>>,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Download every list from its official address and import it; on failure the lists in
    /// force are kept.
    Refresh,
    /// Make sure lists are loaded: nothing when some are; else refresh from the official
    /// addresses, and where that fails (no network) import the dated snapshot shipped with
    /// the suite, saying loudly how old it is. `cargo xtask serve` runs it.
    Ensure,
    /// Show the lists in the list directory: versions (publish date, SHA-256) and counts.
    Info,
}

/// Runs a `lists` subcommand with the list directory `dir`; `refresh` and `ensure` download
/// `sources` (the lists and their addresses, `Config::refresh_sources`).
pub fn run(dir: &Path, sources: &[(Source, Vec<String>)], command: ListsCommand) -> Result<()> {
    match command {
        ListsCommand::Import { paths, published } => import(dir, &paths, published),
        ListsCommand::Refresh => refresh_from(dir, sources),
        ListsCommand::Ensure => ensure(dir, |dir| refresh_from(dir, sources)),
        ListsCommand::Info => info(dir),
    }
}

fn progress(done: usize, total: usize, label: &str) {
    let width = 30;
    let filled = (done * width)
        .checked_div(total)
        .unwrap_or(width)
        .min(width);
    // Progress is for a person watching: a closed stderr is no reason to stop.
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} {label:<60}",
        "#".repeat(filled),
        " ".repeat(width - filled)
    );
    if done == total {
        let _ = writeln!(err);
    }
    let _ = err.flush();
}

fn import(
    dir: &Path,
    paths: &[PathBuf],
    published: Option<chrono::DateTime<chrono::Utc>>,
) -> Result<()> {
    let mut failed = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        progress(i, paths.len(), &format!("validating {}", path.display()));
        match store::import(path, dir, published) {
            Ok(list) => {
                progress(i + 1, paths.len(), &format!("imported {}", path.display()));
                writeln!(std::io::stdout(), "{}", describe(&list))?;
            }
            Err(e) => {
                progress(i + 1, paths.len(), &format!("refused {}", path.display()));
                let _ = writeln!(std::io::stderr(), "{e}");
                failed.push(path.display().to_string());
            }
        }
    }
    writeln!(
        std::io::stdout(),
        "lists directory: {} (a running server picks the change up at its next check)",
        dir.display()
    )?;
    if !failed.is_empty() {
        bail!("{} file(s) refused: {}", failed.len(), failed.join(", "));
    }
    Ok(())
}

fn describe(list: &ListFile) -> String {
    let aliases: usize = list
        .entries
        .iter()
        .map(|e| e.names.len().saturating_sub(1))
        .sum();
    let weak: usize = list
        .entries
        .iter()
        .flat_map(|e| &e.names)
        .filter(|n| n.quality == Quality::Weak)
        .count();
    let dobs: usize = list.entries.iter().map(|e| e.dates_of_birth.len()).sum();
    format!(
        "{:<18} published {:<20} sha256 {}  {} entries, {} aliases ({} weak), {} dates of birth",
        list.source.label(),
        list.published_at.map_or("(not stated)".to_owned(), |d| d
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()),
        list.content_sha256,
        list.entries.len(),
        aliases,
        weak,
        dobs
    )
}

fn info(dir: &Path) -> Result<()> {
    let mut out = std::io::stdout();
    writeln!(out, "lists directory: {}", dir.display())?;
    let found = store::discover(dir);
    if found.is_empty() {
        writeln!(
            out,
            "no list loaded: import the official files with `suite lists import PATH...`"
        )?;
        return Ok(());
    }
    for f in found {
        match store::load(&f) {
            Ok(list) if store::is_snapshot(dir, list.source) => writeln!(
                out,
                "{}  SNAPSHOT shipped with the suite, {}: run `suite lists refresh`",
                describe(&list),
                age(&list)
            )?,
            Ok(list) => writeln!(out, "{}", describe(&list))?,
            Err(e) => writeln!(out, "{:<18} NOT LOADED: {e}", f.source().label())?,
        }
    }
    Ok(())
}

/// How old a list is, in days since its publication.
pub fn age(list: &ListFile) -> String {
    match list.published_at {
        Some(date) => format!("{} days old", (chrono::Utc::now() - date).num_days()),
        None => "of unknown age".to_owned(),
    }
}

/// `suite lists ensure`: lists in `dir` if there are none yet — from `refresh`, else from the
/// shipped snapshot.
fn ensure(dir: &Path, refresh: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let loaded = |dir: &Path| {
        store::discover(dir)
            .iter()
            .filter(|f| store::load(f).is_ok())
            .count()
    };
    if loaded(dir) > 0 {
        return info(dir);
    }
    if let Err(e) = refresh(dir) {
        let _ = writeln!(std::io::stderr(), "{e:#}");
    }
    if loaded(dir) == 0 {
        let mut err = std::io::stderr();
        let _ = writeln!(
            err,
            "WARNING: the official lists could not be downloaded; importing the snapshot shipped with the suite"
        );
        for list in snapshot::import(dir)? {
            let _ = writeln!(
                err,
                "WARNING: {} is a snapshot, {}",
                list.source.label(),
                age(&list)
            );
        }
    }
    info(dir)
}

/// Downloads each source from its addresses and imports it; a source that fails leaves its
/// list in `dir` as it was, and the error names each failure.
fn refresh_from(dir: &Path, sources: &[(Source, Vec<String>)]) -> Result<()> {
    let outcomes = refresh::refresh_from(dir, sources, &mut progress);
    let mut failures = Vec::new();
    for outcome in outcomes {
        match outcome.result {
            Ok(list) => writeln!(std::io::stdout(), "{}", describe(&list))?,
            Err(e) => failures.push(format!("{}: {e}", outcome.source.label())),
        }
    }
    if !failures.is_empty() {
        bail!(
            "could not refresh {} list(s); the lists in {} are unchanged for those:\n  {}",
            failures.len(),
            dir.display(),
            failures.join("\n  ")
        );
    }
    Ok(())
}

/// The lists in `paths` (default: the list directory `dir`), read and validated.
pub fn read_lists(dir: &Path, paths: &[PathBuf]) -> Result<Vec<ListFile>> {
    if paths.is_empty() {
        let (lists, problems) = store::load_dir(dir);
        for p in problems {
            let _ = writeln!(std::io::stderr(), "not loaded: {p}");
        }
        if lists.is_empty() {
            bail!("no list in {}: import some or name files", dir.display());
        }
        return Ok(lists);
    }
    let mut lists = Vec::new();
    for path in paths {
        let found = store::identify(path)?
            .with_context(|| format!("{}: not a list file this server reads", path.display()))?;
        lists.push(store::load(&found)?);
    }
    Ok(lists)
}

/// The index of the lists in `paths` (default: the list directory `dir`) and how many.
pub fn load_paths(dir: &Path, paths: &[PathBuf]) -> Result<(Index, usize)> {
    let lists = read_lists(dir, paths)?;
    let n = lists.len();
    Ok((Index::build(lists), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real_lists::fixtures_dir;
    use sha2::Digest;

    #[test]
    fn ensure_falls_back_to_the_snapshot_without_network_and_keeps_loaded_lists() {
        let dir = std::env::temp_dir().join(format!("suite-ensure-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let offline = |_: &Path| -> Result<()> { bail!("no network") };
        ensure(&dir, offline).expect("ensured");
        let found = store::discover(&dir);
        assert_eq!(found.len(), 3, "OFAC SDN, OFAC Consolidated and UN");
        assert!(found.iter().all(|f| store::is_snapshot(&dir, f.source())));
        // Lists in place: nothing is refreshed or imported again.
        let untouched = |_: &Path| -> Result<()> { panic!("lists were loaded: no refresh") };
        ensure(&dir, untouched).expect("ensured");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn info_names_each_list_by_version_and_counts() {
        let fixture = fixtures_dir().join("eu_fsf_sample.xml");
        let dir = std::env::temp_dir().join(format!("suite-info-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let list = store::import(&fixture, &dir, None).expect("imports");
        let line = describe(&list);
        // The sample's generationDate is 2025-06-30T17:05:41+02:00; three entities with nine
        // names (six aliases, two of them `strong="false"`) and two birth dates.
        assert!(line.contains("published 2025-06-30T15:05:41Z"), "{line}");
        let bytes = std::fs::read(&fixture).expect("fixture");
        let sha = sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>();
        assert!(line.contains(&format!("sha256 {sha}")), "{line}");
        assert!(
            line.contains("3 entries, 6 aliases (2 weak), 2 dates of birth"),
            "{line}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_refresh_says_why_and_keeps_the_lists() {
        let dir = std::env::temp_dir().join(format!("suite-refresh-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let fixture = fixtures_dir().join("eu_fsf_sample.xml");
        let before = store::import(&fixture, &dir, None).expect("imports");
        // Nothing listens on the discard port: the download fails at once.
        let unreachable = vec!["http://127.0.0.1:9/eu-fsf.xml".to_owned()];
        let error = refresh_from(&dir, &[(Source::EuConsolidated, unreachable)])
            .expect_err("no network")
            .to_string();
        assert!(error.contains("could not refresh 1 list(s)"), "{error}");
        assert!(error.contains("unchanged"), "{error}");
        assert!(error.contains("127.0.0.1:9"), "{error}");
        let (lists, problems) = store::load_dir(&dir);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(lists.len(), 1);
        assert_eq!(lists[0].content_sha256, before.content_sha256);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
