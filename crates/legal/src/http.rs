//! The HTTP glue of contract review, its implementation of the generated `LegalBackend`: each
//! upload sniffed and measured before admission (a refused file costs nothing), its text
//! extracted through the shared page reader (PDF) or this folder's readers (DOCX, plain text),
//! the pure review run off the async workers, and the answers shaped by `wire.rs`.

use std::sync::Arc;

use super::model::{Extracted, Language};
use super::report::{self, Fonts, ReportInput};
use super::review::{Review, review};
use super::text::{self, TextError, docx, plain};
use super::{Legal, compare, wire};
use suite_engines::ocr::Layout;
use suite_engines::pages::{self, Source};
use suite_platform::extract::Upload;
use suite_platform::generated::api::{
    LegalAnalyzeForm, LegalBackend, LegalCompareForm, LegalReportForm,
};
use suite_platform::generated::types;
use suite_platform::sniff::{Sniffed, sniff};
use suite_platform::{ApiError, Caller, FileBody, FileBytes, Platform};

/// The formats a contract can come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Pdf,
    Docx,
    Text,
}

impl From<TextError> for ApiError {
    fn from(e: TextError) -> Self {
        match e {
            TextError::TooLarge(m) => ApiError::PayloadTooLarge(m),
            TextError::Unreadable(m) => ApiError::Unprocessable(m),
        }
    }
}

/// The format of `upload` (the form part `part`); anything else is 415 naming what it is.
fn format_of(upload: &Upload, part: &str) -> Result<Format, ApiError> {
    let name = upload.file_name.as_deref().unwrap_or(part);
    if upload.bytes.is_empty() {
        return Err(ApiError::InvalidInput(format!("{part} ({name}) is empty")));
    }
    match sniff(&upload.bytes) {
        Sniffed::Pdf => Ok(Format::Pdf),
        Sniffed::Docx => Ok(Format::Docx),
        Sniffed::Text => Ok(Format::Text),
        Sniffed::Unknown if plain::is_text(&upload.bytes) => Ok(Format::Text),
        other => Err(ApiError::UnsupportedMediaType(format!(
            "{part} ({name}) is {}; contract review reads application/pdf, \
             application/vnd.openxmlformats-officedocument.wordprocessingml.document and text/plain",
            other.media_type()
        ))),
    }
}

/// A refusal of one upload, with the part and file it is about in front ("revised
/// (v2.pdf): the PDF is encrypted"), so a caller of `compare` knows which file to fix.
fn about(upload: &Upload, part: &str, error: ApiError) -> ApiError {
    let name = upload.file_name.as_deref().unwrap_or(part);
    match error {
        ApiError::PayloadTooLarge(m) => ApiError::PayloadTooLarge(format!("{part} ({name}): {m}")),
        ApiError::Unprocessable(m) => ApiError::Unprocessable(format!("{part} ({name}): {m}")),
        other => other,
    }
}

/// `perspective` within the contract's bounds (multipart fields are checked here).
fn perspective_of(perspective: Option<&str>) -> Result<Option<&str>, ApiError> {
    match perspective.map(str::trim) {
        None => Ok(None),
        Some("") => Err(ApiError::InvalidInput("perspective is empty".into())),
        Some(p) if p.chars().count() > 200 => Err(ApiError::InvalidInput(
            "perspective is over 200 characters".into(),
        )),
        Some(p) => Ok(Some(p)),
    }
}

/// Runs CPU-bound review work off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("the contract review stopped: {e}")))
}

/// The text of a DOCX or plain-text upload.
async fn office_text(bytes: Vec<u8>, format: Format) -> Result<Extracted, ApiError> {
    blocking(move || match format {
        Format::Docx => text::assemble(docx::read(&bytes)?),
        _ => {
            let (decoded, _) = plain::decode(&bytes)?;
            text::assemble(plain::blocks(&decoded))
        }
    })
    .await?
    .map_err(ApiError::from)
}

impl Legal {
    /// Before admission: an accepted type within the limits; a PDF is measured (pages,
    /// encryption), a DOCX or text file read in full (it is cheap and finds every refusal).
    async fn check(&self, upload: &Upload, part: &str) -> Result<(), ApiError> {
        let checked = match format_of(upload, part)? {
            Format::Pdf => pages::check(&upload.bytes, Source::Pdf, self.limits)
                .await
                .map_err(ApiError::from),
            format => office_text(upload.bytes.to_vec(), format).await.map(drop),
        };
        checked.map_err(|e| about(upload, part, e))
    }

    /// The text of an upload: a PDF's pages (text layer, or OCR in `language`), or a DOCX or
    /// plain-text file's paragraphs.
    async fn extract(
        &self,
        upload: &Upload,
        part: &str,
        language: Language,
    ) -> Result<Extracted, ApiError> {
        match format_of(upload, part)? {
            Format::Pdf => {
                let scan = pages::Scan::new(wire::tesseract_codes(language), Layout::Auto, true);
                let pages =
                    pages::read(&upload.bytes, Source::Pdf, self.limits, &self.ocr, scan).await?;
                let text: Vec<String> = pages.into_iter().map(|p| p.text).collect();
                blocking(move || text::assemble(text.iter().flat_map(|t| text::lines(t))))
                    .await?
                    .map_err(ApiError::from)
            }
            format => office_text(upload.bytes.to_vec(), format).await,
        }
    }

    /// The review of one upload (the form part `part`), in the form's language and for its
    /// perspective.
    async fn review(
        &self,
        upload: &Upload,
        part: &str,
        language: Option<types::LegalLanguage>,
        perspective: Option<&str>,
    ) -> Result<Review, ApiError> {
        let language = wire::language(language);
        let perspective = perspective_of(perspective)?.map(str::to_owned);
        let extracted = self
            .extract(upload, part, language)
            .await
            .map_err(|e| about(upload, part, e))?;
        blocking(move || review(extracted, language, perspective.as_deref())).await
    }

    /// The report's fonts, loaded on first use and kept; missing font files are 503.
    async fn fonts(&self) -> Result<Arc<Fonts>, ApiError> {
        let loaded = self
            .fonts
            .get_or_init(|| async {
                tokio::task::spawn_blocking(|| {
                    Fonts::load().map(Arc::new).map_err(|e| e.to_string())
                })
                .await
                .unwrap_or_else(|e| Err(format!("loading the report's fonts stopped: {e}")))
            })
            .await;
        loaded.clone().map_err(|message| ApiError::Unavailable {
            code: "fonts_unavailable",
            message,
        })
    }
}

impl LegalBackend for Legal {
    async fn legal_analyze_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &LegalAnalyzeForm,
    ) -> Result<(), ApiError> {
        perspective_of(form.perspective.as_deref())?;
        self.check(&form.file, "file").await
    }

    async fn legal_compare_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &LegalCompareForm,
    ) -> Result<(), ApiError> {
        perspective_of(form.perspective.as_deref())?;
        self.check(&form.original, "original").await?;
        self.check(&form.revised, "revised").await
    }

    async fn legal_report_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &LegalReportForm,
    ) -> Result<(), ApiError> {
        perspective_of(form.perspective.as_deref())?;
        if form.title.as_ref().is_some_and(|t| t.chars().count() > 200) {
            return Err(ApiError::InvalidInput(
                "title is over 200 characters".into(),
            ));
        }
        self.check(&form.file, "file").await
    }

    async fn legal_analyze(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: LegalAnalyzeForm,
    ) -> Result<types::AnalysisResult, ApiError> {
        let perspective = form.perspective.as_deref();
        let reviewed = self
            .review(&form.file, "file", form.language, perspective)
            .await?;
        Ok(wire::analysis(&reviewed))
    }

    async fn legal_compare(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: LegalCompareForm,
    ) -> Result<types::ComparisonResult, ApiError> {
        let (language, perspective) = (form.language, form.perspective.as_deref());
        let original = self
            .review(&form.original, "original", language, perspective)
            .await?;
        let revised = self
            .review(&form.revised, "revised", language, perspective)
            .await?;
        blocking(move || {
            let compared = compare::compare(
                (&original.clauses, &original.analysis),
                (&revised.clauses, &revised.analysis),
            );
            wire::comparison(&compared, &original, &revised)
        })
        .await
    }

    async fn legal_report(
        &self,
        platform: &Platform,
        _caller: &Caller,
        form: LegalReportForm,
    ) -> Result<FileBody, ApiError> {
        let perspective = form.perspective.as_deref();
        let reviewed = self
            .review(&form.file, "file", form.language, perspective)
            .await?;
        let fonts = self.fonts().await?;
        let title = form
            .title
            .clone()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| form.file.file_name.clone())
            .unwrap_or_else(|| "Contract review".into());
        let file_name = form
            .file
            .file_name
            .clone()
            .unwrap_or_else(|| "contract".into());
        let date = platform.now().date_naive().format("%Y-%m-%d").to_string();
        let headers = vec![
            ("x-risk-score", reviewed.analysis.risk_score.to_string()),
            (
                "x-risk-level",
                reviewed.analysis.risk_level.name().to_owned(),
            ),
            (
                "x-findings-count",
                reviewed.analysis.findings.len().to_string(),
            ),
        ];
        let pdf = blocking(move || {
            report::write(
                &ReportInput {
                    title: &title,
                    file_name: &file_name,
                    date: &date,
                    analysis: &reviewed.analysis,
                    clauses: &reviewed.clauses,
                },
                &fonts,
            )
        })
        .await?
        .map_err(|e| ApiError::internal(format!("the report could not be written: {e}")))?;
        Ok(FileBody {
            content_type: "application/pdf".into(),
            file_name: None,
            bytes: FileBytes::Whole(pdf),
            headers,
        })
    }
}
