//! The screenshot API's tools, apart from the serving code: the benchmark against a raw CDP
//! capture (`bench`), run by `cargo xtask bench screenshot`.

pub mod bench;
pub mod page;
