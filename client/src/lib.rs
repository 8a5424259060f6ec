//! Typed Rust client for the suite, generated from `openapi/suite.yaml`.
//!
//! Every operation is a method on [`Client`]: JSON operations come from progenitor, multipart
//! ones (file uploads) from `cargo xtask codegen`, in the same style and with the same typed
//! [`Error`]. Build a client with [`Client::with_api_key`] (https or http; the key travels in
//! `X-API-Key`), or adjust [`Client::http_builder`] (custom roots, client certificates,
//! proxies, timeouts) and hand the result to [`Client::new_with_client`].
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let client = suite_client::Client::with_api_key("http://127.0.0.1:8080", "sk_live_...")?;
//! let card = suite_client::types::CreditCardValidateRequest { number: "4111 1111 1111 1111".parse()? };
//! let result = client.validate_creditcard(&card).await?;
//! assert!(result.valid);
//! # Ok(()) }
//! ```

mod generated;
mod multipart;
mod upload;

pub use generated::*;
pub use multipart::*;
/// The reqwest this crate is built with, for [`Client::http_builder`]'s adjustments
/// (`reqwest::Certificate`, `reqwest::Identity`, `reqwest::Proxy`) without a second copy.
pub use reqwest;
pub use upload::FilePart;

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
}
