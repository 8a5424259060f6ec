//! Document generation: a letter rendered from the built-in `letter` template into a PDF,
//! then downloaded into `letter.pdf`.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example docgen` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use std::io::Write as _;

use futures::TryStreamExt as _;
use serde_json::json;
use suite_client::{Client, types::DocumentFormat};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;

    let data: serde_json::Map<String, serde_json::Value> = serde_json::from_value(json!({
        "date": "1 March 2026",
        "sender": { "name": "Ada Lovelace", "address": "12 St James's Square, London" },
        "recipient": { "name": "Charles Babbage" },
        "subject": "The Analytical Engine",
        "paragraphs": ["Thank you for the notes on the engine.", "I enclose my translation."],
    }))?;
    let document = client
        .docgen_generate()
        .body_map(|b| {
            b.template_id("letter")
                .output_format(DocumentFormat::Pdf)
                .data(data)
        })
        .send()
        .await?;
    println!(
        "generated {} ({} bytes)",
        document.document_id, document.size_bytes
    );

    let download = client
        .docgen_download()
        .id(&document.document_id)
        .send()
        .await?;
    let mut file = std::fs::File::create("letter.pdf")?;
    let mut body = download.into_inner_stream();
    while let Some(chunk) = body.try_next().await? {
        file.write_all(&chunk)?;
    }
    println!("wrote letter.pdf");
    Ok(())
}
