//! The portal's stylesheet and script, served from the binary (no other host is ever asked).

use dropshot::{Body, HttpError, Path, RequestContext, endpoint};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::Deserialize;

use super::reply::Reply;
use crate::Suite;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AssetPath {
    pub file: String,
}

#[endpoint { method = GET, path = "/portal/assets/{file}", unpublished = true }]
pub async fn asset(
    _rqctx: RequestContext<Suite>,
    path: Path<AssetPath>,
) -> Result<Response<Body>, HttpError> {
    let (content_type, bytes): (&'static str, &'static str) = match path.into_inner().file.as_str()
    {
        "portal.css" => (
            "text/css; charset=utf-8",
            include_str!("../templates/portal.css"),
        ),
        "portal.js" => (
            "text/javascript; charset=utf-8",
            include_str!("../templates/portal.js"),
        ),
        _ => {
            return Reply::bytes(
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                b"no such file".to_vec(),
            )
            .into_response();
        }
    };
    Reply::bytes(StatusCode::OK, content_type, bytes.as_bytes().to_vec()).into_response()
}
