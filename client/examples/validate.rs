//! Validate: a JSON operation with its body built in place, a value the contract refuses
//! caught by `send` before anything is sent, and the 401 of a wrong key.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example validate` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use suite_client::{Client, Error};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;

    let iban = client
        .validate_iban()
        .body_map(|b| b.iban("DE89 3704 0044 0532 0130 00"))
        .send()
        .await?;
    let remaining = iban.headers().get("x-ratelimit-remaining");
    println!(
        "IBAN valid: {}, bank code {:?}; calls left this month: {remaining:?}",
        iban.valid, iban.bank_code
    );

    // A line break is outside the contract: `send` refuses it without a request.
    match client
        .validate_iban()
        .body_map(|b| b.iban("DE89\n3704"))
        .send()
        .await
    {
        Err(Error::InvalidRequest(why)) => println!("refused before sending: {why}"),
        other => println!("unexpected: {other:?}"),
    }

    // A key the server does not know is 401, with the platform's error body.
    let stranger = Client::with_api_key(&url, "sk_live_not_a_real_key")?;
    match stranger
        .validate_iban()
        .body_map(|b| b.iban("DE89370400440532013000"))
        .send()
        .await
    {
        Err(Error::ErrorResponse(e)) => println!("{} {}: {}", e.status(), e.error_code, e.message),
        other => println!("unexpected: {other:?}"),
    }
    Ok(())
}
