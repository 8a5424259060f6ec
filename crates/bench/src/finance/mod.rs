//! The finance API's tools (never serving code): `suite-bench finance bench` and
//! `suite-bench finance evaluate`.

pub mod bench;
pub mod evaluate;
pub mod ppocr;
