//! The list store: finds the official list files in the list directory, loads them, and
//! holds the current index behind an `RwLock<Arc<Index>>`. A reload builds a whole new index
//! first and swaps the pointer in one step, so a screening sees either the old lists or the
//! new ones, never half of either. `import` validates files and copies them in atomically.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};

use super::index::Index;
use super::model::{ListFile, LoadError, Source};
use super::{eu_xml, ofac_csv, ofac_xml, un_xml, xml};

/// A list found on disk, not yet loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// A folder of OFAC CSV files.
    OfacCsv { source: Source, dir: PathBuf },
    /// One XML file.
    Xml { source: Source, file: PathBuf },
}

impl Found {
    pub fn source(&self) -> Source {
        match self {
            Found::OfacCsv { source, .. } | Found::Xml { source, .. } => *source,
        }
    }

    pub fn path(&self) -> &Path {
        match self {
            Found::OfacCsv { dir, .. } => dir,
            Found::Xml { file, .. } => file,
        }
    }
}

/// A file in `dir` named `name`, ignoring case.
fn file_in(dir: &Path, name: &str) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
        })
}

/// What list `path` is (a folder of OFAC CSV files, or an XML file), if any.
pub fn identify(path: &Path) -> Result<Option<Found>, LoadError> {
    if path.is_dir() {
        for source in [Source::OfacSdn, Source::OfacConsolidated] {
            if file_in(path, ofac_csv::file_names(source)[0]).is_some() {
                return Ok(Some(Found::OfacCsv {
                    source,
                    dir: path.to_owned(),
                }));
            }
        }
        return Ok(None);
    }
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if name == "sdn.csv" || name == "cons_prim.csv" {
        return identify(path.parent().unwrap_or(Path::new(".")));
    }
    if !name.ends_with(".xml") {
        return Ok(None);
    }
    let head = read_head(path)?;
    let source = match xml::root_name(&head).as_deref() {
        Some("sdnList") if name.contains("cons") => Source::OfacConsolidated,
        Some("sdnList") => Source::OfacSdn,
        Some("CONSOLIDATED_LIST") => Source::UnConsolidated,
        Some("export") => Source::EuConsolidated,
        _ => return Ok(None),
    };
    Ok(Some(Found::Xml {
        source,
        file: path.to_owned(),
    }))
}

fn read_head(path: &Path) -> Result<Vec<u8>, LoadError> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(64 * 1024).read_to_end(&mut head))
        .map_err(|e| LoadError::new(format!("{}: {e}", path.display())))?;
    Ok(head)
}

fn read(path: &Path) -> Result<Vec<u8>, LoadError> {
    std::fs::read(path).map_err(|e| LoadError::new(format!("{}: {e}", path.display())))
}

/// The file beside a list that states its publication date when the list itself does not
/// (OFAC's CSV exports): one line, `YYYY-MM-DD`, written by `suite lists import
/// --published`.
pub const STATED_DATE_FILE: &str = "published.txt";

/// The marker beside a list imported from the snapshot shipped with the suite
/// (`lists/snapshot.rs`); any later import of that list replaces its folder, marker included.
pub const SNAPSHOT_FILE: &str = "snapshot.txt";

/// Marks the list of `source` in `dir` as the shipped snapshot.
pub fn mark_snapshot(dir: &Path, source: Source) -> std::io::Result<()> {
    std::fs::write(
        dir.join(source.slug()).join(SNAPSHOT_FILE),
        "imported from the snapshot shipped with the suite; `suite lists refresh` replaces it\n",
    )
}

/// Whether the list of `source` in `dir` is the shipped snapshot.
pub fn is_snapshot(dir: &Path, source: Source) -> bool {
    dir.join(source.slug()).join(SNAPSHOT_FILE).is_file()
}

/// The publication date stated beside the list at `found` (in its folder), if any.
pub fn stated_date(found: &Found) -> Result<Option<chrono::DateTime<chrono::Utc>>, LoadError> {
    let folder = match found {
        Found::OfacCsv { dir, .. } => dir.as_path(),
        Found::Xml { file, .. } => file.parent().unwrap_or(Path::new(".")),
    };
    let Some(path) = file_in(folder, STATED_DATE_FILE) else {
        return Ok(None);
    };
    let text = String::from_utf8(read(&path)?)
        .map_err(|_| LoadError::new(format!("{}: not UTF-8", path.display())))?;
    parse_stated_date(text.trim())
        .map(Some)
        .map_err(|e| LoadError::new(format!("{}: {e}", path.display())))
}

/// A stated publication date: `YYYY-MM-DD`, not after today (UTC), as midnight UTC.
pub fn parse_stated_date(text: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    let date = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| format!("publication date {text:?} is not YYYY-MM-DD"))?;
    if date > chrono::Utc::now().date_naive() {
        return Err(format!("publication date {text} is in the future"));
    }
    Ok(date
        .and_hms_opt(0, 0, 0)
        .map(|d| d.and_utc())
        .unwrap_or_default())
}

/// Loads a found list; a list without its own publication date takes the one stated
/// beside it ([`STATED_DATE_FILE`]).
pub fn load(found: &Found) -> Result<ListFile, LoadError> {
    let mut list = load_file(found)?;
    if list.published_at.is_none() {
        list.published_at = stated_date(found)?;
    }
    Ok(list)
}

fn load_file(found: &Found) -> Result<ListFile, LoadError> {
    match found {
        Found::OfacCsv { source, dir } => {
            let [main, alt, add, comments] = ofac_csv::file_names(*source);
            let optional = |name: &str| file_in(dir, name).map(|p| read(&p)).transpose();
            let main_path = file_in(dir, main)
                .ok_or_else(|| LoadError::new(format!("{}: no {main}", dir.display())))?;
            let files = ofac_csv::CsvFiles {
                main: read(&main_path)?,
                alt: optional(alt)?,
                add: optional(add)?,
                comments: optional(comments)?,
            };
            ofac_csv::load(*source, &files)
        }
        Found::Xml { source, file } => {
            let bytes = read(file)?;
            match source {
                Source::OfacSdn | Source::OfacConsolidated => ofac_xml::load(*source, &bytes),
                Source::UnConsolidated => un_xml::load(&bytes),
                Source::EuConsolidated => eu_xml::load(&bytes),
            }
        }
    }
    .map_err(|e| LoadError::new(format!("{}: {e}", found.path().display())))
}

/// Every list in `dir` and its sub-folders (one level), in a stable order. Hidden entries
/// (import's temporary folders) are skipped.
pub fn discover(dir: &Path) -> Vec<Found> {
    let mut found = Vec::new();
    let visit = |path: &Path, found: &mut Vec<Found>| {
        if let Ok(Some(f)) = identify(path)
            && !found.contains(&f)
        {
            found.push(f);
        }
    };
    let children = |dir: &Path| -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        paths.retain(|p| {
            !p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'))
        });
        paths.sort();
        paths
    };
    visit(dir, &mut found);
    for child in children(dir) {
        if child.is_dir() {
            let before = found.len();
            visit(&child, &mut found);
            if found.len() == before {
                for grandchild in children(&child) {
                    visit(&grandchild, &mut found);
                }
            }
        } else {
            visit(&child, &mut found);
        }
    }
    found
}

/// A cheap fingerprint of the list directory: names, sizes and modification times.
pub fn fingerprint(dir: &Path) -> String {
    let mut parts = Vec::new();
    for found in discover(dir) {
        let files: Vec<PathBuf> = match &found {
            Found::OfacCsv { dir, .. } => std::fs::read_dir(dir)
                .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
                .unwrap_or_default(),
            Found::Xml { file, .. } => vec![file.clone()],
        };
        for file in files {
            if let Ok(meta) = std::fs::metadata(&file) {
                let modified = meta
                    .modified()
                    .ok()
                    .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                parts.push(format!("{}:{}:{modified}", file.display(), meta.len()));
            }
        }
    }
    parts.sort();
    parts.join("|")
}

/// Loads every list in `dir`; files that fail are reported and skipped.
pub fn load_dir(dir: &Path) -> (Vec<ListFile>, Vec<String>) {
    let mut lists = Vec::new();
    let mut problems = Vec::new();
    for found in discover(dir) {
        match load(&found) {
            Ok(list) => lists.push(list),
            Err(e) => problems.push(e.to_string()),
        }
    }
    (lists, problems)
}

/// The current lists, swapped atomically on reload.
#[derive(Debug)]
pub struct ListStore {
    dir: PathBuf,
    current: RwLock<Arc<Index>>,
    fingerprint: Mutex<String>,
}

/// What a reload did.
#[derive(Debug, Clone)]
pub struct Reloaded {
    pub lists: usize,
    pub entries: usize,
    pub problems: Vec<String>,
}

impl ListStore {
    /// A store over `dir`, loaded now.
    pub fn open(dir: PathBuf) -> (ListStore, Reloaded) {
        let store = ListStore {
            dir,
            current: RwLock::new(Arc::new(Index::default())),
            fingerprint: Mutex::new(String::new()),
        };
        let outcome = store.reload();
        (store, outcome)
    }

    /// A store holding `index` (tests, benchmarks).
    pub fn with_index(dir: PathBuf, index: Index) -> ListStore {
        ListStore {
            dir,
            current: RwLock::new(Arc::new(index)),
            fingerprint: Mutex::new(String::new()),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The lists in force; hold the `Arc` for the whole screening.
    pub fn snapshot(&self) -> Arc<Index> {
        match self.current.read() {
            Ok(guard) => Arc::clone(&guard),
            Err(poisoned) => Arc::clone(&poisoned.into_inner()),
        }
    }

    /// Replaces the lists in force with `index`, in one step.
    pub fn swap(&self, index: Index) {
        let index = Arc::new(index);
        match self.current.write() {
            Ok(mut guard) => *guard = index,
            Err(poisoned) => *poisoned.into_inner() = index,
        }
    }

    /// Loads the directory again and swaps. Lists that fail to load are skipped and
    /// reported; if nothing loads while lists were in force, the old ones stay.
    pub fn reload(&self) -> Reloaded {
        let print = fingerprint(&self.dir);
        let (lists, problems) = load_dir(&self.dir);
        let outcome = Reloaded {
            lists: lists.len(),
            entries: lists.iter().map(|l| l.entries.len()).sum(),
            problems,
        };
        if lists.is_empty() && !self.snapshot().lists.is_empty() && !outcome.problems.is_empty() {
            return outcome;
        }
        self.swap(Index::build(lists));
        if let Ok(mut f) = self.fingerprint.lock() {
            *f = print;
        }
        outcome
    }

    /// Reloads when the directory changed since the last load.
    pub fn reload_if_changed(&self) -> Option<Reloaded> {
        let print = fingerprint(&self.dir);
        let same = self
            .fingerprint
            .lock()
            .map(|f| *f == print)
            .unwrap_or(false);
        (!same).then(|| self.reload())
    }
}

/// Validates the list at `path` and copies it into `dir` under its source's folder,
/// replacing the previous version of that source in one rename. `published` states the
/// publication date of a list whose file carries none (it is kept beside the list); a list
/// that carries its own date keeps it.
pub fn import(
    path: &Path,
    dir: &Path,
    published: Option<chrono::DateTime<chrono::Utc>>,
) -> Result<ListFile, LoadError> {
    let found = identify(path)?.ok_or_else(|| {
        LoadError::new(format!(
            "{}: not a list this server reads (an OFAC CSV folder or sdn.csv/cons_prim.csv, SDN.XML, the UN consolidated XML or an EU FSF XML)",
            path.display()
        ))
    })?;
    let mut list = load_file(&found)?;
    let stated = match published {
        Some(date) if list.published_at.is_none() => {
            list.published_at = Some(date);
            Some(date)
        }
        _ => None,
    };
    if list.entries.is_empty() {
        return Err(LoadError::new(format!(
            "{}: the list has no entries",
            path.display()
        )));
    }
    let io = |e: std::io::Error| LoadError::new(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let slug = list.source.slug();
    let stamp = std::process::id();
    let tmp = dir.join(format!(".import-{slug}-{stamp}"));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(io)?;
    match &found {
        Found::OfacCsv { source, dir: from } => {
            for name in ofac_csv::file_names(*source) {
                if let Some(file) = file_in(from, name) {
                    std::fs::copy(&file, tmp.join(name)).map_err(io)?;
                }
            }
        }
        Found::Xml { file, .. } => {
            let name = match list.source {
                Source::OfacConsolidated => "cons.xml",
                Source::OfacSdn => "sdn.xml",
                Source::UnConsolidated => "consolidated.xml",
                Source::EuConsolidated => "eu-fsf.xml",
            };
            std::fs::copy(file, tmp.join(name)).map_err(io)?;
        }
    }
    if let Some(date) = stated {
        std::fs::write(
            tmp.join(STATED_DATE_FILE),
            format!("{}\n", date.format("%Y-%m-%d")),
        )
        .map_err(io)?;
    }
    let target = dir.join(slug);
    let old = dir.join(format!(".old-{slug}-{stamp}"));
    if target.exists() {
        std::fs::rename(&target, &old).map_err(io)?;
    }
    std::fs::rename(&tmp, &target).map_err(io)?;
    let _ = std::fs::remove_dir_all(&old);
    Ok(list)
}

/// Where each list is published.
pub fn official_urls(source: Source) -> &'static [&'static str] {
    match source {
        Source::OfacSdn => &[
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ALT.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADD.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_COMMENTS.CSV",
        ],
        Source::OfacConsolidated => &[
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_PRIM.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_ALT.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_ADD.CSV",
            "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_COMMENTS.CSV",
        ],
        Source::UnConsolidated => &["https://scsanctions.un.org/resources/xml/en/consolidated.xml"],
        Source::EuConsolidated => &[
            "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
        ],
    }
}

/// The local file name a downloaded URL is stored under before import.
pub fn download_name(source: Source, url: &str) -> String {
    match source {
        Source::OfacSdn | Source::OfacConsolidated => url
            .rsplit('/')
            .next()
            .unwrap_or("list.csv")
            .to_ascii_lowercase(),
        Source::UnConsolidated => "consolidated.xml".to_owned(),
        Source::EuConsolidated => "eu-fsf.xml".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real_lists::{data_dir, fixtures_dir as fixtures};

    #[test]
    fn identifies_xml_formats() {
        let eu = identify(&fixtures().join("eu_fsf_sample.xml")).expect("reads");
        assert_eq!(eu.map(|f| f.source()), Some(Source::EuConsolidated));
        let sdn = identify(&fixtures().join("ofac_sdn_sample.xml")).expect("reads");
        assert_eq!(sdn.map(|f| f.source()), Some(Source::OfacSdn));
    }

    #[test]
    fn a_stated_publication_date_applies_only_to_lists_without_one() {
        let dir = std::env::temp_dir().join(format!("suite-lists-date-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let ofac = data_dir().join("ofac-sdn-sample-2025");
        let date = parse_stated_date("2025-03-14").expect("a date");
        // Without --published, the OFAC CSV export has no date.
        let list = import(&ofac, &dir, None).expect("imports");
        assert_eq!(list.published_at, None);
        let (store, _) = ListStore::open(dir.clone());
        assert_eq!(store.snapshot().lists[0].published_at, None);
        // With it, the date is kept beside the list and every load reads it.
        let list = import(&ofac, &dir, Some(date)).expect("imports");
        assert_eq!(list.published_at, Some(date));
        assert!(dir.join("ofac-sdn").join(STATED_DATE_FILE).is_file());
        assert_eq!(store.reload().lists, 1);
        assert_eq!(store.snapshot().lists[0].published_at, Some(date));
        // A list that states its own date keeps it.
        let eu = import(&fixtures().join("eu_fsf_sample.xml"), &dir, Some(date)).expect("EU");
        assert_eq!(
            eu.published_at.map(|d| d.to_rfc3339()),
            Some("2025-06-30T15:05:41.279+00:00".to_owned())
        );
        assert!(!dir.join("eu").join(STATED_DATE_FILE).exists());
        // Importing again without a date forgets the stated one.
        import(&ofac, &dir, None).expect("imports");
        store.reload();
        let ofac_version = store
            .snapshot()
            .lists
            .iter()
            .find(|l| l.source == Source::OfacSdn)
            .map(|l| l.published_at);
        assert_eq!(ofac_version, Some(None));
        assert!(parse_stated_date("2025-02-30").is_err());
        assert!(parse_stated_date("14/03/2025").is_err());
        assert!(parse_stated_date("2999-01-01").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn import_replaces_atomically_and_swap_is_whole() {
        let dir = std::env::temp_dir().join(format!("suite-lists-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let list = import(&fixtures().join("eu_fsf_sample.xml"), &dir, None).expect("imports");
        assert_eq!(list.entries.len(), 3);
        // Again: the previous version is replaced, not duplicated.
        import(&fixtures().join("eu_fsf_sample.xml"), &dir, None).expect("imports again");
        import(&fixtures().join("ofac_sdn_sample.xml"), &dir, None).expect("imports SDN XML");
        let found = discover(&dir);
        assert_eq!(found.len(), 2, "{found:?}");
        let (store, outcome) = ListStore::open(dir.clone());
        assert_eq!(outcome.lists, 2);
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        let before = store.snapshot();
        assert_eq!(before.entries.len(), 6);
        assert!(store.reload_if_changed().is_none());
        store.swap(Index::default());
        // The old snapshot is still whole for whoever holds it.
        assert_eq!(before.entries.len(), 6);
        assert!(store.snapshot().entries.is_empty());
        assert!(import(&fixtures().join("nothing.xml"), &dir, None).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
