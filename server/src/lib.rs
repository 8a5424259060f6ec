//! The suite's server: the seven API crates, the platform and the portal wired into one
//! dropshot server.
//!
//! Layout (see ARCHITECTURE.md):
//! - [`backend`]: [`Suite`], the generated `Backend` trait's implementation, handing each
//!   admitted call to the API crate that serves it.
//! - [`config`]: the configuration file, one section per API and engine.
//! - [`server`]: wiring and start-up; [`admin`], [`service`] and [`api_docs`] (the `/docs`
//!   reference): endpoints outside the contract; [`portal`]: the customer portal's pages;
//!   [`connection_guard`]: the public address of a server with no front in front of it.

pub mod admin;
pub mod api_docs;
pub mod backend;
pub mod config;
pub mod connection_guard;
pub mod portal;
pub mod server;
pub mod service;

pub use backend::Suite;
