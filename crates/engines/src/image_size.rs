//! The pixel size of an encoded PNG or JPEG, read from its header: what the APIs report is
//! what the file really holds, never what was asked for, and what the upload limits are
//! checked against before anything is decoded. JPEG's marker walk lives here once.

/// `(width, height)` of a PNG or JPEG, or `None` when the bytes are neither.
pub fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    png_size(bytes).or_else(|| jpeg_size(bytes))
}

fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || !bytes.starts_with(SIGNATURE) || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

fn jpeg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    jpeg_frame(bytes).map(|frame| (frame.width, frame.height))
}

/// What a JPEG's start-of-frame header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JpegFrame {
    pub width: u32,
    pub height: u32,
    /// Colour components: 1 gray, 3 YCbCr/RGB, 4 CMYK.
    pub components: u8,
}

/// The marker segments of a JPEG up to its first start-of-scan (included), as `(marker,
/// offset of its FF byte)`: the header walk every reader of JPEGs here shares.
pub fn jpeg_segments(bytes: &[u8]) -> impl Iterator<Item = (u8, usize)> + '_ {
    let mut at = if bytes.starts_with(&[0xFF, 0xD8]) {
        2
    } else {
        usize::MAX
    };
    let mut done = false;
    std::iter::from_fn(move || {
        while !done && at.checked_add(4).is_some_and(|end| end <= bytes.len()) {
            if bytes[at] != 0xFF {
                return None;
            }
            let marker = bytes[at + 1];
            if marker == 0xFF {
                at += 1;
                continue;
            }
            let here = at;
            let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
            at += 2 + length;
            done = marker == 0xDA;
            return Some((marker, here));
        }
        None
    })
}

/// The frame header of a JPEG: size and components.
pub fn jpeg_frame(bytes: &[u8]) -> Option<JpegFrame> {
    // Start-of-frame markers (baseline, progressive, ...), not DHT/JPG/DAC.
    let (_, at) = jpeg_segments(bytes)
        .find(|(m, _)| matches!(m, 0xC0..=0xCF) && !matches!(m, 0xC4 | 0xC8 | 0xCC))?;
    let frame = bytes.get(at + 5..at + 9)?;
    Some(JpegFrame {
        height: u32::from(u16::from_be_bytes([frame[0], frame[1]])),
        width: u32::from(u16::from_be_bytes([frame[2], frame[3]])),
        // A header cut short after the size has no component count: 0, which nothing accepts.
        components: bytes.get(at + 9).copied().unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_header_gives_the_size() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&1280u32.to_be_bytes());
        png.extend_from_slice(&3000u32.to_be_bytes());
        assert_eq!(image_size(&png), Some((1280, 3000)));
    }

    #[test]
    fn jpeg_frame_gives_the_size_after_other_segments() {
        let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00];
        jpeg.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08]);
        jpeg.extend_from_slice(&800u16.to_be_bytes());
        jpeg.extend_from_slice(&1280u16.to_be_bytes());
        assert_eq!(image_size(&jpeg), Some((1280, 800)));
        assert_eq!(image_size(b"GIF89a"), None);
    }
}
