//! Looking at a written report the way a reader's tools do, through poppler's command-line
//! programs: its text (pdftotext), fonts (pdffonts), page count (pdfinfo) and rendered pages
//! (pdftoppm).

use std::path::PathBuf;
use std::process::Command;

/// A report written to a temporary file, removed when dropped.
pub(super) struct PdfFile {
    path: PathBuf,
}

impl Drop for PdfFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn run(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// A rendered page: RGB pixels, row by row.
pub(super) struct Picture {
    pub(super) width: usize,
    pub(super) height: usize,
    pixels: Vec<u8>,
}

impl Picture {
    /// The colour at a pixel.
    pub(super) fn rgb(&self, x: usize, y: usize) -> [u8; 3] {
        let at = (y * self.width + x) * 3;
        [self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]]
    }

    /// Share of the pixels in a region (fractions of the page, from the top left) that are
    /// clearly not white.
    pub(super) fn ink(&self, left: f32, top: f32, right: f32, bottom: f32) -> f32 {
        let xs = (left * self.width as f32) as usize..(right * self.width as f32) as usize;
        let ys = (top * self.height as f32) as usize..(bottom * self.height as f32) as usize;
        let total = xs.len() * ys.len();
        let inked = ys
            .flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| self.rgb(x, y).iter().any(|&c| c < 200))
            .count();
        inked as f32 / total.max(1) as f32
    }
}

impl PdfFile {
    /// Writes `bytes` to a temporary file named after `name`.
    pub(super) fn new(name: &str, bytes: &[u8]) -> PdfFile {
        let path =
            std::env::temp_dir().join(format!("legal-report-{}-{name}.pdf", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        PdfFile { path }
    }

    fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }

    /// The text of the whole document.
    pub(super) fn text(&self) -> String {
        run("pdftotext", &["-enc", "UTF-8", self.path(), "-"])
    }

    /// The text of one page (1-based).
    pub(super) fn page_text(&self, page: usize) -> String {
        let page = page.to_string();
        run(
            "pdftotext",
            &["-enc", "UTF-8", "-f", &page, "-l", &page, self.path(), "-"],
        )
    }

    /// pdffonts' table rows (without its two header lines).
    pub(super) fn font_rows(&self) -> Vec<String> {
        run("pdffonts", &[self.path()])
            .lines()
            .skip(2)
            .map(String::from)
            .collect()
    }

    /// Number of pages per pdfinfo.
    pub(super) fn pages(&self) -> usize {
        let info = run("pdfinfo", &[self.path()]);
        let line = info
            .lines()
            .find(|line| line.starts_with("Pages:"))
            .unwrap();
        line["Pages:".len()..].trim().parse().unwrap()
    }

    /// Renders one page (1-based) at `dpi` to RGB pixels (pdftoppm's PPM output, parsed here).
    pub(super) fn render(&self, page: usize, dpi: u32) -> Picture {
        let prefix = format!("{}-p{page}", self.path.with_extension("").display());
        let (page, dpi) = (page.to_string(), dpi.to_string());
        run(
            "pdftoppm",
            &[
                "-r",
                &dpi,
                "-f",
                &page,
                "-l",
                &page,
                "-singlefile",
                self.path(),
                &prefix,
            ],
        );
        let file = format!("{prefix}.ppm");
        let bytes = std::fs::read(&file).unwrap();
        let _ = std::fs::remove_file(&file);
        parse_ppm(&bytes)
    }
}

/// Parses a binary PPM (P6, 8 bits).
fn parse_ppm(bytes: &[u8]) -> Picture {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..at]).unwrap().to_string());
    }
    assert_eq!(fields[0], "P6");
    assert_eq!(fields[3], "255");
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), width * height * 3);
    Picture {
        width,
        height,
        pixels,
    }
}
