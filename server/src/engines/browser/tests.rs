//! The pool against a real Chromium, without HTTP.

use std::time::{Duration, Instant};

use super::Chromium;
use super::config::Config;
use super::job::{Load, Print};

fn small_print() -> Print {
    Print {
        load: Load::new(""),
        paper_width: 4.0,
        paper_height: 3.0,
        landscape: false,
        print_background: false,
        margins: [0.2; 4],
        scale: 1.0,
        page_ranges: None,
        header_template: None,
        footer_template: None,
        max_pages: 5,
        prefer_css_page_size: false,
    }
}

#[tokio::test]
async fn every_job_context_is_disposed_after_its_job() {
    let config = Config {
        jobs: 2,
        ..Config::default()
    };
    let chromium = Chromium::start(&config).await.expect("the engine starts");
    assert_eq!(chromium.open_contexts().expect("no browser yet"), 0);
    let jobs = 4 * chromium.jobs() + 2;
    for n in 0..jobs {
        let html = format!("<!doctype html><p>job {n}</p>");
        let pdf = chromium
            .print_html(html.into_bytes(), small_print())
            .await
            .expect("printed");
        assert!(pdf.bytes.starts_with(b"%PDF"));
    }
    // A worker disposes its job's page once the answer is out, then opens its next spare:
    // what stays open is one spare per worker, never a context per job done.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut open = chromium.open_contexts().expect("contexts counted");
    while open > chromium.jobs() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        open = chromium.open_contexts().expect("contexts counted");
    }
    assert!(
        open <= chromium.jobs(),
        "{open} contexts open after {jobs} jobs on {} workers",
        chromium.jobs()
    );
}
