//! The contract review API's tools (never serving code): `suite legal bench` and `suite legal
//! evaluate`.

pub mod bench;
pub mod cuad;
pub mod evaluate;
pub mod versions;
