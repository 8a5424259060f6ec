//! The classifier's weights file: a linear model per output over hashed features, stored as
//! sorted bucket ids and 16-bit weights with one scale per output. `suite-bench legal train`
//! writes it with `encode`; the server reads the shipped copy with `decode`.
//!
//! Layout (little-endian): `SLCW`, version u32 = 1, bucket bits u32, outputs u32, features u32;
//! per output its bias f32 and scale f32; the bucket ids u32 (ascending); then per feature its
//! weights i16, one per output (the weight is `w * scale`).

use super::features::BUCKET_BITS;

const MAGIC: &[u8; 4] = b"SLCW";
const VERSION: u32 = 1;

/// A linear model: `bias + Σ weight(feature) * value` per output.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    pub outputs: usize,
    pub bias: Vec<f32>,
    pub scale: Vec<f32>,
    /// Ascending bucket ids of the features the model knows.
    pub ids: Vec<u32>,
    /// `ids.len() * outputs` quantized weights, feature-major.
    pub quantized: Vec<i16>,
}

/// Why a weights file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError(pub &'static str);

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "classifier weights: {}", self.0)
    }
}

impl std::error::Error for FormatError {}

impl Weights {
    /// Quantizes dense per-feature weights (`dense[f][o]`) of the features `ids`.
    pub fn quantize(bias: Vec<f32>, ids: Vec<u32>, dense: &[Vec<f32>]) -> Weights {
        let outputs = bias.len();
        let scale: Vec<f32> = (0..outputs)
            .map(|o| {
                let max = dense.iter().map(|w| w[o].abs()).fold(0.0f32, f32::max);
                if max > 0.0 {
                    max / f32::from(i16::MAX)
                } else {
                    1.0
                }
            })
            .collect();
        let quantized = dense
            .iter()
            .flat_map(|w| {
                (0..outputs)
                    .map(|o| (w[o] / scale[o]).round() as i16)
                    .collect::<Vec<_>>()
            })
            .collect();
        Weights {
            outputs,
            bias,
            scale,
            ids,
            quantized,
        }
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + self.ids.len() * (4 + 2 * self.outputs));
        out.extend_from_slice(MAGIC);
        for n in [
            VERSION,
            BUCKET_BITS,
            self.outputs as u32,
            self.ids.len() as u32,
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for o in 0..self.outputs {
            out.extend_from_slice(&self.bias[o].to_le_bytes());
            out.extend_from_slice(&self.scale[o].to_le_bytes());
        }
        for id in &self.ids {
            out.extend_from_slice(&id.to_le_bytes());
        }
        for w in &self.quantized {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads a file written by `encode`.
    pub fn decode(bytes: &[u8]) -> Result<Weights, FormatError> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(4)? != MAGIC {
            return Err(FormatError("not a weights file"));
        }
        if reader.u32()? != VERSION {
            return Err(FormatError("unknown version"));
        }
        if reader.u32()? != BUCKET_BITS {
            return Err(FormatError("hashed with another bucket width"));
        }
        let outputs = reader.u32()? as usize;
        let features = reader.u32()? as usize;
        let mut bias = Vec::with_capacity(outputs);
        let mut scale = Vec::with_capacity(outputs);
        for _ in 0..outputs {
            bias.push(f32::from_le_bytes(reader.array()?));
            scale.push(f32::from_le_bytes(reader.array()?));
        }
        let ids = (0..features)
            .map(|_| reader.u32())
            .collect::<Result<Vec<_>, _>>()?;
        if ids.windows(2).any(|w| w[0] >= w[1]) {
            return Err(FormatError("bucket ids not ascending"));
        }
        let quantized = (0..features * outputs)
            .map(|_| reader.array().map(i16::from_le_bytes))
            .collect::<Result<Vec<_>, _>>()?;
        if reader.at != bytes.len() {
            return Err(FormatError("trailing bytes"));
        }
        Ok(Weights {
            outputs,
            bias,
            scale,
            ids,
            quantized,
        })
    }

    /// Each output's score (before the sigmoid) for a set of features, each of value `value`.
    pub fn margins(&self, buckets: &[u32]) -> Vec<f32> {
        let known: Vec<usize> = buckets
            .iter()
            .filter_map(|b| self.ids.binary_search(b).ok())
            .collect();
        let value = if known.is_empty() {
            0.0
        } else {
            1.0 / (known.len() as f32).sqrt()
        };
        let mut sums = vec![0i64; self.outputs];
        for f in known {
            let row = &self.quantized[f * self.outputs..(f + 1) * self.outputs];
            for (sum, w) in sums.iter_mut().zip(row) {
                *sum += i64::from(*w);
            }
        }
        (0..self.outputs)
            .map(|o| self.bias[o] + sums[o] as f32 * self.scale[o] * value)
            .collect()
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], FormatError> {
        let end = self.at.checked_add(n).ok_or(FormatError("truncated"))?;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or(FormatError("truncated"))?;
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], FormatError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, FormatError> {
        self.array().map(u32::from_le_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::Weights;

    #[test]
    fn encode_then_decode_is_the_same_model() {
        let dense = vec![vec![0.5, -2.0], vec![-1.0, 1.0]];
        let weights = Weights::quantize(vec![0.25, -0.5], vec![3, 9], &dense);
        let bytes = weights.encode();
        assert_eq!(Weights::decode(&bytes), Ok(weights.clone()));
        assert!(Weights::decode(&bytes[..bytes.len() - 1]).is_err());
        // Feature 3 alone (value 1): bias + its weights, within the quantization step.
        let margins = weights.margins(&[3, 4]);
        assert!((margins[0] - 0.75).abs() < 1e-3 && (margins[1] + 2.5).abs() < 1e-3);
        // No known feature: the bias.
        assert_eq!(weights.margins(&[4]), vec![0.25, -0.5]);
    }
}
