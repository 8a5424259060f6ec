//! The browser engine survives its browser: when Chromium's browser process dies (killed
//! here with SIGKILL inside its jail, as the OOM killer would), its jail goes with it and the
//! next capture is served by a new browser; no Chromium outlives
//! the server. Alone in its test binary, because it kills
//! every Chromium this process started.

use conformance::shots::ShotServer;
use suite_engines::browser::launch;
use suite_platform::{Api, Plan};

/// Chromium's browser processes that descend from this test process (each runs below its
/// bubblewrap jail).
fn our_browsers() -> Vec<u32> {
    let mut browsers = launch::browser_processes_below(std::process::id());
    browsers.sort_unstable();
    browsers
}

#[tokio::test]
async fn a_killed_browser_is_replaced_and_none_outlives_the_server() {
    let s = ShotServer::start().await;
    let key = s.server.key(Plan::Free, &[Api::Screenshot]).await;
    let client = s.server.client(&key);
    let shot = client
        .screenshot_capture()
        .body_map(|b| b.url(s.pages.url("/")).width(300).height(200));
    shot.clone().send().await.expect("first capture");
    let browsers = our_browsers();
    assert_eq!(browsers.len(), 1, "one browser for the pool: {browsers:?}");
    for pid in &browsers {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status();
    }
    // The job that meets the dead browser runs again on a new one: the caller sees a capture.
    shot.send()
        .await
        .expect("a new browser serves the very next call");
    assert_eq!(
        s.server.used(&key, Api::Screenshot).await,
        2,
        "each call charged once"
    );
    let after = our_browsers();
    assert_eq!(after.len(), 1, "{after:?}");
    assert_ne!(after, browsers, "a new browser");
    drop(client);
    s.server.stop().await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !our_browsers().is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        our_browsers(),
        Vec::<u32>::new(),
        "no Chromium outlives the server"
    );
}
