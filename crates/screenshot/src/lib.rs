//! The screenshot API: captures and prints public web pages in the shared Chromium pool
//! (`engines::browser`), keeps the files for download, and refuses URLs that lead inside
//! the network before any work or charge.

mod http;
mod wire;

use std::sync::Arc;

use suite_engines::browser::Chromium;
use suite_engines::browser::allow::AllowList;

/// The screenshot API's state: the browser engine and the operator's allow-list.
#[derive(Debug)]
pub struct Screenshot {
    chromium: Arc<Chromium>,
    allow: AllowList,
}

impl Screenshot {
    /// The API on the shared browser engine.
    pub fn start(chromium: Arc<Chromium>, allow: AllowList) -> Screenshot {
        Screenshot { chromium, allow }
    }
}
