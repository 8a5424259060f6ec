//! Line recognition (PaddleOCR's PP-OCRv4 SVTR network): each line resampled 48 pixels high,
//! its proportions kept, padded with grey to the next of a few widths (one plan each), and its
//! per-column class probabilities CTC-decoded: repeats merged, blanks dropped. Each char's
//! column gives its position along the line.

use std::path::Path;

use image::RgbImage;

use crate::classify::content_width;
use crate::dictionary::Dictionary;
use crate::geometry::Quad;
use crate::network::Network;
use crate::{PpOcrError, TextLine, sample};

const HEIGHT: usize = 48;
/// The widths lines are padded to; a wider line is squeezed into the last.
const WIDTHS: &[usize] = &[160, 256, 320, 480, 640, 960, 1280, 1920];
/// Input columns per output step.
const COLUMNS_PER_STEP: usize = 8;

pub(crate) struct Recognizer {
    network: Network,
    dictionary: Dictionary,
}

impl Recognizer {
    pub(crate) fn load(path: &Path) -> Result<Recognizer, PpOcrError> {
        let network = Network::load(path, WIDTHS.len())?;
        let dictionary = Dictionary::from_metadata(network.metadata("character"))?;
        Ok(Recognizer {
            network,
            dictionary,
        })
    }

    /// Whether the recogniser can read `c` at all.
    pub(crate) fn knows(&self, c: char) -> bool {
        let mut buffer = [0u8; 4];
        self.dictionary.contains(c.encode_utf8(&mut buffer))
    }

    /// Reads every line, `threads` at a time, answering them in `quads`' order.
    pub(crate) fn read_all(
        &self,
        image: &RgbImage,
        quads: &[Quad],
        threads: usize,
    ) -> Result<Vec<TextLine>, PpOcrError> {
        if threads <= 1 || quads.len() < 2 {
            return quads.iter().map(|q| self.read(image, q)).collect();
        }
        let mut results: Vec<Option<Result<TextLine, PpOcrError>>> = vec![None; quads.len()];
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|offset| {
                    scope.spawn(move || {
                        (offset..quads.len())
                            .step_by(threads)
                            .map(|i| (i, self.read(image, &quads[i])))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for handle in handles {
                if let Ok(read) = handle.join() {
                    for (i, line) in read {
                        results[i] = Some(line);
                    }
                }
            }
        });
        results
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Err(PpOcrError("a recognition thread panicked".into()))))
            .collect()
    }

    fn read(&self, image: &RgbImage, quad: &Quad) -> Result<TextLine, PpOcrError> {
        let last = WIDTHS[WIDTHS.len() - 1];
        let content = content_width(quad, HEIGHT, last);
        let width = WIDTHS
            .iter()
            .copied()
            .find(|&w| w >= content)
            .unwrap_or(last);
        let input = sample::quad_tensor(
            image,
            quad,
            (HEIGHT, content),
            (HEIGHT, width),
            sample::GREY,
        );
        let output = self.network.run(input)?;
        let shape = output.shape().to_vec();
        let classes = self.dictionary.len();
        let [1, steps, c] = shape[..] else {
            return Err(PpOcrError(format!(
                "the recogniser answered shape {shape:?}"
            )));
        };
        if c != classes {
            return Err(PpOcrError(format!(
                "the recogniser has {c} classes, its dictionary {classes}"
            )));
        }
        let probabilities = self.network.floats(&output)?;
        let (text, confidence, positions) = self.decode(probabilities, steps, content);
        Ok(TextLine {
            quad: *quad,
            text,
            confidence,
            positions,
        })
    }

    /// CTC's greedy decoding of `steps` rows of class probabilities.
    fn decode(
        &self,
        probabilities: &[f32],
        steps: usize,
        content: usize,
    ) -> (String, f32, Vec<f32>) {
        let classes = self.dictionary.len();
        let mut text = String::new();
        let mut positions = Vec::new();
        let (mut sum, mut kept) = (0.0f32, 0usize);
        let mut previous = 0usize;
        for step in 0..steps {
            let row = &probabilities[step * classes..(step + 1) * classes];
            let (best, p) =
                row.iter()
                    .enumerate()
                    .fold((0usize, f32::NEG_INFINITY), |acc, (i, &p)| {
                        if p > acc.1 { (i, p) } else { acc }
                    });
            if best != previous
                && let Some(symbol) = self.dictionary.symbol(best)
            {
                let column = (step as f32 + 0.5) * COLUMNS_PER_STEP as f32;
                let position = (column / content as f32).clamp(0.0, 1.0);
                for ch in symbol.chars() {
                    text.push(ch);
                    positions.push(position);
                }
                sum += p;
                kept += 1;
            }
            previous = best;
        }
        let confidence = if kept == 0 { 0.0 } else { sum / kept as f32 };
        (text, confidence, positions)
    }
}
