//! The pool against a real Chromium, without HTTP.

use std::time::{Duration, Instant};

use super::Chromium;
use super::config::Config;
use super::job::{Area, Encoding, Image, Load, Print, Shot};

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

/// The engine with `jobs` workers.
async fn engine(jobs: usize) -> Chromium {
    let config = Config {
        jobs,
        ..Config::default()
    };
    Chromium::start(&config).await.expect("the engine starts")
}

/// The browser's open contexts once `settled` holds of their count, or after `within`.
async fn open_contexts_once(
    chromium: &Chromium,
    settled: impl Fn(usize) -> bool,
    within: Duration,
) -> usize {
    let deadline = Instant::now() + within;
    loop {
        let open = chromium.open_contexts().expect("contexts counted");
        if settled(open) || Instant::now() >= deadline {
            return open;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn every_job_context_is_disposed_after_its_job() {
    let chromium = engine(2).await;
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
    let workers = chromium.jobs();
    let open = open_contexts_once(&chromium, |open| open <= workers, Duration::from_secs(10)).await;
    assert!(
        open <= chromium.jobs(),
        "{open} contexts open after {jobs} jobs on {} workers",
        chromium.jobs()
    );
}

#[tokio::test]
async fn every_idle_worker_prepares_its_next_page_before_the_next_job() {
    let chromium = engine(3).await;
    let html = b"<!doctype html><p>first job</p>".to_vec();
    chromium
        .print_html(html, small_print())
        .await
        .expect("printed");
    // With no job waiting, each worker opens its spare (one context each) at once, not when
    // the next job arrives and would share the cores with it.
    let workers = chromium.jobs();
    let open = open_contexts_once(&chromium, |open| open >= workers, Duration::from_secs(20)).await;
    assert_eq!(open, chromium.jobs(), "prepared pages of idle workers");
}

/// A page that paints itself red when its origin's storage already holds a mark (an earlier
/// load in the same context left it), green otherwise, and leaves the mark.
const MARKING_PAGE: &str = "<!doctype html><body><script>\
    const seen = localStorage.getItem('mark'); localStorage.setItem('mark', '1');\
    document.body.style.background = seen ? 'rgb(255,0,0)' : 'rgb(0,255,0)';\
    </script></body>";

fn small_shot(url: String) -> Shot {
    let mut load = Load::new(url);
    load.width = 64;
    load.height = 48;
    Shot {
        load,
        encoding: Encoding::Png,
        area: Area::Viewport,
        max_pixels: 1 << 20,
    }
}

fn is_red(image: &Image) -> bool {
    let pixels = image::load_from_memory(&image.bytes)
        .expect("a PNG")
        .to_rgb8();
    let [r, g, _] = pixels.get_pixel(5, 5).0;
    assert!(
        (r > 200) != (g > 200),
        "the page painted neither red nor green: {r},{g}"
    );
    r > 200
}

#[tokio::test]
async fn a_batch_shares_its_pages_but_the_next_job_starts_clean() {
    let chromium = engine(1).await;
    let page = chromium.pool.egress.host(MARKING_PAGE.as_bytes().to_vec());
    let shots = (0..3).map(|_| small_shot(page.url())).collect();
    let marked: Vec<bool> = chromium
        .capture_batch(shots)
        .await
        .into_iter()
        .map(|captured| is_red(&captured.expect("captured")))
        .collect();
    assert_eq!(
        marked,
        [false, true, true],
        "a batch's items share one page"
    );
    let next = chromium
        .capture(small_shot(page.url()))
        .await
        .expect("captured");
    assert!(!is_red(&next), "the next job starts in a fresh context");
}
