//! The screenshot API's tools, apart from the serving code: the benchmark against a raw CDP
//! capture (`bench`, with its references in `raw`), run by `cargo xtask bench screenshot`.

pub mod bench;
pub mod page;
pub mod raw;
