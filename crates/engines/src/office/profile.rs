//! The worker's LibreOffice profile: a fresh `registrymodifications.xcu` in the private home
//! the pool gives each worker, written before LibreOfficeKit starts. It turns off everything
//! that would load or run something the document points at, and makes HTML open in Writer.

use std::path::{Path, PathBuf};

/// Settings, as `(path, property, value)`.
const SETTINGS: &[(&str, &str, &str)] = &[
    // Never update links (sections, OLE, DDE, linked graphics) when loading (0 = never).
    ("/org.openoffice.Office.Writer/Content/Update", "Link", "0"),
    (
        "/org.openoffice.Office.WriterWeb/Content/Update",
        "Link",
        "0",
    ),
    // No macros, ever; no linked content from documents of untrusted origin.
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "MacroSecurityLevel",
        "3",
    ),
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "DisableMacrosExecution",
        "true",
    ),
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "BlockUntrustedRefererLinks",
        "true",
    ),
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "ExecutePlugins",
        "false",
    ),
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "OfficeBasic",
        "0",
    ),
    // No autosave or recovery files.
    (
        "/org.openoffice.Office.Recovery/RecoveryInfo",
        "Enabled",
        "false",
    ),
    (
        "/org.openoffice.Office.Common/Save/Document",
        "AutoSave",
        "false",
    ),
    // HTML type detection always picks the filter named "HTML"; giving that filter
    // Writer's document service makes HTML load as a Writer document, not Writer/Web.
    (
        "/org.openoffice.TypeDetection.Filter/Filters/org.openoffice.TypeDetection.Filter:Filter['HTML']",
        "DocumentService",
        "com.sun.star.text.TextDocument",
    ),
];

/// Where LibreOffice looks for the user profile of a process whose `HOME` is `home`.
pub fn user_dir(home: &Path) -> PathBuf {
    home.join(".config/libreoffice/4/user")
}

/// Writes the profile's settings below `home`.
pub fn write(home: &Path) -> std::io::Result<()> {
    let dir = user_dir(home);
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("registrymodifications.xcu"), xcu())
}

fn xcu() -> String {
    let mut xcu = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<oor:items \
         xmlns:oor=\"http://openoffice.org/2001/registry\" \
         xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" \
         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
    );
    for (path, property, value) in SETTINGS {
        xcu.push_str(&format!(
            "<item oor:path=\"{path}\"><prop oor:name=\"{property}\" oor:op=\"fuse\">\
             <value>{value}</value></prop></item>\n"
        ));
    }
    xcu.push_str("</oor:items>\n");
    xcu
}
