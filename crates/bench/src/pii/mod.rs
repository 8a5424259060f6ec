//! The PII API's tools (never serving code): `suite pii bench` and `suite pii evaluate`.

pub mod bench;
pub mod evaluate;
pub mod score;
