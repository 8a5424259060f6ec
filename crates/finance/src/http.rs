//! The HTTP glue of the finance API, its implementation of the generated `FinanceBackend`:
//! uploads sniffed and measured before admission (so a refused file costs nothing), pages read
//! through the shared engines, the pure readers and checks of this folder run on their words,
//! the same key's earlier submissions looked up through the platform, and the answers shaped by
//! `wire.rs`.

use super::audit::{self, AuditError};
use super::fraud::{self, SignalKind, pdf_fonts, pdf_forensics};
use super::parse::{self, Parsed, second_look};
use super::{Finance, MAX_CSV_ROWS, wire};
use suite_engines::digest::sha256_hex;
use suite_engines::ocr::{Engines, Layout};
use suite_engines::pages::{self, Source};
use suite_engines::raster;
use suite_engines::words::Word;
use suite_platform::documents::page_source;
use suite_platform::extract::Upload;
use suite_platform::generated::api::{
    FinanceAuditForm, FinanceBackend, FinanceFraudCheckForm, FinanceParseForm,
};
use suite_platform::generated::types;
use suite_platform::sniff::{Sniffed, sniff};
use suite_platform::{ApiError, Caller, Platform};

/// What the 415 names as the reader.
const READER: &str = "the finance API";

/// A statement upload: pages to read, or CSV text.
enum Statement<'a> {
    Pages(Source),
    Csv(&'a str),
}

impl From<AuditError> for ApiError {
    fn from(e: AuditError) -> Self {
        match e {
            AuditError::TooManyRows { .. } => ApiError::PayloadTooLarge(e.to_string()),
            other => ApiError::Unprocessable(other.to_string()),
        }
    }
}

/// A statement as pages or CSV; anything else is 415 naming what it is.
fn statement_source(upload: &Upload) -> Result<Statement<'_>, ApiError> {
    if sniff(&upload.bytes) == Sniffed::Text {
        let text = std::str::from_utf8(&upload.bytes)
            .map_err(|_| ApiError::UnsupportedMediaType("a CSV statement must be UTF-8".into()))?;
        return Ok(Statement::Csv(text));
    }
    page_source(upload, READER)
        .map(Statement::Pages)
        .map_err(|e| match e {
            ApiError::UnsupportedMediaType(m) => {
                ApiError::UnsupportedMediaType(format!("{m}, and bank statements as text/csv"))
            }
            other => other,
        })
}

/// `currency`: three capital letters (the contract's pattern; multipart fields are checked
/// here).
fn currency_of(currency: Option<&str>) -> Result<Option<String>, ApiError> {
    match currency {
        None => Ok(None),
        Some(c) if c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()) => {
            Ok(Some(c.to_owned()))
        }
        Some(c) => Err(ApiError::InvalidInput(format!(
            "currency must be an ISO 4217 code of three capital letters (EUR), not {c:?}"
        ))),
    }
}

/// How a document's scans are read: enlarged by `magnify`, laid out as `layout`, by `engines`.
#[derive(Debug, Clone, Copy)]
struct Look {
    magnify: f32,
    layout: Layout,
    engines: Engines,
}

impl Look {
    /// A receipt or invoice: rows, by both engines combined.
    const FIRST: Look = Look {
        magnify: 1.0,
        layout: Layout::Rows,
        engines: Engines::TesseractAndPpOcr,
    };
    /// The second looks at a receipt whose first reading missed fields: Tesseract alone,
    /// enlarged or with its own layout analysis (PP-OCR's reading would not change).
    const ENLARGED: Look = Look {
        magnify: second_look::MAGNIFY,
        layout: Layout::Rows,
        engines: Engines::Tesseract,
    };
    const SEGMENTED: Look = Look {
        magnify: 1.0,
        layout: Layout::Auto,
        engines: Engines::Tesseract,
    };
    /// A bank statement: rows, by Tesseract.
    const STATEMENT: Look = Look {
        magnify: 1.0,
        layout: Layout::Rows,
        engines: Engines::Tesseract,
    };
}

impl Finance {
    /// Before admission: an accepted type within the limits; a corrupt or encrypted PDF is
    /// refused here too (422), so no refused file is charged.
    async fn check_document(&self, upload: &Upload) -> Result<(), ApiError> {
        let source = page_source(upload, READER)?;
        Ok(pages::check(&upload.bytes, source, self.limits).await?)
    }

    /// The words of every page, in reading order, scans read as `look` says.
    async fn words(
        &self,
        upload: &Upload,
        source: Source,
        language: Option<types::FinanceLanguage>,
        look: Look,
    ) -> Result<Vec<Vec<Word>>, ApiError> {
        let scan = pages::Scan {
            magnify: look.magnify,
            engines: look.engines,
            ..pages::Scan::new(wire::tesseract_codes(language), look.layout, true)
        };
        let pages = pages::read(&upload.bytes, source, self.limits, &self.ocr, scan).await?;
        Ok(pages.iter().map(pages::Page::word_list).collect())
    }

    /// Whether an image enlarged for a second reading stays within the pixel limit.
    fn fits_enlarged(&self, upload: &Upload) -> bool {
        let magnified = f64::from(second_look::MAGNIFY).powi(2);
        raster::dimensions(&upload.bytes).is_ok_and(|(_, width, height)| {
            f64::from(width) * f64::from(height) * magnified <= self.limits.max_pixels as f64
        })
    }

    /// The fields of a receipt or invoice, as many as could be read.
    async fn read_fields(
        &self,
        upload: &Upload,
        doc_type: Option<types::DocType>,
        language: Option<types::FinanceLanguage>,
        today: chrono::NaiveDate,
    ) -> Result<(Source, Vec<Vec<Word>>, Parsed), ApiError> {
        let source = page_source(upload, READER)?;
        let words = self.words(upload, source, language, Look::FIRST).await?;
        // Without a language the scan is read in English and the rules guess the language
        // from the words (a born-digital PDF in any of the 12 reads right).
        let hints = parse::Hints {
            language: language.map(|l| wire::language_code(Some(l)).to_owned()),
            doc_type: doc_type.map(wire::doc_type_in),
            today: Some(today),
        };
        let mut parsed = parse::parse(&words, &hints);
        if !matches!(source, Source::Image(_)) {
            return Ok((source, words, parsed));
        }
        if second_look::needs_enlargement(&parsed) && self.fits_enlarged(upload) {
            let enlarged = self.words(upload, source, language, Look::ENLARGED).await?;
            parsed = second_look::merge(parsed, parse::parse(&enlarged, &hints));
        }
        if second_look::needs_segmentation(&parsed) {
            let segmented = self
                .words(upload, source, language, Look::SEGMENTED)
                .await?;
            parsed = second_look::merge(parsed, parse::parse(&segmented, &hints));
        }
        Ok((source, words, parsed))
    }
}

impl FinanceBackend for Finance {
    async fn finance_parse_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &FinanceParseForm,
    ) -> Result<(), ApiError> {
        self.check_document(&form.file).await
    }

    async fn finance_fraud_check_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &FinanceFraudCheckForm,
    ) -> Result<(), ApiError> {
        self.check_document(&form.file).await
    }

    async fn finance_audit_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &FinanceAuditForm,
    ) -> Result<(), ApiError> {
        currency_of(form.currency.as_deref())?;
        match statement_source(&form.file)? {
            Statement::Csv(text) => {
                let rows = text.lines().count().saturating_sub(1);
                if rows > MAX_CSV_ROWS {
                    return Err(ApiError::PayloadTooLarge(format!(
                        "the CSV statement has {rows} rows; the limit is {MAX_CSV_ROWS}"
                    )));
                }
                Ok(())
            }
            Statement::Pages(source) => {
                Ok(pages::check(&form.file.bytes, source, self.limits).await?)
            }
        }
    }

    async fn finance_parse(
        &self,
        platform: &Platform,
        _caller: &Caller,
        form: FinanceParseForm,
    ) -> Result<types::ParsedDocument, ApiError> {
        let today = platform.now().date_naive();
        let (_, words, parsed) = self
            .read_fields(&form.file, form.doc_type, form.language, today)
            .await?;
        // What could be read is answered, with what is missing; only a document without any
        // text is refused.
        if !has_text(&words) {
            return Err(ApiError::Unprocessable(
                "no readable text was found in the document".into(),
            ));
        }
        Ok(wire::document(&parsed, form.doc_type))
    }

    async fn finance_audit(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: FinanceAuditForm,
    ) -> Result<types::AuditResult, ApiError> {
        let hints = audit::Hints {
            language: Some(wire::language_code(form.language).to_owned()),
            currency: currency_of(form.currency.as_deref())?,
        };
        let statement = match statement_source(&form.file)? {
            Statement::Csv(text) => audit::read_csv(text.as_bytes(), &hints, MAX_CSV_ROWS)?,
            Statement::Pages(source) => {
                let words = self
                    .words(&form.file, source, form.language, Look::STATEMENT)
                    .await?;
                audit::read_pages(&words, &hints)?
            }
        };
        let audited = tokio::task::spawn_blocking(move || {
            let audited = audit::audit(&statement);
            (statement, audited)
        })
        .await
        .map_err(|e| ApiError::internal(format!("the audit stopped: {e}")))?;
        Ok(wire::audit(&audited.0, &audited.1))
    }

    async fn finance_fraud_check(
        &self,
        platform: &Platform,
        caller: &Caller,
        form: FinanceFraudCheckForm,
    ) -> Result<types::FraudCheckResult, ApiError> {
        let today = platform.now().date_naive();
        let (source, words, parsed) = self
            .read_fields(&form.file, form.doc_type, form.language, today)
            .await?;
        let facts = wire::facts(&parsed, form.doc_type, &words);
        let mut assessment = fraud::assess(&facts, today);
        if source == Source::Pdf {
            let bytes = form.file.bytes.clone();
            let forensics =
                tokio::task::spawn_blocking(move || pdf_forensics::inspect(&bytes).signals())
                    .await
                    .map_err(|e| ApiError::internal(format!("the PDF check stopped: {e}")))?;
            for signal in forensics {
                assessment.add_signal(signal);
            }
            // The pages were read already: a PDF poppler cannot set out again only loses
            // this one check.
            if let Ok(Some(signal)) = pdf_fonts::font_signal(&form.file.bytes).await {
                assessment.add_signal(signal);
            }
        }
        // Every fingerprint is recorded; the first one seen before is the signal.
        let mut resubmission = None;
        for (fingerprint, what) in fingerprints(&form.file.bytes, &parsed) {
            let seen = platform.sight(caller, &fingerprint).await?;
            if let (None, Some(seen)) = (&resubmission, seen) {
                resubmission = Some((what, seen));
            }
        }
        if let Some((what, seen)) = resubmission {
            let times = match seen.times_before {
                1 => "once".to_owned(),
                n => format!("{n} times"),
            };
            assessment.add_signal(fraud::external_signal(
                SignalKind::DuplicateSubmission,
                format!(
                    "{} was submitted by this key before: {times}, first on {}",
                    what.describe(),
                    seen.first_seen.date_naive()
                ),
            ));
        }
        Ok(wire::fraud(&assessment, &parsed, form.doc_type))
    }
}

/// Whether any page has a word with a letter or a digit (a blank page or a photo without
/// writing has none; OCR may still give it a speck of punctuation).
fn has_text(pages: &[Vec<Word>]) -> bool {
    pages
        .iter()
        .flatten()
        .any(|w| w.text.chars().any(char::is_alphanumeric))
}

/// What a resubmission has in common with an earlier submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resubmitted {
    SameFile,
    SameFields,
}

impl Resubmitted {
    fn describe(self) -> &'static str {
        match self {
            Resubmitted::SameFile => "The same file",
            Resubmitted::SameFields => "A document with the same vendor, date and total",
        }
    }
}

/// The fingerprints a resubmission is recognised by: the bytes, and (when all three are
/// read) the vendor, date and total, so a re-scan or re-export of the same document counts.
fn fingerprints(bytes: &[u8], parsed: &Parsed) -> Vec<(String, Resubmitted)> {
    // Each part is preceded by its length, so no two lists of parts hash alike.
    let hash = |parts: &[&[u8]]| {
        let lengths: Vec<[u8; 8]> = parts
            .iter()
            .map(|p| (p.len() as u64).to_be_bytes())
            .collect();
        let framed: Vec<&[u8]> = parts
            .iter()
            .zip(&lengths)
            .flat_map(|(part, length)| [length.as_slice(), part])
            .collect();
        sha256_hex(&framed)
    };
    let mut fingerprints = vec![(format!("bytes:{}", hash(&[bytes])), Resubmitted::SameFile)];
    if let (Some(vendor), Some(date), Some(total)) = (&parsed.vendor, &parsed.date, &parsed.total) {
        let vendor: String = vendor
            .value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        fingerprints.push((
            format!(
                "fields:{}",
                hash(&[
                    vendor.as_bytes(),
                    date.value.to_string().as_bytes(),
                    &total.value.to_be_bytes()
                ])
            ),
            Resubmitted::SameFields,
        ));
    }
    fingerprints
}
