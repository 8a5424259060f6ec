//! `/docs`: the contract as an interactive reference, so that every operation can be read and
//! tried from a browser. Swagger UI (vendored, unmodified, in `server/assets/docs/swagger-ui/`;
//! its README says which version and how to update it) is carried in the binary and served
//! from here with the page and its initializer: the page loads nothing from any other host
//! (its Content-Security-Policy forbids it), and its try-it console calls this server.
//! Unauthenticated and unpublished, like `/openapi.yaml`.

use std::sync::OnceLock;

use bytes::Bytes;
use dropshot::{Body, HttpError, Path, RequestContext, endpoint};
use http::{Response, StatusCode, header};
use schemars::JsonSchema;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::Suite;
use suite_platform::ApiError;

/// The vendored Swagger UI's version (npm's `swagger-ui-dist`).
pub const SWAGGER_UI_VERSION: &str = "5.35.0";

/// What the page may load: this server's own scripts, styles, images (and `data:` images,
/// which Swagger UI's stylesheet holds) and fetches, nothing else; no inline script, no
/// framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Where the assets are served; their names carry a hash of their bytes.
const ASSETS: &str = "/docs/assets/";

/// An asset's URL changes whenever its bytes do, so a browser may keep it for good.
const CACHE_FOREVER: &str = "public, max-age=31536000, immutable";

/// The page: `{<file name>}` stands for that asset's URL, `{swagger-ui-version}` for
/// [`SWAGGER_UI_VERSION`].
const PAGE: &str = include_str!("../assets/docs/index.html");

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";

/// A file served under [`ASSETS`]: its name in the page's placeholders, its type, its bytes.
type File = (&'static str, &'static str, &'static [u8]);

/// Every asset: ours, then Swagger UI's.
static FILES: [File; 8] = [
    ("docs.js", JS, include_bytes!("../assets/docs/docs.js")),
    ("docs.css", CSS, include_bytes!("../assets/docs/docs.css")),
    (
        "swagger-ui-bundle.js",
        JS,
        include_bytes!("../assets/docs/swagger-ui/swagger-ui-bundle.js"),
    ),
    (
        "swagger-ui.css",
        CSS,
        include_bytes!("../assets/docs/swagger-ui/swagger-ui.css"),
    ),
    (
        "favicon-32x32.png",
        "image/png",
        include_bytes!("../assets/docs/swagger-ui/favicon-32x32.png"),
    ),
    (
        "LICENSE",
        TEXT,
        include_bytes!("../assets/docs/swagger-ui/LICENSE"),
    ),
    (
        "NOTICE",
        TEXT,
        include_bytes!("../assets/docs/swagger-ui/NOTICE"),
    ),
    (
        "swagger-ui-bundle.js.LICENSE.txt",
        TEXT,
        include_bytes!("../assets/docs/swagger-ui/swagger-ui-bundle.js.LICENSE.txt"),
    ),
];

/// The page with its links resolved, and each asset under its served name.
struct Site {
    page: String,
    assets: Vec<(String, &'static File)>,
}

fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let assets: Vec<(String, &'static File)> = FILES
            .iter()
            .map(|file| (hashed_name(file.0, file.2), file))
            .collect();
        let mut page = PAGE.replace("{swagger-ui-version}", SWAGGER_UI_VERSION);
        for (served, (name, _, _)) in &assets {
            page = page.replace(&format!("{{{name}}}"), &format!("{ASSETS}{served}"));
        }
        Site { page, assets }
    })
}

/// `name` with the first 10 hex digits of the SHA-256 of `bytes` before its extension:
/// `docs.js` → `docs.0123456789.js`.
fn hashed_name(name: &str, bytes: &[u8]) -> String {
    let hash: String = Sha256::digest(bytes)[..5]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    match name.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}.{hash}.{extension}"),
        None => format!("{name}.{hash}"),
    }
}

fn respond(
    content_type: &str,
    cache_control: &str,
    body: impl Into<Body>,
) -> Result<Response<Body>, HttpError> {
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CACHE_CONTROL, cache_control)
        .header(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY)
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(header::REFERRER_POLICY, "no-referrer")
        .body(body.into())
        .map_err(|e| HttpError::for_internal_error(e.to_string()))
}

/// The reference page. Revalidated on every visit: it names the assets of this build.
#[endpoint { method = GET, path = "/docs", unpublished = true }]
pub async fn docs_page(_rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    respond(
        "text/html; charset=utf-8",
        "no-cache",
        Bytes::from_static(site().page.as_bytes()),
    )
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct AssetPath {
    /// The asset's served name, hash included.
    pub file: String,
}

/// One of the page's assets, by its hashed name; any other name is 404 `not_found`.
#[endpoint { method = GET, path = "/docs/assets/{file}", unpublished = true }]
pub async fn docs_asset(
    _rqctx: RequestContext<Suite>,
    path: Path<AssetPath>,
) -> Result<Response<Body>, HttpError> {
    let wanted = path.into_inner().file;
    let (_, (_, content_type, bytes)) = site()
        .assets
        .iter()
        .find(|(served, _)| *served == wanted)
        .ok_or_else(|| ApiError::NotFound("no such file under /docs/assets".to_owned()))?;
    respond(content_type, CACHE_FOREVER, Bytes::from_static(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_links_every_asset_by_its_hashed_name_and_nothing_else() {
        let site = site();
        assert!(
            !site.page.contains('{') && !site.page.contains('}'),
            "a placeholder is left in the page:\n{}",
            site.page
        );
        for (served, _) in &site.assets {
            assert!(
                site.page.contains(&format!("\"{ASSETS}{served}\"")),
                "{served} is not linked"
            );
        }
        assert!(site.page.contains(SWAGGER_UI_VERSION));
        assert!(!site.page.contains("<script>"), "no inline script");
        assert!(!site.page.contains("http://") && !site.page.contains("https://"));
    }

    #[test]
    fn hashed_names_keep_the_extension() {
        let name = hashed_name("docs.js", b"x");
        assert_eq!(name, "docs.2d711642b7.js");
        assert_eq!(hashed_name("NOTICE", b"x"), "NOTICE.2d711642b7");
    }

    #[test]
    fn the_vendored_bundle_is_the_version_named() {
        let bundle = FILES
            .iter()
            .find(|file| file.0 == "swagger-ui-bundle.js")
            .map(|file| String::from_utf8_lossy(file.2))
            .unwrap_or_default();
        let version = format!("PACKAGE_VERSION:\"{SWAGGER_UI_VERSION}\"");
        assert!(bundle.contains(&version), "the bundle is not {version}");
    }
}
