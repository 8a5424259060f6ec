//! One-vs-rest logistic regression over hashed binary features (each clause's vector scaled to
//! unit length), trained by AdaGrad with an L2 penalty, examples visited in a seeded order:
//! single-threaded and deterministic, so the same data always gives the same weights file.

use std::collections::HashMap;

use super::examples::Example;
use suite_legal::classify::weights::Weights;

/// The trainer's settings (the shipped values are `Settings::SHIPPED`).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub epochs: usize,
    pub learning_rate: f32,
    pub l2: f32,
    /// A feature is kept when at least this many training clauses have it.
    pub min_count: usize,
    /// The loss of a positive example counts this many times a negative's.
    pub positive_weight: f32,
    pub seed: u64,
}

impl Settings {
    pub const SHIPPED: Settings = Settings {
        epochs: 6,
        learning_rate: 0.2,
        l2: 1e-4,
        min_count: 5,
        positive_weight: 3.0,
        seed: 38,
    };
}

/// A small linear congruential generator: the visiting order, reproducible everywhere.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Trains one model with `outputs` outputs on `examples`.
pub fn train(examples: &[Example], outputs: usize, settings: Settings) -> Weights {
    let mut counts: HashMap<u32, usize> = HashMap::new();
    for e in examples {
        for b in &e.buckets {
            *counts.entry(*b).or_default() += 1;
        }
    }
    let mut ids: Vec<u32> = counts
        .into_iter()
        .filter(|(_, n)| *n >= settings.min_count)
        .map(|(id, _)| id)
        .collect();
    ids.sort_unstable();
    let index: HashMap<u32, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let rows: Vec<Vec<usize>> = examples
        .iter()
        .map(|e| {
            e.buckets
                .iter()
                .filter_map(|b| index.get(b).copied())
                .collect()
        })
        .collect();
    let mut w = vec![0.0f32; ids.len() * outputs];
    let mut g2 = vec![1e-8f32; ids.len() * outputs];
    let mut bias = vec![0.0f32; outputs];
    let mut bias_g2 = vec![1e-8f32; outputs];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    let mut rng = Lcg(settings.seed);
    for _ in 0..settings.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for &e in &order {
            let row = &rows[e];
            if row.is_empty() {
                continue;
            }
            let value = 1.0 / (row.len() as f32).sqrt();
            for o in 0..outputs {
                if !examples[e].trains[o] {
                    continue;
                }
                let target = examples[e].targets[o];
                let margin = bias[o] + row.iter().map(|f| w[f * outputs + o]).sum::<f32>() * value;
                let weight = if target {
                    settings.positive_weight
                } else {
                    1.0
                };
                let error = (sigmoid(margin) - f32::from(u8::from(target))) * weight;
                bias_g2[o] += error * error;
                bias[o] -= settings.learning_rate * error / bias_g2[o].sqrt();
                for f in row {
                    let k = f * outputs + o;
                    let g = error * value + settings.l2 * w[k];
                    g2[k] += g * g;
                    w[k] -= settings.learning_rate * g / g2[k].sqrt();
                }
            }
        }
    }
    let dense: Vec<Vec<f32>> = w.chunks(outputs).map(<[f32]>::to_vec).collect();
    let full = Weights::quantize(bias, ids, &dense);
    without_zero_rows(full)
}

/// Drops the features whose quantized weights are all zero: they change no score.
fn without_zero_rows(weights: Weights) -> Weights {
    let outputs = weights.outputs;
    let mut ids = Vec::new();
    let mut quantized = Vec::new();
    for (id, row) in weights.ids.iter().zip(weights.quantized.chunks(outputs)) {
        if row.iter().any(|w| *w != 0) {
            ids.push(*id);
            quantized.extend_from_slice(row);
        }
    }
    Weights {
        ids,
        quantized,
        ..weights
    }
}

#[cfg(test)]
mod tests {
    use super::{Settings, train};
    use crate::legal::train::examples::Example;
    use suite_legal::classify::labels::OUTPUTS;

    fn example(buckets: &[u32], first: bool) -> Example {
        let mut targets = vec![false; OUTPUTS];
        targets[0] = first;
        Example {
            buckets: buckets.to_vec(),
            targets,
            trains: vec![true; OUTPUTS],
        }
    }

    #[test]
    fn learns_a_separable_word_and_is_deterministic() {
        let examples: Vec<Example> = (0..40)
            .map(|i| example(&[1, 2 + i % 3, 10 + i % 2], i % 2 == 0))
            .collect();
        let settings = Settings {
            min_count: 1,
            ..Settings::SHIPPED
        };
        let model = train(&examples, OUTPUTS, settings);
        assert_eq!(model, train(&examples, OUTPUTS, settings));
        let yes = model.margins(&[1, 2, 10])[0];
        let no = model.margins(&[1, 2, 11])[0];
        assert!(yes > 0.0 && no < 0.0, "{yes} {no}");
    }
}
