//! The platform: what every API shares — configuration, keys and plans, quotas, the database,
//! generated files and their downloads, limits, errors, telemetry — and the gateway that the
//! generated endpoint bodies call before any API's own code runs.

pub mod api;
pub mod blobs;
pub mod bulkhead;
pub mod clock;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod gateway;
pub mod key_cache;
pub mod keys;
pub mod logging;
pub mod metrics;
pub mod quota;
pub mod sniff;

pub use api::{Api, Plan};
pub use error::ApiError;
pub use gateway::{Caller, FileBody, Gateway, PublishedFile};
