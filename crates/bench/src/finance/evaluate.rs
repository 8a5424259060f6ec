//! `suite-bench finance evaluate`: the SROIE receipts (real scans with their key fields) parsed
//! through the API as a customer would, and the exact-match accuracy of vendor, date and
//! total reported. Exact means: the date as the same calendar day, the total as the same
//! amount to the cent, the vendor as the same name once case, spacing and the spacing around
//! punctuation are set aside (`KEDAI A.B.C SDN. BHD` = `Kedai A. B. C Sdn.Bhd`).

use std::path::Path;

use anyhow::{Context, Result};
use serde::Deserialize;

use crate::support::{Body, bench_server};
use suite_platform::Api;
use suite_server::config::Config;

/// SROIE's key fields of one receipt.
#[derive(Debug, Deserialize)]
struct Key {
    company: String,
    date: String,
    total: String,
}

/// What one field scored.
#[derive(Debug, Default)]
struct Tally {
    right: usize,
    total: usize,
}

impl Tally {
    fn add(&mut self, right: bool) {
        self.total += 1;
        self.right += usize::from(right);
    }

    fn share(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.right as f64 / self.total as f64
        }
    }
}

pub async fn run(config: Config, data: &Path, verbose: bool) -> Result<()> {
    let mut receipts: Vec<_> = std::fs::read_dir(data.join("img"))
        .with_context(|| format!("reading {}/img", data.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jpg"))
        .collect();
    receipts.sort();
    let scratch = tempfile::tempdir()?;
    let (running, api) = bench_server(config, scratch.path().join("data"), &[Api::Finance]).await?;
    let (mut vendor, mut date, mut total) = (Tally::default(), Tally::default(), Tally::default());
    let mut timings = Vec::with_capacity(receipts.len());
    for image in &receipts {
        let stem = image
            .file_stem()
            .and_then(|s| s.to_str())
            .context("a receipt's name")?;
        let key: Key = serde_json::from_slice(&std::fs::read(
            data.join("key").join(format!("{stem}.json")),
        )?)
        .with_context(|| format!("the key of {stem}"))?;
        let bytes = std::fs::read(image)?;
        let started = std::time::Instant::now();
        let parsed: serde_json::Value = match api
            .post(
                "/v1/compliance/finance/parse",
                &Body::form("receipt.jpg", &bytes, &[("doc_type", "receipt")]),
            )
            .await
        {
            Ok(answer) => serde_json::from_slice(&answer)?,
            Err(e) => {
                println!("{stem}: not parsed: {e:#}");
                serde_json::Value::Null
            }
        };
        timings.push(started.elapsed());
        let read_vendor = parsed["vendor"].as_str().unwrap_or_default();
        let read_date = parsed["date"].as_str().unwrap_or_default();
        let read_total = parsed["total"].as_f64();
        let vendor_right = same_name(read_vendor, &key.company);
        let date_right = iso_of_key(&key.date).as_deref() == Some(read_date);
        let total_right = match (read_total, amount_of_key(&key.total)) {
            (Some(read), Some(expected)) => (read * 100.0).round() as i64 == expected,
            _ => false,
        };
        vendor.add(vendor_right);
        date.add(date_right);
        total.add(total_right);
        if verbose && !(vendor_right && date_right && total_right) {
            let wrong: Vec<&str> = [
                (vendor_right, "vendor"),
                (date_right, "date"),
                (total_right, "total"),
            ]
            .iter()
            .filter(|(right, _)| !right)
            .map(|(_, field)| *field)
            .collect();
            println!(
                "{stem} (wrong: {}): vendor {read_vendor:?} / {:?}, date {read_date:?} / {:?}, total {read_total:?} / {:?}",
                wrong.join(", "),
                key.company,
                key.date,
                key.total
            );
        }
    }
    running.close().await?;
    timings.sort();
    let mean = timings.iter().sum::<std::time::Duration>() / timings.len().max(1) as u32;
    println!(
        "finance evaluate: {} SROIE receipts parsed through the API (exact match); \
         time a receipt: mean {} ms, p50 {} ms, max {} ms",
        receipts.len(),
        mean.as_millis(),
        timings.get(timings.len() / 2).map_or(0, |t| t.as_millis()),
        timings.last().map_or(0, |t| t.as_millis()),
    );
    println!("| field | right | accuracy | target |");
    println!("|---|---|---|---|");
    for (name, tally, target) in [
        ("date", &date, "≥ 95 %"),
        ("total", &total, "≥ 90 %"),
        ("vendor", &vendor, "≥ 80 %"),
    ] {
        println!(
            "| {name} | {}/{} | {:.1} % | {target} |",
            tally.right,
            tally.total,
            tally.share() * 100.0
        );
    }
    Ok(())
}

/// A name without case, spacing or the spacing around punctuation.
fn normalized_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

fn same_name(read: &str, key: &str) -> bool {
    !read.is_empty() && normalized_name(read) == normalized_name(key)
}

/// SROIE's dates are day first (`25/12/2018`, `25-12-18`, `25.12.2018`), sometimes with
/// a month name (`25 DEC 2018`); some are ISO.
fn iso_of_key(date: &str) -> Option<String> {
    let answer = suite_engines::date::convert(&suite_engines::date::Request {
        date: date.trim(),
        day_first: true,
        ..Default::default()
    });
    answer.valid.then(|| {
        format!(
            "{:04}-{:02}-{:02}",
            answer.year.unwrap_or(0),
            answer.month.unwrap_or(0),
            answer.day.unwrap_or(0)
        )
    })
}

/// `9.00`, `RM 60.30`, `1,234.50` in cents.
fn amount_of_key(total: &str) -> Option<i64> {
    let digits: String = total
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let value: f64 = digits.parse().ok()?;
    Some((value * 100.0).round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_whatever_their_spacing_and_case() {
        assert!(same_name("Kedai A. B. C Sdn.Bhd", "KEDAI A.B.C SDN. BHD"));
        assert!(!same_name("", ""));
        assert!(!same_name("KEDAI ABC", "KEDAI ABD"));
    }

    #[test]
    fn key_dates_and_totals_are_read_as_sroie_writes_them() {
        assert_eq!(iso_of_key("25/12/2018").as_deref(), Some("2018-12-25"));
        assert_eq!(iso_of_key("05-01-18").as_deref(), Some("2018-01-05"));
        assert_eq!(amount_of_key("RM 1,234.50"), Some(123_450));
        assert_eq!(amount_of_key("9.00"), Some(900));
    }
}
