//! Typed Rust client for the suite, generated from `openapi/suite.yaml`.
//!
//! # A client
//!
//! [`Client::with_api_key`] builds one for a base URL (https or http); the key travels in
//! `X-API-Key` on every request. For custom roots, client certificates, proxies or timeouts,
//! adjust [`Client::http_builder`] and hand the result to [`Client::new_with_client`].
//!
//! # Requests
//!
//! Every operation is a method on [`Client`] that starts a request [`builder`]: set the body
//! or the form's parts, then `send`. JSON operations come from progenitor, multipart ones
//! (file uploads) from `cargo xtask codegen`, in the same style and with the same [`Error`].
//! A JSON body is built in place with `body_map`, one setter per field (the contract's
//! constrained strings taken as `&str`), or given whole with `body` (a `types::…` value or
//! its `types::builder::…`); an upload takes a [`FilePart`] per file part and a setter per
//! text part. `send` checks the values against the contract first: a value the contract
//! forbids, or a required field left unset, is [`Error::InvalidRequest`] and nothing is sent.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use suite_client::{Client, FilePart};
//!
//! let client = Client::with_api_key("http://127.0.0.1:8080", "sk_live_...")?;
//! let iban = client
//!     .validate_iban()
//!     .body_map(|b| b.iban("DE89 3704 0044 0532 0130 00"))
//!     .send()
//!     .await?;
//! println!("valid: {}, bank {:?}", iban.valid, iban.bank_code);
//!
//! let scan = FilePart::new("scan.pdf", "application/pdf", std::fs::read("scan.pdf")?);
//! let found = client.pii_detect().file(scan).language("de").send().await?;
//! println!("{} entities", found.total_found);
//! # Ok(()) }
//! ```
//!
//! A success is a [`ResponseValue`]: it derefs to the answer, and [`ResponseValue::headers`]
//! holds the rest (`X-RateLimit-Remaining`, `X-Request-Id`). Files (downloads, redacted
//! files, review reports) arrive as a [`ByteStream`], read chunk by chunk.
//!
//! # Errors
//!
//! Every 4xx and 5xx answer is [`Error::ErrorResponse`] with the platform's error body
//! ([`types::Error`]): its `status()`, a stable `error_code` (`invalid_api_key`,
//! `payload_too_large`, `quota_exceeded`, …, the contract's table), a `message` for humans
//! naming the field or limit at fault, and the `request_id` to quote in a support request.
//! No answer at all (connection, TLS, timeout) is [`Error::CommunicationError`].
//! [`retry_after`] gives an error's `Retry-After` as a `Duration`.
//!
//! ```no_run
//! # async fn demo(client: suite_client::Client) {
//! use suite_client::Error;
//!
//! match client.validate_email().body_map(|b| b.email("ada@example.com")).send().await {
//!     Ok(answer) => println!("{:?}", answer.deliverability),
//!     Err(Error::ErrorResponse(e)) => {
//!         // Seconds to wait, on a 429 or a 503.
//!         let retry_after = e.headers().get("retry-after").and_then(|v| v.to_str().ok());
//!         println!("{} {}: {} (Retry-After {retry_after:?})", e.status(), e.error_code, e.message);
//!     }
//!     Err(other) => println!("refused before sending, or no answer: {other}"),
//! }
//! # }
//! ```
//!
//! # Retries
//!
//! Refused requests cost nothing, so retrying is safe; what differs is when.
//!
//! - **429 `quota_exceeded`**: the plan's monthly quota is spent (or smaller than a whole
//!   batch). `Retry-After` ([`retry_after`]) is the time to the monthly reset, often days:
//!   stop and report it rather than loop (progenitor's `Error::is_retryable` counts 429 as
//!   retryable; here it is a wait for the next month, or a bigger plan).
//! - **503 `overloaded`**: an engine's queue is full for a moment. Retry after `Retry-After`
//!   seconds, backing off (doubling, a little jitter) when it repeats, a few times at most.
//!   `lists_unavailable` (sanctions: no list loaded) lasts until an operator loads the lists.
//! - **Other 4xx**: the same request gets the same answer; change it first.
//!
//! Builders are `Clone`, so a request can be sent again:
//!
//! ```no_run
//! # async fn demo(client: suite_client::Client) -> Result<(), suite_client::Error<suite_client::types::Error>> {
//! use std::time::Duration;
//!
//! let screen = client.sanctions_screen().body_map(|b| b.name("Vladimir Putin"));
//! let mut backoff = Duration::from_secs(1);
//! let result = loop {
//!     match screen.clone().send().await {
//!         Err(e) if e.status().is_some_and(|s| s == 503) && backoff < Duration::from_secs(30) => {
//!             tokio::time::sleep(suite_client::retry_after(&e).unwrap_or(backoff).max(backoff)).await;
//!             backoff *= 2;
//!         }
//!         answer => break answer?,
//!     }
//! };
//! println!("match found: {}", result.match_found);
//! # Ok(()) }
//! ```
//!
//! `client/examples/` holds one short program per API, run against `cargo xtask serve`
//! (`SUITE_API_KEY=… cargo run -p suite-client --example validate`).

mod generated;
mod multipart;
mod upload;

pub use generated::*;
/// The reqwest this crate is built with, for [`Client::http_builder`]'s adjustments
/// (`reqwest::Certificate`, `reqwest::Identity`, `reqwest::Proxy`) without a second copy.
pub use reqwest;
pub use upload::FilePart;

/// The request builders every [`Client`] method returns: set the fields, then `send`.
pub mod builder {
    pub use crate::generated::builder::*;
    pub use crate::multipart::builder::*;
}

/// Why a client could not be built.
#[derive(Debug)]
pub enum BuildError {
    /// The API key is empty or not printable ASCII (a line break, a control character,
    /// non-ASCII text, a space inside): it was probably pasted wrongly.
    InvalidApiKey,
    /// reqwest could not build its client (for example, no usable TLS roots).
    Http(reqwest::Error),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::InvalidApiKey => f.write_str(
                "the API key is empty or holds a character no key has (a control, space or non-ASCII character)",
            ),
            BuildError::Http(e) => write!(f, "building the HTTP client: {e}"),
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::InvalidApiKey => None,
            BuildError::Http(e) => Some(e),
        }
    }
}

impl From<reqwest::Error> for BuildError {
    fn from(e: reqwest::Error) -> Self {
        BuildError::Http(e)
    }
}

/// The `Retry-After` of an error answer: how long the server asks to wait before trying
/// again — until the quota resets for a 429 `quota_exceeded`, a short back-off for a 503
/// `overloaded`. `None` when the error is not an answer or carries no such header.
pub fn retry_after<E>(error: &Error<E>) -> Option<std::time::Duration> {
    let Error::ErrorResponse(answer) = error else {
        return None;
    };
    let seconds = answer
        .headers()
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(std::time::Duration::from_secs(seconds))
}

impl Client {
    /// A client for `base_url` (`https://…` or `http://…`) that sends `api_key` in
    /// `X-API-Key` on every request. TLS is rustls with the platform's roots
    /// (`SSL_CERT_FILE` / `SSL_CERT_DIR` replace them, as for other tools); HTTP/2 is used
    /// when the server offers it. For custom roots, client certificates, proxies or timeouts,
    /// start from [`Client::http_builder`] instead.
    pub fn with_api_key(base_url: &str, api_key: &str) -> Result<Client, BuildError> {
        let http = Client::http_builder(api_key)?.build()?;
        Ok(Client::new_with_client(base_url, http))
    }

    /// The reqwest builder [`Client::with_api_key`] uses — the key header, a 15 s connect
    /// timeout and a 300 s request timeout — to adjust before building, then to hand to
    /// [`Client::new_with_client`]:
    ///
    /// ```no_run
    /// # fn demo(pem: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
    /// let staging_ca = suite_client::reqwest::Certificate::from_pem(pem)?;
    /// let http = suite_client::Client::http_builder("sk_live_...")?
    ///     .add_root_certificate(staging_ca)
    ///     .build()?;
    /// let client = suite_client::Client::new_with_client("https://suite.staging.example", http);
    /// # Ok(()) }
    /// ```
    pub fn http_builder(api_key: &str) -> Result<reqwest::ClientBuilder, BuildError> {
        let api_key = api_key.trim();
        // Keys are printable ASCII; anything else was pasted wrongly and would not authenticate.
        if api_key.is_empty() || !api_key.chars().all(|c| c.is_ascii_graphic()) {
            return Err(BuildError::InvalidApiKey);
        }
        let mut value = reqwest::header::HeaderValue::from_str(api_key)
            .map_err(|_| BuildError::InvalidApiKey)?;
        value.set_sensitive(true);
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("x-api-key", value);
        Ok(reqwest::Client::builder()
            .default_headers(headers)
            .connect_timeout(std::time::Duration::from_secs(15))
            .timeout(std::time::Duration::from_secs(300)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_that_cannot_be_a_header_is_refused() {
        for key in [
            "",
            "sk_live_abc\nX-Other: 1",
            "sk_live_\u{7f}",
            "sk_live_clé",
            "sk live",
        ] {
            assert!(matches!(
                Client::with_api_key("https://suite.example", key),
                Err(BuildError::InvalidApiKey)
            ));
        }
        assert!(Client::with_api_key("https://suite.example", " sk_live_abc\n").is_ok());
    }

    fn refusal(retry_after: Option<&'static str>) -> Error<()> {
        let mut headers = reqwest::header::HeaderMap::new();
        if let Some(value) = retry_after {
            headers.insert(
                reqwest::header::RETRY_AFTER,
                reqwest::header::HeaderValue::from_static(value),
            );
        }
        Error::ErrorResponse(ResponseValue::new(
            (),
            reqwest::StatusCode::TOO_MANY_REQUESTS,
            headers,
        ))
    }

    #[test]
    fn retry_after_reads_the_seconds_of_an_answer() {
        assert_eq!(
            retry_after(&refusal(Some("86400"))),
            Some(std::time::Duration::from_secs(86_400))
        );
        assert_eq!(retry_after(&refusal(None)), None);
        assert_eq!(retry_after(&refusal(Some("soon"))), None);
        assert_eq!(retry_after(&Error::<()>::InvalidRequest("x".into())), None);
    }

    #[tokio::test]
    async fn a_bad_value_is_an_error_of_send_and_nothing_is_sent() {
        // Port 9 (discard) on loopback: nothing is listening, and nothing is sent anyway.
        let client = Client::with_api_key("http://127.0.0.1:9", "sk_live_abc").expect("client");
        let refused = client
            .validate_iban()
            .body_map(|b| b.iban("DE89\n3704"))
            .send()
            .await;
        assert!(
            matches!(&refused, Err(Error::InvalidRequest(why)) if why.contains("iban")),
            "{refused:?}"
        );
        let missing = client.pii_detect().language("de").send().await;
        assert!(
            matches!(&missing, Err(Error::InvalidRequest(why)) if why.contains("file")),
            "{missing:?}"
        );
        let unknown = client
            .pii_detect()
            .file(FilePart::new("a.png", "image/png", vec![0u8; 8]))
            .language("klingon")
            .send()
            .await;
        assert!(
            matches!(&unknown, Err(Error::InvalidRequest(why)) if why.contains("language")),
            "{unknown:?}"
        );
    }
}
