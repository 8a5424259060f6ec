//! One visit to the portal: the session its cookie names, the client's address (through the
//! connection guard and trusted fronts), whether cookies must be `Secure`, the base of the
//! links it mails, and the CSRF check every form passes.

use std::collections::HashMap;
use std::net::IpAddr;

use dropshot::{RequestContext, UntypedBody};
use http::header;
use sha2::{Digest, Sha256};

use super::reply::Problem;
use crate::Suite;
use crate::portal::store::sessions::{self, Holder, Session};
use crate::portal::view::Frame;
use suite_platform::client_address::client_address;
use suite_platform::keys::random_base58;
use suite_platform::pipeline::RequestHead;

const SESSION_COOKIE: &str = "suite_session";
/// The double-submit token of visitors without a session (log in, sign up, reset).
const CSRF_COOKIE: &str = "suite_csrf";
/// The largest form the portal reads.
const MAX_FORM_BYTES: usize = 16 * 1024;

pub struct Visit {
    pub client: IpAddr,
    /// Cookies get `Secure` except on plain http from loopback.
    secure: bool,
    /// `scheme://host` of the links this visit hands out (see [`Origin::base_url`]).
    base_url: Option<String>,
    session_token: Option<String>,
    pub session: Option<Session>,
    /// The visitor's double-submit token: the cookie's, or a new one set with the answer.
    anonymous_csrf: String,
    new_anonymous_csrf: bool,
}

impl Visit {
    pub async fn of(rqctx: &RequestContext<Suite>) -> Result<Visit, Problem> {
        let platform = &rqctx.context().platform;
        let Origin {
            client,
            scheme,
            base_url,
        } = Origin::of(rqctx);
        let secure = !(scheme == "http" && client.is_loopback());
        let cookies = cookies(rqctx.request.headers());
        let session_token = cookies.get(SESSION_COOKIE).cloned();
        let session = match &session_token {
            Some(token) => sessions::find(platform.db(), token, platform.now().timestamp()).await?,
            None => None,
        };
        let (anonymous_csrf, new_anonymous_csrf) = match cookies.get(CSRF_COOKIE) {
            Some(token) if token.len() >= 16 => (token.clone(), false),
            _ => (random_base58(24), true),
        };
        Ok(Visit {
            client,
            secure,
            base_url,
            session_token,
            session,
            anonymous_csrf,
            new_anonymous_csrf,
        })
    }

    /// The base of the links this visit mails or shows; refused while the server has no
    /// `public_url` and the request's `Host` is not a loopback name.
    pub fn base_url(&self) -> Result<&str, Problem> {
        self.base_url.as_deref().ok_or(Problem::NoPublicUrl)
    }

    /// The account logged in, or the login page.
    pub fn account(&self) -> Result<&str, Problem> {
        match self.session.as_ref().map(|s| &s.holder) {
            Some(Holder::Account(id)) => Ok(id),
            _ => Err(Problem::LoginNeeded { operator: false }),
        }
    }

    /// Whether the operator is logged in, else the operator's login page.
    pub fn operator(&self) -> Result<(), Problem> {
        match self.session.as_ref().map(|s| &s.holder) {
            Some(Holder::Operator) => Ok(()),
            _ => Err(Problem::LoginNeeded { operator: true }),
        }
    }

    /// The token this visit's forms carry.
    pub fn csrf(&self) -> &str {
        match &self.session {
            Some(session) => &session.csrf,
            None => &self.anonymous_csrf,
        }
    }

    /// The frame of a page shown on this visit.
    pub fn frame(&self, title: &str) -> Frame {
        Frame {
            title: title.to_owned(),
            signed_in: self.session.is_some(),
            operator: matches!(
                self.session.as_ref().map(|s| &s.holder),
                Some(Holder::Operator)
            ),
            csrf: self.csrf().to_owned(),
        }
    }

    /// Reads a posted form and checks its `csrf` field against this visit's token: 403 when
    /// it is missing or another's.
    pub fn form(&self, body: UntypedBody) -> Result<Form, Problem> {
        let bytes = body.as_bytes();
        if bytes.len() > MAX_FORM_BYTES {
            return Err(Problem::BadInput(format!(
                "the form is larger than {MAX_FORM_BYTES} bytes"
            )));
        }
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(bytes)
            .map_err(|_| Problem::BadInput("the form could not be read".to_owned()))?;
        let form = Form(pairs.into_iter().collect());
        let sent = form.get("csrf");
        // Compared as digests: the time taken says nothing about the token.
        if sent.is_empty() || Sha256::digest(sent) != Sha256::digest(self.csrf()) {
            return Err(Problem::FormExpired);
        }
        // A form without a session is only good with the cookie it was served with.
        if self.session.is_none() && self.new_anonymous_csrf {
            return Err(Problem::FormExpired);
        }
        Ok(form)
    }

    /// The cookies to set with a page: the anonymous CSRF token when it is new.
    pub fn cookies(&self) -> Vec<String> {
        if self.session.is_none() && self.new_anonymous_csrf {
            vec![self.cookie(CSRF_COOKIE, &self.anonymous_csrf, None)]
        } else {
            Vec::new()
        }
    }

    /// The session cookie for a new login, lasting `seconds`.
    pub fn session_cookie(&self, token: &str, seconds: i64) -> String {
        self.cookie(SESSION_COOKIE, token, Some(seconds))
    }

    /// Cookies that end this visit's session.
    pub fn ended_session_cookie(&self) -> String {
        self.cookie(SESSION_COOKIE, "", Some(0))
    }

    pub fn session_token(&self) -> Option<&str> {
        self.session_token.as_deref()
    }

    fn cookie(&self, name: &str, value: &str, max_age: Option<i64>) -> String {
        let mut cookie = format!("{name}={value}; Path=/portal; HttpOnly; SameSite=Lax");
        if let Some(seconds) = max_age {
            cookie.push_str(&format!("; Max-Age={seconds}"));
        }
        if self.secure {
            cookie.push_str("; Secure");
        }
        cookie
    }
}

/// Where a request comes from and the links it should be handed.
pub struct Origin {
    pub client: IpAddr,
    pub scheme: &'static str,
    /// `scheme://host` of the links mailed or handed out: the configured public URL, else
    /// the request's `Host` when it names a loopback address. Any other `Host` is the
    /// client's word, and a reset link built on it could be mailed pointing at another
    /// site: then there is no base until the operator sets `public_url`.
    pub base_url: Option<String>,
}

impl Origin {
    pub fn of(rqctx: &RequestContext<Suite>) -> Origin {
        let suite = rqctx.context();
        let platform = &suite.platform;
        let headers = rqctx.request.headers();
        let trusted = &suite.portal.config.trusted_proxies;
        let peer = platform.relayed().client_of(rqctx.request.remote_addr());
        let client = client_address(peer, headers, trusted);
        let forwarded_proto = trusted
            .iter()
            .any(|net| net.contains(&peer))
            .then(|| header_str(headers, "x-forwarded-proto"))
            .flatten();
        let scheme = match forwarded_proto {
            Some("https") => "https",
            Some("http") => "http",
            _ => platform.config().scheme(),
        };
        let configured = platform.config().public_url.trim_end_matches('/');
        let base_url = if configured.is_empty() {
            // The Host header, or HTTP/2's `:authority`, as the pipeline reads it.
            RequestHead::of(rqctx)
                .host
                .as_ref()
                .and_then(|host| host.to_str().ok())
                .filter(|host| is_loopback_host(host))
                .map(|host| format!("{scheme}://{host}"))
        } else {
            Some(configured.to_owned())
        };
        Origin {
            client,
            scheme,
            base_url,
        }
    }
}

/// A posted form's fields.
pub struct Form(HashMap<String, String>);

impl Form {
    /// The field's value, or empty.
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or_default()
    }
}

/// Whether a `Host` value names this machine's loopback (`127.0.0.1:8080`, `localhost`,
/// `[::1]:8443`).
fn is_loopback_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn header_str<'a>(headers: &'a http::HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

fn cookies(headers: &http::HeaderMap) -> HashMap<String, String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            Some((name.to_owned(), value.to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_hosts_may_name_the_links() {
        for host in [
            "127.0.0.1:8080",
            "localhost",
            "LOCALHOST:80",
            "[::1]:8443",
            "127.0.0.2",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "10.0.0.1:80",
            "localhost.evil.example",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }

    #[test]
    fn cookies_are_read_from_every_header() {
        let mut headers = http::HeaderMap::new();
        headers.append(header::COOKIE, "a=1; suite_session=abc".parse().unwrap());
        headers.append(header::COOKIE, "b=2".parse().unwrap());
        let jar = cookies(&headers);
        assert_eq!(jar.get("suite_session").map(String::as_str), Some("abc"));
        assert_eq!(jar.get("b").map(String::as_str), Some("2"));
    }
}
