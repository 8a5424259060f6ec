//! The angle classifier: whether a line's text is upside down (PaddleOCR's 0°/180° network on
//! a 48×192 image of the line), turned when it says 180° with probability above 0.9. Lines
//! at least 1.5 times taller than wide are read as turned a quarter first, as PaddleOCR does.

use std::path::Path;

use image::RgbImage;

use crate::geometry::Quad;
use crate::network::Network;
use crate::{PpOcrError, sample};

const HEIGHT: usize = 48;
const WIDTH: usize = 192;
const TURN_THRESHOLD: f32 = 0.9;

pub(crate) struct Classifier {
    network: Network,
}

impl Classifier {
    pub(crate) fn load(path: &Path) -> Result<Classifier, PpOcrError> {
        Ok(Classifier {
            network: Network::load(path, 1)?,
        })
    }

    /// Each box with its corners in the text's reading order.
    pub(crate) fn upright(
        &self,
        image: &RgbImage,
        quads: Vec<Quad>,
    ) -> Result<Vec<Quad>, PpOcrError> {
        quads
            .into_iter()
            .map(|quad| {
                let quad = if quad.height() >= 1.5 * quad.width() {
                    quad.turned_quarter()
                } else {
                    quad
                };
                let content = content_width(&quad, HEIGHT, WIDTH);
                let input =
                    sample::quad_tensor(image, &quad, (HEIGHT, content), (HEIGHT, WIDTH), sample::GREY);
                let output = self.network.run(input)?;
                let scores = self.network.floats(&output)?;
                let turned = matches!(scores, [upright, turned] if turned > upright && *turned > TURN_THRESHOLD);
                Ok(if turned { quad.turned_half() } else { quad })
            })
            .collect()
    }
}

/// The width a line takes at `height` pixels high, its proportions kept, at most `max`.
pub(crate) fn content_width(quad: &Quad, height: usize, max: usize) -> usize {
    let ratio = quad.width() / quad.height().max(1.0);
    ((height as f32 * ratio).ceil() as usize).clamp(1, max)
}
