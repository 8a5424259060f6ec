//! In-process throughput of each data validator (engine + wire types, no HTTP), for
//! `cargo xtask bench validate`. Prints one `name ops_per_sec` line per validator. Email is
//! left out: its answer waits on DNS, which this measures nothing of.

use std::hint::black_box;
use std::time::{Duration, Instant};

use suite_platform::generated::types;
use suite_validate::http as validators;

/// Calls `run` on each input round-robin for `budget` after one warm-up pass (lazily built
/// tables and compiled patterns), and returns calls per second.
fn throughput<T>(inputs: &[T], budget: Duration, run: impl Fn(&T)) -> f64 {
    inputs.iter().for_each(&run);
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
    macro_rules! bench {
        ($name:literal, $ty:ty, $run:ident, [$($body:tt),+ $(,)?]) => {{
            let inputs: Vec<$ty> = parse(&[$(serde_json::json!($body)),+]);
            let rate = throughput(&inputs, budget, |input| {
                let _ = black_box(validators::$run(input));
            });
            println!("{:<12} {rate:>10.0}", $name);
        }};
    }
    bench!("creditcard", types::CreditCardValidateRequest, creditcard, [
        { "number": "4111 1111 1111 1111" }, { "number": "5555-5555-5555-4444" },
        { "number": "378282246310005" }, { "number": "6011111111111118" },
    ]);
    bench!("phone", types::PhoneValidateRequest, phone, [
        { "number": "+1 650-253-0000" }, { "number": "+44 20 7031 3000" },
        { "number": "+49 30 303986300" }, { "number": "+81 3-6384-9000" },
        { "number": "06 12 34 56 78", "default_region": "FR" }, { "number": "+39 06 6982" },
    ]);
    bench!("iban", types::IbanValidateRequest, iban, [
        { "iban": "DE89 3704 0044 0532 0130 00" }, { "iban": "GB82WEST12345698765432" },
        { "iban": "FR1420041010050500013M02606" },
    ]);
    bench!("vat", types::VatValidateRequest, vat, [
        { "vat_number": "DE136695976" }, { "vat_number": "FR40303265045" },
        { "vat_number": "EL094259216" }, { "vat_number": "NL004495445B01" },
    ]);
    bench!("postalcode", types::PostalCodeValidateRequest, postalcode, [
        { "postal_code": "SW1A 1AA", "country": "GB" }, { "postal_code": "10115", "country": "DE" },
        { "postal_code": "94043", "country": "US" },
    ]);
    bench!("date", types::DateConvertRequest, date, [
        { "date": "2024-03-02T10:00:00Z" }, { "date": "02/03/2024" }, { "date": "2 mars 2024" },
    ]);
    bench!("password", types::PasswordAnalyzeRequest, password, [
        { "password": "correct horse battery staple" }, { "password": "P@ssw0rd2024" },
    ]);
    bench!("crypto", types::CryptoValidateRequest, crypto, [
        { "address": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" },
        { "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" },
        { "address": "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2" },
    ]);
}
