//! Wire glue of a capture's or print's extra request headers and cookies: checked against the
//! rules the contract states (names a browser would refuse or that would change where the
//! request goes, cookies for other hosts), then put in the browser engine's terms.

use url::Url;

use suite_engines::browser::job::{Cookie, SameSite};
use suite_platform::ApiError;
use suite_platform::generated::types;

/// Header names a caller may not set: they frame the request or its connection, or name the
/// host (the address was checked for the URL's own), or are the cookies' own field.
const FORBIDDEN_HEADERS: &[&str] = &[
    "host",
    "content-length",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
    "cookie",
];

/// Refuses a forbidden or repeated header name, and a cookie whose domain is not the page's
/// host or a parent of it, or that asks for SameSite=None without `secure`. `field` prefixes
/// the names in messages (`items[2].`).
pub fn check(
    headers: &[types::RequestHeader],
    cookies: &[types::PageCookie],
    url: &Url,
    field: &str,
) -> Result<(), ApiError> {
    let mut seen = std::collections::HashSet::new();
    for (i, header) in headers.iter().enumerate() {
        let name = header.name.to_ascii_lowercase();
        if FORBIDDEN_HEADERS.contains(&name.as_str()) || name.starts_with("proxy-") {
            return Err(ApiError::InvalidInput(format!(
                "{field}headers[{i}].name: `{}` cannot be set{}",
                header.name.as_str(),
                if name == "cookie" {
                    " (use `cookies`)"
                } else {
                    ""
                }
            )));
        }
        if !seen.insert(name) {
            return Err(ApiError::InvalidInput(format!(
                "{field}headers[{i}].name: `{}` is given twice",
                header.name.as_str()
            )));
        }
    }
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let host = host.trim_start_matches('[').trim_end_matches(']');
    for (i, cookie) in cookies.iter().enumerate() {
        if let Some(given) = &cookie.domain {
            let domain = given.trim_start_matches('.').to_ascii_lowercase();
            if !domain_matches(host, &domain) {
                return Err(ApiError::InvalidInput(format!(
                    "{field}cookies[{i}].domain: `{}` is neither the page's host `{host}` nor a parent of it",
                    given.as_str()
                )));
            }
        }
        if cookie.same_site == Some(types::CookieSameSite::None) && !cookie.secure {
            return Err(ApiError::InvalidInput(format!(
                "{field}cookies[{i}].same_site: `none` requires `secure: true`"
            )));
        }
    }
    Ok(())
}

/// Whether a cookie for `domain` may be set by a page of `host`: the host itself, or a parent
/// domain of it (never a bare top-level label: a cookie for `com` would go everywhere).
fn domain_matches(host: &str, domain: &str) -> bool {
    host == domain || (domain.contains('.') && host.ends_with(&format!(".{domain}")))
}

/// The headers as the engine takes them.
pub fn headers(headers: &[types::RequestHeader]) -> Vec<(String, String)> {
    headers
        .iter()
        .map(|h| (h.name.to_string(), h.value.to_string()))
        .collect()
}

/// The cookies as the engine takes them.
pub fn cookies(cookies: &[types::PageCookie]) -> Vec<Cookie> {
    cookies
        .iter()
        .map(|c| Cookie {
            name: c.name.to_string(),
            value: c.value.to_string(),
            domain: c
                .domain
                .as_ref()
                .map(|d| d.trim_start_matches('.').to_owned()),
            path: c.path.as_ref().map(|p| p.to_string()),
            secure: c.secure,
            http_only: c.http_only,
            same_site: c.same_site.map(|s| match s {
                types::CookieSameSite::Strict => SameSite::Strict,
                types::CookieSameSite::Lax => SameSite::Lax,
                types::CookieSameSite::None => SameSite::None,
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_may_name_the_host_or_a_parent_but_no_other_domain() {
        assert!(domain_matches("www.example.com", "www.example.com"));
        assert!(domain_matches("www.example.com", "example.com"));
        assert!(!domain_matches("www.example.com", "com"));
        assert!(!domain_matches("www.example.com", "ample.com"));
        assert!(!domain_matches("example.com", "www.example.com"));
        assert!(domain_matches("127.0.0.1", "127.0.0.1"));
    }
}
