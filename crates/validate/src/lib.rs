//! Data validation API (`/v1/dev/validate`): nine validators of everyday identifiers (card
//! numbers, IBANs, VAT numbers, postal codes, phone numbers, email addresses, passwords,
//! crypto addresses, dates). Each engine module is pure and knows nothing of HTTP; `http`
//! turns the contract's wire types into engine calls and back. The API's only state is the
//! email check's DNS resolver, built at start from `[validate]`.

pub mod config;
pub use suite_engines::{creditcard, date, iban, iban_national, luhn, phone};
pub mod crypto;
pub mod email;
pub mod http;
pub mod password;
pub mod postalcode;
pub mod vat;

/// The data validation API's state: the name servers the email check asks, with their
/// answers cached.
pub struct Validate {
    dns: email::CachedDns<email::UdpDns>,
}

impl Validate {
    /// Builds the API from its configuration section.
    pub fn start(config: &config::Config) -> anyhow::Result<Validate> {
        Ok(Validate {
            dns: email::resolver(config.dns_servers()?),
        })
    }
}
