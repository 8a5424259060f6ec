//! Starting Debian's Chromium the way these machines need it: headless, no sandbox (we run
//! as root in containers), no GPU, no /dev/shm, nothing phoning home, popups blocked, and
//! every byte through the egress proxy — loopback included.

use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use headless_chrome::{Browser, LaunchOptions};

/// How long the driver waits for any one CDP answer before giving up on the connection;
/// a keep-alive ping stops an idle browser from being closed in between.
pub const CDP_TIMEOUT: Duration = Duration::from_secs(120);

/// Chromium's flags on top of the driver's defaults.
const FLAGS: &[&str] = &[
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-breakpad",
    "--mute-audio",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    // The omnibox WebUI that Chromium ≥ 151 preloads costs ~75 MB per browser.
    "--disable-features=OmniboxWebUI,WebUIOmniboxPopup,Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,InterestFeedContentSuggestions",
    // Nothing leaves outside the proxy: no WebRTC UDP, no QUIC.
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--disable-quic",
];

/// Driver defaults we take out: popups must stay blocked.
const DROPPED_DEFAULTS: &[&str] = &["--disable-popup-blocking"];

/// The Chromium binary: the configured one, else the first of Debian's and the usual names
/// on `PATH`.
pub fn binary(configured: &Path) -> Result<PathBuf> {
    if !configured.as_os_str().is_empty() {
        if configured.is_file() {
            return Ok(configured.to_owned());
        }
        bail!(
            "the configured Chromium {} does not exist",
            configured.display()
        );
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    bail!(
        "no Chromium found on PATH (chromium, chromium-browser, google-chrome); install Debian's \
         `chromium` package (`cargo xtask serve` does) or set [browser] binary"
    )
}

/// Launches one browser whose every request goes through `proxy`.
pub fn launch(binary: &Path, proxy: SocketAddr) -> Result<Browser> {
    start(binary, Some(proxy))
}

/// Launches one browser with the same flags but no proxy: the benchmark's raw reference,
/// never used to serve.
pub fn launch_direct(binary: &Path) -> Result<Browser> {
    start(binary, None)
}

fn start(binary: &Path, proxy: Option<SocketAddr>) -> Result<Browser> {
    let proxy_server = proxy.map(|p| format!("http://{p}"));
    let mut args: Vec<&OsStr> = FLAGS.iter().map(OsStr::new).collect();
    if proxy.is_some() {
        // Loopback bypasses a proxy unless told otherwise.
        args.push(OsStr::new("--proxy-bypass-list=<-loopback>"));
    }
    let options = LaunchOptions {
        headless: true,
        sandbox: false,
        enable_gpu: false,
        path: Some(binary.to_owned()),
        idle_browser_timeout: CDP_TIMEOUT,
        ignore_certificate_errors: false,
        proxy_server: proxy_server.as_deref(),
        args,
        ignore_default_args: DROPPED_DEFAULTS.iter().map(OsStr::new).collect(),
        window_size: Some((1280, 800)),
        ..LaunchOptions::default()
    };
    Browser::new(options).with_context(|| format!("launching {}", binary.display()))
}
