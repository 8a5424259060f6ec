//! The HTTP glue of the document generation API, its implementation of the generated
//! `DocgenBackend`: templates kept through the platform (their record and metadata, their
//! source in the blob store), the built-ins beside them, uploads sniffed and compiled before
//! they are kept, renders and conversions run off the async workers, the engines' errors as the
//! contract's statuses, and the files published for download.

use base64::Engine as _;
use chrono::{DateTime, TimeZone, Utc};

use super::Docgen;
use super::builtin::{BUILTINS, Builtin};
use super::convert::ConvertError;
use super::document::{Document, Format};
use super::template::{Kind, Template, TemplateError};
use suite_platform::generated::api::{
    DocgenBackend, DocgenConvertForm, DocgenCreateTemplateForm, DocgenListTemplatesQuery,
};
use suite_platform::generated::types;
use suite_platform::kept::{KeptCursor, KeptItem, NewKept};
use suite_platform::sniff::{Sniffed, sniff};
use suite_platform::{ApiError, Caller, FileBody, Platform};

/// Id prefixes: generated and converted documents, kept template sources.
const DOCUMENT_PREFIX: &str = "doc";
const TEMPLATE_PREFIX: &str = "tpl";

/// When the built-in templates were made (their `created_at`).
const BUILTINS_CREATED: i64 = 1_767_225_600; // 2026-01-01T00:00:00Z

/// Templates per page when `limit` is not given, and the most a page may hold.
const DEFAULT_PAGE: i64 = 20;
const MAX_PAGE: i64 = 100;

fn template_error(e: TemplateError) -> ApiError {
    match e {
        TemplateError::NotThatKind(m) => ApiError::UnsupportedMediaType(m),
        TemplateError::TooLarge(m) => ApiError::PayloadTooLarge(m),
        TemplateError::Syntax(m) => ApiError::Refused {
            code: "template_syntax",
            message: m,
        },
        TemplateError::Missing(m) => ApiError::Refused {
            code: "missing_variable",
            message: m,
        },
        TemplateError::Unprocessable(m) => ApiError::Unprocessable(m),
    }
}

fn convert_error(e: ConvertError) -> ApiError {
    match e {
        ConvertError::Unreadable(m) => ApiError::Unprocessable(m),
        ConvertError::TooLarge(m) => ApiError::PayloadTooLarge(m),
        ConvertError::Unavailable(m) => ApiError::Unavailable {
            code: "converter_unavailable",
            message: m,
        },
        ConvertError::Failed(e) => ApiError::internal(e),
    }
}

fn template_not_found(id: &str) -> ApiError {
    ApiError::NotFound(format!("no template with id {id:?}"))
}

/// Runs CPU-bound template work off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, TemplateError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(ApiError::internal)?
        .map_err(template_error)
}

impl Docgen {
    /// `document` converted to `to` and kept for download.
    async fn publish(
        &self,
        platform: &Platform,
        caller: &Caller,
        document: Document,
        to: Format,
    ) -> Result<types::GeneratedDocument, ApiError> {
        let out = self
            .converter
            .convert(document, to)
            .await
            .map_err(convert_error)?;
        let file = platform
            .publish_file(caller, DOCUMENT_PREFIX, to.media_type(), &out.bytes)
            .await?;
        Ok(types::GeneratedDocument {
            document_id: file.blob.id,
            format: wire_format(to),
            download_url: file.download_url,
            expires_at: file.blob.expires_at,
            size_bytes: file.blob.size_bytes,
        })
    }
}

impl DocgenBackend for Docgen {
    /// Before admission: the template exists for this caller.
    async fn docgen_generate_precheck(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: &types::GenerateRequest,
    ) -> Result<(), ApiError> {
        let id = r.template_id.as_str();
        if super::builtin::builtin(id).is_some() || platform.kept(caller, id).await?.is_some() {
            Ok(())
        } else {
            Err(template_not_found(id))
        }
    }

    /// Renders a template with the caller's data and publishes it in the asked format.
    async fn docgen_generate(
        &self,
        platform: &Platform,
        caller: &Caller,
        r: types::GenerateRequest,
    ) -> Result<types::GeneratedDocument, ApiError> {
        let id = r.template_id.to_string();
        let data = serde_json::Value::Object(r.data);
        let rendered = match BUILTINS.iter().position(|b| b.id == id) {
            Some(index) => {
                let builtins = self.builtins.clone();
                blocking(move || builtins[index].render(&data)).await?
            }
            None => {
                let item = platform
                    .kept(caller, &id)
                    .await?
                    .ok_or_else(|| template_not_found(&id))?;
                let kind = Kind::named(&item.kind)
                    .ok_or_else(|| ApiError::internal("a kept template of an unknown kind"))?;
                let source = platform.kept_bytes(caller, &id).await?;
                let budget = self.budget;
                blocking(move || Template::compile(kind, &source, budget)?.render(&data)).await?
            }
        };
        self.publish(platform, caller, rendered, format(r.output_format))
            .await
    }

    /// Converts an uploaded document and publishes the result.
    async fn docgen_convert(
        &self,
        platform: &Platform,
        caller: &Caller,
        form: DocgenConvertForm,
    ) -> Result<types::GeneratedDocument, ApiError> {
        let bytes = form.file.bytes;
        if bytes.is_empty() {
            return Err(ApiError::InvalidInput("file: the file is empty".into()));
        }
        let from = match sniff(&bytes) {
            Sniffed::Pdf => Format::Pdf,
            Sniffed::Docx => Format::Docx,
            Sniffed::Odt => Format::Odt,
            Sniffed::Html => Format::Html,
            Sniffed::Text => Format::Txt,
            other => {
                return Err(ApiError::UnsupportedMediaType(format!(
                    "file: {} is not one of PDF, DOCX, ODT, HTML or UTF-8 text",
                    other.media_type()
                )));
            }
        };
        let document = Document::new(from, bytes.to_vec());
        self.publish(platform, caller, document, format(form.output_format))
            .await
    }

    /// Sniffs, compiles and keeps an uploaded template.
    async fn docgen_create_template(
        &self,
        platform: &Platform,
        caller: &Caller,
        form: DocgenCreateTemplateForm,
    ) -> Result<types::Template, ApiError> {
        check_length("name", &form.name, 1, MAX_NAME)?;
        if let Some(description) = &form.description {
            check_length("description", description, 0, MAX_DESCRIPTION)?;
        }
        let source = form.file.bytes;
        if source.is_empty() {
            return Err(ApiError::InvalidInput("file: the file is empty".into()));
        }
        let kind = template_kind(form.engine.map(engine_kind), &source)?;
        let budget = self.budget;
        let compiled_source = source.clone();
        let fields =
            blocking(move || Ok(Template::compile(kind, &compiled_source, budget)?.fields()))
                .await?;
        let item = platform
            .keep(
                caller,
                NewKept {
                    prefix: TEMPLATE_PREFIX,
                    name: &form.name,
                    description: form.description.as_deref(),
                    kind: kind.name(),
                    meta: serde_json::json!({ "fields": fields }),
                    content_type: kind.media_type(),
                },
                &source,
            )
            .await?;
        uploaded(&item)
    }

    /// A page of the templates this caller can use: the built-ins, then its own, newest first.
    async fn docgen_list_templates(
        &self,
        platform: &Platform,
        caller: &Caller,
        query: DocgenListTemplatesQuery,
    ) -> Result<types::TemplateList, ApiError> {
        let limit = query.limit.unwrap_or(DEFAULT_PAGE);
        if !(1..=MAX_PAGE).contains(&limit) {
            return Err(ApiError::InvalidInput(format!(
                "limit: {limit} is outside 1..={MAX_PAGE}"
            )));
        }
        let limit = limit as usize;
        let start = match &query.page_token {
            Some(token) => PageToken::parse(token)?,
            None => PageToken::Builtins(0),
        };
        let mut templates = Vec::with_capacity(limit);
        let builtins_shown = match &start {
            PageToken::Builtins(skip) => (skip + limit).min(BUILTINS.len()),
            PageToken::Uploads(_) => BUILTINS.len(),
        };
        let mut after = match start {
            PageToken::Builtins(skip) => {
                templates.extend(
                    BUILTINS
                        .iter()
                        .zip(self.builtins.iter())
                        .skip(skip)
                        .take(limit)
                        .map(|(b, compiled)| builtin_record(b, compiled)),
                );
                None
            }
            PageToken::Uploads(cursor) => Some(cursor),
        };
        if builtins_shown < BUILTINS.len() {
            return Ok(types::TemplateList {
                templates,
                next_page_token: Some(PageToken::Builtins(builtins_shown).encode()),
            });
        }
        // One more than fits tells whether another page follows.
        let room = limit - templates.len();
        let items = platform.kept_page(caller, after.as_ref(), room + 1).await?;
        let more = items.len() > room;
        for item in items.iter().take(room) {
            templates.push(uploaded(item)?);
            after = Some(item.cursor());
        }
        // A page that ended with the built-ins continues with the uploads from their first.
        let next_page_token = more.then(|| {
            after
                .map_or(PageToken::Builtins(BUILTINS.len()), PageToken::Uploads)
                .encode()
        });
        Ok(types::TemplateList {
            templates,
            next_page_token,
        })
    }

    /// Deletes one of the caller's templates.
    async fn docgen_delete_template(
        &self,
        platform: &Platform,
        caller: &Caller,
        id: String,
    ) -> Result<(), ApiError> {
        if super::builtin::builtin(&id).is_some() {
            return Err(ApiError::InvalidInput(format!(
                "id: {id:?} is a built-in template, which cannot be deleted"
            )));
        }
        if platform.forget(caller, &id).await? {
            Ok(())
        } else {
            Err(template_not_found(&id))
        }
    }

    /// A generated or converted document, to its owner only.
    async fn docgen_download(
        &self,
        platform: &Platform,
        caller: &Caller,
        id: String,
    ) -> Result<FileBody, ApiError> {
        platform.download(caller, &id).await
    }
}

/// The contract's bounds of a template's `name` and `description`, in characters.
const MAX_NAME: usize = 200;
const MAX_DESCRIPTION: usize = 2000;

/// A form text within `min..=max` characters, or 400 naming the field and the bound.
fn check_length(field: &str, value: &str, min: usize, max: usize) -> Result<(), ApiError> {
    let n = value.chars().count();
    if n < min || n > max {
        return Err(ApiError::InvalidInput(format!(
            "{field}: {n} characters; between {min} and {max} are accepted"
        )));
    }
    Ok(())
}

/// Where a page of templates starts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PageToken {
    /// After this many built-ins.
    Builtins(usize),
    /// After this uploaded template.
    Uploads(KeptCursor),
}

impl PageToken {
    fn encode(&self) -> String {
        let plain = match self {
            PageToken::Builtins(n) => format!("b1:{n}"),
            PageToken::Uploads(c) => format!("u1:{}:{}", c.created_at, c.id),
        };
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(plain)
    }

    fn parse(token: &str) -> Result<PageToken, ApiError> {
        let invalid =
            || ApiError::InvalidInput("page_token: not a token this listing issued".into());
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(token)
            .map_err(|_| invalid())?;
        let plain = String::from_utf8(bytes).map_err(|_| invalid())?;
        if let Some(n) = plain.strip_prefix("b1:") {
            let n: usize = n.parse().map_err(|_| invalid())?;
            return (n <= BUILTINS.len())
                .then_some(PageToken::Builtins(n))
                .ok_or_else(invalid);
        }
        let (created_at, id) = plain
            .strip_prefix("u1:")
            .and_then(|rest| rest.split_once(':'))
            .ok_or_else(invalid)?;
        let created_at = created_at.parse().map_err(|_| invalid())?;
        if !id.starts_with(TEMPLATE_PREFIX) || id.len() > 64 {
            return Err(invalid());
        }
        Ok(PageToken::Uploads(KeptCursor {
            created_at,
            id: id.to_owned(),
        }))
    }
}

/// The kind of an upload: the one asked for if the bytes are that, else what they are.
fn template_kind(asked: Option<Kind>, bytes: &[u8]) -> Result<Kind, ApiError> {
    let sniffed = sniff(bytes);
    let text = matches!(sniffed, Sniffed::Html | Sniffed::Text);
    let kind = match (asked, sniffed) {
        (Some(kind @ (Kind::Html | Kind::Text | Kind::Markdown)), _) if text => kind,
        (Some(Kind::Docx), Sniffed::Docx) => Kind::Docx,
        (Some(Kind::Odt), Sniffed::Odt) => Kind::Odt,
        (None, Sniffed::Html) => Kind::Html,
        (None, Sniffed::Text) if mentions_html(bytes) => Kind::Html,
        (None, Sniffed::Text) => Kind::Text,
        (None, Sniffed::Docx) => Kind::Docx,
        (None, Sniffed::Odt) => Kind::Odt,
        (asked, sniffed) => {
            let wanted = asked.map_or("an HTML, text, DOCX or ODT template".to_owned(), |k| {
                format!("a {} template", k.name())
            });
            return Err(ApiError::UnsupportedMediaType(format!(
                "file: {} is not {wanted}",
                sniffed.media_type()
            )));
        }
    };
    Ok(kind)
}

/// Whether Jinja text that does not start as HTML (it starts with a tag of its own) is HTML.
fn mentions_html(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
    head.contains("<!doctype html") || head.contains("<html") || head.contains("<body")
}

/// The record of built-in `b`, compiled as `compiled`.
fn builtin_record(b: &Builtin, compiled: &Template) -> types::Template {
    let fields = compiled.fields();
    types::Template {
        template_id: b.id.to_owned(),
        name: b.name.to_owned(),
        description: Some(b.description.to_owned()),
        engine: types::TemplateEngine::Html,
        builtin: true,
        fields,
        size_bytes: b.source.len() as i64,
        created_at: Utc
            .timestamp_opt(BUILTINS_CREATED, 0)
            .single()
            .unwrap_or(DateTime::<Utc>::UNIX_EPOCH),
    }
}

fn uploaded(item: &KeptItem) -> Result<types::Template, ApiError> {
    let kind = Kind::named(&item.kind)
        .ok_or_else(|| ApiError::internal("a kept template of an unknown kind"))?;
    let fields = item.meta["fields"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    Ok(types::Template {
        template_id: item.id.clone(),
        name: item.name.clone(),
        description: item.description.clone(),
        engine: wire_kind(kind),
        builtin: false,
        fields,
        size_bytes: item.size_bytes,
        created_at: item.created_at,
    })
}

fn format(f: types::DocumentFormat) -> Format {
    match f {
        types::DocumentFormat::Pdf => Format::Pdf,
        types::DocumentFormat::Docx => Format::Docx,
        types::DocumentFormat::Html => Format::Html,
        types::DocumentFormat::Txt => Format::Txt,
        types::DocumentFormat::Odt => Format::Odt,
    }
}

fn wire_format(f: Format) -> types::DocumentFormat {
    match f {
        Format::Pdf => types::DocumentFormat::Pdf,
        Format::Docx => types::DocumentFormat::Docx,
        Format::Html => types::DocumentFormat::Html,
        Format::Txt => types::DocumentFormat::Txt,
        Format::Odt => types::DocumentFormat::Odt,
    }
}

fn engine_kind(e: types::TemplateEngine) -> Kind {
    match e {
        types::TemplateEngine::Html => Kind::Html,
        types::TemplateEngine::Text => Kind::Text,
        types::TemplateEngine::Markdown => Kind::Markdown,
        types::TemplateEngine::Docx => Kind::Docx,
        types::TemplateEngine::Odt => Kind::Odt,
    }
}

fn wire_kind(k: Kind) -> types::TemplateEngine {
    match k {
        Kind::Html => types::TemplateEngine::Html,
        Kind::Text => types::TemplateEngine::Text,
        Kind::Markdown => types::TemplateEngine::Markdown,
        Kind::Docx => types::TemplateEngine::Docx,
        Kind::Odt => types::TemplateEngine::Odt,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_tokens_round_trip_and_foreign_ones_are_refused() {
        let tokens = [
            PageToken::Builtins(3),
            PageToken::Uploads(KeptCursor {
                created_at: 1_700_000_000,
                id: "tpl_abc".into(),
            }),
        ];
        for token in tokens {
            assert_eq!(PageToken::parse(&token.encode()).unwrap(), token);
        }
        for foreign in ["", "abc", "YjE6OTk", "dTE6eDp0cGxfYQ", "dTE6MTp4eXo"] {
            assert!(PageToken::parse(foreign).is_err(), "{foreign}");
        }
    }

    #[test]
    fn an_upload_is_the_kind_asked_only_if_its_bytes_are() {
        let html = b"<!DOCTYPE html><p>{{ x }}</p>";
        assert_eq!(template_kind(None, html).unwrap(), Kind::Html);
        assert_eq!(
            template_kind(None, b"{% set a = 1 %}<html>").unwrap(),
            Kind::Html
        );
        assert_eq!(template_kind(None, b"Dear {{ name }}").unwrap(), Kind::Text);
        assert_eq!(
            template_kind(Some(Kind::Markdown), b"# {{ t }}").unwrap(),
            Kind::Markdown
        );
        assert!(template_kind(Some(Kind::Docx), b"plain").is_err());
        assert!(template_kind(None, b"\x89PNG\r\n\x1a\n\0").is_err());
    }
}
