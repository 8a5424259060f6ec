//! Reads DOCX/ODT archives under hard limits before anything else looks at them, and writes
//! the (sanitized) entries back into the fresh archive LibreOffice gets. Sizes are measured
//! while inflating, never taken from the archive's headers; because LibreOffice only ever
//! sees the archive written here, tricks that make zip readers disagree (duplicate names,
//! prepended data, lying headers) do not reach it.

use std::io::{Cursor, Read, Write};

use zip::result::ZipError;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::OfficeError;

/// Most entries an archive may have.
pub const MAX_ENTRIES: usize = 2_000;
/// Most bytes all entries may inflate to together.
pub const MAX_TOTAL: u64 = 100 * 1024 * 1024;
/// Entries inflating past this size are checked against [`MAX_RATIO`].
pub const RATIO_FLOOR: u64 = 1024 * 1024;
/// Highest inflated/compressed ratio for entries over [`RATIO_FLOOR`].
pub const MAX_RATIO: u64 = 200;

/// One archive member, inflated.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub data: Vec<u8>,
    pub is_dir: bool,
}

/// Inflates every entry of `bytes`, in archive order, within the limits.
pub fn read(bytes: &[u8]) -> Result<Vec<Entry>, OfficeError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| OfficeError::unreadable(format!("not a readable zip archive ({e})")))?;
    if archive.len() > MAX_ENTRIES {
        return Err(OfficeError::TooLarge(format!(
            "the archive has {} entries (at most {MAX_ENTRIES})",
            archive.len()
        )));
    }
    if archive.has_duplicate_names() {
        return Err(OfficeError::unreadable("the archive repeats an entry name"));
    }
    let mut entries = Vec::with_capacity(archive.len());
    let mut total: u64 = 0;
    let mut chunk = vec![0u8; 64 * 1024];
    for index in 0..archive.len() {
        let mut file = archive.by_index(index).map_err(entry_error)?;
        if file.encrypted() {
            return Err(OfficeError::unreadable("the archive is encrypted"));
        }
        let name = file
            .name()
            .map_err(|_| OfficeError::unreadable("an entry name is not valid"))?
            .into_owned();
        if name.contains('\0') {
            return Err(OfficeError::unreadable("an entry name is not valid"));
        }
        let is_dir = file.is_dir();
        let compressed = file.compressed_size().max(1);
        let mut data = Vec::new();
        // One byte past the remaining budget is enough to know the budget is exceeded.
        let mut limited = (&mut file).take(MAX_TOTAL - total + 1);
        loop {
            let n = match limited.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(OfficeError::unreadable(format!(
                        "an entry could not be inflated ({e})"
                    )));
                }
            };
            data.extend_from_slice(&chunk[..n]);
            let size = data.len() as u64;
            if total + size > MAX_TOTAL {
                return Err(OfficeError::TooLarge(format!(
                    "the archive inflates to more than {} MiB",
                    MAX_TOTAL / (1024 * 1024)
                )));
            }
            if size > RATIO_FLOOR && size > MAX_RATIO.saturating_mul(compressed) {
                let shown: String = name.chars().take(100).collect();
                return Err(OfficeError::TooLarge(format!(
                    "the entry {shown:?} expands more than {MAX_RATIO}:1 (the limit against zip \
                     bombs)"
                )));
            }
        }
        total += data.len() as u64;
        entries.push(Entry { name, data, is_dir });
    }
    Ok(entries)
}

fn entry_error(e: ZipError) -> OfficeError {
    match e {
        ZipError::UnsupportedArchive(m) if m.to_ascii_lowercase().contains("password") => {
            OfficeError::unreadable("the archive is encrypted")
        }
        ZipError::InvalidPassword => OfficeError::unreadable("the archive is encrypted"),
        other => OfficeError::unreadable(format!("an entry could not be read ({other})")),
    }
}

/// Writes `entries` into a new archive, in order, uncompressed (it only lives in the job's
/// temp dir; storing is fast and what ODF requires for `mimetype` anyway).
pub fn write(entries: &[Entry]) -> Result<Vec<u8>, OfficeError> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for entry in entries {
        if entry.is_dir {
            zip.add_directory(entry.name.as_str(), options)
                .map_err(OfficeError::failed)?;
        } else {
            zip.start_file(entry.name.as_str(), options)
                .map_err(OfficeError::failed)?;
            zip.write_all(&entry.data).map_err(OfficeError::failed)?;
        }
    }
    Ok(zip.finish().map_err(OfficeError::failed)?.into_inner())
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
    fn round_trips_entries_in_order() {
        let bytes = archive(
            &[("b.xml", b"<b/>".to_vec()), ("a/c.txt", b"c".to_vec())],
            CompressionMethod::Deflated,
        );
        let entries = read(&bytes).expect("readable");
        let names: Vec<_> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["b.xml", "a/c.txt"]);
        let again = read(&write(&entries).expect("written")).expect("readable");
        assert_eq!(again[0].data, b"<b/>");
    }

    #[test]
    fn refuses_bombs_and_garbage() {
        let bomb = archive(&[("x", vec![0u8; 20 << 20])], CompressionMethod::Deflated);
        assert!(matches!(read(&bomb), Err(OfficeError::TooLarge(_))));
        let many: Vec<(String, Vec<u8>)> = (0..MAX_ENTRIES + 1)
            .map(|i| (format!("f{i}"), vec![]))
            .collect();
        let many: Vec<(&str, Vec<u8>)> =
            many.iter().map(|(n, d)| (n.as_str(), d.clone())).collect();
        let many = archive(&many, CompressionMethod::Stored);
        assert!(matches!(read(&many), Err(OfficeError::TooLarge(_))));
        assert!(matches!(
            read(b"not a zip at all"),
            Err(OfficeError::Unreadable(_))
        ));
    }
}
