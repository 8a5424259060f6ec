//! The gateway every generated endpoint body passes through, in this order: authenticate
//! (401/403), read the input within limits (413/415/400), admit against the quota (429), work
//! in a bounded queue (503), then settle: refund on 5xx and add the rate-limit headers.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use dropshot::{
    FreeformBody, HttpCodedResponse, HttpError, HttpResponseHeaders, HttpResponseOk,
    RequestContext, ServerContext,
};
use http::{HeaderMap, HeaderName, HeaderValue};

use super::api::{Api, Plan};
use super::blobs::{BlobStore, StoredBlob};
use super::bulkhead::Bulkhead;
use super::clock::Clock;
use super::config::{Config, Limits};
use super::db::Db;
use super::error::ApiError;
use super::key_cache::KeyCache;
use super::keys::KeyLookup;
use super::metrics::Metrics;
use super::quota::{Admission, Quotas};
use crate::generated::api::Operation;

/// The platform's state, shared by every request.
#[derive(Clone)]
pub struct Gateway {
    inner: Arc<Inner>,
}

struct Inner {
    config: Config,
    db: Db,
    keys: KeyCache,
    quotas: Quotas,
    clock: Clock,
    blobs: BlobStore,
    metrics: Metrics,
    bulkheads: HashMap<Api, Arc<Bulkhead>>,
    log: slog::Logger,
}

/// An authenticated caller of one API.
#[derive(Debug, Clone)]
pub struct Caller {
    pub key_id: String,
    pub api: Api,
    pub plan: Plan,
    pub request_id: String,
    /// The request's Host, for the URLs it hands out when no public URL is configured.
    host: Option<HeaderValue>,
}

/// A file answered as the response body, with its real Content-Type.
#[derive(Debug, Clone)]
pub struct FileBody {
    pub content_type: String,
    pub file_name: Option<String>,
    pub bytes: Vec<u8>,
}

/// A file kept for download, and where to download it.
#[derive(Debug, Clone)]
pub struct PublishedFile {
    pub blob: StoredBlob,
    pub download_url: String,
}

/// How long a key lookup is trusted when the key changes outside this process.
const KEY_CACHE_TTL: Duration = Duration::from_secs(1);

impl Gateway {
    /// The platform's state; starts the quota writer, so it needs a Tokio runtime.
    pub fn new(config: Config, db: Db, clock: Clock, log: slog::Logger) -> anyhow::Result<Gateway> {
        let blobs = BlobStore::new(config.blob_dir(), db.clone(), config.download_ttl_secs)?;
        let bulkheads = Api::ALL
            .into_iter()
            .map(|api| {
                (
                    api,
                    Bulkhead::new(config.limits.in_flight_per_api, config.limits.queue_per_api),
                )
            })
            .collect();
        Ok(Gateway {
            inner: Arc::new(Inner {
                config,
                keys: KeyCache::new(KEY_CACHE_TTL),
                quotas: Quotas::start(db.clone()),
                db,
                clock,
                blobs,
                metrics: Metrics::default(),
                bulkheads,
                log,
            }),
        })
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }
    pub fn limits(&self) -> &Limits {
        &self.inner.config.limits
    }
    pub fn db(&self) -> &Db {
        &self.inner.db
    }
    pub fn quotas(&self) -> &Quotas {
        &self.inner.quotas
    }
    pub fn clock(&self) -> &Clock {
        &self.inner.clock
    }
    pub fn now(&self) -> DateTime<Utc> {
        self.inner.clock.now()
    }
    pub fn blobs(&self) -> &BlobStore {
        &self.inner.blobs
    }
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }
    pub fn log(&self) -> &slog::Logger {
        &self.inner.log
    }

    /// Who is calling: 401 without a valid key, 403 without a subscription to the op's API.
    pub async fn authenticate<C: ServerContext>(
        &self,
        rqctx: &RequestContext<C>,
        op: Operation,
    ) -> Result<Caller, ApiError> {
        let headers = rqctx.request.headers();
        let secret = headers
            .get("x-api-key")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .unwrap_or_default();
        if secret.is_empty() {
            return Err(ApiError::MissingApiKey);
        }
        let api = op.api();
        match self
            .inner
            .keys
            .lookup(self.db(), secret, api)
            .await
            .map_err(ApiError::internal)?
        {
            KeyLookup::Unknown | KeyLookup::Revoked => Err(ApiError::InvalidApiKey),
            KeyLookup::Active { plan: None, .. } => {
                Err(ApiError::NotSubscribed { api: api.name() })
            }
            KeyLookup::Active {
                key_id,
                plan: Some(plan),
            } => Ok(Caller {
                key_id,
                api,
                plan,
                request_id: rqctx.request_id.clone(),
                host: headers.get(http::header::HOST).cloned(),
            }),
        }
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
        format!("http://{host}")
    }

    /// The quota cost of a batch of `items`: 400 when empty, 413 over the operation's limit.
    pub fn batch_cost(&self, op: Operation, items: usize) -> Result<i64, ApiError> {
        let limits = self.limits();
        let (max, what) = match op {
            Operation::ScreenshotBatch => (limits.screenshot_batch, "URLs"),
            Operation::SanctionsBatch => (limits.sanctions_batch, "entities"),
            Operation::PiiBatch => (limits.pii_batch_files, "files"),
            _ => (usize::MAX, "items"),
        };
        if items == 0 {
            return Err(ApiError::InvalidInput(format!(
                "the batch is empty: send 1 to {max} {what}"
            )));
        }
        if items > max {
            return Err(ApiError::PayloadTooLarge(format!(
                "the batch has {items} {what}; the limit is {max}"
            )));
        }
        Ok(items as i64)
    }

    /// Charges `cost` to the caller's monthly quota, all or nothing: 429 when it does not fit.
    pub async fn admit(
        &self,
        caller: &Caller,
        op: Operation,
        cost: i64,
    ) -> Result<Admission, ApiError> {
        let now = self.now();
        let outcome = self
            .quotas()
            .admit(&caller.key_id, op.api(), caller.plan, cost, now)
            .await
            .map_err(ApiError::internal)?;
        outcome.map_err(|refusal| {
            let remaining = (refusal.limit - refusal.used).max(0);
            let message = if refusal.cost > 1 {
                format!(
                    "this batch costs {} requests but only {remaining} of the monthly quota of {} remain for the {} API; it resets at {}",
                    refusal.cost,
                    refusal.limit,
                    op.api(),
                    refusal.reset_at.to_rfc3339()
                )
            } else {
                format!(
                    "the monthly quota of {} requests for the {} API is spent; it resets at {}",
                    refusal.limit,
                    op.api(),
                    refusal.reset_at.to_rfc3339()
                )
            };
            let retry_after_secs = (refusal.reset_at - now).num_seconds().max(1) as u64;
            ApiError::QuotaExceeded { message, retry_after_secs, limit: refusal.limit, reset_unix: refusal.reset_at.timestamp() }
        })
    }

    /// Runs the backend's work for `op` in its API's bounded queue (503 when full).
    pub async fn work<T>(
        &self,
        op: Operation,
        work: impl Future<Output = Result<T, ApiError>>,
    ) -> Result<T, ApiError> {
        if self
            .config()
            .testing
            .fail_after_admission
            .iter()
            .any(|id| id == op.id())
        {
            return Err(ApiError::internal(format!(
                "fault injected after admission of {}",
                op.id()
            )));
        }
        let bulkhead = self
            .inner
            .bulkheads
            .get(&op.api())
            .ok_or_else(|| ApiError::internal("no queue for API"))?;
        let _slot = bulkhead.enter().await?;
        work.await
    }

    /// Finishes an admitted call: refunds a server-side failure and adds the rate-limit headers.
    pub async fn settle<R: HttpCodedResponse>(
        &self,
        admission: Admission,
        outcome: Result<R, ApiError>,
    ) -> Result<HttpResponseHeaders<R>, HttpError> {
        match outcome {
            Ok(response) => {
                let mut response = HttpResponseHeaders::new_unnamed(response);
                rate_limit_headers(&admission, response.headers_mut());
                Ok(response)
            }
            Err(error) => {
                let mut admission = admission;
                if error.status() >= 500 {
                    match self.quotas().refund(&admission).await {
                        Ok(()) => {
                            self.metrics().record_refund();
                            admission.used -= admission.cost;
                        }
                        Err(e) => slog::error!(self.log(), "quota refund failed"; "error" => %e),
                    }
                }
                let mut http = HttpError::from(error);
                rate_limit_headers(&admission, http.headers_mut());
                Err(http)
            }
        }
    }

    /// Like [`Gateway::settle`] for a file answered as the body, with its real Content-Type.
    pub async fn settle_file(
        &self,
        admission: Admission,
        outcome: Result<FileBody, ApiError>,
    ) -> Result<HttpResponseHeaders<HttpResponseOk<FreeformBody>>, HttpError> {
        let mut meta = None;
        let outcome = outcome.map(|file| {
            meta = Some((file.content_type, file.file_name));
            HttpResponseOk(FreeformBody(file.bytes.into()))
        });
        let mut response = self.settle(admission, outcome).await?;
        if let Some((content_type, file_name)) = meta {
            let headers = response.headers_mut();
            if let Ok(value) = HeaderValue::from_str(&content_type) {
                headers.insert(http::header::CONTENT_TYPE, value);
            }
            if let Some(name) =
                file_name.filter(|n| n.chars().all(|c| c.is_ascii_graphic() && c != '"'))
                && let Ok(value) =
                    HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
            {
                headers.insert(http::header::CONTENT_DISPOSITION, value);
            }
        }
        Ok(response)
    }

    /// Counts and times a request, whatever its outcome.
    pub async fn observe<T>(
        &self,
        op: Operation,
        request: impl Future<Output = Result<T, HttpError>>,
    ) -> Result<T, HttpError> {
        let started = Instant::now();
        let result = request.await;
        let status = match &result {
            Ok(_) => 200,
            Err(e) => e.status_code.as_u16(),
        };
        self.metrics().record(op.id(), status, started.elapsed());
        result
    }

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
            api_prefix(caller.api),
            blob.id
        );
        Ok(PublishedFile { blob, download_url })
    }

    /// The caller's own file `id` of its API: 404 for anyone else's, 410 once expired.
    pub async fn download(&self, caller: &Caller, id: &str) -> Result<FileBody, ApiError> {
        let (blob, bytes) = self
            .blobs()
            .fetch(&caller.key_id, caller.api, id, self.now())
            .await?;
        Ok(FileBody {
            content_type: blob.content_type,
            file_name: None,
            bytes,
        })
    }
}

/// The path prefix of an API (SPEC's table).
pub fn api_prefix(api: Api) -> &'static str {
    match api {
        Api::Docgen => "/v1/dev/pdf",
        Api::Screenshot => "/v1/dev/screenshot",
        Api::Finance => "/v1/compliance/finance",
        Api::Sanctions => "/v1/compliance/sanctions",
        Api::Legal => "/v1/compliance/legal",
        Api::Pii => "/v1/compliance/pii",
        Api::Validate => "/v1/dev/validate",
    }
}

/// The figure reported as limit and remaining on the unlimited plan (the contract's choice).
const UNLIMITED: &str = "4294967295";

const X_RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("x-ratelimit-limit");
const X_RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("x-ratelimit-remaining");
const X_RATELIMIT_RESET: HeaderName = HeaderName::from_static("x-ratelimit-reset");

fn rate_limit_headers(admission: &Admission, headers: &mut HeaderMap) {
    let figure = |value: Option<i64>| match value {
        Some(value) => HeaderValue::from(value),
        None => HeaderValue::from_static(UNLIMITED),
    };
    headers.insert(X_RATELIMIT_LIMIT, figure(admission.limit));
    headers.insert(X_RATELIMIT_REMAINING, figure(admission.remaining()));
    headers.insert(
        X_RATELIMIT_RESET,
        HeaderValue::from(admission.reset_at.timestamp()),
    );
}
