//! Line recognition (PaddleOCR's PP-OCRv4 SVTR network): each line resampled 48 pixels high,
//! its proportions kept, padded with grey to its batch's width, and its per-column class
//! probabilities CTC-decoded: repeats merged, blanks dropped. Each char's column gives its
//! position along the line.

use std::path::Path;

use image::RgbImage;

use crate::classify::content_width;
use crate::dictionary::Dictionary;
use crate::geometry::Quad;
use crate::network::Network;
use crate::{PpOcrError, TextLine, sample};
use ort::environment::Environment;

const HEIGHT: usize = 48;
/// The narrowest a batch is padded to (PaddleOCR's 320-pixel line image).
const MIN_WIDTH: usize = 320;
/// The widest a line is read at; a wider line is squeezed into it.
const MAX_WIDTH: usize = 3200;
/// Lines a run: PaddleOCR's batch, lines of like proportions together.
const BATCH: usize = 6;
/// Input columns per output step.
const COLUMNS_PER_STEP: usize = 8;

pub(crate) struct Recognizer {
    network: Network,
    dictionary: Dictionary,
}

impl Recognizer {
    pub(crate) fn load(path: &Path, environment: &Environment) -> Result<Recognizer, PpOcrError> {
        let network = Network::load(path, environment)?;
        let dictionary = Dictionary::from_metadata(network.metadata("character").as_deref())?;
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

    /// Reads every line, answering them in `quads`' order. Lines are run six at a time in
    /// order of their proportions, each batch padded to its widest line (at least 320), as
    /// PaddleOCR batches them, so the readings match its own.
    pub(crate) fn read_all(
        &self,
        image: &RgbImage,
        quads: &[Quad],
    ) -> Result<Vec<TextLine>, PpOcrError> {
        let widths: Vec<usize> = quads
            .iter()
            .map(|q| content_width(q, HEIGHT, MAX_WIDTH))
            .collect();
        let mut order: Vec<usize> = (0..quads.len()).collect();
        order.sort_by_key(|&i| widths[i]);
        let mut lines: Vec<Option<TextLine>> = vec![None; quads.len()];
        for batch in order.chunks(BATCH) {
            let width = batch.iter().map(|&i| widths[i]).fold(MIN_WIDTH, usize::max);
            let mut input = sample::batch(batch.len(), (HEIGHT, width), sample::GREY);
            for (slot, &i) in batch.iter().enumerate() {
                sample::fill(&mut input, slot, image, &quads[i], (HEIGHT, widths[i]));
            }
            let output = self.network.run(input)?;
            let classes = self.dictionary.len();
            let [n, steps, c] = output.shape[..] else {
                return Err(PpOcrError(format!(
                    "the recogniser answered shape {:?}",
                    output.shape
                )));
            };
            if n != batch.len() || c != classes {
                return Err(PpOcrError(format!(
                    "the recogniser answered shape {:?} for {} lines of a {classes}-symbol dictionary",
                    output.shape,
                    batch.len()
                )));
            }
            for (slot, &i) in batch.iter().enumerate() {
                let rows = &output.values[slot * steps * classes..(slot + 1) * steps * classes];
                let (text, confidence, positions) = self.decode(rows, steps, widths[i]);
                lines[i] = Some(TextLine {
                    quad: quads[i],
                    text,
                    confidence,
                    positions,
                });
            }
        }
        Ok(lines.into_iter().flatten().collect())
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
