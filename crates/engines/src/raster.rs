//! Images in and out for redaction: a PNG, JPEG or WebP is sized from its header and refused
//! before decoding when too large (decompression bombs), decoded under `image`'s limits,
//! painted over, and encoded anew so nothing of the original file (EXIF, ICC, text) survives.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, RgbImage};

/// The image formats read and written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RasterFormat {
    Png,
    Jpeg,
    Webp,
}

impl RasterFormat {
    /// The media type of this format.
    pub fn mime(self) -> &'static str {
        match self {
            RasterFormat::Png => "image/png",
            RasterFormat::Jpeg => "image/jpeg",
            RasterFormat::Webp => "image/webp",
        }
    }

    fn image_format(self) -> ImageFormat {
        match self {
            RasterFormat::Png => ImageFormat::Png,
            RasterFormat::Jpeg => ImageFormat::Jpeg,
            RasterFormat::Webp => ImageFormat::WebP,
        }
    }
}

/// How large an image may be, checked against its header before anything is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Width × height.
    pub max_pixels: u64,
    /// Width and height each.
    pub max_side: u32,
}

impl Default for Limits {
    /// 50 megapixels, 30,000 px a side.
    fn default() -> Self {
        Limits {
            max_pixels: 50_000_000,
            max_side: 30_000,
        }
    }
}

impl Limits {
    /// `TooLarge` when a `width` × `height` image breaks these limits.
    pub fn check(&self, width: u32, height: u32) -> Result<(), RasterError> {
        let pixels = u64::from(width) * u64::from(height);
        if pixels > self.max_pixels {
            return Err(RasterError::TooLarge {
                width,
                height,
                limit: self.max_pixels,
            });
        }
        if width > self.max_side || height > self.max_side {
            return Err(RasterError::TooLarge {
                width,
                height,
                limit: u64::from(self.max_side),
            });
        }
        Ok(())
    }
}

/// A rectangle in pixels, origin top left, `x0 ≤ x1` and `y0 ≤ y1` (fractions allowed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl From<super::words::Rect> for Rect {
    /// A word's whole-pixel box.
    fn from(r: super::words::Rect) -> Rect {
        Rect {
            x0: r.x as f32,
            y0: r.y as f32,
            x1: (r.x + r.width) as f32,
            y1: (r.y + r.height) as f32,
        }
    }
}

impl Rect {
    /// The whole pixels this box touches.
    pub fn pixels(&self) -> super::words::Rect {
        let edge = |v: f32| if v.is_finite() { v.max(0.0) } else { 0.0 };
        let (x0, y0) = (edge(self.x0).floor() as u32, edge(self.y0).floor() as u32);
        let (x1, y1) = (edge(self.x1).ceil() as u32, edge(self.y1).ceil() as u32);
        super::words::Rect {
            x: x0,
            y: y0,
            width: x1.saturating_sub(x0),
            height: y1.saturating_sub(y0),
        }
    }

    pub fn width(&self) -> f32 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> f32 {
        self.y1 - self.y0
    }
}

/// Why an image was refused.
#[derive(Debug)]
pub enum RasterError {
    /// Not a PNG, JPEG or WebP (415).
    Unsupported,
    /// Larger than the limits (413): `limit` is the pixel budget when the area is too large,
    /// else the longest side allowed.
    TooLarge { width: u32, height: u32, limit: u64 },
    /// The file is damaged (422).
    Corrupt(String),
}

impl std::fmt::Display for RasterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RasterError::Unsupported => f.write_str("the image is not a PNG, JPEG or WebP"),
            RasterError::TooLarge {
                width,
                height,
                limit,
            } => write!(
                f,
                "the image is {width}×{height} pixels, over the limit of {limit}"
            ),
            RasterError::Corrupt(m) => write!(f, "the image cannot be read: {m}"),
        }
    }
}

impl std::error::Error for RasterError {}

/// A decoded image, opaque RGB (any alpha flattened onto white), upright (EXIF orientation
/// applied).
#[derive(Debug, Clone)]
pub struct DecodedImage {
    pub format: RasterFormat,
    pub image: RgbImage,
}

/// Format and size of an image from its header only (nothing is decoded or allocated for
/// the pixels).
pub fn dimensions(bytes: &[u8]) -> Result<(RasterFormat, u32, u32), RasterError> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| RasterError::Corrupt(e.to_string()))?;
    let format = match reader.format() {
        Some(ImageFormat::Png) => RasterFormat::Png,
        Some(ImageFormat::Jpeg) => RasterFormat::Jpeg,
        Some(ImageFormat::WebP) => RasterFormat::Webp,
        _ => return Err(RasterError::Unsupported),
    };
    // PNG and JPEG sizes straight from their headers: a bomb is refused before its pixel
    // chunks are even looked for.
    if let Some((width, height)) = super::image_size::image_size(bytes) {
        return Ok((format, width, height));
    }
    let (width, height) = reader.into_dimensions().map_err(refusal(
        0,
        0,
        image::Limits::default().max_alloc.unwrap_or(0),
    ))?;
    Ok((format, width, height))
}

/// Decodes `bytes` once its header is within `limits`; the decoder runs under the same
/// limits, so a header that lies about the size cannot make it allocate more.
pub fn decode(bytes: &[u8], limits: &Limits) -> Result<DecodedImage, RasterError> {
    let (format, width, height) = dimensions(bytes)?;
    limits.check(width, height)?;
    // The JPEG decoder fills a truncated image with gray instead of failing.
    if format == RasterFormat::Jpeg && !jpeg_has_end(bytes) {
        return Err(RasterError::Corrupt("the JPEG is truncated".into()));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format.image_format());
    let mut bounds = image::Limits::default();
    bounds.max_image_width = Some(limits.max_side);
    bounds.max_image_height = Some(limits.max_side);
    // 16-bit RGBA is 8 bytes a pixel, the most any of these formats decodes to.
    let max_alloc = limits.max_pixels.saturating_mul(8);
    bounds.max_alloc = Some(max_alloc);
    reader.limits(bounds);
    let refused = refusal(width, height, limits.max_pixels);
    let mut decoder = reader.into_decoder().map_err(&refused)?;
    if decoder.total_bytes() > max_alloc {
        return Err(RasterError::TooLarge {
            width,
            height,
            limit: limits.max_pixels,
        });
    }
    let orientation = decoder.orientation().map_err(&refused)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(&refused)?;
    image.apply_orientation(orientation);
    Ok(DecodedImage {
        format,
        image: opaque_rgb(image),
    })
}

/// A binary PPM (P6) or PGM (P5) of 8 bits, as `pdftoppm` writes them, as RGB: the header
/// is checked against `limits` before the pixels are read.
pub fn decode_pnm(bytes: &[u8], limits: &Limits) -> Result<RgbImage, RasterError> {
    let (width, height, channels, pixels) = pnm_pixels(bytes, limits)?;
    let raw = if channels == 3 {
        pixels.to_vec()
    } else {
        pixels.iter().flat_map(|&g| [g, g, g]).collect()
    };
    RgbImage::from_raw(width, height, raw).ok_or_else(|| pnm_corrupt("size mismatch"))
}

/// The same as gray: a PGM's samples as they are, a PPM's as luma (`gray`).
pub fn decode_pnm_gray(bytes: &[u8], limits: &Limits) -> Result<image::GrayImage, RasterError> {
    let (width, height, channels, pixels) = pnm_pixels(bytes, limits)?;
    if channels == 3 {
        let rgb = RgbImage::from_raw(width, height, pixels.to_vec())
            .ok_or_else(|| pnm_corrupt("size mismatch"))?;
        return Ok(gray(&rgb));
    }
    image::GrayImage::from_raw(width, height, pixels.to_vec())
        .ok_or_else(|| pnm_corrupt("size mismatch"))
}

fn pnm_corrupt(m: &str) -> RasterError {
    RasterError::Corrupt(format!("PNM: {m}"))
}

/// A PNM's width, height, channels (3 for P6, 1 for P5) and pixel bytes, the header checked
/// against `limits` first and the pixels' length against the header.
fn pnm_pixels<'a>(
    bytes: &'a [u8],
    limits: &Limits,
) -> Result<(u32, u32, usize, &'a [u8]), RasterError> {
    let corrupt = pnm_corrupt;
    // "P6", width, height, maxval, each after whitespace; one whitespace byte before pixels.
    let mut fields = Vec::with_capacity(4);
    let mut at = 0;
    while fields.len() < 4 {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        if bytes.get(at) == Some(&b'#') {
            return Err(corrupt("comments are not supported"));
        }
        let start = at;
        while bytes.get(at).is_some_and(|b| !b.is_ascii_whitespace()) {
            at += 1;
        }
        if start == at {
            return Err(corrupt("truncated header"));
        }
        fields.push(&bytes[start..at]);
    }
    let channels = match fields[0] {
        b"P6" => 3,
        b"P5" => 1,
        _ => return Err(RasterError::Unsupported),
    };
    let number = |f: &[u8]| {
        std::str::from_utf8(f)
            .ok()
            .and_then(|n| n.parse::<u32>().ok())
            .ok_or_else(|| corrupt("bad header number"))
    };
    let (width, height) = (number(fields[1])?, number(fields[2])?);
    if number(fields[3])? != 255 {
        return Err(corrupt("only 8-bit samples are supported"));
    }
    limits.check(width, height)?;
    let pixels = &bytes[(at + 1).min(bytes.len())..];
    let expected = width as usize * height as usize * channels;
    if pixels.len() != expected {
        return Err(corrupt("truncated pixels"));
    }
    Ok((width, height, channels, pixels))
}

/// Whether a JPEG's entropy-coded data ends with an end-of-image marker: segments are
/// walked to the first start-of-scan (so a thumbnail's marker inside EXIF does not count),
/// after which `FF D9` can only be the real end (data bytes `FF` are stuffed as `FF 00`).
fn jpeg_has_end(bytes: &[u8]) -> bool {
    super::image_size::jpeg_segments(bytes)
        .find(|(marker, _)| *marker == 0xDA)
        .is_some_and(|(_, at)| bytes[at + 2..].windows(2).any(|w| w == [0xFF, 0xD9]))
}

/// RGB with any alpha composited onto white (what a viewer shows; whatever the color
/// channels of transparent pixels held is gone).
fn opaque_rgb(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let mut rgb = RgbImage::new(rgba.width(), rgba.height());
    for (out, px) in rgb.pixels_mut().zip(rgba.pixels()) {
        let alpha = u16::from(px[3]);
        for c in 0..3 {
            let over_white = (u16::from(px[c]) * alpha + 255 * (255 - alpha) + 127) / 255;
            out[c] = over_white as u8;
        }
    }
    rgb
}

/// How far each box is grown on every side, so the anti-aliased edges of glyphs go too.
const GROW_PX: f32 = 2.0;

/// Fills each box (grown by [`GROW_PX`], clipped to the image) with `fill`.
pub fn paint(image: &mut RgbImage, boxes: &[Rect], fill: [u8; 3]) {
    let (width, height) = image.dimensions();
    let clip = |v: f32, max: u32| -> u32 {
        if v.is_nan() || v <= 0.0 {
            0
        } else {
            (v as u64).min(u64::from(max)) as u32
        }
    };
    for rect in boxes {
        let x0 = clip((rect.x0 - GROW_PX).floor(), width);
        let y0 = clip((rect.y0 - GROW_PX).floor(), height);
        let x1 = clip((rect.x1 + GROW_PX).ceil(), width);
        let y1 = clip((rect.y1 + GROW_PX).ceil(), height);
        for y in y0..y1 {
            for x in x0..x1 {
                image.put_pixel(x, y, image::Rgb(fill));
            }
        }
    }
}

/// `image` in gray as a binary PGM (P5): what the OCR engine reads, written here so that
/// its C decoders only ever see a format this small and this simple.
pub fn gray_pnm(image: &RgbImage) -> Vec<u8> {
    pnm(&gray(image))
}

/// `image` in gray: ITU-R BT.601 luma, as Tesseract's own conversion.
pub fn gray(image: &RgbImage) -> image::GrayImage {
    image::GrayImage::from_fn(image.width(), image.height(), |x, y| {
        let [r, g, b] = image.get_pixel(x, y).0;
        image::Luma([((u32::from(r) * 299 + u32::from(g) * 587 + u32::from(b) * 114) / 1000) as u8])
    })
}

/// A gray image as a binary PGM (P5).
pub fn pnm(image: &image::GrayImage) -> Vec<u8> {
    let (w, h) = image.dimensions();
    let mut out = format!("P5\n{w} {h}\n255\n").into_bytes();
    out.extend_from_slice(image.as_raw());
    out
}

/// JPEG quality of re-encoded photos.
const JPEG_QUALITY: u8 = 90;

/// `image` as a new file of `format` (JPEG at quality 90, WebP lossless): only pixels,
/// no metadata of any kind.
pub fn encode(image: &RgbImage, format: RasterFormat) -> anyhow::Result<Vec<u8>> {
    use image::ImageEncoder;
    use image::codecs::{jpeg::JpegEncoder, png::PngEncoder, webp::WebPEncoder};
    let (w, h) = image.dimensions();
    let color = image::ExtendedColorType::Rgb8;
    let mut out = Vec::new();
    match format {
        RasterFormat::Png => PngEncoder::new(&mut out).write_image(image.as_raw(), w, h, color),
        RasterFormat::Jpeg => JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY).write_image(
            image.as_raw(),
            w,
            h,
            color,
        ),
        RasterFormat::Webp => {
            WebPEncoder::new_lossless(&mut out).write_image(image.as_raw(), w, h, color)
        }
    }
    .map_err(|e| anyhow::anyhow!("encoding the image as {}: {e}", format.mime()))?;
    Ok(out)
}

/// An `image` error as ours; a limit the decoder hit is `TooLarge` for `(width, height)`.
fn refusal(width: u32, height: u32, limit: u64) -> impl Fn(ImageError) -> RasterError {
    move |e| match e {
        ImageError::Limits(_) => RasterError::TooLarge {
            width,
            height,
            limit,
        },
        other => RasterError::Corrupt(other.to_string()),
    }
}

#[cfg(test)]
mod tests;
