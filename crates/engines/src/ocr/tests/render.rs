//! Test images: text set in standard Helvetica in a one-page PDF (pdf-writer), rasterized by
//! poppler's `pdftoppm`, optionally turned with the page's `/Rotate`; CJK through headless
//! Chromium (Helvetica has no CJK glyphs; Noto CJK is installed).

use std::path::{Path, PathBuf};
use std::process::Command;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// Rendering resolution, pixels per inch.
pub const DPI: f32 = 150.0;
/// A4 in points.
pub const PAGE: (f32, f32) = (595.0, 842.0);

/// Renders `lines` (Helvetica `size` pt, from the top-left margin) turned clockwise by
/// `rotate` degrees, into `dir/name.png`.
pub fn text_page(dir: &Path, name: &str, lines: &[&str], size: f32, rotate: i32) -> PathBuf {
    let (catalog, tree, page, font, content_id) = (
        Ref::new(1),
        Ref::new(2),
        Ref::new(3),
        Ref::new(4),
        Ref::new(5),
    );
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids([page]).count(1);
    let mut p = pdf.page(page);
    p.media_box(Rect::new(0.0, 0.0, PAGE.0, PAGE.1));
    p.parent(tree);
    p.contents(content_id);
    if rotate != 0 {
        p.rotate(rotate);
    }
    p.resources().fonts().pair(Name(b"F1"), font);
    p.finish();
    pdf.type1_font(font).base_font(Name(b"Helvetica"));
    let mut content = Content::new();
    content.begin_text();
    content.set_font(Name(b"F1"), size);
    content.set_leading(size * 1.6);
    content.next_line(72.0, PAGE.1 - 96.0);
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            content.next_line_using_leading();
        }
        content.show(Str(line.as_bytes()));
    }
    content.end_text();
    pdf.stream(content_id, &content.finish());
    let pdf_path = dir.join(format!("{name}.pdf"));
    std::fs::write(&pdf_path, pdf.finish()).expect("write the PDF");
    let prefix = dir.join(name);
    let status = Command::new("pdftoppm")
        .args(["-r", &DPI.to_string(), "-png", "-singlefile", "-gray"])
        .arg(&pdf_path)
        .arg(&prefix)
        .status()
        .expect("run pdftoppm");
    assert!(status.success(), "pdftoppm failed");
    prefix.with_extension("png")
}

/// Renders HTML `body` (Noto Sans CJK SC, 40 px) in a `width`×`height` screenshot.
pub fn html_page(dir: &Path, name: &str, body: &str, width: u32, height: u32) -> PathBuf {
    let html = dir.join(format!("{name}.html"));
    let style = "margin:40px;background:#fff;color:#000;font:40px/1.6 'Noto Sans CJK SC'";
    std::fs::write(
        &html,
        format!("<!doctype html><meta charset=utf-8><body style=\"{style}\">{body}</body>"),
    )
    .expect("write the HTML");
    let png = dir.join(format!("{name}.png"));
    let profile = dir.join(format!("{name}-profile"));
    let output = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("run chromium");
    assert!(
        png.is_file(),
        "chromium made no screenshot: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    png
}
