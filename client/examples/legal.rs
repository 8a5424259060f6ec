//! Contract review: a short services agreement (text made here) analyzed for risk from the
//! customer's side, then its PDF review report downloaded into `review.pdf`.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example legal` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use std::io::Write as _;

use futures::TryStreamExt as _;
use suite_client::{Client, FilePart};

const CONTRACT: &str = "\
SERVICES AGREEMENT between Northwind Ltd (the \"Provider\") and Contoso GmbH (the \"Customer\").
1. Fees. The Customer shall pay each invoice within 90 days. Late payments bear interest of 5% per month.
2. Term and Termination. The Provider may terminate this Agreement at any time without notice.
3. Liability. The Customer's liability is unlimited. The Provider's liability shall not exceed 100 euros.
4. Governing Law. This Agreement is governed by the laws of England and Wales.
";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;
    let contract = FilePart::new("agreement.txt", "text/plain", CONTRACT);

    let review = client
        .legal_analyze()
        .file(contract.clone())
        .perspective("Customer")
        .send()
        .await?;
    println!(
        "risk {} ({:?}): {}",
        review.risk_score, review.risk_level, review.summary
    );
    for finding in &review.findings {
        println!(
            "- {:?} {:?}: {}",
            finding.category, finding.severity, finding.description
        );
    }

    let report = client
        .legal_report()
        .file(contract)
        .title("Northwind services agreement")
        .send()
        .await?;
    let mut file = std::fs::File::create("review.pdf")?;
    let mut body = report.into_inner_stream();
    while let Some(chunk) = body.try_next().await? {
        file.write_all(&chunk)?;
    }
    println!("wrote review.pdf");
    Ok(())
}
