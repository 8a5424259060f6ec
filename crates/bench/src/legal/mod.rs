//! The contract review API's tools (never serving code): `suite-bench legal bench`,
//! `suite-bench legal evaluate` and `suite-bench legal train` (the clause classifier).

pub mod bench;
pub mod cuad;
pub mod evaluate;
pub mod train;
pub mod versions;
