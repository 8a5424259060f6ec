//! Screenshot: a page captured (the answer is a record with an id), then the PNG downloaded
//! as a stream into `screenshot.png`. The server must reach the page: give another URL as
//! the first argument where example.com is out of reach.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example screenshot [URL]` against
//! `cargo xtask serve` (`SUITE_URL` defaults to http://127.0.0.1:8080).

use std::io::Write as _;

use futures::TryStreamExt as _;
use suite_client::Client;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;
    let page = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "https://example.com".into());

    let shot = client
        .screenshot_capture()
        .body_map(|b| b.url(page.as_str()).width(1280).height(800))
        .send()
        .await?;
    println!(
        "captured {}x{} {:?}, {} bytes, kept until {}",
        shot.width, shot.height, shot.format, shot.size_bytes, shot.expires_at
    );

    let download = client
        .screenshot_download()
        .id(&shot.screenshot_id)
        .send()
        .await?;
    let mut file = std::fs::File::create("screenshot.png")?;
    let mut body = download.into_inner_stream();
    while let Some(chunk) = body.try_next().await? {
        file.write_all(&chunk)?;
    }
    println!("wrote screenshot.png");
    Ok(())
}
