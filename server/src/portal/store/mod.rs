//! What the portal keeps in the platform's database (SQLite or PostgreSQL, so every replica
//! sees the same accounts, sessions and throttles): accounts and their plans, sessions,
//! one-time links, failed attempts, and the usage figures the pages show.

pub mod accounts;
pub mod attempts;
pub mod links;
pub mod overview;
pub mod sessions;
pub mod usage;
