//! Request bodies, held unread by the extractors and read by the platform only after the
//! caller is authenticated: so every operation answers 401/403 before 413/400, and the
//! platform (not dropshot) enforces the size limits with 413.

use std::marker::PhantomData;

use bytes::{Bytes, BytesMut};
use dropshot::{
    ApiEndpointBodyContentType, ExclusiveExtractor, ExtractorMetadata, HttpError, MultipartBody,
    RequestContext, ServerContext, TypedBody,
};
use futures::StreamExt;
use http_body_util::BodyExt;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;

use super::config::Limits;
use super::error::ApiError;
use super::sniff::contains;

/// A JSON body of type `T`, published in the OpenAPI document exactly as `TypedBody<T>`.
pub struct JsonBody<T> {
    content_type: Option<String>,
    body: dropshot::Body,
    _type: PhantomData<fn() -> T>,
}

#[async_trait::async_trait]
impl<T: JsonSchema + DeserializeOwned + Send + Sync + 'static> ExclusiveExtractor for JsonBody<T> {
    async fn from_request<Context: ServerContext>(
        _rqctx: &RequestContext<Context>,
        request: hyper_request::Request,
    ) -> Result<Self, HttpError> {
        let (parts, body) = request.into_parts();
        Ok(JsonBody {
            content_type: content_type(&parts.headers),
            body,
            _type: PhantomData,
        })
    }

    fn metadata(content_type: ApiEndpointBodyContentType) -> ExtractorMetadata {
        <TypedBody<T> as ExclusiveExtractor>::metadata(content_type)
    }
}

/// A JSON request body of the contract, with the paths of its free-form members
/// (`additionalProperties: true` objects, e.g. `GenerateRequest.data`, or `items[].data`
/// inside an array): nulls inside them are data, not absent fields. Generated per schema.
pub trait JsonInput: DeserializeOwned {
    const FREE_FORM: &'static [&'static str];

    /// The contract's bounds the type does not enforce itself (`platform::bounds`);
    /// generated for every request schema that has such a bound.
    fn check_bounds(&self) -> Result<(), ApiError> {
        Ok(())
    }
}

impl<T: JsonInput> JsonBody<T> {
    /// Reads and parses the body: 400 unless JSON, 413 over the limit, 408 when it does not
    /// arrive in time, 400 naming the field.
    pub async fn read(self, limits: &Limits) -> Result<T, ApiError> {
        let media = self
            .content_type
            .as_deref()
            .map(media_type)
            .unwrap_or_default();
        if media != "application/json" {
            return Err(ApiError::InvalidInput(format!(
                "the request body must be application/json, not {}",
                if media.is_empty() { "missing" } else { &media }
            )));
        }
        let bytes = within(
            limits.body_timeout_secs,
            read_limited(self.body, limits.json_body_bytes),
        )
        .await?;
        let input: T = parse_json(&bytes, T::FREE_FORM)?;
        input.check_bounds()?;
        Ok(input)
    }
}

/// Parses JSON, naming the offending field in the error. `null` is refused wherever the
/// contract has a field (optional fields are omitted, never sent as `null`), except inside
/// the `free_form` members (paths as [`JsonInput::FREE_FORM`] gives them).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8], free_form: &[&str]) -> Result<T, ApiError> {
    // Without the letters `null` anywhere there is no null to refuse: parse once, straight
    // into `T`. Anything this path refuses (or a body with "null" in a string) takes the
    // full path below, which decides the answer and words the error.
    if !contains(bytes, b"null")
        && let Ok(parsed) = serde_json::from_slice(bytes)
    {
        return Ok(parsed);
    }
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::InvalidInput(format!("invalid JSON body: {e}")))?;
    if let Some(path) = null_member(&value, free_form, &mut Vec::new()) {
        return Err(ApiError::InvalidInput(format!(
            "field `{path}`: null is not allowed; omit the field instead"
        )));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = without_value(&e.into_inner().to_string());
        if path == "." || path == "?" || path.is_empty() {
            ApiError::InvalidInput(format!("invalid JSON body: {inner}"))
        } else {
            ApiError::InvalidInput(format!("field `{path}`: {inner}"))
        }
    })
}

/// serde's "invalid type: integer `4111...`, expected a string" without the value: a card
/// number or a password sent with the wrong JSON type must not come back in the answer, nor
/// reach the log. Only the kind of value is kept ("invalid type: integer, expected a string").
fn without_value(message: &str) -> String {
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some(at) = rest.rfind(", expected ")
        {
            let (unexpected, expected) = rest.split_at(at);
            let kind = unexpected
                .split(['`', '"'])
                .next()
                .unwrap_or_default()
                .trim_end();
            return format!("{prefix}{kind}{expected}");
        }
    }
    message.to_owned()
}

/// The path of the first `null` member or array item outside the `free_form` members.
fn null_member(
    value: &serde_json::Value,
    free_form: &[&str],
    path: &mut Vec<String>,
) -> Option<String> {
    let found = |path: &Vec<String>| Some(path.join(".").replace(".[", "["));
    match value {
        serde_json::Value::Null if !path.is_empty() => found(path),
        serde_json::Value::Object(members) => members.iter().find_map(|(name, member)| {
            path.push(name.clone());
            let hit = if free_form.contains(&shape(path).as_str()) {
                None
            } else {
                null_member(member, free_form, path)
            };
            path.pop();
            hit
        }),
        serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            path.push(format!("[{i}]"));
            let hit = null_member(item, free_form, path);
            path.pop();
            hit
        }),
        _ => None,
    }
}

/// A member's path with its array indices left out, as the contract's paths are written:
/// `items[3].data` is `items[].data`.
fn shape(path: &[String]) -> String {
    let mut shape = String::new();
    for segment in path {
        if segment.starts_with('[') {
            shape.push_str("[]");
        } else {
            if !shape.is_empty() {
                shape.push('.');
            }
            shape.push_str(segment);
        }
    }
    shape
}

/// `read` if it finishes within `secs` seconds, else 408 `request_timeout`.
async fn within<T>(
    secs: u64,
    read: impl std::future::Future<Output = Result<T, ApiError>>,
) -> Result<T, ApiError> {
    tokio::time::timeout(std::time::Duration::from_secs(secs), read)
        .await
        .unwrap_or_else(|_| {
            Err(ApiError::RequestTimeout(format!(
                "the request body did not arrive within {secs} s"
            )))
        })
}

async fn read_limited(body: dropshot::Body, limit: usize) -> Result<Bytes, ApiError> {
    let mut stream = body.into_data_stream();
    let mut buf = BytesMut::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk
            .map_err(|e| ApiError::InvalidInput(format!("reading the request body failed: {e}")))?;
        if buf.len() + chunk.len() > limit {
            return Err(ApiError::PayloadTooLarge(format!(
                "the request body exceeds the limit of {limit} bytes"
            )));
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf.freeze())
}

fn content_type(headers: &http::HeaderMap) -> Option<String> {
    headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// `type/subtype` of a Content-Type, lower case, without parameters.
fn media_type(content_type: &str) -> String {
    content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// A `multipart/form-data` body, published as dropshot's `MultipartBody`.
pub struct FormBody {
    content_type: Option<String>,
    body: dropshot::Body,
}

#[async_trait::async_trait]
impl ExclusiveExtractor for FormBody {
    async fn from_request<Context: ServerContext>(
        _rqctx: &RequestContext<Context>,
        request: hyper_request::Request,
    ) -> Result<Self, HttpError> {
        let (parts, body) = request.into_parts();
        Ok(FormBody {
            content_type: content_type(&parts.headers),
            body,
        })
    }

    fn metadata(content_type: ApiEndpointBodyContentType) -> ExtractorMetadata {
        <MultipartBody as ExclusiveExtractor>::metadata(content_type)
    }
}

/// An uploaded file part.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The file name the client gave, if any.
    pub file_name: Option<String>,
    /// The Content-Type the client declared (not trusted: engines sniff the bytes).
    pub declared_type: Option<String>,
    pub bytes: Bytes,
}

/// The parts of a form, read within limits, before they are matched to an operation's fields.
#[derive(Debug, Default)]
pub struct RawForm {
    files: Vec<(String, Upload)>,
    texts: Vec<(String, String)>,
}

impl FormBody {
    /// Reads every part: 400 unless multipart, 413 for a file or form over the limits, 408
    /// when it does not arrive in time. A form may hold `max_files` files (its batch bound;
    /// at least two).
    pub async fn read(
        self,
        limits: &Limits,
        max_files: Option<usize>,
    ) -> Result<RawForm, ApiError> {
        within(
            limits.form_body_timeout_secs,
            self.read_parts(limits, max_files),
        )
        .await
    }

    async fn read_parts(
        self,
        limits: &Limits,
        max_files: Option<usize>,
    ) -> Result<RawForm, ApiError> {
        let content_type = self.content_type.unwrap_or_default();
        if media_type(&content_type) != "multipart/form-data" {
            return Err(ApiError::InvalidInput(format!(
                "the request body must be multipart/form-data, not {}",
                if content_type.is_empty() {
                    "missing".to_owned()
                } else {
                    media_type(&content_type)
                }
            )));
        }
        let boundary = multer::parse_boundary(&content_type)
            .map_err(|e| ApiError::InvalidInput(format!("multipart body: {e}")))?;
        let constraints = multer::Constraints::new().size_limit(
            multer::SizeLimit::new().whole_stream(limits.form_body_bytes(max_files) as u64),
        );
        let mut multipart = multer::Multipart::with_constraints(
            self.body.into_data_stream(),
            boundary,
            constraints,
        );
        let mut form = RawForm::default();
        let too_large = |what: &str, limit: usize| {
            ApiError::PayloadTooLarge(format!("{what} exceeds the limit of {limit} bytes"))
        };
        while let Some(mut field) = multipart
            .next_field()
            .await
            .map_err(|e| multipart_error(e, limits.form_body_bytes(max_files)))?
        {
            let name = field.name().unwrap_or_default().to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let declared_type = field.content_type().map(|m| m.essence_str().to_owned());
            let is_file = file_name.is_some();
            let limit = if is_file {
                limits.file_bytes
            } else {
                limits.form_text_bytes
            };
            let mut buf = BytesMut::new();
            while let Some(chunk) = field
                .chunk()
                .await
                .map_err(|e| multipart_error(e, limits.form_body_bytes(max_files)))?
            {
                if buf.len() + chunk.len() > limit {
                    let what = if is_file {
                        format!("file part `{name}`")
                    } else {
                        format!("form field `{name}`")
                    };
                    return Err(too_large(&what, limit));
                }
                buf.extend_from_slice(&chunk);
            }
            if is_file {
                form.files.push((
                    name,
                    Upload {
                        file_name,
                        declared_type,
                        bytes: buf.freeze(),
                    },
                ));
            } else {
                let text = String::from_utf8(buf.to_vec()).map_err(|_| {
                    ApiError::InvalidInput(format!("form field `{name}` is not UTF-8 text"))
                })?;
                form.texts.push((name, text));
            }
        }
        Ok(form)
    }
}

fn multipart_error(error: multer::Error, limit: usize) -> ApiError {
    match error {
        multer::Error::StreamSizeExceeded { .. } | multer::Error::FieldSizeExceeded { .. } => {
            ApiError::PayloadTooLarge(format!("the form exceeds the limit of {limit} bytes"))
        }
        other => ApiError::InvalidInput(format!("multipart body: {other}")),
    }
}

impl RawForm {
    fn take_files(&mut self, name: &str) -> Vec<Upload> {
        let (taken, kept) = std::mem::take(&mut self.files)
            .into_iter()
            .partition(|(n, _)| n == name);
        self.files = kept;
        taken.into_iter().map(|(_, upload)| upload).collect()
    }

    fn take_texts(&mut self, name: &str) -> Vec<String> {
        let (taken, kept) = std::mem::take(&mut self.texts)
            .into_iter()
            .partition(|(n, _)| n == name);
        self.texts = kept;
        taken.into_iter().map(|(_, text)| text).collect()
    }

    /// The one file part `name`: 400 if missing or repeated.
    pub fn file(&mut self, name: &str) -> Result<Upload, ApiError> {
        self.optional_file(name)?
            .ok_or_else(|| ApiError::InvalidInput(format!("the file part `{name}` is required")))
    }

    pub fn optional_file(&mut self, name: &str) -> Result<Option<Upload>, ApiError> {
        let mut files = self.take_files(name);
        if self.texts.iter().any(|(n, _)| n == name) {
            return Err(ApiError::InvalidInput(format!(
                "`{name}` must be a file part (with a filename)"
            )));
        }
        match files.len() {
            0 | 1 => Ok(files.pop()),
            _ => Err(ApiError::InvalidInput(format!(
                "the file part `{name}` must appear once"
            ))),
        }
    }

    /// Every file part `name` (a batch).
    pub fn files(&mut self, name: &str) -> Result<Vec<Upload>, ApiError> {
        Ok(self.take_files(name))
    }

    /// The text field `name`, parsed as `T`: 400 if missing, repeated or not a valid value.
    pub fn text<T: DeserializeOwned>(&mut self, name: &str) -> Result<T, ApiError> {
        self.optional_text(name)?
            .ok_or_else(|| ApiError::InvalidInput(format!("the form field `{name}` is required")))
    }

    pub fn optional_text<T: DeserializeOwned>(
        &mut self,
        name: &str,
    ) -> Result<Option<T>, ApiError> {
        let mut texts = self.take_texts(name);
        if texts.len() > 1 {
            return Err(ApiError::InvalidInput(format!(
                "the form field `{name}` must appear once"
            )));
        }
        let Some(text) = texts.pop() else {
            return Ok(None);
        };
        match serde_json::from_value(serde_json::Value::String(text.clone())) {
            Ok(value) => Ok(Some(value)),
            // Not a string value: a number or a boolean, written as JSON.
            Err(as_string) => serde_json::from_str(&text).map(Some).map_err(|_| {
                // serde names the allowed values of an enum ("expected one of …").
                let allowed = as_string
                    .to_string()
                    .split_once("expected one of ")
                    .map(|(_, values)| format!("; allowed: {}", values.replace('`', "")))
                    .unwrap_or_default();
                ApiError::InvalidInput(format!(
                    "the form field `{name}` has an invalid value {text:?}{allowed}"
                ))
            }),
        }
    }

    /// 400 if any part was not one of the operation's fields.
    pub fn finish(self) -> Result<(), ApiError> {
        let unknown: Vec<&str> = self
            .files
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(self.texts.iter().map(|(n, _)| n.as_str()))
            .collect();
        if unknown.is_empty() {
            Ok(())
        } else {
            Err(ApiError::InvalidInput(format!(
                "unknown form fields: {}",
                unknown.join(", ")
            )))
        }
    }
}

/// The request type extractors receive.
mod hyper_request {
    pub type Request = http::Request<dropshot::Body>;
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrong_types_are_named_without_their_value() {
        assert_eq!(
            without_value("invalid type: integer `4111111111111111`, expected a string"),
            "invalid type: integer, expected a string"
        );
        assert_eq!(
            without_value("invalid type: string \"hunter2, expected\", expected u32"),
            "invalid type: string, expected u32"
        );
        assert_eq!(
            without_value("invalid value: floating point `1.5`, expected a positive integer"),
            "invalid value: floating point, expected a positive integer"
        );
        assert_eq!(
            without_value("invalid type: sequence, expected a string"),
            "invalid type: sequence, expected a string"
        );
        assert_eq!(
            without_value("missing field `iban`"),
            "missing field `iban`"
        );
    }

    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Probe {
        number: String,
        nested: Nested,
    }
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Nested {
        count: u32,
    }

    #[test]
    fn json_errors_name_the_field() {
        let err =
            parse_json::<Probe>(br#"{"number": "1", "nested": {"count": "x"}}"#, &[]).unwrap_err();
        assert_eq!(err.status(), 400);
        assert!(err.message().contains("nested.count"), "{}", err.message());
        let err = parse_json::<Probe>(br#"{"nested": {"count": 1}}"#, &[]).unwrap_err();
        assert!(err.message().contains("number"), "{}", err.message());
        let err = parse_json::<Probe>(b"{", &[]).unwrap_err();
        assert!(err.message().contains("invalid JSON"), "{}", err.message());
        let err =
            parse_json::<Probe>(br#"{"number": "1", "nested": {"count": null}}"#, &[]).unwrap_err();
        assert!(
            err.message()
                .starts_with("field `nested.count`: null is not allowed"),
            "{}",
            err.message()
        );
        let err = parse_json::<Vec<Option<u32>>>(b"[1, null]", &[]).unwrap_err();
        assert!(
            err.message().starts_with("field `[1]`"),
            "{}",
            err.message()
        );
    }

    #[test]
    fn nulls_are_data_only_inside_the_contracts_free_form_members() {
        let body = br#"{"items": [{"data": {"a": null}}, {"data": {"b": [null]}}]}"#;
        let free_form = &["items[].data"];
        assert!(parse_json::<serde_json::Value>(body, free_form).is_ok());
        let err = parse_json::<serde_json::Value>(body, &["data"]).unwrap_err();
        assert!(
            err.message().starts_with("field `items[0].data.a`"),
            "{}",
            err.message()
        );
        // A member that merely shares the free-form member's name is not free-form.
        let err = parse_json::<serde_json::Value>(br#"{"other": {"data": null}}"#, &["data"])
            .unwrap_err();
        assert!(
            err.message().starts_with("field `other.data`"),
            "{}",
            err.message()
        );
    }

    #[test]
    fn the_single_parse_path_answers_like_the_full_one() {
        // Parsed straight into the type: no "null" anywhere.
        let probe =
            parse_json::<Probe>(br#"{"number": "1", "nested": {"count": 7}}"#, &[]).unwrap();
        assert_eq!((probe.number.as_str(), probe.nested.count), ("1", 7));
        // "null" inside a string is text, not a null.
        let probe =
            parse_json::<Probe>(br#"{"number": "nullable", "nested": {"count": 7}}"#, &[]).unwrap();
        assert_eq!(probe.number, "nullable");
        // A repeated member is taken as its last value, on either path.
        let probe = parse_json::<Probe>(
            br#"{"number": "1", "number": "2", "nested": {"count": 7}}"#,
            &[],
        )
        .unwrap();
        assert_eq!(probe.number, "2");
        // A refused body gets the full path's wording.
        let err =
            parse_json::<Probe>(br#"{"number": 1, "nested": {"count": 7}}"#, &[]).unwrap_err();
        assert_eq!(
            err.message(),
            "field `number`: invalid type: integer, expected a string"
        );
    }

    #[test]
    fn form_fields_are_matched_exactly() {
        let mut form = RawForm {
            files: vec![(
                "file".into(),
                Upload {
                    file_name: Some("a.pdf".into()),
                    declared_type: None,
                    bytes: Bytes::from_static(b"%PDF"),
                },
            )],
            texts: vec![
                ("language".into(), "en".into()),
                ("extra".into(), "1".into()),
            ],
        };
        assert_eq!(form.file("file").unwrap().bytes.as_ref(), b"%PDF");
        assert_eq!(
            form.optional_text::<String>("language").unwrap().as_deref(),
            Some("en")
        );
        assert!(form.optional_text::<String>("missing").unwrap().is_none());
        let err = form.finish().unwrap_err();
        assert!(err.message().contains("extra"));
    }

    #[test]
    fn media_types_ignore_parameters() {
        assert_eq!(
            media_type("Application/JSON; charset=utf-8"),
            "application/json"
        );
    }
}
