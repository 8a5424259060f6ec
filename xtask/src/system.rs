//! Installs the system packages and tools the server and the tests need, once and non-interactively.
//!
//! Debian packages come from apt (`apt-get update` runs at most once per xtask run);
//! schemathesis, which Debian does not package at a usable version, goes into a virtualenv
//! under the target directory unless a 4.x one is already on `PATH`; PaddleOCR's models
//! and ONNX Runtime come from their PyPI wheels (`ppocr.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// The schemathesis release CI installs (the CLI flags in `schemathesis.rs` are checked against it).
pub const SCHEMATHESIS_VERSION: &str = "4.32.5";

/// Something the server or the tests need from the system, and the Debian packages providing it.
#[derive(Debug)]
pub struct Need {
    /// What it is, for messages.
    pub what: &'static str,
    /// Whether it is already there.
    pub present: fn() -> bool,
    /// Debian packages that provide it.
    pub packages: &'static [&'static str],
}

/// Tesseract's language data: every PII language's and the finance languages' (the
/// contract's `PiiLanguage` and `FinanceLanguage`), and `osd` for page orientation.
const TESSERACT_LANGUAGES: &[&str] = &[
    "eng", "spa", "fra", "deu", "ita", "por", "nld", "pol", "swe", "dan", "nor", "fin", "ces",
    "ron", "hun", "tur", "ell", "rus", "ukr", "ara", "heb", "hin", "chi_sim", "chi_tra", "jpn",
    "kor", "osd",
];

/// Where Debian's Tesseract 5 keeps its language data.
const TESSDATA: &str = "/usr/share/tesseract-ocr/5/tessdata";

/// What `suite serve` needs to build and run. The embedded SQLite database needs nothing;
/// engines that run real components add their packages here: Chromium and a CJK font for the
/// browser engine, LibreOffice's writer for the office workers, poppler for PDFs, DejaVu for
/// Arabic and Latin in documents, Tesseract with its language data for OCR (and, to build
/// the server, its headers and libclang for the bindings).
pub const SERVER_NEEDS: &[Need] = &[
    Need {
        what: "Tesseract and Leptonica headers, libclang and pkg-config (to build the OCR engine)",
        present: || {
            on_path("pkg-config").is_some()
                && Path::new("/usr/include/tesseract/baseapi.h").exists()
                && Path::new("/usr/include/leptonica/allheaders.h").exists()
                && std::fs::read_dir("/usr/lib").is_ok_and(|dirs| {
                    dirs.flatten().any(|d| {
                        d.file_name().to_string_lossy().starts_with("llvm-")
                            && d.path().join("lib").join("libclang.so").exists()
                    })
                })
        },
        packages: &[
            "libtesseract-dev",
            "libleptonica-dev",
            "libclang-dev",
            "pkg-config",
        ],
    },
    Need {
        what: "Tesseract with the language data of every OCR language",
        present: || {
            TESSERACT_LANGUAGES.iter().all(|l| {
                Path::new(TESSDATA)
                    .join(format!("{l}.traineddata"))
                    .exists()
            })
        },
        packages: &[
            "tesseract-ocr",
            "tesseract-ocr-eng",
            "tesseract-ocr-spa",
            "tesseract-ocr-fra",
            "tesseract-ocr-deu",
            "tesseract-ocr-ita",
            "tesseract-ocr-por",
            "tesseract-ocr-nld",
            "tesseract-ocr-pol",
            "tesseract-ocr-swe",
            "tesseract-ocr-dan",
            "tesseract-ocr-nor",
            "tesseract-ocr-fin",
            "tesseract-ocr-ces",
            "tesseract-ocr-ron",
            "tesseract-ocr-hun",
            "tesseract-ocr-tur",
            "tesseract-ocr-ell",
            "tesseract-ocr-rus",
            "tesseract-ocr-ukr",
            "tesseract-ocr-ara",
            "tesseract-ocr-heb",
            "tesseract-ocr-hin",
            "tesseract-ocr-chi-sim",
            "tesseract-ocr-chi-tra",
            "tesseract-ocr-jpn",
            "tesseract-ocr-kor",
            "tesseract-ocr-osd",
        ],
    },
    Need {
        what: "Chromium (the screenshot and document engines' browser)",
        present: || on_path("chromium").is_some(),
        packages: &["chromium"],
    },
    Need {
        what: "a CJK font for Chromium (Noto CJK)",
        present: || Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists(),
        packages: &["fonts-noto-cjk"],
    },
    Need {
        what: "kill(1), with which the browser engine ends Chromium when the server stops",
        present: || on_path("kill").is_some(),
        packages: &["procps"],
    },
    Need {
        what: "LibreOffice writer (the document engine's office workers)",
        present: || Path::new("/usr/lib/libreoffice/program/soffice.bin").exists(),
        packages: &["libreoffice-writer-nogui"],
    },
    Need {
        what: "poppler's pdfinfo, pdftotext and pdftohtml (the document engines' PDF readers)",
        present: || on_path("pdftohtml").is_some(),
        packages: &["poppler-utils"],
    },
    Need {
        what: "bubblewrap (the sandbox poppler and LibreOffice run in)",
        present: || on_path("bwrap").is_some(),
        packages: &["bubblewrap"],
    },
    Need {
        what: "DejaVu fonts (Arabic and Latin in generated documents)",
        present: || Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists(),
        packages: &["fonts-dejavu-core"],
    },
];

/// What the tests need on top of the server's needs: a PostgreSQL server for the second run
/// (the tests read PDFs with the server's poppler).
pub const TEST_NEEDS: &[Need] = &[
    Need {
        what: "PostgreSQL server (initdb)",
        present: || postgres_bin().is_some(),
        packages: &["postgresql"],
    },
    Need {
        what: "nginx (the front of deploy/nginx/suite.conf, tested with two replicas)",
        present: || Path::new("/usr/sbin/nginx").exists() || on_path("nginx").is_some(),
        packages: &["nginx"],
    },
    Need {
        what: "slowhttptest (slow-client attacks against the server)",
        present: || on_path("slowhttptest").is_some(),
        packages: &["slowhttptest"],
    },
];

/// What `cargo xtask bench` needs: wrk, the load generator.
pub const BENCH_NEEDS: &[Need] = &[Need {
    what: "wrk (HTTP load generator)",
    present: || on_path("wrk").is_some(),
    packages: &["wrk"],
}];

/// The peers `cargo xtask bench docgen` measures the document API against (Debian's builds).
pub const DOCGEN_BENCH_NEEDS: &[Need] = &[
    Need {
        what: "WeasyPrint (HTML to PDF peer)",
        present: || on_path("weasyprint").is_some(),
        packages: &["weasyprint"],
    },
    Need {
        what: "wkhtmltopdf (HTML to PDF peer)",
        present: || on_path("wkhtmltopdf").is_some(),
        packages: &["wkhtmltopdf"],
    },
];

/// Installs what the benchmarks need.
pub fn ensure_bench_deps() -> Result<()> {
    Apt::default().ensure(BENCH_NEEDS)
}

/// Installs the document benchmark's peers.
pub fn ensure_docgen_bench_deps() -> Result<()> {
    Apt::default().ensure(DOCGEN_BENCH_NEEDS)
}

/// Tools the test run found or installed.
#[derive(Debug)]
pub struct TestTools {
    /// Directory holding `initdb`, `pg_ctl` and `pg_isready`.
    pub pg_bin: PathBuf,
    /// The schemathesis executable.
    pub schemathesis: PathBuf,
}

/// Installs what the server needs to run, and creates the user its helpers run as.
pub fn ensure_server_deps() -> Result<()> {
    ensure_server(&mut Apt::default())
}

/// What the server needs, through `apt` (which `cargo xtask test` goes on using).
fn ensure_server(apt: &mut Apt) -> Result<()> {
    apt.ensure(SERVER_NEEDS)?;
    crate::ppocr::ensure(&std::env::temp_dir(), &mut || pip(apt))?;
    ensure_sandbox_user()
}

/// `python3 -m pip`, installing Debian's pip first when it is missing (it only downloads:
/// nothing is installed into the system's Python).
fn pip(apt: &mut Apt) -> Result<Command> {
    let works = || {
        Command::new("python3")
            .args(["-m", "pip", "--version"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !works() {
        println!("missing: pip -> installing python3-pip");
        apt.install(&["python3-pip"])?;
        if !works() {
            bail!("python3 -m pip does not run after installing python3-pip");
        }
    }
    let mut command = Command::new("python3");
    command.args(["-m", "pip"]);
    Ok(command)
}

/// The suite's unprivileged system user: a root server runs Chromium, poppler and
/// LibreOffice as it (`crates/engines/src/sandbox/identity.rs` names it too, and refuses to
/// start without it).
const SANDBOX_USER: &str = "suite-sandbox";

/// The unprivileged user `cargo xtask test` starts its external server as when it runs as
/// root (`conformance.rs`): the suite must pass with a server that is not root.
pub const TEST_SERVER_USER: &str = "suite-test-server";

/// Creates the sandbox user unless it exists.
fn ensure_sandbox_user() -> Result<()> {
    ensure_system_user(SANDBOX_USER, "the sandbox user")
}

/// Creates `name` unless it exists: a system user with no home, no shell and no password
/// (`useradd` is in Debian's essential `passwd` package).
fn ensure_system_user(name: &str, what: &str) -> Result<()> {
    if user_ids(name).is_ok() {
        return Ok(());
    }
    println!("missing: {what} {name} -> creating it");
    run(privileged(&[
        "useradd",
        "--system",
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        name,
    ])?)
    .with_context(|| format!("creating {what} {name}"))
}

/// The uid and gid of the user `name`, from `id`.
pub fn user_ids(name: &str) -> Result<(u32, u32)> {
    let id = |flag: &str| -> Result<u32> {
        let out = Command::new("id")
            .args([flag, name])
            .output()
            .context("running `id`")?;
        if !out.status.success() {
            bail!("no user {name}");
        }
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .with_context(|| format!("`id {flag} {name}`"))
    };
    Ok((id("-u")?, id("-g")?))
}

/// Installs what `cargo xtask test` needs: the server's needs, PostgreSQL and schemathesis.
pub fn ensure_test_deps(root: &Path) -> Result<TestTools> {
    let mut apt = Apt::default();
    ensure_server(&mut apt)?;
    if is_root()? {
        ensure_system_user(TEST_SERVER_USER, "the external test server's user")?;
    }
    apt.ensure(TEST_NEEDS)?;
    let pg_bin = postgres_bin().context("initdb is still missing after installing postgresql")?;
    println!("PostgreSQL: {}", pg_bin.display());
    let schemathesis = ensure_schemathesis(root, &mut apt)?;
    println!("schemathesis: {}", schemathesis.display());
    Ok(TestTools {
        pg_bin,
        schemathesis,
    })
}

/// Runs apt-get as root (directly, or through sudo), updating the package lists once.
#[derive(Debug, Default)]
struct Apt {
    updated: bool,
}

impl Apt {
    fn ensure(&mut self, needs: &[Need]) -> Result<()> {
        let missing: Vec<&Need> = needs.iter().filter(|n| !(n.present)()).collect();
        if missing.is_empty() {
            return Ok(());
        }
        let packages: Vec<&str> = missing
            .iter()
            .flat_map(|n| n.packages.iter().copied())
            .collect();
        for need in &missing {
            println!(
                "missing: {} -> installing {}",
                need.what,
                need.packages.join(" ")
            );
        }
        self.install(&packages)?;
        let still: Vec<&str> = missing
            .iter()
            .filter(|n| !(n.present)())
            .map(|n| n.what)
            .collect();
        if !still.is_empty() {
            bail!(
                "still missing after installing {}: {}",
                packages.join(" "),
                still.join(", ")
            );
        }
        Ok(())
    }

    fn install(&mut self, packages: &[&str]) -> Result<()> {
        if !self.updated {
            run(privileged(&["apt-get", "update"])?).context("apt-get update")?;
            self.updated = true;
        }
        let mut args = vec!["apt-get", "install", "-y"];
        args.extend_from_slice(packages);
        run(privileged(&args)?).with_context(|| format!("apt-get install {}", packages.join(" ")))
    }
}

/// A command run as root: directly when we are root, else through `sudo`.
fn privileged(args: &[&str]) -> Result<Command> {
    let mut command = if is_root()? {
        let mut c = Command::new(args[0]);
        c.args(&args[1..]);
        c
    } else if on_path("sudo").is_some() {
        let mut c = Command::new("sudo");
        c.arg("DEBIAN_FRONTEND=noninteractive").args(args);
        c
    } else {
        bail!(
            "`{}` needs root; run as root or install sudo",
            args.join(" ")
        );
    };
    command.env("DEBIAN_FRONTEND", "noninteractive");
    Ok(command)
}

/// Whether this process runs as root.
pub fn is_root() -> Result<bool> {
    let out = Command::new("id")
        .arg("-u")
        .output()
        .context("running `id -u`")?;
    Ok(String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// Runs `command` with inherited output; fails on a non-zero exit.
pub fn run(mut command: Command) -> Result<()> {
    println!("$ {}", describe(&command));
    let status = command
        .status()
        .with_context(|| format!("starting {}", describe(&command)))?;
    if !status.success() {
        bail!("{} exited with {status}", describe(&command));
    }
    Ok(())
}

/// The command line of `command`, for messages (never pass secrets as arguments).
pub fn describe(command: &Command) -> String {
    let mut parts = vec![command.get_program().to_string_lossy().into_owned()];
    parts.extend(command.get_args().map(|a| a.to_string_lossy().into_owned()));
    parts.join(" ")
}

/// The newest `/usr/lib/postgresql/<version>/bin` holding `initdb`, else the directory of an
/// `initdb` on `PATH`.
pub fn postgres_bin() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found
        .pop()
        .map(|(_, bin)| bin)
        .or_else(|| on_path("initdb").and_then(|p| p.parent().map(Path::to_path_buf)))
}

/// The executable `name` on `PATH`, if any.
pub fn on_path(name: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| {
            std::fs::metadata(candidate)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// A schemathesis 4.x: the one on `PATH`, else the pinned one in a virtualenv under `target/`.
fn ensure_schemathesis(root: &Path, apt: &mut Apt) -> Result<PathBuf> {
    for name in ["schemathesis", "st"] {
        if let Some(path) = on_path(name) {
            match schemathesis_version(&path) {
                Some(v) if v.starts_with("4.") => return Ok(path),
                Some(v) => println!("{} is schemathesis {v}; CI needs 4.x", path.display()),
                None => {}
            }
        }
    }
    let venv = crate::cargo::target_dir(root)
        .join("xtask-tools")
        .join("schemathesis-venv");
    let bin = venv.join("bin").join("schemathesis");
    if schemathesis_version(&bin).as_deref() == Some(SCHEMATHESIS_VERSION) {
        return Ok(bin);
    }
    println!(
        "missing: schemathesis {SCHEMATHESIS_VERSION} -> installing into {}",
        venv.display()
    );
    virtualenv(
        apt,
        &venv,
        &[&format!("schemathesis=={SCHEMATHESIS_VERSION}")],
    )?;
    match schemathesis_version(&bin) {
        Some(_) => Ok(bin),
        None => bail!(
            "{} does not run after installing schemathesis",
            bin.display()
        ),
    }
}

/// The version `path --version` reports, if it is schemathesis.
/// A fresh virtualenv at `venv` with `packages` installed by its pip.
fn virtualenv(apt: &mut Apt, venv: &Path, packages: &[&str]) -> Result<()> {
    let create = || {
        let mut create = Command::new("python3");
        create.args(["-m", "venv", "--clear"]).arg(venv);
        run(create)
    };
    if create().is_err() {
        // Debian's python3 makes venvs only with python3-venv (it brings python3 along).
        println!("missing: python3 with venv -> installing python3-venv");
        apt.install(&["python3-venv"])?;
        create().with_context(|| format!("creating the virtualenv {}", venv.display()))?;
    }
    let mut pip = Command::new(venv.join("bin").join("pip"));
    pip.args(["install", "--quiet", "--disable-pip-version-check"])
        .args(packages);
    run(pip).with_context(|| format!("pip install {}", packages.join(" ")))
}

/// The finance benchmark's Python reference: `rapidocr_onnxruntime` 1.4.4 (whose wheel holds
/// the models the engine runs) on ONNX Runtime 1.31.1 (the engine's runtime), in a virtualenv
/// under the target directory; answers its interpreter.
pub fn ensure_rapidocr_reference(root: &Path) -> Result<PathBuf> {
    const PACKAGES: &[&str] = &["rapidocr-onnxruntime==1.4.4", "onnxruntime==1.31.1"];
    let venv = crate::cargo::target_dir(root)
        .join("xtask-tools")
        .join("rapidocr-venv");
    let python = venv.join("bin").join("python");
    let works = || {
        Command::new(&python)
            .args(["-c", "import onnxruntime, rapidocr_onnxruntime; assert onnxruntime.__version__ == '1.31.1'"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if works() {
        return Ok(python);
    }
    println!(
        "missing: rapidocr_onnxruntime -> installing into {}",
        venv.display()
    );
    virtualenv(&mut Apt::default(), &venv, PACKAGES)?;
    if !works() {
        bail!(
            "{} does not import rapidocr_onnxruntime after installing it",
            python.display()
        );
    }
    Ok(python)
}

fn schemathesis_version(path: &Path) -> Option<String> {
    let out = Command::new(path)
        .arg("--version")
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // `schemathesis, version 4.32.5`, or `st, version 4.32.5` for its short alias.
    let ours = text.starts_with("schemathesis,") || text.starts_with("st, version");
    if !out.status.success() || !ours {
        return None;
    }
    text.split_whitespace().last().map(str::to_owned)
}
