//! Page orientation. Upright pages (nearly all of them) are recognized once, in Tesseract's
//! automatic segmentation without orientation detection (which also reads text turned by 90°
//! as vertical lines, boxes in the original image). Only when that pass reads poorly is
//! the page recognized again with OSD (`osd.traineddata`, segmentation mode 1): Tesseract then
//! turns each block upright itself and still reports boxes in the original image, and the
//! better-reading pass is kept. leptess exposes neither OSD's result nor an orthogonal rotation
//! without `unsafe`, so the corrected rotation is read from the hOCR `textangle` of the lines.

use crate::words::{Word, unspaced as is_unspaced};

/// Whether a first pass reads well enough to be taken as upright: enough words, most of them
/// confident. Rotated text read upright gives a few low-confidence fragments.
pub fn reads_upright(words: &[Word]) -> bool {
    let characters: usize = words.iter().map(|w| w.text.chars().count()).sum();
    characters >= MIN_CHARACTERS && score(words) >= MIN_SCORE
}

/// At least this many characters read (a sticker with one word is retried: cheap when small).
const MIN_CHARACTERS: usize = 8;
/// Mean word confidence weighted by length: clean upright print reads at 0.8–0.97, scanned
/// receipts at 0.5–0.9 (37 of the first 40 SROIE receipts at 0.6 or more, the lowest 0.47),
/// text upside down well below.
const MIN_SCORE: f32 = 0.5;

/// 90 or 270 when the words were read from text turned by that much clockwise, else 0.
/// Automatic segmentation reads such text as vertical lines and says so nowhere (its hOCR has
/// no `textangle` then), so this is read from the geometry: most words of three or more
/// characters taller than wide (upright, only single letters and digits are), and the words
/// of a line running down the image (90) or up (270). Pages mostly in Han or kana are left
/// alone: their vertical writing is upright.
pub fn turn_from_geometry(words: &[Word]) -> u16 {
    let (mut tall, mut long, mut unspaced) = (0usize, 0usize, 0usize);
    for word in words {
        let chars = word.text.chars().count();
        unspaced += word.text.chars().filter(|&c| is_unspaced(c)).count();
        if chars >= 3 {
            long += 1;
            tall += usize::from(word.bbox.height > word.bbox.width);
        }
    }
    let characters: usize = words.iter().map(|w| w.text.chars().count()).sum();
    if tall == 0 || tall * 2 < long || unspaced * 2 > characters {
        return 0;
    }
    let (mut down, mut up) = (0usize, 0usize);
    for pair in words.windows(2).filter(|p| p[0].line == p[1].line) {
        let centre = |w: &Word| {
            (
                i64::from(w.bbox.x) * 2 + i64::from(w.bbox.width),
                i64::from(w.bbox.y) * 2 + i64::from(w.bbox.height),
            )
        };
        let ((x0, y0), (x1, y1)) = (centre(&pair[0]), centre(&pair[1]));
        if (y1 - y0).abs() > (x1 - x0).abs() {
            if y1 > y0 { down += 1 } else { up += 1 }
        }
    }
    match (down, up) {
        (0, 0) => 0,
        (down, up) if down >= up => 90,
        _ => 270,
    }
}

/// The mean word confidence weighted by each word's length in chars, 0 without words.
pub fn score(words: &[Word]) -> f32 {
    let (mut sum, mut weight) = (0f32, 0f32);
    for word in words {
        let chars = word.text.chars().count() as f32;
        sum += word.confidence * chars;
        weight += chars;
    }
    if weight > 0.0 { sum / weight } else { 0.0 }
}

/// The clockwise rotation of the text in the image (0/90/180/270), from an OSD pass's hOCR:
/// the `textangle` most of the page's words were read at (lines without one are upright).
pub fn rotation_from_hocr(hocr: &str) -> u16 {
    // Words per angle index (0°, 90°, 180°, 270° counter-clockwise, as hOCR writes it).
    let mut words = [0usize; 4];
    for line in hocr.split("class='ocr_line'").skip(1).chain(
        // Tesseract also writes captions, headers and text floats as line-like spans.
        hocr.split("class='ocr_caption'").skip(1),
    ) {
        let line_end = line.find("class='ocr_line'").unwrap_or(line.len());
        let line = &line[..line_end];
        let title_end = line.find('>').unwrap_or(line.len());
        let angle = line[..title_end]
            .split(';')
            .find_map(|property| property.trim().strip_prefix("textangle "))
            .and_then(|degrees| {
                degrees
                    .trim_end_matches(['"', '\''])
                    .trim()
                    .parse::<u16>()
                    .ok()
            })
            .unwrap_or(0);
        let index = usize::from(angle / 90 % 4);
        words[index] += line.matches("class='ocrx_word'").count();
    }
    let best = (0..4).max_by_key(|&i| (words[i], i == 0)).unwrap_or(0);
    // hOCR's textangle is counter-clockwise; ours is clockwise.
    ((4 - best) % 4 * 90) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_the_majority_textangle() {
        let line = |angle: Option<u16>, words: usize| {
            let angle = angle
                .map(|a| format!("; textangle {a}"))
                .unwrap_or_default();
            let word = "<span class='ocrx_word' id='w' title='bbox 1 2 3 4; x_wconf 90'>x</span>";
            format!(
                "<span class='ocr_line' id='l' title=\"bbox 1 2 3 4{angle}; x_size 20\">{}</span>",
                word.repeat(words)
            )
        };
        assert_eq!(rotation_from_hocr(&line(None, 3)), 0);
        assert_eq!(
            rotation_from_hocr(&(line(Some(90), 3) + &line(None, 2))),
            270
        );
        assert_eq!(rotation_from_hocr(&line(Some(270), 3)), 90);
        assert_eq!(rotation_from_hocr(&line(Some(180), 3)), 180);
        assert_eq!(rotation_from_hocr(""), 0);
    }
}
