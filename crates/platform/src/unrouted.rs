//! Requests no endpoint takes — an unknown path (404 `not_found`), a method the path does not
//! take (405 `method_not_allowed`, with `Allow`), a path that is not valid UTF-8 (400
//! `invalid_input`) — and query strings an endpoint cannot read (400 `invalid_input`),
//! answered with the one error body `{request_id, error_code, message}`.
//!
//! Dropshot 0.18 answers these itself, before any handler runs, with no `error_code`, and has
//! no hook for router errors. The one thing it consults for every request before routing is
//! the server's version policy: [`policy`] routes the request through a copy of the server's
//! own router (built from the same `ApiDescription`, so it cannot disagree) and, when that
//! finds no endpoint, answers the router's error as an [`ApiError`]; otherwise it names the
//! one version every endpoint has (all are `ApiEndpointVersions::All`) and dropshot routes as
//! usual. Dropshot logs a refused version at error level ("failed to determine request API
//! version"); [`quiet_log`] drops that line, since dropshot's "request completed" line already
//! records the 404 or 405.

use dropshot::{
    ApiDescription, Body, DynamicVersionPolicy, HttpError, ServerContext, VersionPolicy,
};
use http::{Method, Request};
use semver::Version;
use slog::{Drain, Logger};

use super::ApiError;

/// The version of every request that an endpoint takes (any would do: every endpoint is
/// registered for all versions).
const VERSION: Version = Version::new(1, 0, 0);

/// What dropshot logs, at error level, when the version policy refuses a request.
const REFUSED_VERSION_MESSAGE: &str = "failed to determine request API version";

/// Reads a query string as the parameters of an operation (by `operationId`).
pub type QueryCheck = fn(&str, &str) -> Result<(), ApiError>;

/// The version policy that answers unrouted requests for `api`, and requests whose query
/// string `check_query` refuses, with the one error body.
pub fn policy<C: ServerContext>(api: ApiDescription<C>, check_query: QueryCheck) -> VersionPolicy {
    let router = api.into_router();
    let routed = Box::new(move |method: &Method, path: &str| {
        router
            .lookup_route(method, path.into(), Some(&VERSION))
            .map(|found| found.endpoint.operation_id)
    });
    VersionPolicy::Dynamic(Box::new(RouteGuard {
        routed,
        check_query,
    }))
}

/// `log` without dropshot's error line for a request the version policy refused.
pub fn quiet_log(log: Logger) -> Logger {
    let filter = slog::Filter::new(log, |record: &slog::Record| {
        record.msg().as_str() != Some(REFUSED_VERSION_MESSAGE)
    });
    Logger::root(filter.ignore_res(), slog::o!())
}

/// Routes a request (method, path) through the server's router: the `operationId` of the
/// endpoint that takes it, else the router's own error.
type Routed = dyn Fn(&Method, &str) -> Result<String, HttpError> + Send + Sync;

struct RouteGuard {
    routed: Box<Routed>,
    check_query: QueryCheck,
}

impl std::fmt::Debug for RouteGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RouteGuard")
    }
}

impl DynamicVersionPolicy for RouteGuard {
    fn request_extract_version(
        &self,
        request: &Request<Body>,
        _log: &Logger,
    ) -> Result<Version, HttpError> {
        let operation_id = (self.routed)(request.method(), request.uri().path())
            .map_err(|error| HttpError::from(unrouted(&error)))?;
        (self.check_query)(&operation_id, request.uri().query().unwrap_or_default())
            .map_err(HttpError::from)?;
        Ok(VERSION)
    }
}

/// The router's refusal as the platform's error.
fn unrouted(error: &HttpError) -> ApiError {
    match error.status_code.as_u16() {
        405 => ApiError::MethodNotAllowed {
            allow: error
                .headers
                .iter()
                .flat_map(|headers| headers.get_all(http::header::ALLOW))
                .filter_map(|value| value.to_str().ok())
                .map(str::to_owned)
                .collect(),
        },
        400 => ApiError::InvalidInput(format!("the request path: {}", error.external_message)),
        _ => ApiError::NotFound("no endpoint has this path".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A drain that keeps the messages it is given.
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<String>>>);

    impl Drain for Kept {
        type Ok = ();
        type Err = slog::Never;
        fn log(&self, record: &slog::Record, _: &slog::OwnedKVList) -> Result<(), slog::Never> {
            if let Ok(mut kept) = self.0.lock() {
                kept.push(record.msg().to_string());
            }
            Ok(())
        }
    }

    #[test]
    fn the_quiet_log_drops_only_the_refused_version_line() {
        let kept = Kept::default();
        let log = quiet_log(Logger::root(kept.clone(), slog::o!()));
        slog::error!(log, "failed to determine request API version");
        slog::info!(log, "request completed"; "response_code" => 404);
        slog::error!(log, "something else");
        let kept = kept.0.lock().map(|k| k.clone()).unwrap_or_default();
        assert_eq!(kept, ["request completed", "something else"]);
    }

    #[test]
    fn router_refusals_become_the_platform_errors() {
        let mut not_allowed = HttpError::for_client_error_with_status(
            None,
            dropshot::ClientErrorStatusCode::METHOD_NOT_ALLOWED,
        );
        not_allowed
            .headers_mut()
            .append(http::header::ALLOW, http::HeaderValue::from_static("POST"));
        assert_eq!(
            unrouted(&not_allowed),
            ApiError::MethodNotAllowed {
                allow: vec!["POST".to_owned()]
            }
        );
        let missing = HttpError::for_not_found(None, "no route found".to_owned());
        assert_eq!(unrouted(&missing).error_code(), "not_found");
        let http = HttpError::from(unrouted(&not_allowed));
        assert_eq!(http.status_code.as_u16(), 405);
        assert_eq!(http.error_code.as_deref(), Some("method_not_allowed"));
        let allow = http
            .headers
            .as_ref()
            .and_then(|h| h.get(http::header::ALLOW));
        assert_eq!(allow.and_then(|v| v.to_str().ok()), Some("POST"));
    }
}
