//! Operational endpoints outside the contract: liveness, readiness, Prometheus metrics, and
//! the contract itself at `/openapi.yaml`. Unauthenticated and unpublished.

use dropshot::{Body, HttpError, RequestContext, endpoint};
use http::{Response, StatusCode};

use crate::Suite;

/// The contract, served as written.
pub const CONTRACT: &str = include_str!("../../openapi/suite.yaml");

fn text(
    status: StatusCode,
    content_type: &str,
    body: impl Into<Body>,
) -> Result<Response<Body>, HttpError> {
    Response::builder()
        .status(status)
        .header(http::header::CONTENT_TYPE, content_type)
        .body(body.into())
        .map_err(|e| HttpError::for_internal_error(e.to_string()))
}

/// Liveness: the process answers.
#[endpoint { method = GET, path = "/healthz", unpublished = true }]
pub async fn healthz(_rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    text(StatusCode::OK, "text/plain; charset=utf-8", "ok\n")
}

/// Readiness: the database answers.
#[endpoint { method = GET, path = "/readyz", unpublished = true }]
pub async fn readyz(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    if rqctx.context().platform.db().ping().await {
        text(StatusCode::OK, "text/plain; charset=utf-8", "ready\n")
    } else {
        text(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain; charset=utf-8",
            "database unavailable\n",
        )
    }
}

#[endpoint { method = GET, path = "/metrics", unpublished = true }]
pub async fn metrics(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    text(
        StatusCode::OK,
        "text/plain; version=0.0.4",
        rqctx.context().platform.metrics().render(),
    )
}

#[endpoint { method = GET, path = "/openapi.yaml", unpublished = true }]
pub async fn openapi(_rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    text(StatusCode::OK, "application/yaml", CONTRACT)
}
