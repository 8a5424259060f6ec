//! The customer portal's self-contained parts (password hashing, usage chart and CSV, mail),
//! pure and unit-tested; the pages that use them live beside them.

pub mod chart;
pub mod mail;
pub mod password;
pub mod usage_csv;
