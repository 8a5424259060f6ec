//! The contract's requests in the browser engine's terms: defaults, paper sizes in inches,
//! margins from millimetres, the pixel limit known before loading.

use std::time::Duration;

use crate::engines::browser::job::{Area, Encoding, Load, Print, Shot, WaitUntil};
use crate::generated::types;

const MM_PER_INCH: f64 = 25.4;

fn wait_until(w: Option<types::WaitUntil>) -> WaitUntil {
    match w.unwrap_or(types::WaitUntil::Load) {
        types::WaitUntil::Load => WaitUntil::Load,
        types::WaitUntil::Domcontentloaded => WaitUntil::DomContentLoaded,
        types::WaitUntil::Networkidle => WaitUntil::NetworkIdle,
    }
}

fn millis(ms: i32) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

/// The engine's screenshot job for `r`, whose URL was checked.
pub fn shot(r: &types::ScreenshotRequest, max_pixels: u64) -> Shot {
    let load = Load {
        url: r.url.to_string(),
        width: r.width.max(1) as u32,
        height: r.height.max(1) as u32,
        device_scale_factor: r.device_scale_factor,
        wait_until: wait_until(r.wait_until),
        timeout: millis(r.timeout_ms),
        wait_for_selector: r.wait_for_selector.as_ref().map(|s| s.to_string()),
        delay: millis(r.delay),
        dark_mode: r.dark_mode,
        reduced_motion: r.reduced_motion,
        user_agent: r.user_agent.as_ref().map(|s| s.to_string()),
        fail_on_http_error: r.fail_on_http_error,
        hide_selectors: r.hide_selectors.iter().map(|s| s.to_string()).collect(),
        transparent_background: r.transparent_background && format(r) == types::ImageFormat::Png,
    };
    let area = match (&r.selector, r.full_page) {
        (Some(selector), _) => Area::Element(selector.to_string()),
        (None, true) => Area::FullPage {
            max_height: r.full_page_max_height.max(1) as u32,
        },
        (None, false) => Area::Viewport,
    };
    let encoding = match format(r) {
        types::ImageFormat::Png => Encoding::Png,
        types::ImageFormat::Jpeg => Encoding::Jpeg {
            quality: r.quality.get().min(100) as u8,
        },
    };
    Shot {
        load,
        encoding,
        area,
        max_pixels,
    }
}

/// The image format asked for (png by default).
pub fn format(r: &types::ScreenshotRequest) -> types::ImageFormat {
    r.format.unwrap_or(types::ImageFormat::Png)
}

/// Pixels of a viewport capture, known before loading (`None` for full page and element
/// captures, whose size the page decides).
pub fn viewport_pixels(r: &types::ScreenshotRequest) -> Option<f64> {
    (r.selector.is_none() && !r.full_page).then(|| {
        let scale = r.device_scale_factor;
        (r.width as f64 * scale).round() * (r.height as f64 * scale).round()
    })
}

/// (width, height) in inches of a paper format, portrait.
fn paper(format: Option<types::PaperFormat>) -> (f64, f64) {
    match format.unwrap_or(types::PaperFormat::A4) {
        types::PaperFormat::A3 => (297.0 / MM_PER_INCH, 420.0 / MM_PER_INCH),
        types::PaperFormat::A4 => (210.0 / MM_PER_INCH, 297.0 / MM_PER_INCH),
        types::PaperFormat::A5 => (148.0 / MM_PER_INCH, 210.0 / MM_PER_INCH),
        types::PaperFormat::Letter => (8.5, 11.0),
        types::PaperFormat::Legal => (8.5, 14.0),
        types::PaperFormat::Tabloid => (11.0, 17.0),
    }
}

/// The engine's print job for `r`, whose URL was checked.
pub fn print(r: &types::PdfRequest, max_pages: usize) -> Print {
    let mut load = Load::new(r.url.to_string());
    load.width = r.width.max(1) as u32;
    load.wait_until = wait_until(r.wait_until);
    load.timeout = millis(r.timeout_ms);
    load.delay = millis(r.delay);
    load.dark_mode = r.dark_mode;
    let (paper_width, paper_height) = paper(r.paper_format);
    let margins = r
        .margins
        .as_ref()
        .map_or([10.0; 4], |m| [m.top, m.right, m.bottom, m.left]);
    Print {
        load,
        paper_width,
        paper_height,
        landscape: r.landscape,
        print_background: r.print_background,
        margins: margins.map(|mm| mm / MM_PER_INCH),
        scale: r.scale,
        page_ranges: r.page_ranges.as_ref().map(|p| p.to_string()),
        header_template: r.header_template.as_ref().map(|t| t.to_string()),
        footer_template: r.footer_template.as_ref().map(|t| t.to_string()),
        max_pages,
    }
}
