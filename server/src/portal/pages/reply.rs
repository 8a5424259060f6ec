//! What a portal handler answers: an HTML page with its status, a redirect, or a file; and
//! the portal's refusals, each turned into a page once, here. Every answer carries the same
//! security headers: nothing loads from another host, nothing is cached, no referrer leaks a
//! one-time link.

use dropshot::{Body, HttpError};
use http::{HeaderValue, Response, StatusCode, header};
use serde_json::json;

use crate::portal::view::Frame;
use crate::portal::Portal;

/// The pages' policy: this server only, no inline script or style, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

/// Why a portal request was refused.
#[derive(Debug)]
pub enum Problem {
    /// 400: the form says something we cannot take; the message says what.
    BadInput(String),
    /// 403: the form's CSRF token is missing or not this visitor's.
    FormExpired,
    /// 403 with a message (sign-up closed, an invitation needed, an unverified email).
    Forbidden(String),
    /// 404: not there, or not yours.
    NotFound,
    /// 429: too many attempts; retry after this many seconds.
    Throttled(i64),
    /// 503: the mail server did not take a message.
    MailUnavailable,
    /// The page needs a login: 303 to the login page.
    LoginNeeded { operator: bool },
    /// 500: logged with its causes, never shown.
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Problem {
    fn from(error: anyhow::Error) -> Problem {
        Problem::Internal(error)
    }
}

/// An answer being built.
pub struct Reply {
    status: StatusCode,
    content_type: &'static str,
    body: Vec<u8>,
    headers: Vec<(header::HeaderName, String)>,
}

impl Reply {
    /// `page` of `portal`'s views with `data`, in the layout `frame` describes.
    pub fn page(
        portal: &Portal,
        status: StatusCode,
        page: &str,
        data: &serde_json::Value,
        frame: &Frame,
    ) -> Result<Reply, Problem> {
        let html = portal.views.render(page, data, frame)?;
        Ok(Reply::bytes(status, "text/html; charset=utf-8", html.into_bytes()))
    }

    /// A short page: a heading, an optional alert, a line of text and a link.
    pub fn message(
        portal: &Portal,
        status: StatusCode,
        heading: &str,
        alert: Option<&str>,
        text: &str,
        link: Option<(&str, &str)>,
        frame: &Frame,
    ) -> Result<Reply, Problem> {
        let data = json!({
            "heading": heading,
            "alert": alert,
            "text": text,
            "link_href": link.map(|l| l.0),
            "link_text": link.map(|l| l.1),
        });
        let frame = Frame {
            title: heading.to_owned(),
            ..frame.clone()
        };
        Reply::page(portal, status, "message", &data, &frame)
    }

    pub fn bytes(status: StatusCode, content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply {
            status,
            content_type,
            body,
            headers: Vec::new(),
        }
    }

    /// 303 to `location` (after a form, so a reload does not post it again).
    pub fn see_other(location: &str) -> Reply {
        Reply::bytes(StatusCode::SEE_OTHER, "text/plain; charset=utf-8", Vec::new())
            .header(header::LOCATION, location)
    }

    pub fn header(mut self, name: header::HeaderName, value: impl Into<String>) -> Reply {
        self.headers.push((name, value.into()));
        self
    }

    pub fn cookies(mut self, cookies: Vec<String>) -> Reply {
        for cookie in cookies {
            self.headers.push((header::SET_COOKIE, cookie));
        }
        self
    }

    pub fn into_response(self) -> Result<Response<Body>, HttpError> {
        let mut response = Response::builder()
            .status(self.status)
            .header(header::CONTENT_TYPE, self.content_type)
            .header(header::CACHE_CONTROL, "no-store")
            .header(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY)
            .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
            .header(header::REFERRER_POLICY, "no-referrer")
            .header(header::X_FRAME_OPTIONS, "DENY")
            .body(Body::from(self.body))
            .map_err(|e| HttpError::for_internal_error(e.to_string()))?;
        for (name, value) in self.headers {
            let value = HeaderValue::from_str(&value)
                .map_err(|e| HttpError::for_internal_error(e.to_string()))?;
            response.headers_mut().append(name, value);
        }
        Ok(response)
    }
}

/// The page a refusal shows.
pub fn refusal(
    portal: &Portal,
    problem: Problem,
    frame: &Frame,
    log: &slog::Logger,
) -> Result<Reply, Problem> {
    let (status, heading, text) = match problem {
        Problem::LoginNeeded { operator } => {
            return Ok(Reply::see_other(if operator {
                "/portal/operator/login"
            } else {
                "/portal/login"
            }));
        }
        Problem::BadInput(message) => (StatusCode::BAD_REQUEST, "That did not work", message),
        Problem::FormExpired => (
            StatusCode::FORBIDDEN,
            "The form expired",
            "The form expired or did not come from this site. Go back, reload the page and try again."
                .to_owned(),
        ),
        Problem::Forbidden(message) => (StatusCode::FORBIDDEN, "Not allowed", message),
        Problem::NotFound => (
            StatusCode::NOT_FOUND,
            "Not found",
            "There is nothing here for your account.".to_owned(),
        ),
        Problem::Throttled(seconds) => {
            let minutes = (seconds + 59) / 60;
            let reply = Reply::message(
                portal,
                StatusCode::TOO_MANY_REQUESTS,
                "Too many attempts",
                Some("Too many attempts"),
                &format!("Wait {minutes} minute(s) before trying again."),
                None,
                frame,
            )?;
            return Ok(reply.header(header::RETRY_AFTER, seconds.to_string()));
        }
        Problem::MailUnavailable => (
            StatusCode::SERVICE_UNAVAILABLE,
            "Mail could not be sent",
            "The mail server did not take the message. Try again in a few minutes.".to_owned(),
        ),
        Problem::Internal(error) => {
            slog::error!(log, "portal request failed"; "error" => format!("{error:#}"));
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
                "Something went wrong on our side. Try again in a moment.".to_owned(),
            )
        }
    };
    Reply::message(portal, status, heading, Some(heading), &text, None, frame)
}
