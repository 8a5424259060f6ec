//! `suite-bench pii evaluate`: labelled sentences (presidio-research's format) rendered to images
//! by the browser engine, read back through the same OCR and recognizers the API uses, and
//! scored token by token (precision, recall, F2 per entity type). Labels of types the API
//! does not detect (organizations, places, ages, titles …) count as no entity.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use serde::Deserialize;

use super::score::{Score, align, labels, tokens};
use suite_engines::browser::Chromium;
use suite_engines::browser::job::{Load, Print, WaitUntil};
use suite_engines::markup::escape;
use suite_engines::ocr::{Layout, Ocr};
use suite_engines::pages::{self, Limits, PDF_DPI, Source};
use suite_engines::poppler::{self, RasterKind};
use suite_engines::raster::{self, RasterFormat};
use suite_pii::detect::{Language, Options};
use suite_pii::entities;
use suite_pii::language::tesseract_codes;
use suite_server::config::Config;

/// One labelled sentence.
#[derive(Debug, Deserialize)]
struct Sample {
    full_text: String,
    spans: Vec<Span>,
}

#[derive(Debug, Deserialize)]
struct Span {
    entity_type: String,
    start_position: usize,
    end_position: usize,
}

/// The data set's labels that are entity types of ours.
fn our_type(label: &str) -> Option<&'static str> {
    Some(match label {
        "PERSON" => "name",
        "STREET_ADDRESS" => "address",
        "PHONE_NUMBER" => "phone",
        "EMAIL_ADDRESS" => "email",
        "CREDIT_CARD" => "credit_card",
        "US_SSN" => "ssn",
        "IBAN_CODE" => "bank_account",
        "US_DRIVER_LICENSE" => "id_number",
        _ => return None,
    })
}

pub async fn run(config: Config, data: &Path, json: bool, dump: Option<&Path>) -> Result<()> {
    let text =
        std::fs::read_to_string(data).with_context(|| format!("reading {}", data.display()))?;
    let samples: Vec<Sample> =
        serde_json::from_str(&text).with_context(|| format!("parsing {}", data.display()))?;
    let chromium = Chromium::start(&config.browser).await?;
    let ocr = Ocr::start(&config.ocr)?;
    let limits = Limits {
        max_pages: 10,
        max_pixels: 50_000_000,
    };
    let options = Options {
        kinds: Vec::new(),
        min_confidence: 0.5,
        allow_list: Vec::new(),
    };
    let mut score = Score::default();
    let mut read_texts = Vec::new();
    let started = Instant::now();
    let scratch = tempfile::tempdir()?;
    for (index, sample) in samples.iter().enumerate() {
        let image = render(&chromium, &sample.full_text, scratch.path(), index)
            .await
            .with_context(|| format!("rendering sentence {index}"))?;
        let read = pages::read(
            &image,
            Source::Image(RasterFormat::Png),
            limits,
            &ocr,
            pages::Scan::new(tesseract_codes(Language::En), Layout::Auto, false),
        )
        .await
        .map_err(|e| anyhow::anyhow!("reading sentence {index}: {e}"))?;
        let found = entities::find(&read, Language::En, &options);
        let page_text = &read[0].text;
        read_texts.push(serde_json::json!({"full_text": sample.full_text, "ocr_text": page_text}));
        let read_tokens = tokens(page_text);
        let read_spans: Vec<_> = found
            .iter()
            .map(|e| (e.chars.clone(), e.kind.name()))
            .collect();
        let read_labels = labels(&read_tokens, &read_spans);
        let gold_tokens = tokens(&sample.full_text);
        let gold_spans: Vec<_> = sample
            .spans
            .iter()
            .filter_map(|s| our_type(&s.entity_type).map(|t| (s.start_position..s.end_position, t)))
            .collect();
        let gold_labels = labels(&gold_tokens, &gold_spans);
        let pairs = align(&gold_tokens, &read_tokens);
        let predicted: Vec<Option<&str>> = pairs
            .iter()
            .map(|p| p.and_then(|j| read_labels[j]))
            .collect();
        score.add(&gold_labels, &predicted);
        // Detections on OCR tokens aligned with no labelled token are false positives too.
        let aligned: std::collections::HashSet<usize> = pairs.iter().flatten().copied().collect();
        let unaligned: Vec<Option<&str>> = read_labels
            .iter()
            .enumerate()
            .filter(|(j, _)| !aligned.contains(j))
            .map(|(_, l)| *l)
            .collect();
        score.add(&vec![None; unaligned.len()], &unaligned);
    }
    let seconds = started.elapsed().as_secs_f64();
    if let Some(dump) = dump {
        std::fs::write(dump, serde_json::to_vec_pretty(&read_texts)?)
            .with_context(|| format!("writing {}", dump.display()))?;
    }
    report(&score, samples.len(), seconds, json)
}

/// The sentence as a PNG: printed by Chromium on a 7 × 3 inch page in DejaVu Sans 12 pt,
/// rasterized at the reading resolution (only its first page: the sentences are short).
async fn render(chromium: &Chromium, text: &str, dir: &Path, index: usize) -> Result<Vec<u8>> {
    let html = format!(
        "<!doctype html><meta charset=utf-8><style>@page {{ size: 7in 3in; margin: 0.3in }} \
         body {{ font: 12pt 'DejaVu Sans', sans-serif; white-space: pre-wrap }}</style><body>{}",
        escape(text)
    );
    let mut load = Load::html(&html);
    load.wait_until = WaitUntil::Load;
    let job = Print {
        load,
        paper_width: 7.0,
        paper_height: 3.0,
        landscape: false,
        print_background: true,
        margins: [0.3; 4],
        scale: 1.0,
        page_ranges: Some("1".into()),
        header_template: None,
        footer_template: None,
        max_pages: 10,
        prefer_css_page_size: true,
    };
    let pdf = chromium
        .print(job)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let page_dir = dir.join(index.to_string());
    std::fs::create_dir_all(&page_dir)?;
    let files = poppler::rasterize(&pdf.bytes, PDF_DPI, 1..=1, RasterKind::Gray, &page_dir)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let file = files.first().context("no page was rendered")?;
    let gray = raster::decode_pnm(&std::fs::read(file)?, &raster::Limits::default())?;
    std::fs::remove_dir_all(&page_dir)?;
    raster::encode(&gray, RasterFormat::Png)
}

fn report(score: &Score, sentences: usize, seconds: f64, json: bool) -> Result<()> {
    let overall = score.overall();
    if json {
        let mut per_type = serde_json::Map::new();
        for (name, c) in &score.per_type {
            per_type.insert(
                name.clone(),
                serde_json::json!({"precision": c.precision(), "recall": c.recall(), "f1": c.f(1.0), "f2": c.f(2.0), "tp": c.true_positives, "fp": c.false_positives, "fn": c.false_negatives}),
            );
        }
        println!(
            "{}",
            serde_json::json!({"sentences": sentences, "seconds": seconds, "per_type": per_type,
                "overall": {"precision": overall.precision(), "recall": overall.recall(), "f1": overall.f(1.0), "f2": overall.f(2.0)}})
        );
        return Ok(());
    }
    println!(
        "{sentences} sentences rendered to images and read by OCR in {seconds:.0} s (token level)"
    );
    println!("| type | precision | recall | F1 | F2 | tokens (tp/fp/fn) |");
    println!("|---|---|---|---|---|---|");
    for (name, c) in score
        .per_type
        .iter()
        .chain([(&"overall (micro)".to_owned(), &overall)])
    {
        println!(
            "| {name} | {:.3} | {:.3} | {:.3} | {:.3} | {}/{}/{} |",
            c.precision(),
            c.recall(),
            c.f(1.0),
            c.f(2.0),
            c.true_positives,
            c.false_positives,
            c.false_negatives
        );
    }
    Ok(())
}
