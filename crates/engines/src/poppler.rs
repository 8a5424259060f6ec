//! PDF reading through poppler's command-line tools (Debian `poppler-utils`): what a PDF is
//! (pages, encryption) before anything else touches it, its text layer with the layout kept
//! (`pdftotext -layout`), HTML with its images inlined (`pdftohtml`), its words with their
//! boxes (`pdftotext -bbox-layout`), its text runs with their fonts (`pdftohtml -xml`) and
//! its pages as images (`pdftoppm`). Each run is a bubblewrap jail of its own
//! (`crate::sandbox`): the sandbox user, no network, only `/usr`, the fonts and a private
//! scratch directory holding the PDF, memory and file-size limits, a deadline after which it
//! is killed; document APIs share this.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use quick_xml::events::Event;
use tokio::process::Command;

use super::raster::{self, RasterError, Rect};
use super::words::{is_rtl, logical_rtl};
use crate::sandbox::{Jail, Limits, RunAs, bwrap};

/// How long one poppler run may take.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// What one poppler run may use: 2 GiB of address space (a page at the pixel limit is a
/// fraction of it), files up to 1 GiB (rasterized pages), 256 open files.
const LIMITS: Limits = Limits {
    memory_bytes: Some(2 << 30),
    file_bytes: 1 << 30,
    open_files: 256,
};

/// Where a run's scratch directory is inside its jail.
const JOB: &str = "/job";

/// Why poppler could not read a PDF.
#[derive(Debug)]
pub enum PopplerError {
    /// The PDF is corrupt, encrypted, or poppler gave up on it (422).
    Unreadable(String),
    /// poppler is not installed here (503).
    Unavailable(String),
    /// Anything else (500).
    Failed(anyhow::Error),
    /// Page `page` would be `width` × `height` pixels at the resolution asked, over the
    /// limit of `limit` pixels (413).
    TooLarge {
        page: usize,
        width: u32,
        height: u32,
        limit: u64,
    },
}

impl std::fmt::Display for PopplerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PopplerError::Unreadable(m) | PopplerError::Unavailable(m) => f.write_str(m),
            PopplerError::Failed(e) => write!(f, "{e:#}"),
            PopplerError::TooLarge {
                page,
                width,
                height,
                limit,
            } => write!(
                f,
                "page {page} would be {width}×{height} pixels, over the limit of {limit}"
            ),
        }
    }
}

/// What `pdfinfo` says of a PDF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfInfo {
    pub pages: usize,
    pub encrypted: bool,
}

/// Pages and encryption of `pdf`; a file poppler cannot open is unreadable.
pub async fn info(pdf: &[u8]) -> Result<PdfInfo, PopplerError> {
    let out = run("pdfinfo", pdf, &[], &[]).await?;
    let text = String::from_utf8_lossy(&out);
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_owned())
    };
    let pages = field("Pages:")
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| PopplerError::Unreadable("the PDF has no readable page count".into()))?;
    let encrypted = field("Encrypted:").is_some_and(|v| v.starts_with("yes"));
    Ok(PdfInfo { pages, encrypted })
}

/// The text layer of `pdf`, laid out as on the page (UTF-8; pages end with a form feed).
pub async fn text(pdf: &[u8]) -> Result<String, PopplerError> {
    let out = run(
        "pdftotext",
        pdf,
        &["-layout", "-enc", "UTF-8"],
        &["-"], // to stdout
    )
    .await?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `pdf` as one standalone HTML page: positioned text and the page images inlined as data
/// URLs (a PDF without a text layer converts as its images).
pub async fn html(pdf: &[u8]) -> Result<String, PopplerError> {
    let out = run(
        "pdftohtml",
        pdf,
        &[
            "-s",
            "-noframes",
            "-stdout",
            "-dataurls",
            "-nodrm",
            "-q",
            "-enc",
            "UTF-8",
        ],
        &[],
    )
    .await?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `pdftohtml -xml` of pages `1..=last_page`: every text run with its font (read by
/// `pdf_fonts.rs`).
pub async fn font_runs_xml(pdf: &[u8], last_page: u32) -> Result<Vec<u8>, PopplerError> {
    let last = last_page.to_string();
    run(
        "pdftohtml",
        pdf,
        &[
            "-xml", "-i", "-stdout", "-q", "-nodrm", "-enc", "UTF-8", "-f", "1", "-l", &last,
        ],
        &[],
    )
    .await
}

/// One page's words, in pixels at the resolution asked.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfPageWords {
    /// 1-based page number.
    pub page: usize,
    /// The page's size at that resolution (points × dpi / 72, rounded).
    pub width_px: u32,
    pub height_px: u32,
    /// In reading order; empty when the page has no text layer (scans: OCR them).
    pub words: Vec<PdfWord>,
}

/// A word of a page's text layer.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfWord {
    pub text: String,
    /// Its box in pixels, origin top left.
    pub rect: Rect,
    /// The line it belongs to: 0, 1, … per page, in reading order.
    pub line: usize,
}

/// Every page of `pdf` with its words and their boxes at `dpi` (`pdftotext -bbox-layout`).
pub async fn words(pdf: &[u8], dpi: u32) -> Result<Vec<PdfPageWords>, PopplerError> {
    let out = run(
        "pdftotext",
        pdf,
        &["-bbox-layout", "-enc", "UTF-8"],
        &["-"], // to stdout
    )
    .await?;
    parse_bbox(&String::from_utf8_lossy(&out), dpi)
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("reading pdftotext's word boxes: {e}")))
}

/// The pages and words of `pdftotext -bbox-layout`'s XHTML, scaled from points to `dpi`.
fn parse_bbox(xhtml: &str, dpi: u32) -> Result<Vec<PdfPageWords>, String> {
    let scale = dpi as f32 / 72.0;
    let mut reader = quick_xml::Reader::from_str(xhtml);
    let mut pages: Vec<PdfPageWords> = Vec::new();
    // The line being read (per page) and the word being read: its box and text so far.
    let mut line: Option<usize> = None;
    let mut lines_on_page = 0;
    let mut word: Option<(Rect, String)> = None;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| format!("at byte {}: {e}", reader.buffer_position()))?;
        match event {
            Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                b"page" => {
                    let attr = |name: &str| number(&e, name).map(|pt| (pt * scale).round() as u32);
                    pages.push(PdfPageWords {
                        page: pages.len() + 1,
                        width_px: attr("width")?,
                        height_px: attr("height")?,
                        words: Vec::new(),
                    });
                    lines_on_page = 0;
                    line = None;
                }
                b"line" => {
                    line = Some(lines_on_page);
                    lines_on_page += 1;
                }
                b"word" => {
                    let px = |name: &str| number(&e, name).map(|pt| pt * scale);
                    let rect = Rect {
                        x0: px("xMin")?,
                        y0: px("yMin")?,
                        x1: px("xMax")?,
                        y1: px("yMax")?,
                    };
                    word = Some((rect, String::new()));
                }
                _ => {}
            },
            Event::Text(t) => {
                if let Some((_, text)) = word.as_mut() {
                    text.push_str(&t.decode().map_err(|e| e.to_string())?);
                }
            }
            Event::GeneralRef(r) => {
                if let Some((_, text)) = word.as_mut() {
                    match r.resolve_char_ref().map_err(|e| e.to_string())? {
                        Some(c) => text.push(c),
                        None => {
                            let name = r.decode().map_err(|e| e.to_string())?;
                            let entity = quick_xml::escape::resolve_predefined_entity(&name)
                                .ok_or_else(|| format!("unknown entity &{name};"))?;
                            text.push_str(entity);
                        }
                    }
                }
            }
            Event::End(e) if e.local_name().as_ref() == b"word" => {
                let (Some((rect, text)), Some(page)) = (word.take(), pages.last_mut()) else {
                    return Err("a word outside a page".into());
                };
                // A word outside any <line> (plain -bbox) is a line of its own.
                let line = line.unwrap_or_else(|| {
                    lines_on_page += 1;
                    lines_on_page - 1
                });
                // pdftotext gives right-to-left words in visual order.
                let text = if is_rtl(&text) {
                    logical_rtl(&text)
                } else {
                    text
                };
                page.words.push(PdfWord { text, rect, line });
            }
            Event::End(e) if e.local_name().as_ref() == b"line" => line = None,
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(pages)
}

/// The number in attribute `name` of `e`.
fn number(e: &quick_xml::events::BytesStart<'_>, name: &str) -> Result<f32, String> {
    let attr = e
        .try_get_attribute(name)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no {name} attribute"))?;
    let value = attr.unescape_value().map_err(|e| e.to_string())?;
    value
        .trim()
        .parse::<f32>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("{name}={value:?} is not a number"))
}

/// What `rasterize` writes. pdftoppm's PNG compression is slow (about 0.6 s a 200 DPI Letter
/// page here, against 20 ms for PPM/PGM): prefer `ColorRaw` when the files are read back
/// at once (`raster::decode_pnm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RasterKind {
    /// Color PNGs.
    Color,
    /// Color PPMs (raw RGB with a short header).
    ColorRaw,
    /// Gray PGMs (for OCR: a third of the data, no compression to undo).
    Gray,
}

/// Pages `pages` (1-based) of `pdf` as images at `dpi`, written into `dir` and returned in
/// page order. Every page's pixel size is checked against the default image limits before
/// anything is drawn.
pub async fn rasterize(
    pdf: &[u8],
    dpi: u32,
    pages: RangeInclusive<usize>,
    kind: RasterKind,
    dir: &Path,
) -> Result<Vec<PathBuf>, PopplerError> {
    let (first, last) = (*pages.start(), *pages.end());
    if first == 0 || first > last || dpi == 0 {
        return Err(PopplerError::Failed(anyhow::anyhow!(
            "rasterizing pages {first}–{last} at {dpi} DPI"
        )));
    }
    let (first_s, last_s, dpi_s) = (first.to_string(), last.to_string(), dpi.to_string());
    let range = ["-f", first_s.as_str(), "-l", last_s.as_str()];
    let sizes = page_sizes(pdf, &range).await.map_err(|e| match e {
        PopplerError::Unreadable(m) if m.contains("Wrong page range") => {
            PopplerError::Unreadable(format!("the PDF has no page {first}"))
        }
        other => other,
    })?;
    let limits = raster::Limits::default();
    for &(page, w_pt, h_pt) in &sizes {
        // pdftoppm's own rounding: the size in pixels is rounded up.
        let px = |pt: f32| (pt * dpi as f32 / 72.0).ceil().min(u32::MAX as f32) as u32;
        let (width, height) = (px(w_pt), px(h_pt));
        if let Err(RasterError::TooLarge { limit, .. }) = limits.check(width, height) {
            return Err(PopplerError::TooLarge {
                page,
                width,
                height,
                limit,
            });
        }
    }
    let (format, extension) = match kind {
        RasterKind::Color => (Some("-png"), "png"),
        RasterKind::ColorRaw => (None, "ppm"), // pdftoppm's default
        RasterKind::Gray => (Some("-gray"), "pgm"),
    };
    let mut options = vec!["-r", dpi_s.as_str()];
    options.extend(format);
    options.extend(range);
    // pdftoppm writes into its jail's scratch directory; the pages move out to `dir`.
    let (_, scratch) = run_in_jail("pdftoppm", pdf, &options, &["page"], LIMITS).await?;
    let failed = |e: std::io::Error| PopplerError::Failed(anyhow::anyhow!("moving the pages: {e}"));
    // pdftoppm names them page-7.png, page-07.png or page-007.png after the page count.
    let mut files = Vec::new();
    let mut entries = tokio::fs::read_dir(scratch.path()).await.map_err(failed)?;
    while let Some(entry) = entries.next_entry().await.map_err(failed)? {
        let name = entry.file_name();
        let number = name
            .to_str()
            .and_then(|n| n.strip_prefix("page-"))
            .and_then(|n| n.strip_suffix(extension)?.strip_suffix('.'))
            .and_then(|n| n.parse::<usize>().ok());
        if let Some(number) = number.filter(|n| pages.contains(n)) {
            let moved = dir.join(&name);
            if tokio::fs::rename(entry.path(), &moved).await.is_err() {
                tokio::fs::copy(entry.path(), &moved)
                    .await
                    .map_err(failed)?;
            }
            files.push((number, moved));
        }
    }
    files.sort();
    if !files.iter().map(|f| f.0).eq(sizes.iter().map(|s| s.0)) {
        return Err(PopplerError::Failed(anyhow::anyhow!(
            "pdftoppm wrote {} pages of {}",
            files.len(),
            sizes.len()
        )));
    }
    Ok(files.into_iter().map(|(_, path)| path).collect())
}

/// `(page, width, height)` in points of the pages `pdfinfo` is asked for with `range`.
async fn page_sizes(pdf: &[u8], range: &[&str]) -> Result<Vec<(usize, f32, f32)>, PopplerError> {
    let out = run("pdfinfo", pdf, range, &[]).await?;
    let text = String::from_utf8_lossy(&out);
    // "Page    1 size:  612 x 792 pts (letter)"
    let sizes: Vec<_> = text
        .lines()
        .filter_map(|l| {
            let (page, size) = l.strip_prefix("Page")?.split_once("size:")?;
            let mut size = size.split_whitespace();
            let width = size.next()?.parse().ok()?;
            let height = size.nth(1)?.parse().ok()?;
            Some((page.trim().parse().ok()?, width, height))
        })
        .collect();
    if sizes.is_empty() {
        return Err(PopplerError::Unreadable(
            "the PDF has no readable page sizes".into(),
        ));
    }
    Ok(sizes)
}

/// Runs `tool options… in.pdf after…` on a private copy of `pdf`: its standard output.
async fn run(
    tool: &str,
    pdf: &[u8],
    options: &[&str],
    after: &[&str],
) -> Result<Vec<u8>, PopplerError> {
    Ok(run_in_jail(tool, pdf, options, after, LIMITS).await?.0)
}

/// The jail a poppler run gets: `scratch` (the PDF, and what the tool writes) at `/job`,
/// its working directory, and nothing else of the host's but `/usr` and the fonts.
fn jail(run_as: RunAs, scratch: &Path, limits: Limits) -> Jail {
    Jail::new(run_as, limits)
        .bind(scratch, Path::new(JOB))
        .chdir(Path::new(JOB))
        .setenv("HOME", JOB)
}

/// Runs `tool options… in.pdf after…` under `limits` in a jail whose scratch directory holds
/// a copy of `pdf` (relative paths in `after` land there): its standard output, and the
/// scratch directory with what the tool wrote.
async fn run_in_jail(
    tool: &str,
    pdf: &[u8],
    options: &[&str],
    after: &[&str],
    limits: Limits,
) -> Result<(Vec<u8>, tempfile::TempDir), PopplerError> {
    let run_as = RunAs::current().map_err(PopplerError::Unavailable)?;
    let dir = tempfile::Builder::new()
        .prefix("suite-poppler-")
        .tempdir()
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("a scratch directory: {e}")))?;
    run_as
        .own(dir.path())
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("the scratch directory: {e}")))?;
    tokio::fs::write(dir.path().join("in.pdf"), pdf)
        .await
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("writing the PDF: {e}")))?;
    let mut command = Command::from(jail(run_as, dir.path(), limits).command(tool));
    let child = command
        .args(options)
        .arg("in.pdf")
        .args(after)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| PopplerError::Unavailable(format!("starting the PDF sandbox: {e}")))?;
    let output = tokio::time::timeout(RUN_TIMEOUT, child.wait_with_output())
        .await
        .map_err(|_| {
            PopplerError::Unreadable(format!(
                "reading the PDF took longer than {} s",
                RUN_TIMEOUT.as_secs()
            ))
        })?
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("running {tool}: {e}")))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    // poppler reports an allocation past the memory limit as "Out of memory" and may still
    // exit 0 (pdftoppm then leaves a page of header only).
    if stderr.lines().any(|l| l.trim() == "Out of memory") {
        return Err(PopplerError::Unreadable(
            "the PDF needs more memory than a run may use".into(),
        ));
    }
    if output.status.success() {
        return Ok((output.stdout, dir));
    }
    if let Some(line) = bwrap::setup_failure(&stderr) {
        return Err(PopplerError::Unavailable(if line.contains(tool) {
            format!("{tool} is not installed (Debian package poppler-utils): {line}")
        } else {
            format!("the PDF sandbox could not start: {line}")
        }));
    }
    Err(PopplerError::Unreadable(refusal(&stderr, Path::new(JOB))))
}

/// poppler's complaint in our words (its messages name our scratch path, which is dropped).
fn refusal(stderr: &str, dir: &Path) -> String {
    let lower = stderr.to_ascii_lowercase();
    if lower.contains("password") || lower.contains("encrypt") {
        return "the PDF is encrypted".into();
    }
    let first = stderr
        .lines()
        .map(|l| l.replace(&dir.display().to_string(), ""))
        .map(|l| l.trim().to_owned())
        .find(|l| !l.is_empty());
    match first {
        Some(line) => format!("the PDF cannot be read: {line}"),
        None => "the PDF cannot be read".into(),
    }
}

#[cfg(test)]
mod pages_tests;
#[cfg(test)]
mod sandbox_tests;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A one-page PDF showing `text` in Helvetica, with a correct cross-reference table.
    pub(crate) fn one_page_pdf(text: &str) -> Vec<u8> {
        let stream = format!("BT /F1 18 Tf 72 720 Td ({text}) Tj ET");
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
            format!("<< /Length {} >>\nstream\n{stream}\nendstream", stream.len()),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
        ];
        let mut pdf = b"%PDF-1.4\n".to_vec();
        let mut offsets = Vec::new();
        for (i, object) in objects.iter().enumerate() {
            offsets.push(pdf.len());
            pdf.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
        }
        let xref = pdf.len();
        pdf.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
        );
        for offset in offsets {
            pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
        }
        pdf.extend_from_slice(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
                objects.len() + 1
            )
            .as_bytes(),
        );
        pdf
    }

    #[tokio::test]
    async fn a_pdf_is_described_and_read_as_text_and_html() {
        let pdf = one_page_pdf("Quarterly report 2026");
        assert_eq!(
            info(&pdf).await.unwrap(),
            PdfInfo {
                pages: 1,
                encrypted: false
            }
        );
        assert!(text(&pdf).await.unwrap().contains("Quarterly report 2026"));
        let html = html(&pdf).await.unwrap();
        assert!(
            html.contains("Quarterly") && html.contains("<html"),
            "{html}"
        );
    }

    #[tokio::test]
    async fn a_corrupt_pdf_is_unreadable_not_a_failure() {
        let mut pdf = one_page_pdf("x");
        pdf.truncate(40);
        for outcome in [info(&pdf).await.map(drop), text(&pdf).await.map(drop)] {
            assert!(
                matches!(outcome, Err(PopplerError::Unreadable(_))),
                "{outcome:?}"
            );
        }
    }
}
