//! PaddleOCR's PP-OCRv4 models for the OCR engine (`crates/ppocr`): the three ONNX files of
//! the `rapidocr-onnxruntime` wheel from PyPI, downloaded by pip (no model hub), the wheel and
//! each file checked against the sha256 sums below, installed where `suite_ppocr::DEFAULT_DIR`
//! names. A model already there with the right sum is kept.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::system::run;

/// The wheel and its sum (PyPI's `rapidocr_onnxruntime-1.4.4-py3-none-any.whl`, Apache-2.0).
const WHEEL: &str = "rapidocr-onnxruntime==1.4.4";
const WHEEL_FILE: &str = "rapidocr_onnxruntime-1.4.4-py3-none-any.whl";
const WHEEL_SHA256: &str = "971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf";

/// Where the models go: `suite_ppocr::DEFAULT_DIR` (xtask does not link the engines).
const INSTALL_DIR: &str = "/usr/local/share/suite-ppocr/rapidocr-onnxruntime-1.4.4";

/// Each model in the wheel's `rapidocr_onnxruntime/models/`, with its sum.
const MODELS: &[(&str, &str)] = &[
    (
        "ch_PP-OCRv4_det_infer.onnx",
        "d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9",
    ),
    (
        "ch_ppocr_mobile_v2.0_cls_infer.onnx",
        "e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c",
    ),
    (
        "ch_PP-OCRv4_rec_infer.onnx",
        "48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b",
    ),
];

/// Installs the models unless every one is already in place with its sum; `pip` is a
/// command that runs pip (the caller makes sure there is one).
pub fn ensure(scratch: &Path, pip: &mut dyn FnMut() -> Result<Command>) -> Result<()> {
    let dir = Path::new(INSTALL_DIR);
    if MODELS
        .iter()
        .all(|(name, sum)| sha256(&dir.join(name)).is_ok_and(|s| s == *sum))
    {
        return Ok(());
    }
    println!("missing: PP-OCRv4 models -> downloading {WHEEL} from PyPI");
    let download = scratch.join("ppocr-wheel");
    let _ = std::fs::remove_dir_all(&download);
    std::fs::create_dir_all(&download)
        .with_context(|| format!("creating {}", download.display()))?;
    let mut command = pip()?;
    command
        .args(["download", "--no-deps", "--only-binary", ":all:", "--dest"])
        .arg(&download)
        .arg(WHEEL);
    run(command).context("pip download of the PP-OCR wheel")?;
    let wheel = download.join(WHEEL_FILE);
    check(&wheel, WHEEL_SHA256)?;
    let unpacked = download.join("unpacked");
    let mut unzip = Command::new("python3");
    unzip
        .args(["-m", "zipfile", "-e"])
        .arg(&wheel)
        .arg(&unpacked);
    run(unzip).context("unpacking the PP-OCR wheel")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for (name, sum) in MODELS {
        let from = unpacked
            .join("rapidocr_onnxruntime")
            .join("models")
            .join(name);
        check(&from, sum)?;
        let to = dir.join(name);
        std::fs::copy(&from, &to)
            .with_context(|| format!("installing {} as {}", from.display(), to.display()))?;
    }
    let _ = std::fs::remove_dir_all(&download);
    println!("PP-OCRv4 models: {INSTALL_DIR}");
    Ok(())
}

fn check(path: &Path, expected: &str) -> Result<()> {
    let actual = sha256(path)?;
    if actual != expected {
        bail!(
            "{} has sha256 {actual}, not the pinned {expected}",
            path.display()
        );
    }
    Ok(())
}

/// The file's sha256 in hex, by coreutils' `sha256sum`.
fn sha256(path: &Path) -> Result<String> {
    let out = Command::new("sha256sum")
        .arg(path)
        .output()
        .context("running sha256sum")?;
    if !out.status.success() {
        bail!("sha256sum {} failed", path.display());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .next()
        .map(str::to_owned)
        .context("sha256sum printed nothing")
}
