//! PP-OCR through our engine next to the Python package it is measured against: the same
//! image read by `suite_ppocr::PpOcr` in process and by `rapidocr_onnxruntime` (the same
//! three models, the same ONNX Runtime version, both on every core), taking turns, the Python
//! side a long-running process so neither pays for loading models. Also how many lines read
//! the same text.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use suite_ppocr::{DEFAULT_DIR, DEFAULT_RUNTIME, PpOcr};

use crate::support::{Stats, stats};

/// The Python interpreter that has `rapidocr_onnxruntime` (set by `cargo xtask bench
/// finance`, which makes its virtualenv).
pub const PYTHON_VARIABLE: &str = "SUITE_BENCH_RAPIDOCR_PYTHON";
const SCRIPT: &str = include_str!("rapidocr_reference.py");
/// The engine's own threshold for keeping a line, as rapidocr's `text_score`.
const MIN_CONFIDENCE: f32 = 0.5;

/// Both readers' latencies and how their readings agree.
pub struct Comparison {
    pub ours: Stats,
    pub python: Stats,
    pub our_lines: usize,
    pub python_lines: usize,
    /// Lines whose text the other reader also read, exactly.
    pub same_lines: usize,
}

/// Reads `image` (a file) `runs` times with each, after one untimed reading each.
pub fn compare(image: &Path, scratch: &Path, runs: usize) -> Result<Comparison> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let ours = PpOcr::load(Path::new(DEFAULT_DIR), Path::new(DEFAULT_RUNTIME), cores)
        .map_err(|e| anyhow::anyhow!("loading PP-OCR: {e}"))?;
    let mut python = Reference::start(scratch)?;
    let read_ours = || -> Result<(f64, Vec<String>)> {
        let started = Instant::now();
        let rgb = image::open(image)
            .with_context(|| format!("decoding {}", image.display()))?
            .to_rgb8();
        let lines = ours
            .read(&rgb, MIN_CONFIDENCE)
            .map_err(|e| anyhow::anyhow!("PP-OCR: {e}"))?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        Ok((ms, lines.into_iter().map(|l| l.text).collect()))
    };
    let (_, our_texts) = read_ours()?;
    let (_, python_texts) = python.read(image)?;
    let (mut our_ms, mut python_ms) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        our_ms.push(read_ours()?.0);
        python_ms.push(python.read(image)?.0);
    }
    python.stop();
    let same_lines = our_texts
        .iter()
        .filter(|t| python_texts.contains(t))
        .count();
    Ok(Comparison {
        ours: stats(our_ms),
        python: stats(python_ms),
        our_lines: our_texts.len(),
        python_lines: python_texts.len(),
        same_lines,
    })
}

#[derive(Deserialize)]
struct Reading {
    ms: f64,
    texts: Vec<String>,
}

/// The Python reader, started once.
struct Reference {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Reference {
    fn start(scratch: &Path) -> Result<Reference> {
        let python = std::env::var(PYTHON_VARIABLE).with_context(|| {
            format!("{PYTHON_VARIABLE} is not set (`cargo xtask bench finance` sets it)")
        })?;
        let script = scratch.join("rapidocr_reference.py");
        std::fs::write(&script, SCRIPT)?;
        let mut child = Command::new(&python)
            .arg(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting {python}"))?;
        let input = child.stdin.take().context("the reference's stdin")?;
        let output = BufReader::new(child.stdout.take().context("the reference's stdout")?);
        let mut reference = Reference {
            child,
            input,
            output,
        };
        let mut ready = String::new();
        reference.output.read_line(&mut ready)?;
        if !ready.contains("ready") {
            bail!("the rapidocr reference did not start: {ready:?}");
        }
        Ok(reference)
    }

    fn read(&mut self, image: &Path) -> Result<(f64, Vec<String>)> {
        let path = image.to_str().context("an image path in UTF-8")?;
        writeln!(self.input, "{path}")?;
        let mut line = String::new();
        self.output.read_line(&mut line)?;
        let reading: Reading = serde_json::from_str(&line)
            .with_context(|| format!("the rapidocr reference answered {line:?}"))?;
        Ok((reading.ms, reading.texts))
    }

    /// Closes its input, which ends it.
    fn stop(self) {
        let Reference {
            mut child, input, ..
        } = self;
        drop(input);
        let _ = child.wait();
    }
}
