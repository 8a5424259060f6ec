//! What the PII tests share: documents with known personal data made here (HTML printed by
//! the server's own document API into a born-digital PDF, its pages rasterized by poppler
//! into PNG and JPEG, and those images wrapped into a scanned, image-only PDF), and readers
//! that check redacted files independently of the server: Tesseract's CLI for images,
//! `pdftotext` and the file's own structure for PDFs.

use std::path::{Path, PathBuf};
use std::process::Command;

use suite_client::FilePart;
use suite_client::types::DocumentFormat;

use crate::docs::{fetch, pdf_of};

/// A private scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "conformance-pii-{}-{:x}",
            std::process::id(),
            rand::random::<u64>()
        ));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `body` (HTML inside `<body>`) as a page of DejaVu Sans 12 pt text.
pub fn html(body: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>@page {{ size: A4; margin: 20mm }} \
         body {{ font: 12pt 'DejaVu Sans', sans-serif; line-height: 1.6 }}</style></head><body>{body}</body></html>"
    )
    .into_bytes()
}

/// `html` printed by the server's document API: a born-digital PDF.
pub async fn printed(docgen: &suite_client::Client, html: Vec<u8>) -> Vec<u8> {
    let document = docgen
        .docgen_convert()
        .file(FilePart::new("page.html", "text/html", html))
        .output_format(DocumentFormat::Pdf)
        .send()
        .await
        .expect("HTML printed")
        .into_inner();
    fetch(docgen, &document).await
}

fn run(command: &mut Command) -> Vec<u8> {
    let out = command
        .output()
        .expect("the tool runs (cargo xtask test installs it)");
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The pages of `pdf` as image files rendered by `pdftoppm` at `dpi` (`format`: `png` or
/// `jpeg`), in page order.
pub fn rendered_pages(pdf: &[u8], dpi: u32, format: &str) -> Vec<Vec<u8>> {
    let dir = Scratch::new();
    let input = dir.path().join("in.pdf");
    std::fs::write(&input, pdf).expect("PDF written");
    run(Command::new("pdftoppm")
        .arg(format!("-{format}"))
        .args(["-r", &dpi.to_string()])
        .arg(&input)
        .arg(dir.path().join("page")));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .expect("pages")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("page"))
        })
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read(f).expect("page read"))
        .collect()
}

/// A scanned PDF: each JPEG a full page at `dpi`, and nothing else (no text layer).
pub fn scanned_pdf(jpegs: &[Vec<u8>], dpi: u32) -> Vec<u8> {
    let pages = jpegs.len();
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {pages} >>",
            (0..pages)
                .map(|i| format!("{} 0 R", 3 + 3 * i))
                .collect::<Vec<_>>()
                .join(" ")
        )
        .into_bytes(),
    ];
    for (i, jpeg) in jpegs.iter().enumerate() {
        let info = {
            let mut decoder = jpeg_decoder::Decoder::new(jpeg.as_slice());
            decoder.read_info().expect("a JPEG");
            decoder.info().expect("JPEG info")
        };
        let (w, h) = (u32::from(info.width), u32::from(info.height));
        let (pw, ph) = (w as f64 * 72.0 / dpi as f64, h as f64 * 72.0 / dpi as f64);
        let (content, image) = (4 + 3 * i, 5 + 3 * i);
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2} {ph:.2}] /Contents {content} 0 R /Resources << /XObject << /Im {image} 0 R >> >> >>"
            )
            .into_bytes(),
        );
        let draw = format!("q {pw:.2} 0 0 {ph:.2} 0 0 cm /Im Do Q");
        objects
            .push(format!("<< /Length {} >>\nstream\n{draw}\nendstream", draw.len()).into_bytes());
        let colors = if info.pixel_format == jpeg_decoder::PixelFormat::L8 {
            "/DeviceGray"
        } else {
            "/DeviceRGB"
        };
        let mut object = format!(
            "<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace {colors} /BitsPerComponent 8 /Filter /DCTDecode /Length {} >>\nstream\n",
            jpeg.len()
        )
        .into_bytes();
        object.extend_from_slice(jpeg);
        object.extend_from_slice(b"\nendstream");
        objects.push(object);
    }
    pdf_of(&objects, "")
}

/// What Tesseract's CLI reads in an image (English).
pub fn ocr_text(image: &[u8]) -> String {
    let dir = Scratch::new();
    let input = dir.path().join("image");
    std::fs::write(&input, image).expect("image written");
    let out = run(Command::new("tesseract")
        .arg(&input)
        .arg("-")
        .env("OMP_THREAD_LIMIT", "1"));
    String::from_utf8_lossy(&out).into_owned()
}

/// Runs `pdfinfo` on `pdf` and answers its report.
pub fn pdf_info(pdf: &[u8]) -> String {
    let dir = Scratch::new();
    let input = dir.path().join("in.pdf");
    std::fs::write(&input, pdf).expect("PDF written");
    String::from_utf8_lossy(&run(Command::new("pdfinfo").arg(&input))).into_owned()
}

/// The fonts of a PDF, through poppler's `pdffonts` (its table, header included).
pub fn pdf_fonts(pdf: &[u8]) -> String {
    let dir = Scratch::new();
    let input = dir.path().join("in.pdf");
    std::fs::write(&input, pdf).expect("PDF written");
    String::from_utf8_lossy(&run(Command::new("pdffonts").arg(&input))).into_owned()
}

/// The signature and header of an RGB PNG of `width` × `height` pixels and no pixel data:
/// what a decompression bomb shows before its pixels.
pub fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut png = Vec::new();
    let mut header = png::Encoder::new(&mut png, width, height);
    header.set_color(png::ColorType::Rgb);
    drop(header.write_header().expect("a PNG header"));
    png
}
