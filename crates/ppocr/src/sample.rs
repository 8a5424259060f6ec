//! The networks' inputs: a region of the image resampled (bilinear, edges replicated) into a
//! normalised tensor of blue, green and red planes (PaddleOCR's models were trained on
//! OpenCV's BGR order), values scaled from 0..255 to -1..1.

use image::RgbImage;

use crate::geometry::{Point, Quad};
use crate::network::Input;

/// What padding holds once normalised: mid grey, as PaddleOCR pads line images.
pub(crate) const GREY: f32 = 0.0;

/// A batch of `count` images of `size` (height × width), every value `pad` until filled.
pub(crate) fn batch(count: usize, size: (usize, usize), pad: f32) -> Input {
    let (height, width) = size;
    Input {
        shape: [count, 3, height, width],
        values: vec![pad; count * 3 * height * width],
    }
}

/// `quad` of `image` resampled into the top-left `content.0×content.1` (height × width) of
/// image `index` of `batch`.
pub(crate) fn fill(
    batch: &mut Input,
    index: usize,
    image: &RgbImage,
    quad: &Quad,
    content: (usize, usize),
) {
    let [_, _, height, width] = batch.shape;
    let (content_height, content_width) = (content.0.min(height), content.1.min(width));
    let [tl, tr, _, bl] = quad.0;
    let across = Point::new(tr.x - tl.x, tr.y - tl.y);
    let down = Point::new(bl.x - tl.x, bl.y - tl.y);
    let plane = height * width;
    let data = &mut batch.values[index * 3 * plane..(index + 1) * 3 * plane];
    for v in 0..content_height {
        let fv = (v as f32 + 0.5) / content.0 as f32;
        for u in 0..content_width {
            let fu = (u as f32 + 0.5) / content.1 as f32;
            let x = tl.x + fu * across.x + fv * down.x - 0.5;
            let y = tl.y + fu * across.y + fv * down.y - 0.5;
            let [r, g, b] = bilinear(image, x, y);
            let at = v * width + u;
            data[at] = normalise(b);
            data[plane + at] = normalise(g);
            data[2 * plane + at] = normalise(r);
        }
    }
}

/// The whole image resized to `size` (bilinear), a batch of one.
pub(crate) fn resized(image: &RgbImage, size: (usize, usize)) -> Input {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let page = Quad([
        Point::new(0.0, 0.0),
        Point::new(w, 0.0),
        Point::new(w, h),
        Point::new(0.0, h),
    ]);
    let mut input = batch(1, size, 0.0);
    fill(&mut input, 0, image, &page, size);
    input
}

fn normalise(value: f32) -> f32 {
    value / 127.5 - 1.0
}

/// The colour at `(x, y)` (pixel centres at integer positions), interpolated between the
/// four nearest pixels; outside the image the nearest edge pixel.
fn bilinear(image: &RgbImage, x: f32, y: f32) -> [f32; 3] {
    let (w, h) = (image.width() as i64, image.height() as i64);
    let x = x.clamp(0.0, (w - 1) as f32);
    let y = y.clamp(0.0, (h - 1) as f32);
    let (x0, y0) = (x.floor() as i64, y.floor() as i64);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let px = |xx: i64, yy: i64| image.get_pixel(xx as u32, yy as u32).0;
    let (a, b, c, d) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
    let mut out = [0.0; 3];
    for (i, o) in out.iter_mut().enumerate() {
        let top = a[i] as f32 * (1.0 - fx) + b[i] as f32 * fx;
        let bottom = c[i] as f32 * (1.0 - fx) + d[i] as f32 * fx;
        *o = top * (1.0 - fy) + bottom * fy;
    }
    out
}
