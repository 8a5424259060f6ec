//! The finance API's tools (never serving code): `suite finance bench` and `suite finance
//! evaluate`.

pub mod bench;
pub mod evaluate;
