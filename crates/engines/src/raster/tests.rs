//! Images decoded under limits, painted and written anew without their metadata.

use super::*;

/// CRC-32 (PNG's, IEEE) of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG chunk of `kind` holding `data`.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A 64×48 picture: a gradient with a dark block (the "text") at 10..30 × 10..20.
fn picture() -> RgbImage {
    RgbImage::from_fn(64, 48, |x, y| {
        if (10..30).contains(&x) && (10..20).contains(&y) {
            image::Rgb([20, 20, 20])
        } else {
            image::Rgb([(x * 4) as u8, (y * 5) as u8, 200])
        }
    })
}

/// `png` with a tEXt chunk inserted after IHDR.
fn with_text_chunk(png: &[u8], text: &[u8]) -> Vec<u8> {
    let after_ihdr = 8 + 4 + 4 + 13 + 4;
    let mut out = png[..after_ihdr].to_vec();
    out.extend(chunk(b"tEXt", text));
    out.extend_from_slice(&png[after_ihdr..]);
    out
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_png_is_painted_and_written_without_its_text_chunks() {
    let png = with_text_chunk(
        &encode(&picture(), RasterFormat::Png).unwrap(),
        b"Author\0Jane Doe",
    );
    assert!(contains(&png, b"Jane Doe"));
    let mut decoded = decode(&png, &Limits::default()).unwrap();
    assert_eq!(decoded.format, RasterFormat::Png);
    assert_eq!(decoded.image, picture());
    let text = Rect {
        x0: 10.0,
        y0: 10.0,
        x1: 30.0,
        y1: 20.0,
    };
    paint(&mut decoded.image, &[text], [0, 0, 0]);
    // Grown by 2 px on each side; untouched beyond.
    assert_eq!(decoded.image.get_pixel(8, 8).0, [0, 0, 0]);
    assert_eq!(decoded.image.get_pixel(31, 21).0, [0, 0, 0]);
    assert_eq!(decoded.image.get_pixel(7, 7), picture().get_pixel(7, 7));
    assert_eq!(decoded.image.get_pixel(32, 22), picture().get_pixel(32, 22));
    let out = encode(&decoded.image, RasterFormat::Png).unwrap();
    assert!(!contains(&out, b"Jane Doe") && !contains(&out, b"tEXt"));
    let again = decode(&out, &Limits::default()).unwrap();
    assert_eq!(again.image, decoded.image);
}

/// `jpeg` with an EXIF segment (orientation `orientation`, and a camera owner's name) right
/// after its start-of-image marker.
fn with_exif(jpeg: &[u8], orientation: u8) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&[0, 1]); // one entry
    tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0]);
    tiff.extend_from_slice(&[0, 0, 0, 0]);
    tiff.extend_from_slice(b"Owner Jane Doe\0");
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend(tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((segment.len() + 2) as u16).to_be_bytes());
    out.extend(segment);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn a_jpeg_is_turned_upright_painted_and_written_without_its_exif() {
    let jpeg = with_exif(&encode(&picture(), RasterFormat::Jpeg).unwrap(), 6);
    let mut decoded = decode(&jpeg, &Limits::default()).unwrap();
    assert_eq!(decoded.format, RasterFormat::Jpeg);
    // Orientation 6: shown rotated a quarter turn clockwise, so 48×64.
    assert_eq!(decoded.image.dimensions(), (48, 64));
    let all = Rect {
        x0: 0.0,
        y0: 0.0,
        x1: 48.0,
        y1: 64.0,
    };
    paint(&mut decoded.image, &[all], [255, 255, 255]);
    let out = encode(&decoded.image, RasterFormat::Jpeg).unwrap();
    assert!(!contains(&out, b"Exif") && !contains(&out, b"Jane Doe"));
    let again = decode(&out, &Limits::default()).unwrap();
    assert_eq!(again.image.dimensions(), (48, 64));
    assert!(again.image.pixels().all(|p| p.0.iter().all(|&c| c >= 250)));
}

#[test]
fn a_webp_round_trips_losslessly() {
    let webp = encode(&picture(), RasterFormat::Webp).unwrap();
    assert_eq!(dimensions(&webp).unwrap(), (RasterFormat::Webp, 64, 48));
    assert_eq!(decode(&webp, &Limits::default()).unwrap().image, picture());
}

#[test]
fn transparency_is_flattened_onto_white() {
    let rgba = image::RgbaImage::from_fn(4, 4, |x, _| {
        image::Rgba([0, 0, 0, if x < 2 { 0 } else { 255 }])
    });
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        rgba.as_raw(),
        4,
        4,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    let decoded = decode(&png, &Limits::default()).unwrap().image;
    assert_eq!(decoded.get_pixel(0, 0).0, [255, 255, 255]);
    assert_eq!(decoded.get_pixel(3, 0).0, [0, 0, 0]);
}

#[test]
fn a_png_claiming_ten_gigapixels_is_refused_from_its_header() {
    let mut ihdr = 100_000u32.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&100_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    ));
    png.extend(chunk(b"IEND", &[]));
    assert_eq!(
        dimensions(&png).unwrap(),
        (RasterFormat::Png, 100_000, 100_000)
    );
    let refused = decode(&png, &Limits::default());
    assert!(
        matches!(
            refused,
            Err(RasterError::TooLarge {
                width: 100_000,
                height: 100_000,
                limit: 50_000_000
            })
        ),
        "{refused:?}"
    );
    // Within the pixel budget but too long a side.
    let long = Limits {
        max_pixels: u64::MAX,
        max_side: 30_000,
    };
    assert!(matches!(
        decode(&png, &long),
        Err(RasterError::TooLarge { limit: 30_000, .. })
    ));
}

#[test]
fn damaged_and_foreign_files_are_refused() {
    let jpeg = encode(&picture(), RasterFormat::Jpeg).unwrap();
    for cut in [jpeg.len() / 2, 20] {
        let truncated = decode(&jpeg[..cut], &Limits::default());
        assert!(
            matches!(truncated, Err(RasterError::Corrupt(_))),
            "cut at {cut} of {}: {truncated:?}",
            jpeg.len()
        );
    }
    for format in [RasterFormat::Png, RasterFormat::Webp] {
        let file = encode(&picture(), format).unwrap();
        let truncated = decode(&file[..file.len() * 2 / 3], &Limits::default());
        assert!(
            matches!(truncated, Err(RasterError::Corrupt(_))),
            "{format:?}: {truncated:?}"
        );
    }
    assert!(matches!(
        decode(b"GIF89a\x01\x00\x01\x00", &Limits::default()),
        Err(RasterError::Unsupported)
    ));
    assert!(matches!(
        decode(b"hello", &Limits::default()),
        Err(RasterError::Unsupported)
    ));
}

#[test]
fn boxes_outside_the_image_are_clipped() {
    let mut image = picture();
    let boxes = [
        Rect {
            x0: -50.0,
            y0: -50.0,
            x1: 3.0,
            y1: 3.0,
        },
        Rect {
            x0: 60.0,
            y0: 40.0,
            x1: 1e9,
            y1: f32::INFINITY,
        },
        Rect {
            x0: f32::NAN,
            y0: 100.0,
            x1: 200.0,
            y1: 300.0,
        },
    ];
    paint(&mut image, &boxes, [1, 2, 3]);
    assert_eq!(image.get_pixel(0, 0).0, [1, 2, 3]);
    assert_eq!(image.get_pixel(4, 4).0, [1, 2, 3]);
    assert_eq!(image.get_pixel(63, 47).0, [1, 2, 3]);
    assert_eq!(image.get_pixel(20, 30), picture().get_pixel(20, 30));
}
