//! Typed Rust client for the suite, generated from `openapi/suite.yaml`.
//!
//! Every operation is a method on [`Client`]: JSON operations come from progenitor, multipart
//! ones (file uploads) from `cargo xtask codegen`, in the same style and with the same typed
//! [`Error`]. Build a client with [`Client::with_api_key`]; the key travels in `X-API-Key`.
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
pub use upload::FilePart;

impl Client {
    /// A client for `base_url` that sends `api_key` in `X-API-Key` on every request.
    pub fn with_api_key(base_url: &str, api_key: &str) -> Result<Client, reqwest::Error> {
        let mut headers = reqwest::header::HeaderMap::new();
        let mut value = reqwest::header::HeaderValue::from_str(api_key)
            .unwrap_or_else(|_| reqwest::header::HeaderValue::from_static(""));
        value.set_sensitive(true);
        headers.insert("x-api-key", value);
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .connect_timeout(std::time::Duration::from_secs(15))
            .timeout(std::time::Duration::from_secs(300))
            .build()?;
        Ok(Client::new_with_client(base_url, http))
    }
}
