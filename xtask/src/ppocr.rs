//! What the OCR engine's PP-OCR (`crates/ppocr`) needs from PyPI, downloaded by pip (no model
//! hub): PaddleOCR's three PP-OCRv4 ONNX models from the `rapidocr-onnxruntime` wheel, and
//! ONNX Runtime's library from Microsoft's `onnxruntime` wheel. Each wheel and each file is
//! checked against the sha256 sums below and installed where `suite_ppocr::DEFAULT_DIR` and
//! `suite_ppocr::DEFAULT_RUNTIME` name. Files already there with the right sum are kept.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::system::run;

/// A wheel from PyPI and the files taken from it.
struct Wheel {
    what: &'static str,
    requirement: &'static str,
    /// pip's options that pick one build of a binary wheel, whatever Python runs pip.
    build: &'static [&'static str],
    file: &'static str,
    sha256: &'static str,
    /// Where the files go (xtask does not link the engines, so the paths are repeated here).
    install_dir: &'static str,
    /// Each file's path inside the wheel, and its sum.
    files: &'static [(&'static str, &'static str)],
}

/// `rapidocr_onnxruntime-1.4.4-py3-none-any.whl` (Apache-2.0).
const MODELS: Wheel = Wheel {
    what: "PP-OCRv4 models",
    requirement: "rapidocr-onnxruntime==1.4.4",
    build: &[],
    file: "rapidocr_onnxruntime-1.4.4-py3-none-any.whl",
    sha256: "971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf",
    install_dir: "/usr/local/share/suite-ppocr/rapidocr-onnxruntime-1.4.4",
    files: &[
        (
            "rapidocr_onnxruntime/models/ch_PP-OCRv4_det_infer.onnx",
            "d2a7720d45a54257208b1e13e36a8479894cb74155a5efe29462512d42f49da9",
        ),
        (
            "rapidocr_onnxruntime/models/ch_ppocr_mobile_v2.0_cls_infer.onnx",
            "e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c",
        ),
        (
            "rapidocr_onnxruntime/models/ch_PP-OCRv4_rec_infer.onnx",
            "48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b",
        ),
    ],
};

/// `onnxruntime-1.31.1-cp311-cp311-manylinux_2_28_x86_64.whl` (MIT): only its C library is
/// used, so the CPython build is fixed rather than the one of the Python that runs pip.
const RUNTIME: Wheel = Wheel {
    what: "ONNX Runtime 1.31.1",
    requirement: "onnxruntime==1.31.1",
    build: &[
        "--python-version",
        "3.11",
        "--implementation",
        "cp",
        "--platform",
        "manylinux_2_28_x86_64",
    ],
    file: "onnxruntime-1.31.1-cp311-cp311-manylinux_2_28_x86_64.whl",
    sha256: "5752bd508126ae7c49894d3b9d2e83f0c3d487319246d04c444b393308d7ad7f",
    install_dir: "/usr/local/share/suite-ppocr/onnxruntime-1.31.1",
    files: &[(
        "onnxruntime/capi/libonnxruntime.so.1.31.1",
        "fc44112fbe06d7d689c57e11d3862031f64711007e4ee020f8eed5185fd2c1d3",
    )],
};

/// Installs the models and the runtime unless every file is already in place with its sum;
/// `pip` is a command that runs pip (the caller makes sure there is one).
pub fn ensure(scratch: &Path, pip: &mut dyn FnMut() -> Result<Command>) -> Result<()> {
    for wheel in [&MODELS, &RUNTIME] {
        install(wheel, scratch, pip)?;
    }
    Ok(())
}

fn install(wheel: &Wheel, scratch: &Path, pip: &mut dyn FnMut() -> Result<Command>) -> Result<()> {
    let dir = Path::new(wheel.install_dir);
    let target = |inside: &str| dir.join(inside.rsplit('/').next().unwrap_or(inside));
    if wheel
        .files
        .iter()
        .all(|(inside, sum)| sha256(&target(inside)).is_ok_and(|s| s == *sum))
    {
        return Ok(());
    }
    println!(
        "missing: {} -> downloading {} from PyPI",
        wheel.what, wheel.requirement
    );
    let download = scratch.join("ppocr-wheel");
    let _ = std::fs::remove_dir_all(&download);
    std::fs::create_dir_all(&download)
        .with_context(|| format!("creating {}", download.display()))?;
    let mut command = pip()?;
    command
        .args(["download", "--no-deps", "--only-binary", ":all:"])
        .args(wheel.build)
        .arg("--dest")
        .arg(&download)
        .arg(wheel.requirement);
    run(command).with_context(|| format!("pip download of {}", wheel.requirement))?;
    let file = download.join(wheel.file);
    check(&file, wheel.sha256)?;
    let unpacked = download.join("unpacked");
    let mut unzip = Command::new("python3");
    unzip
        .args(["-m", "zipfile", "-e"])
        .arg(&file)
        .arg(&unpacked);
    run(unzip).with_context(|| format!("unpacking {}", wheel.file))?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for (inside, sum) in wheel.files {
        let from = unpacked.join(inside);
        check(&from, sum)?;
        let to = target(inside);
        std::fs::copy(&from, &to)
            .with_context(|| format!("installing {} as {}", from.display(), to.display()))?;
    }
    let _ = std::fs::remove_dir_all(&download);
    println!("{}: {}", wheel.what, wheel.install_dir);
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
