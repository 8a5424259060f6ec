//! `cargo xtask test`'s `layering` step: what Cargo cannot express about the layers.
//!
//! Cargo refuses an import of a crate a package does not depend on, so the walls between
//! crates are kept by the `Cargo.toml` files; this step checks that those files keep the
//! layers (ARCHITECTURE.md), in both directions, from `cargo metadata`:
//! - down: what each crate may depend on (`ALLOWED`): engines (and PP-OCR's models, a crate
//!   of their own) on no suite crate and not on dropshot, the platform on the engines, an API
//!   on the engines and the platform only;
//! - up: who may depend on a crate (`DEPENDENTS`): an API only by the server, the benchmarks
//!   and the conformance suite, the benchmarks by nobody.
//!
//! Inside an API crate one rule is left that no crate boundary draws: its engine files (all
//! but the HTTP glue, `GLUE_FILES`) name nothing of the platform or dropshot, so they are
//! tested without HTTP.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The API crates: each may use the engines and the platform, never another API.
const APIS: &[&str] = &[
    "suite-validate",
    "suite-docgen",
    "suite-screenshot",
    "suite-finance",
    "suite-legal",
    "suite-pii",
    "suite-sanctions",
];

/// The suite's crates each layer may depend on (any kind of dependency), besides outside
/// crates; `None` for a crate whose every suite dependency is allowed.
fn allowed(package: &str) -> Option<&'static [&'static str]> {
    match package {
        "suite-ppocr" => Some(&[]),
        "suite-engines" => Some(&["suite-ppocr"]),
        "suite-platform" => Some(&["suite-engines"]),
        p if APIS.contains(&p) => Some(&["suite-engines", "suite-platform"]),
        _ => None,
    }
}

/// Outside crates a layer may not depend on: engines know nothing of HTTP serving.
fn forbidden_outside(package: &str) -> &'static [&'static str] {
    match package {
        "suite-engines" | "suite-ppocr" => &["dropshot"],
        _ => &[],
    }
}

/// The packages allowed to depend on `package`; `None` for any.
fn dependents(package: &str) -> Option<&'static [&'static str]> {
    match package {
        "suite-bench" => Some(&[]),
        p if APIS.contains(&p) => Some(&["suite-server", "suite-bench", "conformance"]),
        _ => None,
    }
}

/// Files of an API crate's `src/` allowed to speak HTTP: its state and its wire glue.
const GLUE_FILES: &[&str] = &["lib.rs", "http.rs", "http_tests.rs", "wire.rs"];

/// What an API crate's engine file may not name.
const FORBIDDEN_IN_ENGINE_FILES: &[&str] = &["suite_platform", "dropshot", "ApiError"];

/// Fails naming every dependency that breaks a layer and every API engine file that names the
/// HTTP side.
pub fn check(root: &Path) -> Result<()> {
    let graph = workspace_graph(root)?;
    let mut violations = graph_violations(&graph);
    for api in APIS {
        let src = root
            .join("crates")
            .join(api.trim_start_matches("suite-"))
            .join("src");
        let mut files = Vec::new();
        collect_engine_files(&src, true, &mut files)?;
        for file in &files {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            violations.extend(violations_in(&text).into_iter().map(|(line, word)| {
                format!(
                    "{}:{line}: an engine file of an API names `{word}` (move the wire \
                     conversion to the API's http.rs)",
                    file.strip_prefix(root).unwrap_or(file).display()
                )
            }));
        }
    }
    if !violations.is_empty() {
        bail!(
            "the layers are broken (ARCHITECTURE.md, \"Invariant\" lines):\n{}",
            violations.join("\n")
        );
    }
    println!(
        "{} workspace crates and their dependencies checked",
        graph.len()
    );
    Ok(())
}

/// Each workspace package and the names of everything it depends on (normal, dev and build).
fn workspace_graph(root: &Path) -> Result<BTreeMap<String, Vec<String>>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(root)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .output()
        .context("running cargo metadata")?;
    if !output.status.success() {
        bail!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).context("reading cargo metadata")?;
    let mut graph = BTreeMap::new();
    for package in metadata["packages"].as_array().into_iter().flatten() {
        let name = package["name"].as_str().unwrap_or_default().to_string();
        let deps = package["dependencies"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| d["name"].as_str().map(str::to_string))
            .collect();
        graph.insert(name, deps);
    }
    Ok(graph)
}

/// One line per dependency of `graph` that a layer forbids.
fn graph_violations(graph: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut violations = Vec::new();
    for (package, deps) in graph {
        for dep in deps {
            let is_suite = graph.contains_key(dep);
            if is_suite && allowed(package).is_some_and(|ok| !ok.contains(&dep.as_str())) {
                violations.push(format!(
                    "{package} depends on {dep}, a layer it may not use"
                ));
            }
            if forbidden_outside(package).contains(&dep.as_str()) {
                violations.push(format!("{package} depends on {dep}"));
            }
            let refused_by =
                dependents(dep).filter(|ok| is_suite && !ok.contains(&package.as_str()));
            if let Some(ok) = refused_by {
                let who = if ok.is_empty() {
                    "nothing".to_string()
                } else {
                    ok.join(", ")
                };
                violations.push(format!(
                    "{package} depends on {dep}, which only {who} may use"
                ));
            }
        }
    }
    violations
}

/// The `.rs` files below `dir` that are engine code; at the top of an API's `src/`, its glue
/// files are not.
fn collect_engine_files(dir: &Path, top: bool, out: &mut Vec<PathBuf>) -> Result<()> {
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            collect_engine_files(&path, false, out)?;
        } else if name.ends_with(".rs") && !(top && GLUE_FILES.contains(&name)) {
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
            FORBIDDEN_IN_ENGINE_FILES
                .iter()
                .filter(move |word| line.contains(*word))
                .map(move |word| (i + 1, *word))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        edges
            .iter()
            .map(|(p, deps)| (p.to_string(), deps.iter().map(|d| d.to_string()).collect()))
            .collect()
    }

    #[test]
    fn code_that_names_the_http_side_is_found_and_comments_are_not() {
        let text = "//! Not dropshot's business.\nuse suite_platform::ApiError;\nfn f() {}\n";
        assert_eq!(
            violations_in(text),
            [(2, "suite_platform"), (2, "ApiError")]
        );
    }

    #[test]
    fn the_layers_as_they_are_meant_pass() {
        let layers = graph(&[
            ("suite-engines", &["serde"]),
            ("suite-platform", &["suite-engines", "dropshot"]),
            (
                "suite-pii",
                &["suite-engines", "suite-platform", "dropshot"],
            ),
            ("suite-server", &["suite-pii", "suite-platform"]),
            ("suite-bench", &["suite-server", "suite-pii"]),
        ]);
        assert_eq!(graph_violations(&layers), Vec::<String>::new());
    }

    #[test]
    fn a_dependency_down_sideways_or_up_a_layer_is_refused() {
        let layers = graph(&[
            ("suite-engines", &["dropshot", "suite-platform"]),
            ("suite-platform", &["suite-engines"]),
            ("suite-finance", &["suite-pii"]),
            ("suite-pii", &["suite-engines"]),
            ("suite-server", &["suite-bench"]),
            ("suite-bench", &[]),
        ]);
        let found = graph_violations(&layers).join("\n");
        for expected in [
            "suite-engines depends on dropshot",
            "suite-engines depends on suite-platform, a layer it may not use",
            "suite-finance depends on suite-pii, a layer it may not use",
            "suite-finance depends on suite-pii, which only suite-server, suite-bench, conformance may use",
            "suite-server depends on suite-bench, which only nothing may use",
        ] {
            assert!(found.contains(expected), "{expected} missing in:\n{found}");
        }
    }

    #[test]
    fn glue_files_are_exempt_at_the_top_of_an_api_crate_only() {
        let root = std::env::temp_dir().join(format!("layering-{}", std::process::id()));
        let src = root.join("src");
        std::fs::create_dir_all(src.join("detect")).unwrap();
        std::fs::write(src.join("lib.rs"), "use dropshot::HttpError;\n").unwrap();
        std::fs::write(src.join("http.rs"), "use suite_platform::generated;\n").unwrap();
        std::fs::write(src.join("engine.rs"), "fn pure() {}\n").unwrap();
        std::fs::write(src.join("detect/http.rs"), "fn pure() {}\n").unwrap();
        let mut files = Vec::new();
        collect_engine_files(&src, true, &mut files).unwrap();
        files.sort();
        assert_eq!(files, [src.join("detect/http.rs"), src.join("engine.rs")]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
