//! Input sanitizing: before LibreOffice sees a document, everything in it that LibreOffice
//! could follow outside the document (linked images and templates, OLE and DDE links,
//! file-including fields, remote HTML resources, document scripts) is removed or pointed
//! nowhere. The worker's network namespace and profile settings are the second line; this
//! is the first, and the only one against local file reads.

mod docx;
mod html;
mod odt;
pub mod url;
mod xml;

use super::{Input, OfficeError};
use crate::zip_package::{self, Entry, Limits, Packing};

/// `bytes` (claimed to be `from`) made safe to load, as the bytes of the file LibreOffice
/// gets. Zip formats are read within the zip limits and rewritten from scratch (stored: the
/// archive only lives in the job's directory).
pub fn sanitize(bytes: &[u8], from: Input) -> Result<Vec<u8>, OfficeError> {
    match from {
        Input::Docx => rezip(bytes, docx::sanitize),
        Input::Odt => rezip(bytes, odt::sanitize),
        Input::Html => html::sanitize(bytes),
    }
}

fn rezip(
    bytes: &[u8],
    clean: fn(&mut [Entry]) -> Result<(), OfficeError>,
) -> Result<Vec<u8>, OfficeError> {
    let mut entries = zip_package::read(bytes, Limits::default())?;
    clean(&mut entries)?;
    Ok(zip_package::write(&entries, Packing::Stored)?)
}

/// Whether an entry name ends with `suffix`, ignoring ASCII case (OPC part names are
/// case-insensitive).
fn ends_with(name: &str, suffix: &str) -> bool {
    name.len() >= suffix.len()
        && name.as_bytes()[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
}
