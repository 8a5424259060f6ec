//! The sanctions lists as an operator handles them, apart from the serving code: the `suite
//! lists` command (`cli`) and the snapshot of the official lists shipped in the binary
//! (`snapshot`).

pub mod cli;
pub mod snapshot;
