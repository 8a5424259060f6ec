//! Chromium's walls, read from the kernel while pages render: every renderer runs as a
//! non-root user (the sandbox user when the tests run as root), under seccomp, in a user and
//! a PID namespace other than this process's; the browser process too runs as that user in
//! its jail's user and PID namespaces, sees none of the host's processes, has an environment
//! of its own and a profile only its user can enter; and a page sent to a `file://` canary
//! never shows its content — neither in a directory private to the server's user nor in a
//! world-readable one outside the jail — while a file under `/usr` does.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;

use super::launch::{self, Browser};
use super::{PageSession, blank_page_in};
use crate::sandbox::RunAs;
use crate::sandbox::processes::{self, descendants};

/// A bound for each step, so that a broken browser fails the test instead of hanging it.
const PATIENCE: Duration = Duration::from_secs(60);

fn browser() -> Browser {
    let binary = launch::binary(Path::new("")).expect("Debian's Chromium");
    Browser::launch_direct(&binary).expect("Chromium starts with its sandbox on")
}

fn page(browser: &Browser) -> PageSession {
    let context = browser.new_context().expect("a context");
    browser
        .open_page(blank_page_in(&context), Instant::now() + PATIENCE)
        .expect("a page")
}

/// Navigates `page` to `url` and answers the text the page shows once loaded.
fn shown_text(page: &PageSession, url: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    let call = |method: &str, params: serde_json::Value| {
        page.connection
            .call_raw(Some(&page.session_id), method, params, deadline)
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    };
    call("Page.navigate", json!({ "url": url }));
    loop {
        let state = call(
            "Runtime.evaluate",
            json!({ "expression": "location.href + ' ' + document.readyState", "returnByValue": true }),
        );
        let state = state["result"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        // The error page Chromium shows instead of a denied file has its own address.
        if state.ends_with(" complete") && !state.starts_with("about:blank") {
            break;
        }
        assert!(Instant::now() < deadline, "{url} never finished loading");
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = call(
        "Runtime.evaluate",
        json!({ "expression": "document.documentElement.outerHTML", "returnByValue": true }),
    );
    text["result"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Chromium's browser process: the one below the jail that is no child of Chromium's own.
fn browser_process(browser: &Browser) -> u32 {
    let found = launch::browser_processes_below(browser.pid());
    assert_eq!(
        found.len(),
        1,
        "one browser process below the jail: {found:?}"
    );
    found[0]
}

fn status_field(pid: u32, name: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("a status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .map(|v| v.trim().to_owned())
        .unwrap_or_else(|| panic!("{name} of {pid}"))
}

fn namespace(pid: &str, kind: &str) -> String {
    std::fs::read_link(format!("/proc/{pid}/ns/{kind}"))
        .expect("a namespace link")
        .display()
        .to_string()
}

#[test]
fn renderers_run_unprivileged_under_seccomp_in_namespaces_of_their_own() {
    let run_as = RunAs::resolve().expect("the sandbox user exists");
    let browser = browser();
    // Pages in two contexts, both loaded: their renderers are alive while we look.
    let (first, second) = (page(&browser), page(&browser));
    assert!(shown_text(&first, "data:text/html,<p>one</p>").contains("one"));
    assert!(shown_text(&second, "data:text/html,<p>two</p>").contains("two"));
    let renderers: Vec<u32> = descendants(browser.pid())
        .into_iter()
        .filter(|pid| processes::args(*pid).iter().any(|a| a == "--type=renderer"))
        .collect();
    assert!(renderers.len() >= 2, "renderers found: {renderers:?}");
    let uid = run_as.uid().to_string();
    for pid in renderers {
        let uids: Vec<String> = status_field(pid, "Uid:")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        assert_eq!(uids, [uid.as_str(); 4], "renderer {pid}'s uids");
        assert_ne!(uid, "0", "a renderer runs as root");
        assert_eq!(status_field(pid, "NoNewPrivs:"), "1", "renderer {pid}");
        assert_eq!(
            status_field(pid, "Seccomp:"),
            "2",
            "renderer {pid} filtered"
        );
        for kind in ["user", "pid"] {
            assert_ne!(
                namespace(&pid.to_string(), kind),
                namespace("self", kind),
                "renderer {pid} shares our {kind} namespace"
            );
        }
    }
    // The browser process itself: in its jail's namespaces, seeing only the jail's
    // processes, our environment not handed on, its profile its user's alone.
    let process = browser_process(&browser);
    assert_eq!(
        status_field(process, "Uid:")
            .split_whitespace()
            .collect::<Vec<_>>(),
        [uid.as_str(); 4],
        "the browser's uids"
    );
    assert_eq!(status_field(process, "NoNewPrivs:"), "1");
    for kind in ["user", "pid", "ipc", "uts"] {
        assert_ne!(
            namespace(&process.to_string(), kind),
            namespace("self", kind),
            "the browser shares our {kind} namespace"
        );
    }
    let visible = std::fs::read_dir(format!("/proc/{process}/root/proc"))
        .expect("the jail's /proc")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .count();
    let jailed = descendants(browser.pid()).len();
    assert!(
        visible <= jailed,
        "the browser sees {visible} processes, its jail holds {jailed}"
    );
    let environ = std::fs::read(format!("/proc/{process}/environ")).expect("environ");
    // (cargo gives every test process its CARGO_* variables; Debian's wrapper script adds
    // its own, which are no secret of ours.)
    let ours: Vec<String> = std::env::vars()
        .map(|(k, _)| k)
        .filter(|k| k.starts_with("CARGO"))
        .collect();
    assert!(!ours.is_empty(), "cargo sets CARGO_* for its tests");
    for variable in environ.split(|b| *b == 0) {
        let name =
            String::from_utf8_lossy(variable.split(|b| *b == b'=').next().unwrap_or_default());
        assert!(
            !ours.contains(&name.to_string()),
            "the browser got our {name}"
        );
    }
    let home = std::fs::metadata(format!("/proc/{process}/cwd")).expect("its home");
    assert_eq!(home.uid().to_string(), uid);
    assert_eq!(home.permissions().mode() & 0o777, 0o700);
}

#[test]
fn a_page_sent_to_a_file_outside_the_jail_never_shows_it() {
    let secret = format!("canary-{}-{:?}", std::process::id(), Instant::now());
    // The server's data directory: 0700, like `suite serve` keeps it, with the canary in it.
    let data = tempfile::tempdir().expect("a data dir");
    std::fs::set_permissions(data.path(), std::fs::Permissions::from_mode(0o700)).expect("0700");
    let private = data.path().join("canary.txt");
    std::fs::write(&private, &secret).expect("the canary");
    // A world-readable file of the host's outside `/usr`: any user could read it, the jail
    // does not show it.
    let public = tempfile::tempdir().expect("a public dir");
    std::fs::set_permissions(public.path(), std::fs::Permissions::from_mode(0o755)).expect("0755");
    let readable = public.path().join("canary.txt");
    std::fs::write(&readable, &secret).expect("the public canary");
    std::fs::set_permissions(&readable, std::fs::Permissions::from_mode(0o644)).expect("0644");
    // The control: a file under `/usr`, which the jail shows read-only.
    let control = Path::new("/usr/lib/os-release");
    let expected = std::fs::read_to_string(control).expect("Debian's os-release");
    let first_line = expected.lines().next().expect("a line");

    let browser = browser();
    let page = page(&browser);
    assert!(
        shown_text(&page, &format!("file://{}", control.display())).contains(first_line),
        "file:// pages load at all"
    );
    // Whatever a page tries (a navigation, a fetch, an iframe, a worker), the browser opens
    // files in its jail's mount namespace, where the canaries have no path at all.
    let jail_root = format!("/proc/{}/root", browser_process(&browser));
    assert!(Path::new(&format!("{jail_root}{}", control.display())).exists());
    for hidden in [private.as_path(), readable.as_path(), Path::new("/root")] {
        assert!(
            !Path::new(&format!("{jail_root}{}", hidden.display())).exists(),
            "{} is in the browser's jail",
            hidden.display()
        );
    }
    for canary in [&private, &readable] {
        let shown = shown_text(&page, &format!("file://{}", canary.display()));
        assert!(
            !shown.contains(&secret),
            "{} was shown: {shown}",
            canary.display()
        );
        assert!(
            shown.contains("ERR_ACCESS_DENIED") || shown.contains("ERR_FILE_NOT_FOUND"),
            "Chromium's error page: {shown}"
        );
    }
}
