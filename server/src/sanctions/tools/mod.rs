//! The sanctions API's tools, apart from the serving code: the `suite lists` command
//! (`cli`), the screening benchmark (`bench`), the accuracy evaluation (`evaluate`) and the
//! snapshot of the official lists shipped in the binary (`snapshot`).

pub mod bench;
pub mod cli;
pub mod evaluate;
pub mod snapshot;
