//! ONNX Runtime, loaded once per process from the `libonnxruntime` of Microsoft's
//! `onnxruntime` wheel (installed by `cargo xtask serve`/`test` beside the models): the same
//! runtime PaddleOCR's Python packages run the models with, so the readings and the speed
//! compare like for like. One thread pool serves every network; its threads spin briefly
//! between a run's operators, as the Python package's do (without it a reading of receipt 000
//! took 0.97× the package's time, with it 0.89×).

use std::path::Path;
use std::sync::OnceLock;

use ort::environment::{Environment, GlobalThreadPoolOptions};

use crate::PpOcrError;

static RUNTIME: OnceLock<Result<Environment, PpOcrError>> = OnceLock::new();

/// The process's runtime, loaded from `library` with `threads` threads by the first call;
/// later calls answer that one, whatever they ask for. A missing library is an error each
/// time it is asked for, not only the first.
pub(crate) fn environment(library: &Path, threads: usize) -> Result<Environment, PpOcrError> {
    if !library.is_file() {
        return Err(PpOcrError(format!(
            "ONNX Runtime is missing: no {} (cargo xtask serve installs it)",
            library.display()
        )));
    }
    RUNTIME.get_or_init(|| load(library, threads)).clone()
}

fn load(library: &Path, threads: usize) -> Result<Environment, PpOcrError> {
    let loading = |e: &dyn std::fmt::Display| {
        PpOcrError(format!(
            "loading ONNX Runtime from {}: {e}",
            library.display()
        ))
    };
    // The library first: every other call of the runtime's API needs it loaded.
    let builder = ort::init_from(library).map_err(|e| loading(&e))?;
    let pool = GlobalThreadPoolOptions::default()
        .with_intra_threads(threads.max(1))
        .and_then(|pool| pool.with_inter_threads(1))
        .and_then(|pool| pool.with_spin_control(true))
        .map_err(|e| loading(&e))?;
    builder
        .with_name("suite-ppocr")
        .with_telemetry(false)
        .with_global_thread_pool(pool)
        .build()
        .map_err(|e| loading(&e))
}
