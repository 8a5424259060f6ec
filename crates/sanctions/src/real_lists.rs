//! The real lists of `../shared/data/sanctions/` (read in place, never copied) and the small
//! list files kept in the repository, for the loaders' tests here and the benchmark crate's
//! evaluation test.

use std::path::PathBuf;

use crate::model::ListFile;
use crate::store;

/// The directory of the real lists; fails the test when they are missing.
pub fn data_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sanctions");
    assert!(
        dir.join("un/consolidated.xml").is_file(),
        "the real sanctions lists are missing: expected them in {} (the repository's sibling shared/data/sanctions)",
        dir.display()
    );
    dir
}

/// The small list files kept in the repository for tests.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/fixtures")
}

/// The list file at `relative` in the real lists' directory, loaded.
pub fn load(relative: &str) -> ListFile {
    let path = data_dir().join(relative);
    let found = store::identify(&path)
        .expect("readable")
        .unwrap_or_else(|| panic!("{} is not recognized as a list", path.display()));
    store::load(&found).unwrap_or_else(|e| panic!("{e}"))
}
