//! The networks' inputs: a region of the image resampled (bilinear, edges replicated) into a
//! normalised tensor of blue, green and red planes (PaddleOCR's models were trained on
//! OpenCV's BGR order), values scaled from 0..255 to -1..1.

use image::RgbImage;
use tract_onnx::prelude::*;

use crate::geometry::{Point, Quad};

/// What padding holds once normalised: mid grey, as PaddleOCR pads line images.
pub(crate) const GREY: f32 = 0.0;

/// `quad` of `image` resampled into the top-left `content.0×content.1` (height × width) of
/// a `1×3×size.0×size.1` tensor, the rest `pad`.
pub(crate) fn quad_tensor(
    image: &RgbImage,
    quad: &Quad,
    content: (usize, usize),
    size: (usize, usize),
    pad: f32,
) -> Tensor {
    let (content_height, content_width) = (content.0.min(size.0), content.1.min(size.1));
    let (height, width) = size;
    let [tl, tr, _, bl] = quad.0;
    let across = Point::new(tr.x - tl.x, tr.y - tl.y);
    let down = Point::new(bl.x - tl.x, bl.y - tl.y);
    let mut data = vec![pad; 3 * height * width];
    let plane = height * width;
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
    tract_ndarray::Array4::from_shape_vec((1, 3, height, width), data)
        .map(Tensor::from)
        .unwrap_or_else(|_| unreachable!("the buffer holds 3 × height × width values"))
}

/// The whole image resized to `content` (bilinear), in a tensor of `size` padded with `pad`.
pub(crate) fn resized_tensor(
    image: &RgbImage,
    content: (usize, usize),
    size: (usize, usize),
    pad: f32,
) -> Tensor {
    let (w, h) = (image.width() as f32, image.height() as f32);
    let page = Quad([
        Point::new(0.0, 0.0),
        Point::new(w, 0.0),
        Point::new(w, h),
        Point::new(0.0, h),
    ]);
    quad_tensor(image, &page, content, size, pad)
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
