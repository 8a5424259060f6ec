//! Text detection (PaddleOCR's DB network): the page brought under 2,000 pixels on its longer
//! side, then its shorter side to at least 736 (sides rounded to 32), a probability of text per
//! pixel, and its post-processing: the map thresholded at 0.3 and dilated, each connected
//! region's smallest rotated rectangle kept when the mean probability inside is at least 0.5,
//! grown by its area × 1.6 / perimeter (DB's unclipping of a rectangle) and mapped back to the
//! image.

use std::collections::HashMap;
use std::path::Path;

use image::RgbImage;

use crate::geometry::{Point, Quad, RotatedRect, convex_hull, min_area_rect};
use crate::network::Network;
use crate::{PpOcrError, sample};
use ort::environment::Environment;

const SHORT_SIDE: f32 = 736.0;
const LONG_SIDE_MAX: f32 = 2000.0;
const STRIDE: usize = 32;
const BINARY_THRESHOLD: f32 = 0.3;
const BOX_THRESHOLD: f32 = 0.5;
const UNCLIP_RATIO: f32 = 1.6;
const MIN_SIDE: f32 = 3.0;
const MAX_REGIONS: usize = 1000;

pub(crate) struct Detector {
    network: Network,
}

impl Detector {
    pub(crate) fn load(path: &Path, environment: &Environment) -> Result<Detector, PpOcrError> {
        Ok(Detector {
            network: Network::load(path, environment)?,
        })
    }

    /// The text lines' boxes in `image`'s pixels, top to bottom, left to right.
    pub(crate) fn detect(&self, image: &RgbImage) -> Result<Vec<Quad>, PpOcrError> {
        let (width, height) = (image.width() as f32, image.height() as f32);
        if width < 1.0 || height < 1.0 {
            return Ok(Vec::new());
        }
        let reduced = (LONG_SIDE_MAX / width.max(height)).min(1.0);
        let scale = reduced * (SHORT_SIDE / (width.min(height) * reduced)).max(1.0);
        let side = |v: f32| (((v * scale) / STRIDE as f32).round() as usize).max(1) * STRIDE;
        let (map_w, map_h) = (side(width), side(height));
        let output = self.network.run(sample::resized(image, (map_h, map_w)))?;
        if output.values.len() != map_w * map_h {
            return Err(PpOcrError(format!(
                "the detector answered {} values for a {map_w}×{map_h} page",
                output.values.len()
            )));
        }
        let map = Map {
            values: &output.values,
            width: map_w,
            height: map_h,
        };
        let (sx, sy) = (width / map_w as f32, height / map_h as f32);
        let mut quads: Vec<Quad> = regions(&map)
            .into_iter()
            .take(MAX_REGIONS)
            .filter_map(|rect| line_box(&map, rect))
            .map(|rect| {
                let corners = rect.corners().map(|p| {
                    Point::new(
                        (p.x * sx).round().clamp(0.0, width - 1.0),
                        (p.y * sy).round().clamp(0.0, height - 1.0),
                    )
                });
                Quad::from_corners(corners)
            })
            .filter(|q| q.width() > MIN_SIDE && q.height() > MIN_SIDE)
            .collect();
        reading_order(&mut quads);
        Ok(quads)
    }
}

/// The detector's probabilities, a value per pixel of the resized page.
struct Map<'a> {
    values: &'a [f32],
    width: usize,
    height: usize,
}

impl Map<'_> {
    fn at(&self, x: usize, y: usize) -> f32 {
        self.values[y * self.width + x]
    }
}

/// Each connected region of the thresholded, dilated map (8-connected), as the smallest
/// rotated rectangle holding its pixels.
fn regions(map: &Map) -> Vec<RotatedRect> {
    let (w, h) = (map.width, map.height);
    let raw: Vec<bool> = (0..w * h)
        .map(|i| map.at(i % w, i / w) > BINARY_THRESHOLD)
        .collect();
    // A 2×2 dilation: a pixel is set when it or its left, upper or upper-left neighbour is.
    let mut mask = raw.clone();
    for y in 0..h {
        for x in 0..w {
            if !raw[y * w + x] {
                let left = x > 0 && raw[y * w + x - 1];
                let up = y > 0 && raw[(y - 1) * w + x];
                let diagonal = x > 0 && y > 0 && raw[(y - 1) * w + x - 1];
                mask[y * w + x] = left || up || diagonal;
            }
        }
    }
    let mut seen = vec![false; w * h];
    let mut rects = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !mask[start] || seen[start] {
            continue;
        }
        // Per row of the region, its leftmost and rightmost pixel: their hull is the region's.
        let mut extremes: HashMap<usize, (usize, usize)> = HashMap::new();
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let (lo, hi) = extremes.entry(y).or_insert((x, x));
            *lo = (*lo).min(x);
            *hi = (*hi).max(x);
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let n = ny as usize * w + nx as usize;
                    if mask[n] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        let points = extremes
            .iter()
            .flat_map(|(&y, &(lo, hi))| {
                [
                    Point::new(lo as f32, y as f32),
                    Point::new(hi as f32, y as f32),
                ]
            })
            .collect();
        rects.push(min_area_rect(&convex_hull(points)));
    }
    rects
}

/// A region kept as a line: wide enough, likely enough text inside, then unclipped.
fn line_box(map: &Map, rect: RotatedRect) -> Option<RotatedRect> {
    if rect.shorter_side() < MIN_SIDE {
        return None;
    }
    if mean_inside(map, &rect) < BOX_THRESHOLD {
        return None;
    }
    let perimeter = rect.perimeter();
    if perimeter <= 0.0 {
        return None;
    }
    let grown = rect.grown(rect.area() * UNCLIP_RATIO / perimeter);
    (grown.shorter_side() >= MIN_SIDE + 2.0).then_some(grown)
}

/// The mean probability over the map's pixels inside `rect`.
fn mean_inside(map: &Map, rect: &RotatedRect) -> f32 {
    let quad = Quad(rect.corners());
    let (x0, y0, x1, y1) = quad.bounds();
    let clamp = |v: f32, max: usize| (v.max(0.0) as usize).min(max - 1);
    let (x0, x1) = (clamp(x0.floor(), map.width), clamp(x1.ceil(), map.width));
    let (y0, y1) = (clamp(y0.floor(), map.height), clamp(y1.ceil(), map.height));
    let (mut sum, mut count) = (0.0f64, 0usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if quad.contains(Point::new(x as f32, y as f32)) {
                sum += f64::from(map.at(x, y));
                count += 1;
            }
        }
    }
    if count == 0 {
        0.0
    } else {
        (sum / count as f64) as f32
    }
}

/// Top to bottom by the top-left corner, then left to right among boxes starting within
/// 10 pixels of each other's height.
fn reading_order(quads: &mut [Quad]) {
    quads.sort_by(|a, b| {
        let (a, b) = (a.0[0], b.0[0]);
        a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x))
    });
    for i in 0..quads.len().saturating_sub(1) {
        for j in (0..=i).rev() {
            let (upper, lower) = (quads[j].0[0], quads[j + 1].0[0]);
            if (lower.y - upper.y).abs() < 10.0 && lower.x < upper.x {
                quads.swap(j, j + 1);
            } else {
                break;
            }
        }
    }
}
