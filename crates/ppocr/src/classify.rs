//! The angle classifier: whether a line's text is upside down (PaddleOCR's 0°/180° network on
//! a 48×192 image of the line, six lines a run), turned when it says 180° with probability
//! above 0.9. Lines at least 1.5 times taller than wide are read as turned a quarter first, as
//! PaddleOCR does.

use std::path::Path;

use image::RgbImage;
use ort::environment::Environment;

use crate::geometry::Quad;
use crate::network::Network;
use crate::{PpOcrError, sample};

const HEIGHT: usize = 48;
const WIDTH: usize = 192;
const BATCH: usize = 6;
const TURN_THRESHOLD: f32 = 0.9;

pub(crate) struct Classifier {
    network: Network,
}

impl Classifier {
    pub(crate) fn load(path: &Path, environment: &Environment) -> Result<Classifier, PpOcrError> {
        Ok(Classifier {
            network: Network::load(path, environment)?,
        })
    }

    /// Each box with its corners in the text's reading order.
    pub(crate) fn upright(
        &self,
        image: &RgbImage,
        quads: Vec<Quad>,
    ) -> Result<Vec<Quad>, PpOcrError> {
        let standing: Vec<Quad> = quads
            .into_iter()
            .map(|quad| {
                if quad.height() >= 1.5 * quad.width() {
                    quad.turned_quarter()
                } else {
                    quad
                }
            })
            .collect();
        let mut upright = Vec::with_capacity(standing.len());
        for lines in standing.chunks(BATCH) {
            let mut input = sample::batch(lines.len(), (HEIGHT, WIDTH), sample::GREY);
            for (i, quad) in lines.iter().enumerate() {
                let content = content_width(quad, HEIGHT, WIDTH);
                sample::fill(&mut input, i, image, quad, (HEIGHT, content));
            }
            let output = self.network.run(input)?;
            if output.values.len() != 2 * lines.len() {
                return Err(PpOcrError(format!(
                    "the angle classifier answered shape {:?} for {} lines",
                    output.shape,
                    lines.len()
                )));
            }
            for (quad, scores) in lines.iter().zip(output.values.chunks(2)) {
                let turned = matches!(scores, [upright, turned] if turned > upright && *turned > TURN_THRESHOLD);
                upright.push(if turned { quad.turned_half() } else { *quad });
            }
        }
        Ok(upright)
    }
}

/// The width a line takes at `height` pixels high, its proportions kept, at most `max`.
pub(crate) fn content_width(quad: &Quad, height: usize, max: usize) -> usize {
    let ratio = quad.width() / quad.height().max(1.0);
    ((height as f32 * ratio).ceil() as usize).clamp(1, max)
}
