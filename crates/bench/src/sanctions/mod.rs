//! The sanctions API's benchmark (`bench`) and accuracy evaluation (`evaluate`), on list
//! files read by `suite_sanctions::lists::cli`.

pub mod bench;
pub mod evaluate;
