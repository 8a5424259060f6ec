//! The pool against a real Chromium, without HTTP.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use super::Chromium;
use super::config::Config;
use super::job::{Area, BrowserError, Encoding, Image, Load, Print, Shot};

/// A small print of `html`.
fn small_print(html: &str) -> Print {
    Print {
        load: Load::html(html),
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
    engine_allowing(jobs, Vec::new()).await
}

/// The engine with `jobs` workers, whose pages may reach the internal addresses `allowed`.
async fn engine_allowing(jobs: usize, allowed: Vec<String>) -> Chromium {
    let config = Config {
        jobs,
        allow_internal: allowed,
        ..Config::default()
    };
    Chromium::start(&config).await.expect("the engine starts")
}

/// Answers every request on a loopback port with `content_type` and `body`, `delay` after
/// reading it, for the life of the test process.
fn serve(content_type: &'static str, body: Vec<u8>, delay: Duration) -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            std::thread::sleep(delay);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
    });
    addr
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
        let pdf = chromium.print(small_print(&html)).await.expect("printed");
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
    chromium
        .print(small_print("<!doctype html><p>first job</p>"))
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

fn small_shot(load: Load) -> Shot {
    let mut load = load;
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
    let page = serve("text/html", MARKING_PAGE.into(), Duration::ZERO);
    let chromium = engine_allowing(1, vec![page.to_string()]).await;
    let url = format!("http://{page}/");
    let shots = (0..3).map(|_| small_shot(Load::new(&url))).collect();
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
        .capture(small_shot(Load::new(&url)))
        .await
        .expect("captured");
    assert!(!is_red(&next), "the next job starts in a fresh context");
}

#[tokio::test]
async fn a_document_of_the_server_is_captured_once_what_it_links_to_has_loaded() {
    let mut red = Vec::new();
    image::RgbImage::from_pixel(64, 48, image::Rgb([255, 0, 0]))
        .write_to(&mut std::io::Cursor::new(&mut red), image::ImageFormat::Png)
        .expect("a PNG");
    let slow_image = serve("image/png", red, Duration::from_millis(700));
    let chromium = engine_allowing(1, vec![slow_image.to_string()]).await;
    let document = format!(
        "<!doctype html><body style=\"margin:0;background:rgb(0,255,0)\">\
         <img src=\"http://{slow_image}/red.png\" style=\"display:block\"></body>"
    );
    let captured = chromium
        .capture(small_shot(Load::html(&document)))
        .await
        .expect("captured");
    assert!(is_red(&captured), "the image was waited for");
}

#[tokio::test]
async fn a_document_too_large_to_hand_to_the_browser_is_413_and_the_browser_serves_on() {
    let chromium = engine(1).await;
    // 18 MiB of control characters: 108 MiB as a JSON string, over what Chromium reads.
    let controls = format!("<p>{}</p>", "\u{1}".repeat(18 << 20));
    let refused = chromium.print(small_print(&controls)).await;
    assert!(
        matches!(&refused, Err(BrowserError::TooLarge(m)) if m.contains("MiB")),
        "{:?}",
        refused.map(|pdf| pdf.pages)
    );
    let pdf = chromium
        .print(small_print("<!doctype html><p>next</p>"))
        .await
        .expect("printed");
    assert!(pdf.bytes.starts_with(b"%PDF"));
    assert_eq!(chromium.launches(), 1, "the same browser printed the next");
}

#[tokio::test]
async fn a_document_whose_script_never_ends_is_refused_in_time_and_the_next_prints() {
    let chromium = engine(1).await;
    let mut endless = small_print("<!doctype html><p>stuck</p><script>for (;;) {}</script>");
    endless.load.timeout = Duration::from_secs(2);
    // The script never ends: a refusal at all is the load deadline holding (the guard turns
    // a hang into a failure; it is not a speed bound).
    let refused = tokio::time::timeout(Duration::from_secs(60), chromium.print(endless))
        .await
        .expect("refused at the load deadline");
    assert!(
        matches!(&refused, Err(BrowserError::Unprocessable(m)) if m.contains("did not reach `load` within 2000 ms")),
        "{:?}",
        refused.map(|pdf| pdf.pages)
    );
    let pdf = chromium
        .print(small_print("<!doctype html><p>next</p>"))
        .await
        .expect("printed");
    assert!(pdf.bytes.starts_with(b"%PDF"));
}
