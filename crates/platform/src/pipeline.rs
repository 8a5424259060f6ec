//! The one request pipeline every generated endpoint calls, written once, in this order:
//! authenticate (401/403) → read the input within limits and validate it (413/415/400) →
//! price it (400/413 for batches) → admit it against the quota (429) → work in the API's
//! bounded queue (503) → settle: refund a 5xx, add the rate-limit headers, and record the
//! status really answered.

use std::future::Future;
use std::time::Instant;

use dropshot::{
    HttpCodedResponse, HttpError, HttpResponseCreated, HttpResponseDeleted, HttpResponseHeaders,
    HttpResponseOk, RequestContext, ServerContext,
};
use http::{HeaderMap, HeaderName, HeaderValue};

use super::api::{Api, Plan};
use super::error::ApiError;
use super::keys::KeyLookup;
use super::quota::Admission;
use super::state::Platform;
use crate::generated::api::Operation;

pub use super::files::file_response as file;

/// An authenticated caller of one API.
#[derive(Debug, Clone)]
pub struct Caller {
    pub key_id: String,
    /// Whose quota the call is charged to (the key's account, or the key itself).
    pub quota_subject: String,
    pub api: Api,
    pub plan: Plan,
    pub request_id: String,
    /// The request's Host, for the URLs it hands out when no public URL is configured.
    pub(super) host: Option<HeaderValue>,
}

/// What the pipeline needs of a request before its body: the key, the Host, the request id.
#[derive(Debug, Clone, Default)]
pub struct RequestHead {
    pub api_key: String,
    pub host: Option<HeaderValue>,
    pub request_id: String,
}

impl RequestHead {
    pub fn of<C: ServerContext>(rqctx: &RequestContext<C>) -> RequestHead {
        let headers = rqctx.request.headers();
        RequestHead {
            api_key: headers
                .get("x-api-key")
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
                .unwrap_or_default()
                .to_owned(),
            // HTTP/2 carries the host in the `:authority` of the URI, not in a Host header.
            host: headers.get(http::header::HOST).cloned().or_else(|| {
                let authority = rqctx.request.uri().authority()?;
                HeaderValue::from_str(authority.as_str()).ok()
            }),
            request_id: rqctx.request_id.clone(),
        }
    }
}

/// Handles one call of `op` whose request head is `head`:
/// - `read` reads and validates the input (and may check it against the caller, before any
///   charge); it is called only once the caller is authenticated;
/// - `items` is the number of items of a batch operation (`None` for the others);
/// - `call` is the API's work, given the caller and the input;
/// - `respond` turns the API's answer into the HTTP response.
///
/// Counts and times the call whatever its outcome, with the status really answered.
pub async fn handle<I, T, R, W, F>(
    platform: &Platform,
    head: RequestHead,
    op: Operation,
    read: impl FnOnce(&Caller) -> F,
    items: impl FnOnce(&I) -> Option<usize>,
    call: impl FnOnce(Caller, I) -> W,
    respond: impl FnOnce(T) -> HttpResponseHeaders<R>,
) -> Result<HttpResponseHeaders<R>, HttpError>
where
    R: HttpCodedResponse,
    W: Future<Output = Result<T, ApiError>>,
    F: Future<Output = Result<I, ApiError>>,
{
    let started = Instant::now();
    let result = async {
        let caller = authenticate(platform, &head, op).await?;
        let input = read(&caller).await?;
        let cost = cost(op, items(&input))?;
        let admission = admit(platform, &caller, op, cost).await?;
        let outcome = work(platform, op, call(caller, input)).await;
        settle(platform, admission, outcome.map(respond)).await
    }
    .await;
    let status = match &result {
        Ok(_) => R::STATUS_CODE.as_u16(),
        Err(e) => e.status_code.as_u16(),
    };
    platform
        .metrics()
        .record(op.id(), status, started.elapsed());
    result
}

/// 200 with `body`.
pub fn ok<T: serde::Serialize + schemars::JsonSchema + Send + Sync + 'static>(
    body: T,
) -> HttpResponseHeaders<HttpResponseOk<T>> {
    HttpResponseHeaders::new_unnamed(HttpResponseOk(body))
}

/// 201 with `body`.
pub fn created<T: serde::Serialize + schemars::JsonSchema + Send + Sync + 'static>(
    body: T,
) -> HttpResponseHeaders<HttpResponseCreated<T>> {
    HttpResponseHeaders::new_unnamed(HttpResponseCreated(body))
}

/// 204.
pub fn deleted(_: ()) -> HttpResponseHeaders<HttpResponseDeleted> {
    HttpResponseHeaders::new_unnamed(HttpResponseDeleted())
}

/// Who is calling: 401 without a valid key, 403 without a subscription to the op's API.
async fn authenticate(
    platform: &Platform,
    head: &RequestHead,
    op: Operation,
) -> Result<Caller, ApiError> {
    if head.api_key.is_empty() {
        return Err(ApiError::MissingApiKey);
    }
    let api = op.api();
    match platform
        .keys()
        .lookup(platform.db(), &head.api_key, api)
        .await
        .map_err(ApiError::internal)?
    {
        KeyLookup::Unknown | KeyLookup::Revoked => Err(ApiError::InvalidApiKey),
        KeyLookup::Active { plan: None, .. } => Err(ApiError::NotSubscribed { api: api.name() }),
        KeyLookup::Active {
            key_id,
            quota_subject,
            plan: Some(plan),
        } => Ok(Caller {
            key_id,
            quota_subject,
            api,
            plan,
            request_id: head.request_id.clone(),
            host: head.host.clone(),
        }),
    }
}

/// The quota cost of a call: 0 for free operations, the number of items for a batch (400
/// when empty, 413 over the contract's `x-batch-max`), else 1.
fn cost(op: Operation, items: Option<usize>) -> Result<i64, ApiError> {
    if op.is_free() {
        return Ok(0);
    }
    let (Some((field, max)), Some(items)) = (op.batch(), items) else {
        return Ok(1);
    };
    if items == 0 {
        return Err(ApiError::InvalidInput(format!(
            "the batch is empty: send 1 to {max} {field}"
        )));
    }
    if items > max {
        return Err(ApiError::PayloadTooLarge(format!(
            "the batch has {items} {field}; the limit is {max}"
        )));
    }
    Ok(items as i64)
}

/// Charges `cost` to the caller's monthly quota, all or nothing: 429 when it does not fit.
async fn admit(
    platform: &Platform,
    caller: &Caller,
    op: Operation,
    cost: i64,
) -> Result<Admission, ApiError> {
    let now = platform.now();
    platform
        .quotas()
        .admit(&caller.quota_subject, op.api(), caller.plan, cost, now)
        .await
        .map_err(ApiError::internal)?
        .map_err(|refusal| refusal.into_error(op.api(), now))
}

/// Runs the API's work for `op` in its bounded queue (503 when full).
async fn work<T>(
    platform: &Platform,
    op: Operation,
    work: impl Future<Output = Result<T, ApiError>>,
) -> Result<T, ApiError> {
    if platform
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
    let bulkhead = platform
        .bulkhead(op.api())
        .ok_or_else(|| ApiError::internal("no queue for API"))?;
    let _slot = bulkhead.enter().await?;
    work.await
}

/// Finishes an admitted call: refunds what [`ApiError::is_refunded`] says and adds the
/// rate-limit headers.
async fn settle<R: HttpCodedResponse>(
    platform: &Platform,
    mut admission: Admission,
    outcome: Result<HttpResponseHeaders<R>, ApiError>,
) -> Result<HttpResponseHeaders<R>, HttpError> {
    match outcome {
        Ok(mut response) => {
            rate_limit_headers(&admission, response.headers_mut());
            Ok(response)
        }
        Err(error) => {
            if error.is_refunded() {
                match platform.quotas().refund(&admission).await {
                    Ok(()) => {
                        platform.metrics().record_refund();
                        admission.used -= admission.cost;
                    }
                    Err(e) => {
                        slog::error!(platform.log(), "quota refund failed"; "error" => format!("{e:#}"))
                    }
                }
            }
            let mut http = HttpError::from(error);
            rate_limit_headers(&admission, http.headers_mut());
            Err(http)
        }
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

#[cfg(test)]
#[path = "pipeline_tests.rs"]
mod tests;
