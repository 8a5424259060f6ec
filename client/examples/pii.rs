//! PII: a one-page PDF made here uploaded for detection (a multipart form: the file and a
//! language), then a file over the 25 MiB upload limit refused with 413.
//!
//! `SUITE_API_KEY=… cargo run -p suite-client --example pii` against `cargo xtask serve`
//! (`SUITE_URL` defaults to http://127.0.0.1:8080).

use suite_client::{Client, Error, FilePart};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let url = std::env::var("SUITE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let key = std::env::var("SUITE_API_KEY").map_err(|_| "set SUITE_API_KEY to a key")?;
    let client = Client::with_api_key(&url, &key)?;

    let page = pdf(&[
        "Customer: Maria Gonzalez",
        "Email: maria.gonzalez@example.com",
        "IBAN: DE89 3704 0044 0532 0130 00",
    ]);
    let found = client
        .pii_detect()
        .file(FilePart::new("record.pdf", "application/pdf", page))
        .language("en")
        .send()
        .await?;
    for entity in &found.entities {
        println!(
            "{:?} {:?} ({:.2})",
            entity.type_, entity.text, entity.confidence
        );
    }

    let too_big = FilePart::new("big.pdf", "application/pdf", vec![0u8; 26 << 20]);
    match client.pii_detect().file(too_big).send().await {
        Err(Error::ErrorResponse(e)) => println!("{} {}: {}", e.status(), e.error_code, e.message),
        other => println!("unexpected: {other:?}"),
    }
    Ok(())
}

/// A one-page PDF whose text layer holds `lines` (Helvetica, 12 pt).
fn pdf(lines: &[&str]) -> Vec<u8> {
    let text: String = (0..lines.len())
        .map(|i| format!("BT /F1 12 Tf 72 {} Td ({}) Tj ET\n", 720 - 20 * i, lines[i]))
        .collect();
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
         /Resources << /Font << /F1 5 0 R >> >> >>"
            .to_owned(),
        format!("<< /Length {} >>\nstream\n{text}endstream", text.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n{object}\nendobj\n", i + 1).bytes());
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").bytes());
    }
    let trailer = format!("trailer\n<< /Size {} /Root 1 0 R >>\n", objects.len() + 1);
    out.extend(format!("{trailer}startxref\n{xref}\n%%EOF\n").bytes());
    out
}
