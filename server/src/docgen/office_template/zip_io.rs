//! Reading an uploaded zip without trusting it (sizes are measured while inflating, never
//! taken from the headers, so a zip bomb stops early) and writing the rendered package back.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::OfficeTemplateError;

/// What an uploaded zip may expand to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZipLimits {
    /// Entries (files and folders) in the archive.
    pub max_entries: usize,
    /// Bytes all entries inflate to, together.
    pub max_total_uncompressed: u64,
    /// How many times larger than its compressed size an entry over 1 MiB may inflate.
    pub max_ratio: u64,
}

impl Default for ZipLimits {
    fn default() -> ZipLimits {
        ZipLimits {
            max_entries: 2_000,
            max_total_uncompressed: 100 * 1024 * 1024,
            max_ratio: 200,
        }
    }
}

/// How an OLE compound file starts: Word's encrypted documents and old `.doc` files.
const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Entries up to this size are not held to `max_ratio` (XML of zeros compresses very well).
const RATIO_FREE: u64 = 1024 * 1024;

/// Every entry of the zip, in archive order, inflated; folders have empty contents.
pub fn read_zip(
    bytes: &[u8],
    limits: ZipLimits,
) -> Result<Vec<(String, Vec<u8>)>, OfficeTemplateError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        if bytes.starts_with(OLE) {
            OfficeTemplateError::NotThatKind(
                "the file is an OLE compound file (a password-protected document or an old \
                 .doc), not a zip; save it as an unprotected .docx or .odt"
                    .into(),
            )
        } else if bytes.starts_with(b"PK") {
            OfficeTemplateError::Corrupt(format!("the zip archive is unreadable: {e}"))
        } else {
            OfficeTemplateError::NotThatKind("the file is not a zip archive".into())
        }
    })?;
    if archive.len() > limits.max_entries {
        return Err(OfficeTemplateError::TooLarge(format!(
            "the archive has {} entries; at most {} are accepted",
            archive.len(),
            limits.max_entries
        )));
    }
    if archive.has_duplicate_names() {
        return Err(OfficeTemplateError::Corrupt(
            "the archive names an entry twice".into(),
        ));
    }
    let corrupt = |name: &str, e: &dyn std::fmt::Display| {
        OfficeTemplateError::Corrupt(format!("{name}: {e}"))
    };
    let mut total = 0u64;
    let mut out = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let entry = archive
            .by_index_data(index)
            .map_err(|e| corrupt("the archive", &e))?;
        let name = entry
            .name()
            .map_err(|e| corrupt("an entry name", &e))?
            .into_owned();
        if entry.encrypted() {
            return Err(OfficeTemplateError::Corrupt(format!("{name} is encrypted")));
        }
        let remaining = limits.max_total_uncompressed.saturating_sub(total);
        let ratio_cap = entry
            .compressed_size()
            .saturating_mul(limits.max_ratio)
            .max(RATIO_FREE);
        let cap = remaining.min(ratio_cap);
        let mut file = archive.by_index(index).map_err(|e| corrupt(&name, &e))?;
        let mut contents = Vec::new();
        (&mut file)
            .take(cap.saturating_add(1))
            .read_to_end(&mut contents)
            .map_err(|e| corrupt(&name, &e))?;
        let size = contents.len() as u64;
        if size > cap {
            return Err(OfficeTemplateError::TooLarge(if cap == remaining {
                format!(
                    "the archive inflates to more than {} bytes",
                    limits.max_total_uncompressed
                )
            } else {
                format!(
                    "{name} inflates more than {} times its compressed size (a zip bomb?)",
                    limits.max_ratio
                )
            }));
        }
        total += size;
        out.push((name, contents));
    }
    Ok(out)
}

/// A zip of `entries` in order; ODF's `mimetype` goes first and stored, as the spec requires.
pub(crate) fn write_zip<'a>(
    entries: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<Vec<u8>, OfficeTemplateError> {
    let failed = |e: &dyn std::fmt::Display| {
        OfficeTemplateError::Corrupt(format!("writing the document failed: {e}"))
    };
    let mut entries: Vec<(&str, &[u8])> = entries.into_iter().collect();
    if let Some(k) = entries.iter().position(|(n, _)| *n == "mimetype") {
        let mimetype = entries.remove(k);
        entries.insert(0, mimetype);
    }
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, contents) in entries {
        if name.ends_with('/') && contents.is_empty() {
            zip.add_directory(name, stored).map_err(|e| failed(&e))?;
            continue;
        }
        let options = if name == "mimetype" { stored } else { deflated };
        zip.start_file(name, options).map_err(|e| failed(&e))?;
        zip.write_all(contents).map_err(|e| failed(&e))?;
    }
    Ok(zip.finish().map_err(|e| failed(&e))?.into_inner())
}
