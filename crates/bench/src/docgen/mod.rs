//! The document generation API's tools, apart from the serving code: the benchmark.

pub mod bench;
