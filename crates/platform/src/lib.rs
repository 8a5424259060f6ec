//! The platform: what every API shares — configuration, keys and plans, quotas, the database,
//! generated files and their downloads, limits, errors, telemetry — and the pipeline
//! (`pipeline.rs`) every generated endpoint calls before any API's own code runs. It knows no
//! API: what differs between APIs comes from the contract or from the API's own crate.
//! `generated` is the contract's wire types and API layer (`cargo xtask codegen`), here
//! because the generated endpoints run the platform's pipeline and the pipeline names the
//! generated operations.

pub mod api;
pub mod blobs;
pub mod bounds;
pub mod bulkhead;
pub mod client_address;
pub mod clock;
pub mod config;
pub mod db;
pub mod documents;
pub mod error;
pub mod extract;
pub mod files;
pub mod generated;
pub mod kept;
pub mod key_cache;
pub mod keys;
pub mod logging;
pub mod metrics;
pub mod pipeline;
pub mod quota;
pub mod seen;
pub mod sniff;
pub mod state;
pub mod storage_fault;
pub mod unrouted;

pub use api::{Api, Plan};
pub use error::ApiError;
pub use files::{FileBody, FileBytes, PublishedFile};
pub use pipeline::Caller;
pub use state::Platform;
