//! Fraud scoring of a financial document (`POST /v1/compliance/finance/fraud-check`): the
//! facts read from it go in, a 0–100 risk score with every signal explained comes out.
//!
//! The checks live one per file; this module holds the input (`Facts`), the output
//! (`Signal`, `Assessment`) and the entry points that run them all:
//!
//! - [`assess`]: the checks on the extracted facts (pure, synchronous);
//! - [`pdf_forensics::inspect`]: the PDF's metadata and revisions (pure, bounded, synchronous);
//! - [`pdf_fonts::font_signal`]: fonts of the amounts, through poppler's `pdftohtml` (async);
//! - [`assess_document`]: all of the above for one upload.
//!
//! Signals found elsewhere (the integrator's duplicate-submission lookup) are added with
//! [`Assessment::add_signal`] and [`external_signal`].

pub mod amount_patterns;
pub mod arithmetic;
pub mod country;
pub mod dates;
pub mod fields;
pub mod line_items;
pub mod money;
pub mod ocr_confidence;
pub mod pdf_fonts;
pub mod pdf_forensics;
pub mod pdf_strings;
pub mod scoring;
pub mod tax_rate_check;
pub mod vat_rates;

#[cfg(test)]
mod test_pdf;

use chrono::NaiveDate;
use serde::Serialize;

pub use scoring::{Assessment, RiskLevel, external_signal};

/// The kind of document, as the caller declared it or as it was classified (`DocType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DocKind {
    Receipt,
    Invoice,
    BankStatement,
    ExpenseReport,
}

/// One line item as read from the document. Amounts are in hundredths of the currency unit
/// (cents; ¥1200 is 120000). Unknown values are `None` and the checks that need them skip
/// the line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ItemFacts {
    pub description: String,
    /// The quantity printed on the line (may be fractional: 1.25 kg); `None` when absent.
    pub quantity: Option<f64>,
    /// The price of one unit, in cents.
    pub unit_price: Option<i64>,
    /// The line's amount (BT-131, line net amount on invoices), in cents.
    pub amount: Option<i64>,
}

/// One row of a tax breakdown ("VAT 19 % on 100.00: 19.00"), when the document prints one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TaxBreakdownFacts {
    /// The rate in percent (19.0 for 19 %).
    pub rate_percent: f64,
    /// The taxable amount of that rate (BT-116), in cents; `None` when not printed.
    pub taxable_amount: Option<i64>,
    /// The tax of that rate (BT-117), in cents.
    pub tax_amount: Option<i64>,
}

/// What the field extraction read from a document: the input of every content check.
/// Amounts are in hundredths of the currency unit (cents).
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    pub doc_type: DocKind,
    pub items: Vec<ItemFacts>,
    /// Sum of the line amounts before tax (BT-106 / BT-109), in cents.
    pub subtotal: Option<i64>,
    /// Total tax (BT-110), in cents.
    pub tax: Option<i64>,
    /// The single tax rate printed on the document, in percent (19.0 for 19 %).
    pub tax_rate_percent: Option<f64>,
    /// Per-rate tax rows when the document prints a breakdown (empty otherwise).
    pub tax_breakdown: Vec<TaxBreakdownFacts>,
    /// Total with tax (BT-112), in cents.
    pub total: Option<i64>,
    /// ISO 4217 code (`EUR`), when known.
    pub currency: Option<String>,
    /// ISO 3166 alpha-2 country (`DE`), when known (from the language, the currency, a VAT
    /// number prefix); the tax-rate check needs it.
    pub country: Option<String>,
    /// The document date, when it was read and is a real date.
    pub date: Option<NaiveDate>,
    /// A date-like string that is not a real date (`31/02/2024`), when one was read.
    pub date_text_invalid: Option<String>,
    /// Whether a vendor (issuer, merchant, bank) was read.
    pub vendor_present: bool,
    /// OCR confidences of the words of the amounts read, 0–1 or 0–100 (Tesseract's scale;
    /// a list with any value above 1 is read as percent). Empty for a text layer.
    pub amount_confidences: Vec<f32>,
}

impl Facts {
    /// Facts of a document of `doc_type` with nothing read yet (tests and adapters start here).
    pub fn empty(doc_type: DocKind) -> Self {
        Facts {
            doc_type,
            items: Vec::new(),
            subtotal: None,
            tax: None,
            tax_rate_percent: None,
            tax_breakdown: Vec::new(),
            total: None,
            currency: None,
            country: None,
            date: None,
            date_text_invalid: None,
            vendor_present: false,
            amount_confidences: Vec::new(),
        }
    }
}

/// A kind of fraud indicator: `FraudSignalType` of the contract plus `duplicate_submission`
/// (found by the integrator in the database, added with [`Assessment::add_signal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SignalKind {
    ArithmeticMismatch,
    TaxMismatch,
    RoundAmounts,
    FutureDate,
    InvalidDate,
    DuplicateLineItems,
    MissingRequiredFields,
    PdfEditedAfterCreation,
    PdfIncrementalUpdate,
    FontInconsistency,
    LowOcrConfidence,
    DuplicateSubmission,
}

impl SignalKind {
    /// The contract's name of the kind (`arithmetic_mismatch`).
    pub fn as_str(self) -> &'static str {
        match self {
            SignalKind::ArithmeticMismatch => "arithmetic_mismatch",
            SignalKind::TaxMismatch => "tax_mismatch",
            SignalKind::RoundAmounts => "round_amounts",
            SignalKind::FutureDate => "future_date",
            SignalKind::InvalidDate => "invalid_date",
            SignalKind::DuplicateLineItems => "duplicate_line_items",
            SignalKind::MissingRequiredFields => "missing_required_fields",
            SignalKind::PdfEditedAfterCreation => "pdf_edited_after_creation",
            SignalKind::PdfIncrementalUpdate => "pdf_incremental_update",
            SignalKind::FontInconsistency => "font_inconsistency",
            SignalKind::LowOcrConfidence => "low_ocr_confidence",
            SignalKind::DuplicateSubmission => "duplicate_submission",
        }
    }
}

/// One fraud indicator: `FraudSignal` of the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Signal {
    #[serde(rename = "signal")]
    pub kind: SignalKind,
    /// Points this signal adds to the risk score (the contract's `weight`, a number).
    pub weight: u32,
    /// What was found, with the figures involved (one or more sentences).
    pub detail: String,
}

/// The checks on the extracted facts, scored. `today` is the server's (injectable) clock's
/// date, in UTC.
pub fn assess(facts: &Facts, today: NaiveDate) -> Assessment {
    Assessment::from_signals(content_signals(facts, today))
}

/// Every content check's signal, unscored.
pub fn content_signals(facts: &Facts, today: NaiveDate) -> Vec<Signal> {
    let mut signals = Vec::new();
    signals.extend(arithmetic::arithmetic_signal(facts));
    signals.extend(tax_rate_check::tax_rate_signal(facts));
    signals.extend(dates::date_signals(facts, today));
    signals.extend(amount_patterns::round_amounts_signal(facts));
    signals.extend(line_items::duplicate_line_items_signal(facts));
    signals.extend(fields::missing_fields_signal(facts));
    signals.extend(ocr_confidence::low_confidence_signal(facts));
    signals
}

/// Everything for one upload: the content checks, and for a PDF its metadata, revisions and
/// fonts. A PDF that poppler cannot read only loses the font check (the other checks have
/// already run on whatever the extraction read).
pub async fn assess_document(facts: &Facts, today: NaiveDate, pdf: Option<&[u8]>) -> Assessment {
    let mut signals = content_signals(facts, today);
    if let Some(pdf) = pdf {
        signals.extend(pdf_forensics::inspect(pdf).signals());
        if let Ok(Some(font_signal)) = pdf_fonts::font_signal(pdf).await {
            signals.push(font_signal);
        }
    }
    Assessment::from_signals(signals)
}

#[cfg(test)]
mod tests;
