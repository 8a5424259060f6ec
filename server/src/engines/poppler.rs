//! PDF reading through poppler's command-line tools (Debian `poppler-utils`): what a PDF is
//! (pages, encryption) before anything else touches it, its text layer with the layout kept
//! (`pdftotext -layout`), and HTML with its images inlined (`pdftohtml`). Each run gets a
//! private directory, a deadline and is killed when it passes; document APIs share this.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use tokio::process::Command;

/// How long one poppler run may take.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// Why poppler could not read a PDF.
#[derive(Debug)]
pub enum PopplerError {
    /// The PDF is corrupt, encrypted, or poppler gave up on it (422).
    Unreadable(String),
    /// poppler is not installed here (503).
    Unavailable(String),
    /// Anything else (500).
    Failed(anyhow::Error),
}

impl std::fmt::Display for PopplerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PopplerError::Unreadable(m) | PopplerError::Unavailable(m) => f.write_str(m),
            PopplerError::Failed(e) => write!(f, "{e:#}"),
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

/// Runs `tool options… in.pdf after…` on a private copy of `pdf`: its standard output.
async fn run(
    tool: &str,
    pdf: &[u8],
    options: &[&str],
    after: &[&str],
) -> Result<Vec<u8>, PopplerError> {
    let dir = tempfile::tempdir()
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("a scratch directory: {e}")))?;
    let input = dir.path().join("in.pdf");
    tokio::fs::write(&input, pdf)
        .await
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("writing the PDF: {e}")))?;
    let child = Command::new(tool)
        .args(options)
        .arg(&input)
        .args(after)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => PopplerError::Unavailable(format!(
                "{tool} is not installed (Debian package poppler-utils)"
            )),
            _ => PopplerError::Failed(anyhow::anyhow!("starting {tool}: {e}")),
        })?;
    let output = tokio::time::timeout(RUN_TIMEOUT, child.wait_with_output())
        .await
        .map_err(|_| {
            PopplerError::Unreadable(format!(
                "reading the PDF took longer than {} s",
                RUN_TIMEOUT.as_secs()
            ))
        })?
        .map_err(|e| PopplerError::Failed(anyhow::anyhow!("running {tool}: {e}")))?;
    if output.status.success() {
        return Ok(output.stdout);
    }
    Err(PopplerError::Unreadable(refusal(
        &String::from_utf8_lossy(&output.stderr),
        dir.path(),
    )))
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
