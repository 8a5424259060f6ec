//! The dated snapshot of the official lists shipped inside the binary (OFAC SDN and
//! Consolidated, UN; public domain, gzip-compressed in `src/snapshot/`), imported on
//! first start when the official files cannot be downloaded, so the API answers out of the
//! box. An imported snapshot is marked beside its list (`store::SNAPSHOT_FILE`); the server
//! warns about it at every start, and `suite lists info` shows it, until a refresh or an
//! import replaces it.

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use anyhow::{Context, Result};

use crate::model::ListFile;
use crate::store;

/// One list of the snapshot: its folder name and its files (name, gzip bytes).
struct SnapshotList {
    folder: &'static str,
    files: &'static [(&'static str, &'static [u8])],
    /// `published.txt`: the date the files do not state themselves (OFAC's CSV exports).
    published: Option<&'static str>,
}

const SNAPSHOT: &[SnapshotList] = &[
    SnapshotList {
        folder: "ofac-sdn",
        files: &[
            ("sdn.csv", include_bytes!("../snapshot/ofac-sdn/sdn.csv.gz")),
            ("alt.csv", include_bytes!("../snapshot/ofac-sdn/alt.csv.gz")),
            ("add.csv", include_bytes!("../snapshot/ofac-sdn/add.csv.gz")),
        ],
        published: Some(include_str!("../snapshot/ofac-sdn/published.txt")),
    },
    SnapshotList {
        folder: "ofac-cons",
        files: &[
            (
                "cons_prim.csv",
                include_bytes!("../snapshot/ofac-cons/cons_prim.csv.gz"),
            ),
            (
                "cons_alt.csv",
                include_bytes!("../snapshot/ofac-cons/cons_alt.csv.gz"),
            ),
            (
                "cons_add.csv",
                include_bytes!("../snapshot/ofac-cons/cons_add.csv.gz"),
            ),
            (
                "cons_comments.csv",
                include_bytes!("../snapshot/ofac-cons/cons_comments.csv.gz"),
            ),
        ],
        published: Some(include_str!("../snapshot/ofac-cons/published.txt")),
    },
    SnapshotList {
        folder: "un",
        files: &[(
            "consolidated.xml",
            include_bytes!("../snapshot/un/consolidated.xml.gz"),
        )],
        published: None,
    },
];

/// Imports every list of the snapshot into `dir` (validated like any import) and marks each
/// one as the snapshot.
pub fn import(dir: &Path) -> Result<Vec<ListFile>> {
    static IMPORTS: AtomicU32 = AtomicU32::new(0);
    let work = std::env::temp_dir().join(format!(
        "suite-lists-snapshot-{}-{}",
        std::process::id(),
        IMPORTS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&work);
    let imported = SNAPSHOT
        .iter()
        .map(|list| import_one(list, &work, dir))
        .collect();
    let _ = std::fs::remove_dir_all(&work);
    imported
}

fn import_one(list: &SnapshotList, work: &Path, dir: &Path) -> Result<ListFile> {
    let folder = work.join(list.folder);
    std::fs::create_dir_all(&folder).with_context(|| format!("creating {}", folder.display()))?;
    for (name, gzip) in list.files {
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(*gzip)
            .read_to_end(&mut bytes)
            .with_context(|| format!("decompressing the snapshot's {}/{name}", list.folder))?;
        std::fs::write(folder.join(name), bytes)?;
    }
    let published = list
        .published
        .map(|date| store::parse_stated_date(date.trim()).map_err(anyhow::Error::msg))
        .transpose()?;
    // An XML list is imported as its file, an OFAC CSV export as its folder.
    let path = match list.files {
        [(name, _)] if name.ends_with(".xml") => folder.join(name),
        _ => folder.clone(),
    };
    let imported = store::import(&path, dir, published)
        .map_err(|e| anyhow::anyhow!("the snapshot's {} list: {e}", list.folder))?;
    store::mark_snapshot(dir, imported.source)?;
    Ok(imported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snapshot_imports_three_dated_lists_marked_as_the_snapshot() {
        let dir = std::env::temp_dir().join(format!("suite-snapshot-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let lists = import(&dir).expect("the snapshot imports");
        assert_eq!(lists.len(), 3);
        for list in &lists {
            assert!(
                list.entries.len() > 400,
                "{:?}: {}",
                list.source,
                list.entries.len()
            );
            assert!(list.published_at.is_some(), "{:?} is dated", list.source);
            assert!(
                store::is_snapshot(&dir, list.source),
                "{:?} is marked",
                list.source
            );
        }
        // A real import of a list replaces its snapshot, marker included.
        let sdn = lists[0].source;
        let folder = dir.join(sdn.slug());
        store::import(&folder, &dir.join("again"), None).expect("re-imports");
        assert!(!store::is_snapshot(&dir.join("again"), sdn));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
