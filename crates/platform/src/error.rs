//! The one error type of the platform and the engines' HTTP glue, converted to dropshot's
//! `HttpError` (wire body `{request_id, error_code, message}`) once, at the edge.

use dropshot::{ErrorStatusCode, HttpError};
use http::HeaderValue;

use crate::storage_fault;

/// Every way a request can fail, with the stable `error_code` each one answers.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// 401 `missing_api_key`.
    MissingApiKey,
    /// 401 `invalid_api_key`: unknown or revoked (one message for both).
    InvalidApiKey,
    /// 401 `invalid_operator_token`: the admin API's bearer token is missing or wrong.
    InvalidOperatorToken,
    /// 403 `not_subscribed`.
    NotSubscribed { api: &'static str },
    /// 429 `quota_exceeded`.
    QuotaExceeded {
        message: String,
        retry_after_secs: u64,
        limit: i64,
        reset_unix: i64,
    },
    /// 400 `invalid_input`: the message names the field.
    InvalidInput(String),
    /// 400 with a code of the API's own (`url_not_allowed`, ...): well-formed input the API
    /// refuses by policy; the message says why.
    Refused { code: &'static str, message: String },
    /// 404 `not_found`.
    NotFound(String),
    /// 405 `method_not_allowed`: the path exists but takes none of the request's method;
    /// `allow` lists the methods it takes (sent as `Allow`).
    MethodNotAllowed { allow: Vec<String> },
    /// 408 `request_timeout`: the body did not arrive in time; the connection is closed.
    RequestTimeout(String),
    /// 410 `expired`.
    Expired(String),
    /// 413 `payload_too_large`.
    PayloadTooLarge(String),
    /// 415 `unsupported_media_type`.
    UnsupportedMediaType(String),
    /// 422 `unprocessable`.
    Unprocessable(String),
    /// 501 `not_implemented`: an operation of the contract the backend does not implement
    /// (none today: the generated trait's default).
    NotImplemented(&'static str),
    /// 503 `overloaded`: a bounded queue is full.
    Overloaded { retry_after_secs: u64 },
    /// 503 with a code of the API's own (`lists_unavailable`, ...): something the API needs
    /// is not there yet; the API names what and says why.
    Unavailable { code: &'static str, message: String },
    /// 503 `storage_unavailable`: the database or the data directory cannot write or cannot
    /// be reached (disk full, read-only, PostgreSQL gone); the detail is logged, never sent.
    StorageUnavailable(String),
    /// 500 `internal_error`: the detail is logged, never sent.
    Internal(String),
}

/// How long a caller should wait before retrying after `storage_unavailable`.
const STORAGE_RETRY_AFTER_SECS: u64 = 10;

impl ApiError {
    pub fn not_implemented(operation_id: &'static str) -> Self {
        ApiError::NotImplemented(operation_id)
    }

    /// A 500 for `error` — or a 503 `storage_unavailable` when `error` (an `anyhow::Error`,
    /// `sqlx::Error` or `io::Error`, anywhere in its chain) is the storage failing
    /// ([`storage_fault`]). The log gets its whole chain of causes (an `anyhow::Error` is
    /// written as `what failed: why: the io error`), the caller only a generic message.
    pub fn internal<E: std::fmt::Display + 'static>(error: E) -> Self {
        let any: &dyn std::any::Any = &error;
        let storage = if let Some(e) = any.downcast_ref::<anyhow::Error>() {
            storage_fault::is_storage_fault(e.as_ref())
        } else if let Some(e) = any.downcast_ref::<sqlx::Error>() {
            storage_fault::is_storage_fault(e)
        } else if let Some(e) = any.downcast_ref::<std::io::Error>() {
            storage_fault::is_storage_fault(e)
        } else {
            false
        };
        let detail = format!("{error:#}");
        if storage {
            ApiError::StorageUnavailable(detail)
        } else {
            ApiError::Internal(detail)
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            ApiError::MissingApiKey | ApiError::InvalidApiKey | ApiError::InvalidOperatorToken => {
                401
            }
            ApiError::NotSubscribed { .. } => 403,
            ApiError::QuotaExceeded { .. } => 429,
            ApiError::InvalidInput(_) | ApiError::Refused { .. } => 400,
            ApiError::NotFound(_) => 404,
            ApiError::MethodNotAllowed { .. } => 405,
            ApiError::RequestTimeout(_) => 408,
            ApiError::Expired(_) => 410,
            ApiError::PayloadTooLarge(_) => 413,
            ApiError::UnsupportedMediaType(_) => 415,
            ApiError::Unprocessable(_) => 422,
            ApiError::NotImplemented(_) => 501,
            ApiError::Overloaded { .. }
            | ApiError::Unavailable { .. }
            | ApiError::StorageUnavailable(_) => 503,
            ApiError::Internal(_) => 500,
        }
    }

    pub fn error_code(&self) -> &'static str {
        match self {
            ApiError::MissingApiKey => "missing_api_key",
            ApiError::InvalidApiKey => "invalid_api_key",
            ApiError::InvalidOperatorToken => "invalid_operator_token",
            ApiError::NotSubscribed { .. } => "not_subscribed",
            ApiError::QuotaExceeded { .. } => "quota_exceeded",
            ApiError::InvalidInput(_) => "invalid_input",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::RequestTimeout(_) => "request_timeout",
            ApiError::Expired(_) => "expired",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::UnsupportedMediaType(_) => "unsupported_media_type",
            ApiError::Unprocessable(_) => "unprocessable",
            ApiError::NotImplemented(_) => "not_implemented",
            ApiError::Overloaded { .. } => "overloaded",
            ApiError::Unavailable { code, .. } | ApiError::Refused { code, .. } => code,
            ApiError::StorageUnavailable(_) => "storage_unavailable",
            ApiError::Internal(_) => "internal_error",
        }
    }

    /// The message the caller sees.
    pub fn message(&self) -> String {
        match self {
            ApiError::MissingApiKey => "the X-API-Key header is required".into(),
            ApiError::InvalidApiKey => "the API key is not valid".into(),
            ApiError::InvalidOperatorToken => "a valid operator token is required".into(),
            ApiError::NotSubscribed { api } => {
                format!("this API key is not subscribed to the {api} API")
            }
            ApiError::QuotaExceeded { message, .. } => message.clone(),
            ApiError::InvalidInput(m)
            | ApiError::NotFound(m)
            | ApiError::Expired(m)
            | ApiError::RequestTimeout(m)
            | ApiError::PayloadTooLarge(m)
            | ApiError::UnsupportedMediaType(m)
            | ApiError::Unprocessable(m)
            | ApiError::Unavailable { message: m, .. }
            | ApiError::Refused { message: m, .. } => m.clone(),
            ApiError::MethodNotAllowed { allow } => {
                format!("this path takes only {}", allow.join(", "))
            }
            ApiError::NotImplemented(op) => format!("operation {op} is not implemented yet"),
            ApiError::Overloaded { .. } => "the service is at capacity; retry later".into(),
            ApiError::StorageUnavailable(_) => {
                "the service cannot store data right now; nothing was charged; retry later".into()
            }
            ApiError::Internal(_) => "internal error".into(),
        }
    }

    /// Whether an admitted call that ended in this error is given its quota back: a fault
    /// of the service (5xx), or a limit only known once the work had started (413: the
    /// height of a full page, the pages of a printed PDF), as the contract promises.
    pub fn is_refunded(&self) -> bool {
        self.status() >= 500 || self.status() == 413
    }

    fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::QuotaExceeded {
                retry_after_secs, ..
            }
            | ApiError::Overloaded { retry_after_secs } => Some(*retry_after_secs),
            ApiError::StorageUnavailable(_) => Some(STORAGE_RETRY_AFTER_SECS),
            _ => None,
        }
    }
}

impl From<ApiError> for HttpError {
    fn from(error: ApiError) -> Self {
        let status_code = ErrorStatusCode::from_u16(error.status())
            .unwrap_or(ErrorStatusCode::INTERNAL_SERVER_ERROR);
        let internal_message = match &error {
            ApiError::Internal(detail) | ApiError::StorageUnavailable(detail) => detail.clone(),
            other => other.message(),
        };
        let mut http = HttpError {
            status_code,
            error_code: Some(error.error_code().to_owned()),
            external_message: error.message(),
            internal_message,
            headers: None,
        };
        if let Some(secs) = error.retry_after() {
            http.headers_mut()
                .insert(http::header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if let ApiError::RequestTimeout(_) = &error {
            // The rest of a late body may still trickle in: do not wait for it on this connection.
            http.headers_mut()
                .insert(http::header::CONNECTION, HeaderValue::from_static("close"));
        }
        if let ApiError::QuotaExceeded {
            limit, reset_unix, ..
        } = &error
        {
            let headers = http.headers_mut();
            headers.insert("x-ratelimit-limit", HeaderValue::from(*limit));
            headers.insert("x-ratelimit-remaining", HeaderValue::from(0));
            headers.insert("x-ratelimit-reset", HeaderValue::from(*reset_unix));
        }
        if let ApiError::MethodNotAllowed { allow } = &error {
            for method in allow {
                if let Ok(value) = HeaderValue::from_str(method) {
                    http.headers_mut().append(http::header::ALLOW, value);
                }
            }
        }
        http
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_log_their_whole_chain() {
        let io = std::io::Error::other("disk full");
        let error = anyhow::Error::new(io).context("writing blob b_123");
        let http = HttpError::from(ApiError::internal(error));
        assert_eq!(http.external_message, "internal error");
        assert_eq!(http.internal_message, "writing blob b_123: disk full");
    }

    #[test]
    fn a_full_disk_is_503_storage_unavailable_with_retry_after() {
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let error = anyhow::Error::new(full).context("charging the quota");
        let http = HttpError::from(ApiError::internal(error));
        assert_eq!(http.status_code.as_u16(), 503);
        assert_eq!(http.error_code.as_deref(), Some("storage_unavailable"));
        assert!(!http.external_message.contains("quota"));
        assert!(http.internal_message.contains("charging the quota"));
        let headers = http.headers.expect("headers");
        assert!(headers.contains_key(http::header::RETRY_AFTER));
    }

    #[test]
    fn internal_details_stay_internal() {
        let http = HttpError::from(ApiError::internal("db at 10.0.0.1 refused"));
        assert_eq!(http.status_code.as_u16(), 500);
        assert_eq!(http.external_message, "internal error");
        assert!(http.internal_message.contains("10.0.0.1"));
    }

    #[test]
    fn quota_errors_carry_retry_after() {
        let http = HttpError::from(ApiError::QuotaExceeded {
            message: "spent".into(),
            retry_after_secs: 42,
            limit: 500,
            reset_unix: 1,
        });
        assert_eq!(http.status_code.as_u16(), 429);
        assert_eq!(http.error_code.as_deref(), Some("quota_exceeded"));
        let headers = http.headers.expect("headers");
        assert_eq!(
            headers
                .get(http::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
            Some("42")
        );
        assert_eq!(
            headers
                .get("x-ratelimit-remaining")
                .and_then(|v| v.to_str().ok()),
            Some("0")
        );
    }
}
