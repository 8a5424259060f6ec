//! The suite: seven HTTP APIs behind one `X-API-Key` scheme and one plan model.
//!
//! Layout (see ARCHITECTURE.md):
//! - [`generated`]: wire types and the API layer, generated from `openapi/suite.yaml`. The
//!   dropshot trait's only implementation runs every request through the [`platform`] before
//!   it reaches [`Suite`], the hand-written [`generated::api::Backend`].
//! - [`platform`]: keys, plans, quotas, database, downloads, limits, errors, telemetry.
//! - one module per API (`validate`, ...): its state, its HTTP glue (`http.rs`) over pure
//!   engines, and its [`config`] section.
//! - [`server`]: wiring and start-up; [`admin`], [`service`] and [`api_docs`] (the `/docs`
//!   reference): endpoints outside the contract; [`portal`]: the customer portal's pages.

pub mod admin;
pub mod api_docs;
pub mod backend;
pub mod bench_support;
pub mod config;
pub mod connection_guard;
pub mod docgen;
pub mod engines;
pub mod finance;
pub mod generated;
pub mod legal;
pub mod pii;
pub mod platform;
pub mod portal;
pub mod sanctions;
pub mod screenshot;
pub mod server;
pub mod service;
pub mod validate;

pub use backend::Suite;
