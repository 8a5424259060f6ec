//! The PII API's tools (never serving code): `suite-bench pii bench` and `suite-bench pii evaluate`.

pub mod bench;
pub mod evaluate;
pub mod score;
