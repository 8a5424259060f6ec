//! Sanctions: a batch of names screened in one call (it costs one request per name), sent
//! again after `Retry-After` while the server is busy (503 `overloaded`), and a spent quota
//! (429) reported with the time to its reset.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example sanctions` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use std::time::Duration;

use suite_client::{Client, Error, types};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;

    let names = [
        "Muammar Gaddafi",
        "Banco Nacional de Cuba",
        "Blue River Bakery Ltd",
    ];
    let entities = names
        .iter()
        .map(|name| types::ScreenRequest::builder().name(*name).try_into())
        .collect::<Result<Vec<types::ScreenRequest>, _>>()?;
    let batch = client.sanctions_batch().body_map(|b| b.entities(entities));

    let mut backoff = Duration::from_secs(1);
    let screened = loop {
        match batch.clone().send().await {
            Ok(screened) => break screened,
            // A full queue is brief: wait as asked, longer each time, a few times at most.
            Err(e)
                if matches!(&e, Error::ErrorResponse(r) if r.error_code == "overloaded")
                    && backoff <= Duration::from_secs(16) =>
            {
                let wait = suite_client::retry_after(&e)
                    .unwrap_or(backoff)
                    .max(backoff);
                println!("busy; trying again in {wait:?}");
                tokio::time::sleep(wait).await;
                backoff *= 2;
            }
            Err(Error::ErrorResponse(e)) if e.status() == 429 => {
                let reset = e.headers().get("retry-after").and_then(|v| v.to_str().ok());
                println!(
                    "quota spent ({}); it resets in {} s",
                    e.message,
                    reset.unwrap_or("?")
                );
                return Ok(());
            }
            Err(Error::ErrorResponse(e)) => {
                return Err(format!("{} {}: {}", e.status(), e.error_code, e.message).into());
            }
            Err(e) => return Err(e.into()),
        }
    };
    for (name, item) in names.iter().zip(&screened.results) {
        match &item.result {
            Some(result) => {
                let best = result.matches.first().map(|m| m.primary_name.as_str());
                println!("{name}: risk {:.0}, best match {best:?}", result.risk_score);
            }
            None => println!("{name}: {:?}", item.error),
        }
    }
    Ok(())
}
