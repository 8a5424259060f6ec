//! The HTTP glue of the PII API, its implementation of the generated `PiiBackend`: the form's
//! options read and checked, uploads sniffed and measured before admission (so a refused file
//! costs nothing), pages read and entities found through the engines, redacted files answered
//! or published, and the engines' errors as the contract's statuses.

use bytes::Bytes;
use futures::future::join_all;

use super::Pii;
use super::detect::{EntityKind, Language, Options};
use super::entities::{self, Entity};
use super::language::tesseract_codes;
use super::redact::{self, Painting, Redacted};
use suite_engines::ocr::Layout;
use suite_engines::pages::{self, Page, PagesError, Source};
use suite_platform::documents::page_source;
use suite_platform::extract::Upload;
use suite_platform::generated::api::{
    Operation, PiiBackend, PiiBatchForm, PiiDetectForm, PiiRedactForm,
};
use suite_platform::generated::types;
use suite_platform::{ApiError, Caller, FileBody, FileBytes, Platform};

/// Id prefix of redacted files published by a batch.
const REDACTED_PREFIX: &str = "red";

/// The contract's bounds on the text fields (multipart fields are checked here).
const MAX_ENTITY_TYPES: usize = 200;
const MAX_ALLOW_LIST: usize = 10_000;
const DEFAULT_MIN_CONFIDENCE: f64 = 0.5;

/// The options every operation shares, read from its form.
struct Scan {
    language: Language,
    options: Options,
}

impl Scan {
    fn read(
        language: Option<types::PiiLanguage>,
        entity_types: Option<&str>,
        min_confidence: Option<f64>,
        allow_list: Option<&str>,
    ) -> Result<Scan, ApiError> {
        let kinds = match entity_types {
            None => Vec::new(),
            Some(list) => parse_kinds(list)?,
        };
        let min_confidence = min_confidence.unwrap_or(DEFAULT_MIN_CONFIDENCE);
        if !(0.0..=1.0).contains(&min_confidence) {
            return Err(ApiError::InvalidInput(format!(
                "min_confidence must be between 0 and 1, not {min_confidence}"
            )));
        }
        let allow_list = match allow_list {
            None => Vec::new(),
            Some(list) if list.chars().count() > MAX_ALLOW_LIST => {
                return Err(ApiError::InvalidInput(format!(
                    "allow_list is longer than {MAX_ALLOW_LIST} characters"
                )));
            }
            Some(list) => list
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect(),
        };
        Ok(Scan {
            language: language.map_or(Language::En, language_of),
            options: Options {
                kinds,
                min_confidence,
                allow_list,
            },
        })
    }
}

/// The options the three forms share, read the same way from each.
trait ScanForm {
    fn language(&self) -> Option<types::PiiLanguage>;
    fn entity_types(&self) -> Option<&str>;
    fn min_confidence(&self) -> Option<f64>;
    fn allow_list(&self) -> Option<&str>;

    /// The options checked: 400 naming the field for a bad one.
    fn scan(&self) -> Result<Scan, ApiError> {
        Scan::read(
            self.language(),
            self.entity_types(),
            self.min_confidence(),
            self.allow_list(),
        )
    }
}

/// Implements [`ScanForm`] for a generated form with the four shared fields.
macro_rules! scan_form {
    ($form:ty) => {
        impl ScanForm for $form {
            fn language(&self) -> Option<types::PiiLanguage> {
                self.language
            }
            fn entity_types(&self) -> Option<&str> {
                self.entity_types.as_deref()
            }
            fn min_confidence(&self) -> Option<f64> {
                self.min_confidence
            }
            fn allow_list(&self) -> Option<&str> {
                self.allow_list.as_deref()
            }
        }
    };
}

scan_form!(PiiDetectForm);
scan_form!(PiiRedactForm);
scan_form!(PiiBatchForm);

/// `entity_types`: comma-separated PiiEntityType names; an unknown one is 400 naming it and
/// the allowed ones.
fn parse_kinds(list: &str) -> Result<Vec<EntityKind>, ApiError> {
    if list.chars().count() > MAX_ENTITY_TYPES {
        return Err(ApiError::InvalidInput(format!(
            "entity_types is longer than {MAX_ENTITY_TYPES} characters"
        )));
    }
    let mut kinds = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let kind = serde_json::from_value::<types::PiiEntityType>(serde_json::Value::String(
            name.to_owned(),
        ))
        .map_err(|_| {
            ApiError::InvalidInput(format!(
                "entity_types: unknown type {name:?}; the types are {}",
                ALL_KINDS.map(|(_, n)| n).join(", ")
            ))
        })?;
        let kind = kind_of(kind);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if kinds.is_empty() {
        return Err(ApiError::InvalidInput(
            "entity_types names no type; omit it to look for all".into(),
        ));
    }
    Ok(kinds)
}

const ALL_KINDS: [(EntityKind, &str); 10] = [
    (EntityKind::Name, "name"),
    (EntityKind::Email, "email"),
    (EntityKind::Phone, "phone"),
    (EntityKind::Address, "address"),
    (EntityKind::IdNumber, "id_number"),
    (EntityKind::Passport, "passport"),
    (EntityKind::CreditCard, "credit_card"),
    (EntityKind::DateOfBirth, "date_of_birth"),
    (EntityKind::Ssn, "ssn"),
    (EntityKind::BankAccount, "bank_account"),
];

fn kind_of(t: types::PiiEntityType) -> EntityKind {
    match t {
        types::PiiEntityType::Name => EntityKind::Name,
        types::PiiEntityType::Email => EntityKind::Email,
        types::PiiEntityType::Phone => EntityKind::Phone,
        types::PiiEntityType::Address => EntityKind::Address,
        types::PiiEntityType::IdNumber => EntityKind::IdNumber,
        types::PiiEntityType::Passport => EntityKind::Passport,
        types::PiiEntityType::CreditCard => EntityKind::CreditCard,
        types::PiiEntityType::DateOfBirth => EntityKind::DateOfBirth,
        types::PiiEntityType::Ssn => EntityKind::Ssn,
        types::PiiEntityType::BankAccount => EntityKind::BankAccount,
    }
}

fn type_of(k: EntityKind) -> types::PiiEntityType {
    match k {
        EntityKind::Name => types::PiiEntityType::Name,
        EntityKind::Email => types::PiiEntityType::Email,
        EntityKind::Phone => types::PiiEntityType::Phone,
        EntityKind::Address => types::PiiEntityType::Address,
        EntityKind::IdNumber => types::PiiEntityType::IdNumber,
        EntityKind::Passport => types::PiiEntityType::Passport,
        EntityKind::CreditCard => types::PiiEntityType::CreditCard,
        EntityKind::DateOfBirth => types::PiiEntityType::DateOfBirth,
        EntityKind::Ssn => types::PiiEntityType::Ssn,
        EntityKind::BankAccount => types::PiiEntityType::BankAccount,
    }
}

fn language_of(l: types::PiiLanguage) -> Language {
    match l {
        types::PiiLanguage::En => Language::En,
        types::PiiLanguage::Es => Language::Es,
        types::PiiLanguage::Fr => Language::Fr,
        types::PiiLanguage::De => Language::De,
        types::PiiLanguage::It => Language::It,
        types::PiiLanguage::Pt => Language::Pt,
        types::PiiLanguage::Nl => Language::Nl,
        types::PiiLanguage::Pl => Language::Pl,
        types::PiiLanguage::Sv => Language::Sv,
        types::PiiLanguage::Da => Language::Da,
        types::PiiLanguage::Nb => Language::Nb,
        types::PiiLanguage::Fi => Language::Fi,
        types::PiiLanguage::Cs => Language::Cs,
        types::PiiLanguage::Ro => Language::Ro,
        types::PiiLanguage::Hu => Language::Hu,
        types::PiiLanguage::Tr => Language::Tr,
        types::PiiLanguage::El => Language::El,
        types::PiiLanguage::Ru => Language::Ru,
        types::PiiLanguage::Uk => Language::Uk,
        types::PiiLanguage::Ar => Language::Ar,
        types::PiiLanguage::He => Language::He,
        types::PiiLanguage::Hi => Language::Hi,
        types::PiiLanguage::Zh => Language::Zh,
        types::PiiLanguage::Ja => Language::Ja,
        types::PiiLanguage::Ko => Language::Ko,
    }
}

/// `#RRGGBB` as RGB.
fn fill_of(color: Option<&str>) -> Result<[u8; 3], ApiError> {
    let Some(color) = color else {
        return Ok([0, 0, 0]);
    };
    let hex = color
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| {
            ApiError::InvalidInput(format!("fill_color must be #RRGGBB, not {color:?}"))
        })?;
    let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).unwrap_or(0);
    Ok([channel(0), channel(2), channel(4)])
}

/// One file read and searched.
struct Scanned {
    source: Source,
    pages: Vec<Page>,
    entities: Vec<Entity>,
}

impl Pii {
    /// Before admission: the file is of an accepted type and within the limits; a corrupt
    /// or encrypted file is refused here too (422), so no refused file is charged.
    async fn check_file(&self, upload: &Upload) -> Result<(), ApiError> {
        let source = page_source(upload, "PII detection")?;
        pages::check(&upload.bytes, source, self.limits)
            .await
            .map_err(ApiError::from)
    }

    async fn scan(&self, upload: &Upload, scan: &Scan) -> Result<Scanned, ApiError> {
        let source = page_source(upload, "PII detection")?;
        let bytes = &upload.bytes;
        let pages = pages::read(
            bytes,
            source,
            self.limits,
            &self.ocr,
            pages::Scan::new(tesseract_codes(scan.language), Layout::Auto, false),
        )
        .await?;
        let entities = entities::find(&pages, scan.language, &scan.options);
        Ok(Scanned {
            source,
            pages,
            entities,
        })
    }

    async fn redact_scanned(
        &self,
        bytes: &Bytes,
        scanned: &Scanned,
        fill: [u8; 3],
        text_layer: bool,
    ) -> Result<Redacted, PagesError> {
        redact::redact(
            bytes,
            scanned.source,
            &scanned.pages,
            &scanned.entities,
            Painting {
                fill,
                text_layer,
                limits: self.limits.raster(),
            },
        )
        .await
    }

    async fn batch_item(
        &self,
        platform: &Platform,
        caller: &Caller,
        upload: &Upload,
        scan: &Scan,
        painting: Option<([u8; 3], bool)>,
    ) -> Result<
        (
            types::DetectionResult,
            Option<(&'static str, suite_platform::PublishedFile)>,
        ),
        ApiError,
    > {
        let scanned = self.scan(upload, scan).await?;
        let detection = result_of(&scanned);
        let Some((fill, text_layer)) = painting else {
            return Ok((detection, None));
        };
        let redacted = self
            .redact_scanned(&upload.bytes, &scanned, fill, text_layer)
            .await?;
        let file = platform
            .publish_file(
                caller,
                REDACTED_PREFIX,
                redacted.content_type,
                &redacted.bytes,
            )
            .await?;
        Ok((detection, Some((redacted.content_type, file))))
    }
}

impl PiiBackend for Pii {
    async fn pii_detect_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &PiiDetectForm,
    ) -> Result<(), ApiError> {
        form.scan()?;
        self.check_file(&form.file).await
    }

    async fn pii_redact_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &PiiRedactForm,
    ) -> Result<(), ApiError> {
        form.scan()?;
        fill_of(form.fill_color.as_deref())?;
        self.check_file(&form.file).await
    }

    /// Before admission: every file of an accepted type and within the limits (one refused
    /// file refuses the batch); a file that cannot be decoded only fails its own item.
    async fn pii_batch_precheck(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: &PiiBatchForm,
    ) -> Result<(), ApiError> {
        form.scan()?;
        fill_of(form.fill_color.as_deref())?;
        let bound = Operation::PiiBatch
            .batch()
            .map_or(usize::MAX, |(_, max)| max);
        if form.files.len() > bound {
            // The pipeline refuses the batch's size itself (413), still before admission.
            return Ok(());
        }
        for upload in &form.files {
            match self.check_file(upload).await {
                Ok(()) | Err(ApiError::Unprocessable(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    async fn pii_detect(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: PiiDetectForm,
    ) -> Result<types::DetectionResult, ApiError> {
        let scan = form.scan()?;
        let scanned = self.scan(&form.file, &scan).await?;
        Ok(result_of(&scanned))
    }

    async fn pii_redact(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        form: PiiRedactForm,
    ) -> Result<FileBody, ApiError> {
        let scan = form.scan()?;
        let fill = fill_of(form.fill_color.as_deref())?;
        let scanned = self.scan(&form.file, &scan).await?;
        let redacted = self
            .redact_scanned(
                &form.file.bytes,
                &scanned,
                fill,
                form.text_layer.unwrap_or(false),
            )
            .await?;
        Ok(FileBody {
            content_type: redacted.content_type.to_owned(),
            file_name: None,
            bytes: FileBytes::Whole(redacted.bytes),
            headers: vec![
                ("x-redacted-count", scanned.entities.len().to_string()),
                ("x-pages-scanned", scanned.pages.len().to_string()),
            ],
        })
    }

    /// Every file in upload order; a file that cannot be read fails its own item, while the
    /// server's own failures (5xx other than a busy engine) fail the batch and are refunded.
    async fn pii_batch(
        &self,
        platform: &Platform,
        caller: &Caller,
        form: PiiBatchForm,
    ) -> Result<types::PiiBatchResult, ApiError> {
        let scan = form.scan()?;
        let fill = fill_of(form.fill_color.as_deref())?;
        let redacting = matches!(form.mode, Some(types::PiiBatchMode::Redact));
        let outcomes = join_all(form.files.iter().map(|upload| {
            self.batch_item(
                platform,
                caller,
                upload,
                &scan,
                redacting.then_some((fill, form.text_layer.unwrap_or(false))),
            )
        }))
        .await;
        let mut results = Vec::with_capacity(outcomes.len());
        let mut failed = 0u64;
        for (index, (upload, outcome)) in form.files.iter().zip(outcomes).enumerate() {
            let mut item = types::PiiBatchItemResult {
                index: index as u64,
                filename: upload.file_name.clone().unwrap_or_default(),
                status: types::BatchItemStatus::Succeeded,
                detection: None,
                download_url: None,
                expires_at: None,
                content_type: None,
                size_bytes: None,
                error: None,
            };
            match outcome {
                Ok((detection, published)) => {
                    item.detection = Some(detection);
                    if let Some((content_type, file)) = published {
                        item.download_url = Some(file.download_url);
                        item.expires_at = Some(file.blob.expires_at);
                        item.content_type = Some(content_type.to_owned());
                        item.size_bytes = Some(file.blob.size_bytes);
                    }
                }
                Err(e) if e.status() >= 500 && !matches!(e, ApiError::Overloaded { .. }) => {
                    return Err(e);
                }
                Err(e) => {
                    failed += 1;
                    item.status = types::BatchItemStatus::Failed;
                    item.error = Some(types::Error {
                        request_id: caller.request_id.clone(),
                        error_code: e.error_code().to_owned(),
                        message: e.message(),
                    });
                }
            }
            results.push(item);
        }
        Ok(types::PiiBatchResult {
            succeeded: results.len() as u64 - failed,
            failed,
            results,
        })
    }

    /// A redacted file of a batch, to its owner only.
    async fn pii_download(
        &self,
        platform: &Platform,
        caller: &Caller,
        id: String,
    ) -> Result<FileBody, ApiError> {
        platform.download(caller, &id).await
    }
}

fn result_of(scanned: &Scanned) -> types::DetectionResult {
    let entities: Vec<types::PiiEntity> = scanned
        .entities
        .iter()
        .map(|e| types::PiiEntity {
            type_: type_of(e.kind),
            text: e.text.clone(),
            page: u32::try_from(e.page)
                .ok()
                .and_then(std::num::NonZeroU32::new)
                .unwrap_or(std::num::NonZeroU32::MIN),
            confidence: (e.confidence * 1000.0).round() / 1000.0,
            bounding_box: e.bbox.map(|b| types::BoundingBox {
                x: b.x.into(),
                y: b.y.into(),
                width: b.width.into(),
                height: b.height.into(),
            }),
            start: Some(e.chars.start as u64),
            end: Some(e.chars.end as u64),
        })
        .collect();
    types::DetectionResult {
        total_found: entities.len() as u64,
        pages_scanned: scanned.pages.len() as u64,
        entities,
    }
}
