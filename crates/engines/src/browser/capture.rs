//! Screenshots: the viewport, the whole page (a clip of the page's CSS size, scaled by the
//! device scale factor: Chromium's own full-page helpers reset the scale), or one element.

use std::time::{Duration, Instant};

use base64::Engine as _;
use headless_chrome::protocol::cdp::Page;

use super::job::{Area, BrowserError, Encoding, Image, Shot};
use super::page::{Session, call};
use crate::image_size::image_size;

/// A CSS-pixel rectangle of the page.
#[derive(Debug, Clone, Copy)]
struct Rect {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

/// Loads and captures `shot` in `session`.
pub fn capture(
    session: &Session,
    shot: &Shot,
    capture_timeout: Duration,
) -> Result<Image, BrowserError> {
    let started = Instant::now();
    session.load(&shot.load, started)?;
    let deadline = Instant::now() + capture_timeout;
    let scale = shot.load.device_scale_factor;
    let clip = match &shot.area {
        Area::Viewport => None,
        Area::FullPage { max_height } => {
            let metrics = call(
                &session.page,
                Page::GetLayoutMetrics(None),
                deadline,
                "measuring the page",
            )?;
            let height = metrics
                .css_content_size
                .height
                .ceil()
                .min(*max_height as f64)
                .max(1.0);
            Some(Rect {
                x: 0.0,
                y: 0.0,
                width: shot.load.width as f64,
                height,
            })
        }
        Area::Element(selector) => Some(element_rect(session, selector, deadline)?),
    };
    let (width, height) = match clip {
        Some(r) => (r.width, r.height),
        None => (shot.load.width as f64, shot.load.height as f64),
    };
    let pixels = (width * scale).round() * (height * scale).round();
    if pixels > shot.max_pixels as f64 {
        return Err(BrowserError::TooLarge(format!(
            "the capture would be {:.1} megapixels ({}×{} CSS pixels at scale {scale}); the limit is {:.0}",
            pixels / 1e6,
            width,
            height,
            shot.max_pixels as f64 / 1e6
        )));
    }
    let (format, quality) = match shot.encoding {
        Encoding::Png => (Page::CaptureScreenshotFormatOption::Png, None),
        Encoding::Jpeg { quality } => (
            Page::CaptureScreenshotFormatOption::Jpeg,
            Some(quality as u32),
        ),
    };
    let captured = call(
        &session.page,
        Page::CaptureScreenshot {
            format: Some(format),
            quality,
            clip: clip.map(|r| Page::Viewport {
                x: r.x,
                y: r.y,
                width: r.width,
                height: r.height,
                scale: 1.0,
            }),
            from_surface: Some(true),
            capture_beyond_viewport: Some(clip.is_some()),
            optimize_for_speed: None,
        },
        deadline,
        "capturing the page",
    )?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(captured.data)
        .map_err(|e| BrowserError::Failed(anyhow::anyhow!("the capture is not base64: {e}")))?;
    let (width, height) = image_size(&bytes)
        .ok_or_else(|| BrowserError::Failed(anyhow::anyhow!("the capture is not a PNG or JPEG")))?;
    Ok(Image {
        bytes,
        width,
        height,
    })
}

/// The page rectangle of the first element matching `selector`.
fn element_rect(
    session: &Session,
    selector: &str,
    deadline: Instant,
) -> Result<Rect, BrowserError> {
    let quoted = serde_json::to_string(selector).unwrap_or_default();
    let value = session.evaluate(
        &format!(
            "(() => {{ let e; try {{ e = document.querySelector({quoted}); }} catch (_) {{ return 'invalid'; }}
                if (!e) return null;
                const r = e.getBoundingClientRect();
                return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]; }})()"
        ),
        deadline,
    )?;
    if value == serde_json::Value::String("invalid".into()) {
        return Err(BrowserError::Unprocessable(format!(
            "selector `{selector}` is not a valid CSS selector"
        )));
    }
    let numbers: Vec<f64> = value
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_f64()).collect())
        .unwrap_or_default();
    match numbers[..] {
        [x, y, width, height] if width >= 1.0 && height >= 1.0 => Ok(Rect {
            x,
            y,
            width,
            height,
        }),
        [_, _, _, _] => Err(BrowserError::Unprocessable(format!(
            "the element `{selector}` has no visible size"
        ))),
        _ => Err(BrowserError::Unprocessable(format!(
            "no element matches selector `{selector}`"
        ))),
    }
}
