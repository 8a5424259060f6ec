//! `POST /v1/compliance/legal/report`: the review as a PDF read back independently —
//! `pdftotext` finds the score, every finding's explanation and recommendation, page numbers
//! and a non-Latin clause; `pdffonts` shows only embedded subset fonts; the pages render to
//! images that are not blank; the score in the headers is the one `analyze` gives.

use conformance::legal::{ENGLISH, part};
use conformance::pii::{pdf_fonts, pdf_info, rendered_pages};
use conformance::shots::{body, decode_png, header, pdf_text};
use conformance::{docs, expect_error};
use suite_platform::{Api, Plan};

/// The share of dark pixels of a page rendering.
fn ink(png: &[u8]) -> f64 {
    let page = decode_png(png);
    let mut dark = 0usize;
    for y in 0..page.height {
        for x in 0..page.width {
            let [r, g, b] = page.rgb(x, y);
            if u32::from(r) + u32::from(g) + u32::from(b) < 3 * 128 {
                dark += 1;
            }
        }
    }
    dark as f64 / f64::from(page.width * page.height)
}

#[tokio::test]
async fn the_report_says_what_analyze_found_in_a_pdf_anyone_can_read() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let contract = ENGLISH.replace(
        "9.1 This Agreement",
        "9.1 契約の準拠法はニューヨーク州法とする。This Agreement",
    );
    let analysis = client
        .legal_analyze()
        .file(part("msa.txt", contract.clone().into_bytes()))
        .send()
        .await
        .expect("analyzed")
        .into_inner();
    let response = client
        .legal_report()
        .file(part("msa.txt", contract.into_bytes()))
        .title("Northwind MSA — review")
        .send()
        .await
        .expect("report");
    assert_eq!(header(&response, "content-type"), "application/pdf");
    assert_eq!(
        header(&response, "x-risk-score"),
        analysis.risk_score.to_string()
    );
    assert_eq!(
        header(&response, "x-risk-level"),
        analysis.risk_level.to_string()
    );
    assert_eq!(
        header(&response, "x-findings-count"),
        analysis.findings.len().to_string()
    );
    let pdf = body(response).await;
    assert!(pdf.starts_with(b"%PDF-"));

    let text = docs::squeezed(&pdf_text(&pdf));
    assert!(text.contains("Northwind MSA — review"), "{text}");
    assert!(text.contains(&analysis.risk_score.to_string()), "{text}");
    for finding in &analysis.findings {
        for said in [&finding.description, &finding.recommendation] {
            assert!(
                text.contains(&docs::squeezed(said)),
                "{said:?} is not in the report: {text}"
            );
        }
    }
    assert!(
        text.contains("ニューヨーク州法"),
        "the Japanese clause is lost: {text}"
    );
    let pages: usize = pdf_info(&pdf)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("page count");
    assert!(pages >= 2, "{pages}");
    assert!(
        text.contains(&format!("Page 1 of {pages}"))
            && text.contains(&format!("Page {pages} of {pages}")),
        "{text}"
    );

    let fonts = pdf_fonts(&pdf);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(rows.len() >= 2, "{fonts}");
    for row in rows {
        let columns: Vec<&str> = row.split_whitespace().collect();
        let n = columns.len();
        assert_eq!(
            &columns[n - 5..n - 2],
            ["yes", "yes", "yes"],
            "not embedded, subset and with a ToUnicode map: {row}"
        );
    }

    let rendered = rendered_pages(&pdf, 50, "png");
    for (i, page) in rendered.iter().enumerate() {
        let ink = ink(page);
        // The last page holds what is left over, a few lines at times: it has ink, not a
        // page's worth of it.
        let least = if i + 1 == rendered.len() {
            0.001
        } else {
            0.005
        };
        assert!(
            ink > least && ink < 0.5,
            "page {} looks blank or black: {ink}",
            i + 1
        );
    }
}

#[tokio::test]
async fn bad_uploads_are_refused_as_analyze_refuses_them() {
    let server = docs::server().await;
    let key = server.key(Plan::Free, &[Api::Legal]).await;
    let client = server.client(&key);
    let before = server.used(&key, Api::Legal).await;
    let error = expect_error(
        client
            .legal_report()
            .file(part("scan.png", conformance::pii::png_header(10, 10)))
            .send()
            .await,
        415,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let error = expect_error(
        client
            .legal_report()
            .file(part("locked.pdf", docs::encrypted_pdf()))
            .send()
            .await,
        422,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let long = "The fees are due. ".repeat(120_000).into_bytes();
    let error = expect_error(
        client
            .legal_report()
            .file(part("long.txt", long))
            .send()
            .await,
        413,
    );
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    let long_title = client
        .legal_report()
        .file(part("msa.txt", ENGLISH.as_bytes().to_vec()))
        .title("x".repeat(201));
    let error = expect_error(long_title.send().await, 400);
    insta::assert_yaml_snapshot!(error.into_inner(), { ".request_id" => "[id]" });
    assert_eq!(server.used(&key, Api::Legal).await, before);
}
