//! `cargo xtask test`'s `layering` step: engines stay free of HTTP. Every file under
//! `server/src/engines/`, and every file of an API folder (`server/src/<api>/`) but its HTTP
//! glue (`mod.rs`, `http.rs`, `http_tests.rs`, `wire.rs`) and its `tools/`, uses nothing from the
//! platform, the generated code or dropshot — so engines are tested without HTTP and can be
//! shared between APIs.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// Folders of `server/src/` that are not API folders.
const NOT_API_FOLDERS: &[&str] = &["platform", "generated", "engines"];

/// Folders of an API folder (or the portal's) that are HTTP glue or command-line tools: the
/// portal's pages and its database store speak HTTP and the platform by nature.
const GLUE_FOLDERS: &[&str] = &["tools", "pages", "store"];

/// Files of an API folder allowed to speak HTTP: its state and its wire glue (`wire.rs`: the
/// contract's types to and from the engines', when `http.rs` would be too long with them).
const GLUE_FILES: &[&str] = &["mod.rs", "http.rs", "http_tests.rs", "wire.rs"];

/// What an engine file may not name.
const FORBIDDEN: &[&str] = &[
    "crate::platform",
    "crate::generated",
    "crate::backend",
    "dropshot",
    "ApiError",
];

/// Fails naming every engine file that names something of the HTTP side, and the line.
pub fn check(root: &Path) -> Result<()> {
    let src = root.join("server/src");
    let mut engine_files = Vec::new();
    for entry in std::fs::read_dir(&src).with_context(|| format!("reading {}", src.display()))? {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if !path.is_dir() || name == "platform" || name == "generated" {
            continue;
        }
        let is_api = !NOT_API_FOLDERS.contains(&name);
        collect_engine_files(&path, is_api, &mut engine_files)?;
    }
    let mut violations = Vec::new();
    for file in &engine_files {
        let text =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        violations.extend(violations_in(&text).into_iter().map(|(line, word)| {
            format!(
                "{}:{line}: an engine file names `{word}`",
                file.strip_prefix(root).unwrap_or(file).display()
            )
        }));
    }
    if !violations.is_empty() {
        bail!(
            "engines must not use the platform, the generated code or dropshot (ARCHITECTURE.md, \
             \"Engines\"); move the wire conversion to the API's http.rs:\n{}",
            violations.join("\n")
        );
    }
    println!("{} engine files checked", engine_files.len());
    Ok(())
}

/// The `.rs` files below `dir` that are engine code; in an API folder, its glue files at the
/// top and its `tools/` are not.
fn collect_engine_files(dir: &Path, is_api: bool, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            if !(is_api && GLUE_FOLDERS.contains(&name)) {
                collect_engine_files(&path, false, out)?;
            }
        } else if name.ends_with(".rs") && !(is_api && GLUE_FILES.contains(&name)) {
            out.push(path);
        }
    }
    Ok(())
}

/// (line number, forbidden word) for each code line that names one; comments do not count.
fn violations_in(text: &str) -> Vec<(usize, &'static str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .flat_map(|(i, line)| {
            FORBIDDEN
                .iter()
                .filter(move |word| line.contains(*word))
                .map(move |word| (i + 1, *word))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_that_names_the_http_side_is_found_and_comments_are_not() {
        let text = "//! Not dropshot's business.\nuse crate::platform::ApiError;\nfn f() {}\n";
        assert_eq!(
            violations_in(text),
            [(2, "crate::platform"), (2, "ApiError")]
        );
    }

    #[test]
    fn glue_files_and_tools_are_exempt_in_api_folders_only() {
        let root = std::env::temp_dir().join(format!("layering-{}", std::process::id()));
        let api = root.join("server/src/someapi");
        let engines = root.join("server/src/engines");
        std::fs::create_dir_all(api.join("tools")).unwrap();
        std::fs::create_dir_all(&engines).unwrap();
        std::fs::write(api.join("mod.rs"), "use dropshot::HttpError;\n").unwrap();
        std::fs::write(api.join("http.rs"), "use crate::generated::types;\n").unwrap();
        std::fs::write(api.join("tools/cli.rs"), "use crate::platform::db;\n").unwrap();
        std::fs::write(api.join("engine.rs"), "fn pure() {}\n").unwrap();
        std::fs::write(engines.join("mod.rs"), "fn pure() {}\n").unwrap();
        assert!(check(&root).is_ok());

        std::fs::write(engines.join("mod.rs"), "use crate::platform::ApiError;\n").unwrap();
        let refused = check(&root).unwrap_err().to_string();
        assert!(refused.contains("server/src/engines/mod.rs:1"), "{refused}");
        std::fs::write(engines.join("mod.rs"), "fn pure() {}\n").unwrap();
        std::fs::write(api.join("engine.rs"), "fn f() -> dropshot::Body {}\n").unwrap();
        let refused = check(&root).unwrap_err().to_string();
        assert!(
            refused.contains("server/src/someapi/engine.rs:1"),
            "{refused}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
