//! Our CDP connection against a real Chromium: answers, the browser's refusals, events kept
//! to their page's session, and calls to a browser that has died.

use std::path::Path;
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Page;
use serde_json::json;

use super::cdp::CdpError;
use super::launch::{self, Browser};
use super::{PageSession, blank_page_in};

/// A bound for each step, so that a broken browser fails the test instead of hanging it.
const PATIENCE: Duration = Duration::from_secs(60);

fn browser() -> Browser {
    let binary = launch::binary(Path::new("")).expect("Debian's Chromium");
    Browser::launch_direct(&binary).expect("Chromium starts")
}

/// A page of its own context, its `Page` events on.
fn page(browser: &Browser) -> PageSession {
    let deadline = Instant::now() + PATIENCE;
    let context = browser.new_context().expect("a context");
    let page = browser
        .open_page(blank_page_in(&context), deadline)
        .expect("a page");
    page.call(
        Page::Enable {
            enable_file_chooser_opened_event: None,
        },
        deadline,
    )
    .expect("page events on");
    page
}

#[test]
fn a_method_the_browser_does_not_know_is_refused_with_its_message() {
    let browser = browser();
    let refused = browser
        .connection()
        .call_raw(None, "Nothing.here", json!({}), Instant::now() + PATIENCE)
        .expect_err("an unknown method");
    assert!(
        matches!(&refused, CdpError::Refused(message) if message.contains("Nothing.here")),
        "{refused}"
    );
    assert!(
        browser.answers(PATIENCE),
        "the connection serves the next call"
    );
}

#[test]
fn each_page_hears_the_events_of_its_own_session_only() {
    let browser = browser();
    let (loaded, quiet) = (page(&browser), page(&browser));
    let (heard, unheard) = (loaded.events(), quiet.events());
    let deadline = Instant::now() + PATIENCE;
    loaded
        .call(
            Page::Navigate {
                url: "data:text/html,<p>loaded</p>".into(),
                referrer: None,
                transition_Type: None,
                frame_id: None,
                referrer_policy: None,
            },
            deadline,
        )
        .expect("navigated");
    while heard.next_before(deadline).expect("the load event").method != "Page.loadEventFired" {}
    let mut other = Vec::new();
    while let Ok(event) = unheard.next_before(Instant::now() + Duration::from_millis(500)) {
        other.push(event.method);
    }
    assert!(
        !other
            .iter()
            .any(|m| m == "Page.loadEventFired" || m == "Page.frameNavigated"),
        "the other page heard {other:?}"
    );
}

#[test]
fn once_the_browser_has_died_calls_fail_as_closed_without_waiting_out_their_deadline() {
    let browser = browser();
    browser.kill();
    let give_up = Instant::now() + PATIENCE;
    while !browser.connection().is_closed() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(50));
    }
    let failed = browser
        .connection()
        .call_raw(
            None,
            "Browser.getVersion",
            json!({}),
            Instant::now() + PATIENCE,
        )
        .expect_err("no browser to answer");
    assert_eq!(failed, CdpError::Closed);
    assert!(!browser.answers(PATIENCE));
}
