//! Zip packages (DOCX, ODT) read without trusting them and written back: sizes are measured
//! while inflating, never taken from the archive's headers, so a zip bomb stops at the limit;
//! duplicate names and encrypted entries are refused; what is written is a fresh archive, so
//! tricks that make zip readers disagree (prepended data, lying headers) go no further. The
//! document template engine and the LibreOffice sanitizer both read uploads through this.

use std::io::{Cursor, Read, Write};

use zip::result::ZipError;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// What an uploaded archive may expand to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Entries (files and folders) in the archive.
    pub max_entries: usize,
    /// Bytes all entries inflate to, together.
    pub max_total_uncompressed: u64,
    /// How many times its compressed size an entry over [`RATIO_FLOOR`] may inflate to.
    pub max_ratio: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_entries: 2_000,
            max_total_uncompressed: 100 * 1024 * 1024,
            max_ratio: 200,
        }
    }
}

/// Entries up to this size are not held to the ratio (XML compresses very well).
pub const RATIO_FLOOR: u64 = 1024 * 1024;

/// One archive member, inflated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub data: Vec<u8>,
    pub is_dir: bool,
}

/// Why an archive was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not a zip archive at all.
    NotZip(String),
    /// Over a limit.
    TooLarge(String),
    /// A zip that cannot be read: corrupt, encrypted, names repeated.
    Unreadable(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotZip(m) | Refusal::TooLarge(m) | Refusal::Unreadable(m) => f.write_str(m),
        }
    }
}

/// Every entry of `bytes`, in archive order, inflated within `limits`.
pub fn read(bytes: &[u8], limits: Limits) -> Result<Vec<Entry>, Refusal> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        if bytes.starts_with(b"PK") {
            Refusal::Unreadable(format!("the zip archive is unreadable ({e})"))
        } else {
            Refusal::NotZip("the file is not a zip archive".into())
        }
    })?;
    if archive.len() > limits.max_entries {
        return Err(Refusal::TooLarge(format!(
            "the archive has {} entries; at most {} are accepted",
            archive.len(),
            limits.max_entries
        )));
    }
    if archive.has_duplicate_names() {
        return Err(Refusal::Unreadable(
            "the archive names an entry twice".into(),
        ));
    }
    let mut entries = Vec::with_capacity(archive.len());
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let mut file = archive.by_index(index).map_err(entry_error)?;
        if file.encrypted() {
            return Err(Refusal::Unreadable("the archive is encrypted".into()));
        }
        let name = file
            .name()
            .map_err(|_| Refusal::Unreadable("an entry name is not valid".into()))?
            .into_owned();
        if name.contains('\0') {
            return Err(Refusal::Unreadable("an entry name is not valid".into()));
        }
        let is_dir = file.is_dir();
        let remaining = limits.max_total_uncompressed.saturating_sub(total);
        let ratio_cap = file
            .compressed_size()
            .max(1)
            .saturating_mul(limits.max_ratio)
            .max(RATIO_FLOOR);
        let cap = remaining.min(ratio_cap);
        let mut data = Vec::new();
        // One byte past the cap is enough to know the cap is exceeded.
        (&mut file)
            .take(cap.saturating_add(1))
            .read_to_end(&mut data)
            .map_err(|e| Refusal::Unreadable(format!("an entry could not be inflated ({e})")))?;
        let size = data.len() as u64;
        if size > cap {
            let shown: String = name.chars().take(100).collect();
            return Err(Refusal::TooLarge(if cap == remaining {
                format!(
                    "the archive inflates to more than {} MiB",
                    limits.max_total_uncompressed / (1024 * 1024)
                )
            } else {
                format!(
                    "the entry {shown:?} expands more than {}:1 (the limit against zip bombs)",
                    limits.max_ratio
                )
            }));
        }
        total += size;
        entries.push(Entry { name, data, is_dir });
    }
    Ok(entries)
}

fn entry_error(e: ZipError) -> Refusal {
    match e {
        ZipError::UnsupportedArchive(m) if m.to_ascii_lowercase().contains("password") => {
            Refusal::Unreadable("the archive is encrypted".into())
        }
        ZipError::InvalidPassword => Refusal::Unreadable("the archive is encrypted".into()),
        other => Refusal::Unreadable(format!("an entry could not be read ({other})")),
    }
}

/// How the members of a written archive are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    /// Deflated (a document handed to a user).
    Deflated,
    /// Stored (a file only a local process reads: fast to write).
    Stored,
}

/// A new archive of `entries` in order, except that ODF's `mimetype` goes first and stored,
/// as the OpenDocument spec requires.
pub fn write<'a>(
    entries: impl IntoIterator<Item = &'a Entry>,
    packing: Packing,
) -> Result<Vec<u8>, Refusal> {
    let failed =
        |e: &dyn std::fmt::Display| Refusal::Unreadable(format!("writing the archive failed: {e}"));
    let mut entries: Vec<&Entry> = entries.into_iter().collect();
    if let Some(k) = entries.iter().position(|e| e.name == "mimetype") {
        let mimetype = entries.remove(k);
        entries.insert(0, mimetype);
    }
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let packed = match packing {
        Packing::Deflated => {
            SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)
        }
        Packing::Stored => stored,
    };
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for entry in entries {
        if entry.is_dir {
            zip.add_directory(entry.name.as_str(), stored)
                .map_err(|e| failed(&e))?;
            continue;
        }
        let options = if entry.name == "mimetype" {
            stored
        } else {
            packed
        };
        zip.start_file(entry.name.as_str(), options)
            .map_err(|e| failed(&e))?;
        zip.write_all(&entry.data).map_err(|e| failed(&e))?;
    }
    Ok(zip.finish().map_err(|e| failed(&e))?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archive(files: &[(&str, Vec<u8>)], method: CompressionMethod) -> Vec<u8> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        for (name, data) in files {
            zip.start_file(
                *name,
                SimpleFileOptions::default().compression_method(method),
            )
            .expect("start");
            zip.write_all(data).expect("write");
        }
        zip.finish().expect("finish").into_inner()
    }

    #[test]
    fn entries_round_trip_in_order_with_the_mimetype_first() {
        let bytes = archive(
            &[
                ("b.xml", b"<b/>".to_vec()),
                (
                    "mimetype",
                    b"application/vnd.oasis.opendocument.text".to_vec(),
                ),
                ("a/c.txt", b"c".to_vec()),
            ],
            CompressionMethod::Deflated,
        );
        let entries = read(&bytes, Limits::default()).expect("readable");
        let again = read(
            &write(&entries, Packing::Deflated).expect("written"),
            Limits::default(),
        )
        .expect("readable");
        let names: Vec<_> = again.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["mimetype", "b.xml", "a/c.txt"]);
        assert_eq!(again[1].data, b"<b/>");
    }

    #[test]
    fn bombs_crowds_and_garbage_are_refused() {
        let bomb = archive(&[("x", vec![0u8; 20 << 20])], CompressionMethod::Deflated);
        assert!(matches!(
            read(&bomb, Limits::default()),
            Err(Refusal::TooLarge(m)) if m.contains("\"x\" expands more than 200:1")
        ));
        let lenient = Limits {
            max_ratio: 1_000_000,
            max_total_uncompressed: 10 << 20,
            ..Limits::default()
        };
        assert!(matches!(
            read(&bomb, lenient),
            Err(Refusal::TooLarge(m)) if m.contains("more than 10 MiB")
        ));
        let many: Vec<(String, Vec<u8>)> = (0..2_001).map(|i| (format!("f{i}"), vec![])).collect();
        let many: Vec<(&str, Vec<u8>)> =
            many.iter().map(|(n, d)| (n.as_str(), d.clone())).collect();
        let many = archive(&many, CompressionMethod::Stored);
        assert!(matches!(
            read(&many, Limits::default()),
            Err(Refusal::TooLarge(_))
        ));
        assert!(matches!(
            read(b"not a zip at all", Limits::default()),
            Err(Refusal::NotZip(_))
        ));
        assert!(matches!(
            read(b"PK\x03\x04 broken", Limits::default()),
            Err(Refusal::Unreadable(_))
        ));
    }
}
