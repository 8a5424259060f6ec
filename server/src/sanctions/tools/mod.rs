//! The sanctions API's tools, apart from the serving code: the `suite lists` command
//! (`cli`), the screening benchmark (`bench`) and the accuracy evaluation (`evaluate`).

pub mod bench;
pub mod cli;
pub mod evaluate;
