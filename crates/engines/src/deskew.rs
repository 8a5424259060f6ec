//! Scans and photos taken a few degrees off square, straightened before OCR: a receipt
//! photographed at 3° puts a label and its amount at the far right two lines apart, and the
//! readers that pair them by row miss the pair. The skew is the angle whose projection of
//! the dark pixels onto the vertical axis is most sharply peaked (text lines are then
//! horizontal), searched within ±`MAX_DEGREES`; the page is then turned back about its
//! centre with bilinear sampling, the corners filled white. Turns of 90° and more are the
//! OCR engine's orientation detection's business, not this.

use image::{GrayImage, Luma};

/// The largest skew looked for, in degrees either way.
const MAX_DEGREES: f32 = 6.0;
/// The search step, in degrees.
const STEP_DEGREES: f32 = 0.2;
/// Below this the page is left as it is (Tesseract copes, and resampling blurs).
const MIN_DEGREES: f32 = 1.0;
/// The longest side the search looks at (pixels are sampled down to it).
const SEARCH_SIDE: u32 = 1000;

/// The page straightened, with the angle it was turned by (degrees, counter-clockwise
/// positive); `None` when it is square enough already.
pub fn straighten(page: &GrayImage) -> Option<(GrayImage, f32)> {
    let skew = skew_degrees(page);
    if skew.abs() < MIN_DEGREES {
        return None;
    }
    Some((rotated(page, -skew), -skew))
}

/// The skew of the text lines of `page`, in degrees (positive: lines rise to the right).
pub fn skew_degrees(page: &GrayImage) -> f32 {
    let (width, height) = page.dimensions();
    let step = (width.max(height) / SEARCH_SIDE).max(1);
    let threshold = dark_threshold(page, step);
    let dark: Vec<(f32, f32)> = (0..height)
        .step_by(step as usize)
        .flat_map(|y| (0..width).step_by(step as usize).map(move |x| (x, y)))
        .filter(|&(x, y)| page.get_pixel(x, y).0[0] < threshold)
        .map(|(x, y)| (x as f32, y as f32))
        .collect();
    if dark.len() < 50 {
        return 0.0;
    }
    let bin = step as f32;
    let bins = ((width + height) / step + 2) as usize;
    let mut profile = vec![0u32; bins];
    let mut best = (0.0f32, 0u64);
    let steps = (MAX_DEGREES / STEP_DEGREES).round() as i32;
    for i in -steps..=steps {
        let degrees = i as f32 * STEP_DEGREES;
        let (sin, cos) = degrees.to_radians().sin_cos();
        profile.iter_mut().for_each(|b| *b = 0);
        for &(x, y) in &dark {
            // The row the pixel falls in once the page is turned by `degrees`.
            let row = (y * cos + x * sin) / bin + width as f32 / bin;
            if let Some(count) = profile.get_mut(row.max(0.0) as usize) {
                *count += 1;
            }
        }
        let peakedness: u64 = profile.iter().map(|&c| u64::from(c) * u64::from(c)).sum();
        if peakedness > best.1 || (peakedness == best.1 && degrees.abs() < best.0.abs()) {
            best = (degrees, peakedness);
        }
    }
    // Projected with `y·cos + x·sin`, lines that rise to the right (y falling as x grows)
    // line up at a positive angle.
    best.0
}

/// Darker than this is ink: three quarters of the page's mean brightness.
fn dark_threshold(page: &GrayImage, step: u32) -> u8 {
    let (width, height) = page.dimensions();
    let (mut sum, mut count) = (0u64, 0u64);
    for y in (0..height).step_by(step as usize) {
        for x in (0..width).step_by(step as usize) {
            sum += u64::from(page.get_pixel(x, y).0[0]);
            count += 1;
        }
    }
    let mean = sum.checked_div(count).unwrap_or(255);
    (mean * 3 / 4).min(200) as u8
}

/// `page` turned by `degrees` (counter-clockwise positive) about its centre, same size.
fn rotated(page: &GrayImage, degrees: f32) -> GrayImage {
    let (width, height) = page.dimensions();
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (cx, cy) = (width as f32 / 2.0, height as f32 / 2.0);
    GrayImage::from_fn(width, height, |x, y| {
        // The source of an output pixel: the output turned back.
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        let sx = dx * cos - dy * sin + cx;
        let sy = dx * sin + dy * cos + cy;
        Luma([sample(page, sx, sy)])
    })
}

/// Bilinear sample at (`x`, `y`); white outside the page.
fn sample(page: &GrayImage, x: f32, y: f32) -> u8 {
    let (width, height) = page.dimensions();
    if x < 0.0 || y < 0.0 || x > (width - 1) as f32 || y > (height - 1) as f32 {
        return 255;
    }
    let (x0, y0) = (x.floor() as u32, y.floor() as u32);
    let (x1, y1) = ((x0 + 1).min(width - 1), (y0 + 1).min(height - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let at = |x, y| f32::from(page.get_pixel(x, y).0[0]);
    let top = at(x0, y0) * (1.0 - fx) + at(x1, y0) * fx;
    let bottom = at(x0, y1) * (1.0 - fx) + at(x1, y1) * fx;
    (top * (1.0 - fy) + bottom * fy).round() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white page with dark text-like lines (dashes of ink, as words are) turned by
    /// `degrees`.
    fn lined_page(degrees: f32) -> GrayImage {
        let mut page = GrayImage::from_pixel(800, 1000, Luma([255]));
        for line in 0..20u32 {
            let y = 100 + line * 40;
            for x in 100..700u32 {
                if x % 50 < 38 {
                    for dy in 0..8 {
                        page.put_pixel(x, y + dy, Luma([20]));
                    }
                }
            }
        }
        rotated(&page, degrees)
    }

    #[test]
    fn the_skew_of_turned_lines_is_found_either_way() {
        for degrees in [-4.0f32, -2.0, 1.4, 3.0, 5.0] {
            let found = skew_degrees(&lined_page(degrees));
            assert!(
                (found - degrees).abs() <= 0.3,
                "turned by {degrees}°, found {found}°"
            );
        }
    }

    #[test]
    fn a_straightened_page_is_square_and_a_square_one_is_left_alone() {
        let (straight, turned_by) = straighten(&lined_page(3.0)).expect("a skewed page");
        assert!((turned_by + 3.0).abs() <= 0.3, "{turned_by}");
        assert!(skew_degrees(&straight).abs() <= 0.3);
        assert!(straighten(&lined_page(0.0)).is_none());
        let blank = GrayImage::from_pixel(300, 300, Luma([255]));
        assert!(straighten(&blank).is_none());
    }
}
