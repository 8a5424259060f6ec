//! One ONNX network planned per input shape: tract runs a plan made for a fixed shape more
//! than twice as fast as one made for symbolic sizes (the detector: 0.56 s against 1.33 s on
//! a 736×736 page), and the recogniser's reshapes cannot be planned symbolically at all. The
//! callers round shapes to a few sizes; the plans of the most recently used ones are kept.

use std::path::Path;
use std::sync::{Arc, Mutex};

use tract_onnx::pb::tensor_shape_proto::dimension::Value as Dimension;
use tract_onnx::pb::{ModelProto, ValueInfoProto, type_proto};
use tract_onnx::prelude::*;

use crate::PpOcrError;

type Plan = Arc<TypedSimplePlan<TypedModel>>;

/// A model and the plans made for it so far.
pub(crate) struct Network {
    name: String,
    proto: ModelProto,
    plans: Mutex<Vec<(Vec<usize>, Plan)>>,
    kept: usize,
}

impl Network {
    /// Reads `path`; at most `kept` plans are held at once.
    pub(crate) fn load(path: &Path, kept: usize) -> Result<Network, PpOcrError> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let mut proto = tract_onnx::onnx()
            .proto_model_for_path(path)
            .map_err(PpOcrError::context(&format!("reading {}", path.display())))?;
        if let Some(graph) = proto.graph.as_mut() {
            for infos in [&mut graph.input, &mut graph.output, &mut graph.value_info] {
                name_dimensions_plainly(infos);
            }
        }
        Ok(Network {
            name,
            proto,
            plans: Mutex::new(Vec::new()),
            kept: kept.max(1),
        })
    }

    /// A value of the model's metadata (the recogniser's `character` list).
    pub(crate) fn metadata(&self, key: &str) -> Option<&str> {
        self.proto
            .metadata_props
            .iter()
            .find(|p| p.key == key)
            .map(|p| p.value.as_str())
    }

    /// Runs the network on one input tensor, answering its first output.
    pub(crate) fn run(&self, input: Tensor) -> Result<Tensor, PpOcrError> {
        let plan = self.plan(input.shape())?;
        let mut outputs = plan
            .run(tvec!(input.into()))
            .map_err(PpOcrError::context(&format!("running {}", self.name)))?;
        if outputs.is_empty() {
            return Err(PpOcrError(format!("{} gave no output", self.name)));
        }
        Ok(outputs.swap_remove(0).into_tensor())
    }

    /// An output's values, which every network here gives as `f32`.
    pub(crate) fn floats<'a>(&self, output: &'a Tensor) -> Result<&'a [f32], PpOcrError> {
        output
            .as_slice::<f32>()
            .map_err(|e| PpOcrError(format!("the output of {}: {e}", self.name)))
    }

    /// The plan for `shape`: a kept one (moved to the back, the last to go), else a new one.
    fn plan(&self, shape: &[usize]) -> Result<Plan, PpOcrError> {
        if let Some(plan) = self.kept_plan(&mut self.lock(), shape) {
            return Ok(plan);
        }
        let planning = PpOcrError::context("planning the network");
        let plan = tract_onnx::onnx()
            .model_for_proto_model(&self.proto)
            .and_then(|model| model.with_input_fact(0, f32::fact(shape).into()))
            .and_then(|model| model.into_optimized())
            .and_then(|model| model.into_runnable())
            .map_err(planning)?;
        let plan = Arc::new(plan);
        let mut plans = self.lock();
        // Another thread may have planned the same shape meanwhile: one entry per shape.
        if let Some(kept) = self.kept_plan(&mut plans, shape) {
            return Ok(kept);
        }
        if plans.len() >= self.kept {
            plans.remove(0);
        }
        plans.push((shape.to_vec(), Arc::clone(&plan)));
        Ok(plan)
    }

    fn kept_plan(&self, plans: &mut Vec<(Vec<usize>, Plan)>, shape: &[usize]) -> Option<Plan> {
        let at = plans.iter().position(|(s, _)| s == shape)?;
        let entry = plans.remove(at);
        let plan = Arc::clone(&entry.1);
        plans.push(entry);
        Some(plan)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Vec<usize>, Plan)>> {
        self.plans
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Paddle's exporter names dynamic sizes `p2o.DynamicDimension.0`, which tract would read as
/// an expression; they are renamed as unknown (each run's input fixes them).
fn name_dimensions_plainly(infos: &mut [ValueInfoProto]) {
    for info in infos {
        let Some(type_proto::Value::TensorType(tensor)) =
            info.r#type.as_mut().and_then(|t| t.value.as_mut())
        else {
            continue;
        };
        let Some(shape) = tensor.shape.as_mut() else {
            continue;
        };
        for dimension in &mut shape.dim {
            if let Some(Dimension::DimParam(name)) = &dimension.value
                && name != "?"
            {
                dimension.value = Some(Dimension::DimParam("?".to_owned()));
            }
        }
    }
}
