//! Files the APIs hand out: kept in the blob store for download from the API's
//! `/download/{id}` (with the URL the caller will use), and files answered as a response body
//! with their real Content-Type.

use dropshot::{Body, FreeformBody, HttpResponseHeaders, HttpResponseOk};
use futures::TryStreamExt;
use http::HeaderValue;
use http_body_util::StreamBody;

use super::blobs::{ByteStream, StoredBlob};
use super::error::ApiError;
use super::pipeline::Caller;
use super::state::Platform;

/// A file answered as the response body, with its real Content-Type.
#[derive(Debug)]
pub struct FileBody {
    pub content_type: String,
    pub file_name: Option<String>,
    pub bytes: FileBytes,
    /// Headers the operation declares beside the file (`X-Redacted-Count` …), lower case.
    pub headers: Vec<(&'static str, String)>,
}

/// The bytes of an answered file: made for this answer, or streamed from the blob store.
pub enum FileBytes {
    Whole(Vec<u8>),
    Stream { len: u64, chunks: ByteStream },
}

impl std::fmt::Debug for FileBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileBytes::Whole(bytes) => write!(f, "{} bytes", bytes.len()),
            FileBytes::Stream { len, .. } => write!(f, "{len} bytes, streamed"),
        }
    }
}

/// A file kept for download, and where to download it.
#[derive(Debug, Clone)]
pub struct PublishedFile {
    pub blob: StoredBlob,
    pub download_url: String,
}

impl Platform {
    /// Keeps `bytes` for the caller to download from its API's `/download/{id}`.
    pub async fn publish_file(
        &self,
        caller: &Caller,
        prefix: &str,
        content_type: &str,
        bytes: &[u8],
    ) -> Result<PublishedFile, ApiError> {
        let blob = self
            .blobs()
            .put(
                &caller.key_id,
                caller.api,
                prefix,
                content_type,
                bytes,
                self.now(),
            )
            .await
            .map_err(ApiError::internal)?;
        let download_url = format!(
            "{}{}/download/{}",
            self.base_url(caller),
            caller.api.path_prefix(),
            blob.id
        );
        Ok(PublishedFile { blob, download_url })
    }

    /// The caller's own file `id` of its API: 404 for anyone else's, 410 once expired.
    pub async fn download(&self, caller: &Caller, id: &str) -> Result<FileBody, ApiError> {
        let (blob, chunks) = self
            .blobs()
            .fetch(&caller.key_id, caller.api, id, self.now())
            .await?;
        Ok(FileBody {
            content_type: blob.content_type,
            file_name: None,
            bytes: FileBytes::Stream {
                len: u64::try_from(blob.size_bytes).unwrap_or(0),
                chunks,
            },
            headers: Vec::new(),
        })
    }

    /// Base of the URLs `caller`'s request hands out (`download_url`): the configured public
    /// URL, else the request's Host.
    fn base_url(&self, caller: &Caller) -> String {
        let configured = self.config().public_url.trim_end_matches('/');
        if !configured.is_empty() {
            return configured.to_owned();
        }
        let host = caller
            .host
            .as_ref()
            .and_then(|v| v.to_str().ok())
            .unwrap_or(&self.config().listen);
        format!("{}://{host}", self.config().scheme())
    }
}

/// `file` as a 200 response with its Content-Type, and as an attachment when it has a name
/// that can be quoted safely.
pub fn file_response(file: FileBody) -> HttpResponseHeaders<HttpResponseOk<FreeformBody>> {
    let (body, len) = match file.bytes {
        FileBytes::Whole(bytes) => (Body::from(bytes), None),
        FileBytes::Stream { len, chunks } => (
            Body::wrap(StreamBody::new(chunks.map_ok(hyper::body::Frame::data))),
            Some(len),
        ),
    };
    let mut response = HttpResponseHeaders::new_unnamed(HttpResponseOk(FreeformBody(body)));
    let headers = response.headers_mut();
    if let Some(len) = len {
        headers.insert(http::header::CONTENT_LENGTH, HeaderValue::from(len));
    }
    if let Ok(value) = HeaderValue::from_str(&file.content_type) {
        headers.insert(http::header::CONTENT_TYPE, value);
    }
    if let Some(name) = file
        .file_name
        .filter(|n| n.chars().all(|c| c.is_ascii_graphic() && c != '"'))
        && let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
    {
        headers.insert(http::header::CONTENT_DISPOSITION, value);
    }
    for (name, value) in file.headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(http::HeaderName::from_static(name), value);
        }
    }
    response
}
