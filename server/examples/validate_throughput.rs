//! In-process throughput of each data validator (engine + wire types, no HTTP), for
//! `cargo xtask bench validate`. Prints one `name ops_per_sec` line per validator.

use std::hint::black_box;
use std::time::{Duration, Instant};

use suite_server::generated::types;
use suite_server::validate;

/// Calls `run` on each input round-robin for `budget`, and returns calls per second.
fn throughput<T>(inputs: &[T], budget: Duration, run: impl Fn(&T)) -> f64 {
    let started = Instant::now();
    let mut calls = 0u64;
    while started.elapsed() < budget {
        for input in inputs {
            run(black_box(input));
        }
        calls += inputs.len() as u64;
    }
    calls as f64 / started.elapsed().as_secs_f64()
}

fn parse<T: serde::de::DeserializeOwned>(values: &[serde_json::Value]) -> Vec<T> {
    values
        .iter()
        .map(|v| serde_json::from_value(v.clone()).expect("a valid request"))
        .collect()
}

fn main() {
    let budget = Duration::from_millis(
        std::env::args()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000),
    );
    let cards: Vec<types::CreditCardValidateRequest> = parse(&[
        serde_json::json!({ "number": "4111 1111 1111 1111" }),
        serde_json::json!({ "number": "5555-5555-5555-4444" }),
        serde_json::json!({ "number": "378282246310005" }),
        serde_json::json!({ "number": "6011111111111118" }),
    ]);
    let rate = throughput(&cards, budget, |c| {
        let _ = black_box(validate::validate_creditcard(c));
    });
    println!("creditcard {rate:.0}");
}
