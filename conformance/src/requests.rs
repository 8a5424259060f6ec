//! The smallest valid request of every operation of the contract, for tests that must get
//! past input validation (that every operation is served, that bounds are enforced).

use serde_json::{Value, json};
use suite_platform::generated::api::Operation;

/// A one-pixel PNG: enough for a form's file part (the engines sniff it, the pipeline does not).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];
const CONTRACT: &str = "The Supplier shall be liable for direct damages only.";

pub enum Input {
    None,
    Json(Value),
    /// File parts (name, bytes, media type) and text parts (name, value).
    Form(
        Vec<(&'static str, &'static [u8], &'static str)>,
        Vec<(&'static str, &'static str)>,
    ),
}

fn file(name: &'static str) -> (&'static str, &'static [u8], &'static str) {
    (name, PNG, "image/png")
}

fn text_file(name: &'static str) -> (&'static str, &'static [u8], &'static str) {
    (name, CONTRACT.as_bytes(), "text/plain")
}

/// The smallest valid request of `op`; a new operation is a compile error here until it has one.
pub fn valid_input(op: Operation) -> Input {
    use Operation as O;
    let url = || json!({ "url": "https://example.com/" });
    match op {
        O::DocgenConvert => Input::Form(vec![text_file("file")], vec![("output_format", "pdf")]),
        O::DocgenCreateTemplate => Input::Form(vec![text_file("file")], vec![("name", "invoice")]),
        O::DocgenGenerate => {
            Input::Json(json!({ "template_id": "invoice", "output_format": "pdf" }))
        }
        O::DocgenDeleteTemplate
        | O::DocgenDownload
        | O::DocgenListTemplates
        | O::PiiDownload
        | O::ScreenshotDownload => Input::None,
        O::FinanceAudit | O::FinanceFraudCheck | O::FinanceParse => {
            Input::Form(vec![file("file")], vec![])
        }
        O::LegalAnalyze | O::LegalReport => Input::Form(vec![text_file("file")], vec![]),
        O::LegalCompare => Input::Form(vec![text_file("original"), text_file("revised")], vec![]),
        O::PiiDetect | O::PiiRedact => Input::Form(vec![file("file")], vec![]),
        O::PiiBatch => Input::Form(vec![file("files")], vec![]),
        O::ScreenshotCapture | O::ScreenshotPdf => Input::Json(url()),
        O::ScreenshotBatch => Input::Json(json!({ "items": [url()] })),
        O::SanctionsScreen => Input::Json(json!({ "name": "John Smith" })),
        O::SanctionsDeepAnalysis => Input::Json(json!({ "name": "John Smith" })),
        O::SanctionsBatch => Input::Json(json!({ "entities": [{ "name": "John Smith" }] })),
        O::ValidateCreditcard => Input::Json(json!({ "number": "4111111111111111" })),
        O::ValidateCrypto => {
            Input::Json(json!({ "address": "1BoatSLRHtKNngkdXEeobR76b53LETtpyT" }))
        }
        O::ValidateDate => Input::Json(json!({ "date": "2024-02-29" })),
        O::ValidateEmail => Input::Json(json!({ "email": "someone@example.invalid" })),
        O::ValidateIban => Input::Json(json!({ "iban": "DE89370400440532013000" })),
        O::ValidatePassword => Input::Json(json!({ "password": "correct horse" })),
        O::ValidatePhone => Input::Json(json!({ "number": "+14155550123" })),
        O::ValidatePostalcode => Input::Json(json!({ "postal_code": "10115", "country": "DE" })),
        O::ValidateVat => Input::Json(json!({ "vat_number": "DE136695976" })),
    }
}
