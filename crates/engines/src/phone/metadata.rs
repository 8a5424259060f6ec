//! libphonenumber's metadata as the `phonenumber` crate compiles it in, rebuilt into one
//! database per thread with a regex cache large enough for every pattern.

use std::cell::OnceCell;
use std::sync::LazyLock;

use phonenumber::metadata::{DATABASE, Database, Descriptor, Format, Metadata, loader};

/// Version of libphonenumber's metadata compiled into the `phonenumber` crate (its version's
/// build metadata, `0.3.10+9.0.33`). A test checks it against Cargo.lock.
pub const METADATA_VERSION: &str = "9.0.33";

/// Every metadata entry of the crate's database, as loader records. `DATABASE.iter()` keeps
/// one entry per region id, which loses all non-geographic entities (`001`) but one, so this
/// walks the calling codes instead.
static SOURCE: LazyLock<Vec<loader::Metadata>> = LazyLock::new(|| {
    (1u16..1000)
        .filter_map(|code| DATABASE.by_code(&code))
        .flatten()
        .map(to_loader)
        .collect()
});

/// Regex cache size per thread: above the number of distinct patterns in the metadata
/// (about 13,000), so nothing is ever evicted and recompiled.
const CACHE_CAPACITY: usize = 32_768;

thread_local! {
    static THREAD_DATABASE: OnceCell<Option<Database>> = const { OnceCell::new() };
}

/// Runs `f` with this thread's database (built on first use, about 0.1 s), or with the
/// crate's shared one if building failed.
pub(super) fn with_database<T>(f: impl FnOnce(&Database) -> T) -> T {
    THREAD_DATABASE.with(|cell| {
        let db = cell.get_or_init(|| {
            let db = Database::from(SOURCE.clone()).ok()?;
            if let Ok(mut cache) = db.cache().lock() {
                *cache = regex_cache::RegexCache::new(CACHE_CAPACITY);
            }
            Some(db)
        });
        f(db.as_ref().unwrap_or(&DATABASE))
    })
}

fn to_loader(meta: &Metadata) -> loader::Metadata {
    fn desc(d: Option<&Descriptor>) -> Option<loader::Descriptor> {
        d.map(|d| loader::Descriptor {
            national_number: Some(d.national_number().as_str().to_owned()),
            possible_length: d.possible_length().to_vec(),
            possible_local_length: d.possible_local_length().to_vec(),
            example: d.example().map(str::to_owned),
        })
    }
    fn format(f: &Format) -> loader::Format {
        loader::Format {
            pattern: Some(f.pattern().as_str().to_owned()),
            format: Some(f.format().to_owned()),
            leading_digits: f
                .leading_digits()
                .iter()
                .map(|r| r.as_str().to_owned())
                .collect(),
            national_prefix_formatting_rule: f.national_prefix().map(str::to_owned),
            national_prefix_optional_when_formatting: f.is_national_prefix_optional(),
            domestic_carrier: f.domestic_carrier().map(str::to_owned),
        }
    }
    let d = meta.descriptors();
    loader::Metadata {
        general: desc(Some(d.general())),
        fixed_line: desc(d.fixed_line()),
        mobile: desc(d.mobile()),
        toll_free: desc(d.toll_free()),
        premium_rate: desc(d.premium_rate()),
        shared_cost: desc(d.shared_cost()),
        personal_number: desc(d.personal_number()),
        voip: desc(d.voip()),
        pager: desc(d.pager()),
        uan: desc(d.uan()),
        emergency: desc(d.emergency()),
        voicemail: desc(d.voicemail()),
        short_code: desc(d.short_code()),
        standard_rate: desc(d.standard_rate()),
        carrier: desc(d.carrier()),
        no_international: desc(d.no_international()),
        id: Some(meta.id().to_owned()),
        country_code: Some(meta.country_code()),
        international_prefix: meta.international_prefix().map(|r| r.as_str().to_owned()),
        preferred_international_prefix: meta.preferred_international_prefix().map(str::to_owned),
        national_prefix: meta.national_prefix().map(str::to_owned),
        preferred_extension_prefix: meta.preferred_extension_prefix().map(str::to_owned),
        national_prefix_for_parsing: meta
            .national_prefix_for_parsing()
            .map(|r| r.as_str().to_owned()),
        national_prefix_transform_rule: meta.national_prefix_transform_rule().map(str::to_owned),
        formats: meta.formats().iter().map(format).collect(),
        international_formats: meta.international_formats().iter().map(format).collect(),
        main_country_for_code: meta.is_main_country_for_code(),
        leading_digits: meta.leading_digits().map(|r| r.as_str().to_owned()),
        mobile_number_portable: meta.is_mobile_number_portable(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_version_is_the_locked_crate_s() {
        let lock = include_str!("../../../../Cargo.lock");
        assert!(
            lock.contains(&format!(
                "name = \"phonenumber\"\nversion = \"0.3.10+{METADATA_VERSION}\""
            )),
            "Cargo.lock's phonenumber is not built on metadata {METADATA_VERSION}"
        );
    }

    /// The crate's shared database serialises every regex match through one mutex; each
    /// thread here has its own database, so no two threads ever wait on the same lock.
    #[test]
    fn no_two_threads_share_a_regex_cache_mutex() {
        use std::sync::Arc;
        let shared = DATABASE.cache();
        let mine = with_database(Database::cache);
        let theirs = std::thread::spawn(|| with_database(Database::cache))
            .join()
            .expect("thread");
        assert!(
            !Arc::ptr_eq(&mine, &shared),
            "this thread uses the shared database"
        );
        assert!(
            !Arc::ptr_eq(&theirs, &shared),
            "a new thread uses the shared database"
        );
        assert!(
            !Arc::ptr_eq(&mine, &theirs),
            "two threads share one database"
        );
        // Built once per thread, then reused.
        assert!(Arc::ptr_eq(&mine, &with_database(Database::cache)));
    }
}
