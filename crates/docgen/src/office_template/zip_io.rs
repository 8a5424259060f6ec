//! The template's package read through the engines' zip reader (sizes measured while
//! inflating, so a zip bomb stops at the limit) and written back deflated, in the words of
//! template errors: an encrypted Word file (an OLE compound file) gets its own hint.

use super::OfficeTemplateError;
use suite_engines::zip_package::{self, Entry, Packing, Refusal};

pub use suite_engines::zip_package::Limits as ZipLimits;

/// How an OLE compound file starts: Word's encrypted documents and old `.doc` files.
const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Every entry of the zip, in archive order, inflated; folders have empty contents.
pub fn read_zip(
    bytes: &[u8],
    limits: ZipLimits,
) -> Result<Vec<(String, Vec<u8>)>, OfficeTemplateError> {
    let entries = zip_package::read(bytes, limits).map_err(|refusal| match refusal {
        Refusal::NotZip(_) if bytes.starts_with(OLE) => OfficeTemplateError::NotThatKind(
            "the file is an OLE compound file (a password-protected document or an old .doc), \
             not a zip; save it as an unprotected .docx or .odt"
                .into(),
        ),
        Refusal::NotZip(m) => OfficeTemplateError::NotThatKind(m),
        Refusal::TooLarge(m) => OfficeTemplateError::TooLarge(m),
        Refusal::Unreadable(m) => OfficeTemplateError::Corrupt(m),
    })?;
    Ok(entries.into_iter().map(|e| (e.name, e.data)).collect())
}

/// A zip of `entries` in order; ODF's `mimetype` goes first and stored, as the spec requires.
pub(crate) fn write_zip<'a>(
    entries: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Result<Vec<u8>, OfficeTemplateError> {
    let entries: Vec<Entry> = entries
        .into_iter()
        .map(|(name, data)| Entry {
            name: name.to_owned(),
            is_dir: name.ends_with('/') && data.is_empty(),
            data: data.to_vec(),
        })
        .collect();
    zip_package::write(&entries, Packing::Deflated)
        .map_err(|e| OfficeTemplateError::Corrupt(format!("writing the document failed: {e}")))
}
