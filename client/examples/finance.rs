//! Finance: a bank statement exported as CSV (made here) audited for anomalies — a running
//! balance that does not add up and a payment booked twice — each named at its row.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example finance` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use suite_client::{Client, FilePart};

const STATEMENT: &str = "\
Date,Description,Amount,Balance
2026-03-02,Opening deposit,1000.00,1000.00
2026-03-03,Coffee Bar,-4.50,995.50
2026-03-04,Rent March,-700.00,295.50
2026-03-04,Rent March,-700.00,-404.50
2026-03-05,Salary,2500.00,2195.50
2026-03-06,Groceries,-82.40,2113.10
";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;

    let statement = FilePart::new("statement.csv", "text/csv", STATEMENT);
    let audit = client
        .finance_audit()
        .file(statement)
        .currency("EUR")
        .send()
        .await?;
    println!(
        "{} transactions, balances add up: {}",
        audit.transactions.len(),
        audit.balance_check_passed
    );
    for anomaly in &audit.anomalies {
        println!(
            "{:?} ({:?}): {}",
            anomaly.kind, anomaly.severity, anomaly.description
        );
    }
    Ok(())
}
