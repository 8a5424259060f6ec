//! One ONNX network in an ONNX Runtime session. Inputs of any size run as they come (the
//! runtime needs no plan per shape); a session runs one input at a time, so callers batch
//! lines instead of running them side by side, and the runtime's threads share each run.

use std::path::Path;
use std::sync::Mutex;

use ort::environment::Environment;
use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;

use crate::PpOcrError;

/// A batch of images as a network takes them: `shape` is batch × channels × height × width.
pub(crate) struct Input {
    pub(crate) shape: [usize; 4],
    pub(crate) values: Vec<f32>,
}

/// A network's first output, its shape and values.
pub(crate) struct Output {
    pub(crate) shape: Vec<usize>,
    pub(crate) values: Vec<f32>,
}

/// A model ready to run.
pub(crate) struct Network {
    name: String,
    session: Mutex<Session>,
}

impl Network {
    /// Reads the model at `path` into a session of `environment`.
    pub(crate) fn load(path: &Path, environment: &Environment) -> Result<Network, PpOcrError> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let failed = |e: &dyn std::fmt::Display| PpOcrError(format!("loading {name}: {e}"));
        let session = Session::builder(environment)
            .map_err(|e| failed(&e))?
            .with_optimization_level(GraphOptimizationLevel::Level3)
            .map_err(|e| failed(&e))?
            .commit_from_file(path)
            .map_err(|e| failed(&e))?;
        Ok(Network {
            name,
            session: Mutex::new(session),
        })
    }

    /// A value of the model's metadata (the recogniser's `character` list).
    pub(crate) fn metadata(&self, key: &str) -> Option<String> {
        self.lock().metadata().ok()?.custom(key)
    }

    /// Runs the network on `input`, answering its first output.
    pub(crate) fn run(&self, input: Input) -> Result<Output, PpOcrError> {
        let failed = |e: &dyn std::fmt::Display| PpOcrError(format!("running {}: {e}", self.name));
        let tensor = Tensor::from_array((input.shape, input.values)).map_err(|e| failed(&e))?;
        let mut session = self.lock();
        let outputs = session.run(ort::inputs![tensor]).map_err(|e| failed(&e))?;
        if outputs.len() == 0 {
            return Err(PpOcrError(format!("{} gave no output", self.name)));
        }
        let (shape, values) = outputs[0]
            .try_extract_tensor::<f32>()
            .map_err(|e| failed(&e))?;
        Ok(Output {
            shape: shape
                .iter()
                .map(|&d| usize::try_from(d).unwrap_or(0))
                .collect(),
            values: values.to_vec(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Session> {
        self.session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
