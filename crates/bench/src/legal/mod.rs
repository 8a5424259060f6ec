//! The contract review API's tools (never serving code): `suite-bench legal bench` and
//! `suite-bench legal evaluate`.

pub mod bench;
pub mod cuad;
pub mod evaluate;
pub mod versions;
