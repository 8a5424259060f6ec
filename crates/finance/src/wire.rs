//! Between the wire and the engines: the form's language as the engines' code and OCR data,
//! and the engines' results as the contract's types (amounts from exact hundredths to the
//! wire's numbers, dates to `YYYY-MM-DD`, enums matched one by one, so a new kind on either
//! side is a compile error here, not a silent gap).

use chrono::NaiveDate;

use super::audit::{self, Anomaly, AnomalyKind, Audit, Statement};
use super::fraud::{self, Assessment, DocKind, Facts, ItemFacts, SignalKind};
use super::parse::{self, Field, Parsed};
use suite_engines::ocr::languages;
use suite_engines::words::Word;
use suite_platform::generated::types::{self, FinanceLanguage};

/// The ISO 639-1 code of `language` (`en` when the form names none).
pub fn language_code(language: Option<FinanceLanguage>) -> &'static str {
    match language.unwrap_or(FinanceLanguage::En) {
        FinanceLanguage::En => "en",
        FinanceLanguage::Es => "es",
        FinanceLanguage::Fr => "fr",
        FinanceLanguage::De => "de",
        FinanceLanguage::It => "it",
        FinanceLanguage::Pt => "pt",
        FinanceLanguage::Nl => "nl",
        FinanceLanguage::Pl => "pl",
        FinanceLanguage::Zh => "zh",
        FinanceLanguage::Ja => "ja",
        FinanceLanguage::Ko => "ko",
        FinanceLanguage::Ar => "ar",
    }
}

/// Tesseract language codes for scans in `language`, its own data first.
pub fn tesseract_codes(language: Option<FinanceLanguage>) -> &'static [&'static str] {
    languages::tesseract_codes_or_english(language_code(language))
}

/// Hundredths as the wire's number.
fn money(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A date as the contract's pattern-checked string type.
fn date<T: TryFrom<String>>(date: NaiveDate) -> Option<T> {
    T::try_from(date.format("%Y-%m-%d").to_string()).ok()
}

fn rounded(confidence: f32) -> f64 {
    (f64::from(confidence.clamp(0.0, 1.0)) * 1000.0).round() / 1000.0
}

fn severity(s: audit::Severity) -> types::Severity {
    match s {
        audit::Severity::Low => types::Severity::Low,
        audit::Severity::Medium => types::Severity::Medium,
        audit::Severity::High => types::Severity::High,
        audit::Severity::Critical => types::Severity::Critical,
    }
}

fn anomaly_kind(kind: AnomalyKind) -> types::AnomalyKind {
    match kind {
        AnomalyKind::BalanceMismatch => types::AnomalyKind::BalanceMismatch,
        AnomalyKind::BalanceUnverifiable => types::AnomalyKind::BalanceUnverifiable,
        AnomalyKind::RunningBalanceError => types::AnomalyKind::RunningBalanceError,
        AnomalyKind::DuplicateTransaction => types::AnomalyKind::DuplicateTransaction,
        AnomalyKind::DateOutOfOrder => types::AnomalyKind::DateOutOfOrder,
        AnomalyKind::DateOutsidePeriod => types::AnomalyKind::DateOutsidePeriod,
        AnomalyKind::LargeTransaction => types::AnomalyKind::LargeTransaction,
        AnomalyKind::RoundAmount => types::AnomalyKind::RoundAmount,
        AnomalyKind::JustBelowThreshold => types::AnomalyKind::JustBelowThreshold,
        AnomalyKind::WeekendPosting => types::AnomalyKind::WeekendPosting,
        AnomalyKind::HolidayPosting => types::AnomalyKind::HolidayPosting,
        AnomalyKind::BenfordDeviation => types::AnomalyKind::BenfordDeviation,
    }
}

fn anomaly(a: &Anomaly) -> types::AuditAnomaly {
    types::AuditAnomaly {
        kind: anomaly_kind(a.kind),
        severity: severity(a.severity),
        description: a.description.clone(),
        transaction_index: a.transaction_index().map(|i| i as u64),
        transaction_indices: a.transactions.iter().map(|&i| i as u64).collect(),
        amount: a.amount.map(money),
    }
}

/// The answer of `audit`.
pub fn audit(statement: &Statement, audited: &Audit) -> types::AuditResult {
    let s = &audited.summary;
    types::AuditResult {
        account_summary: types::AccountSummary {
            currency: s.currency.clone(),
            opening_balance: s.opening_balance.map(money),
            closing_balance: s.closing_balance.map(money),
            total_credits: money(s.total_credits),
            total_debits: money(s.total_debits),
            transaction_count: s.transaction_count as u64,
            period_start: s.period_start.and_then(date),
            period_end: s.period_end.and_then(date),
        },
        transactions: statement
            .transactions
            .iter()
            .map(|t| types::StatementTransaction {
                index: t.index as u64,
                date: t.date.and_then(date),
                description: t.description.clone(),
                amount: money(t.amount),
                balance: t.balance.map(money),
            })
            .collect(),
        anomalies: audited.anomalies.iter().map(anomaly).collect(),
        balance_check_passed: audited.balance_check_passed,
        benford: audited.benford.as_ref().map(|b| types::BenfordTest {
            sample_size: b.sample_size as u64,
            mad: b.mad,
            conformity: match b.verdict {
                audit::BenfordVerdict::Close => types::BenfordTestConformity::Close,
                audit::BenfordVerdict::Acceptable => types::BenfordTestConformity::Acceptable,
                audit::BenfordVerdict::Marginal => types::BenfordTestConformity::Marginal,
                audit::BenfordVerdict::Nonconformity => types::BenfordTestConformity::Nonconforming,
            },
        }),
    }
}

/// The form's document type as the field rules take it: statements and expense reports are
/// read like invoices.
pub fn doc_type_in(doc_type: types::DocType) -> parse::DocType {
    match doc_type {
        types::DocType::Receipt => parse::DocType::Receipt,
        types::DocType::Invoice | types::DocType::BankStatement | types::DocType::ExpenseReport => {
            parse::DocType::Invoice
        }
    }
}

fn doc_type_out(doc_type: parse::DocType) -> types::DocType {
    match doc_type {
        parse::DocType::Receipt => types::DocType::Receipt,
        parse::DocType::Invoice => types::DocType::Invoice,
    }
}

fn language_out(code: &str) -> Option<types::FinanceLanguage> {
    serde_json::from_value(serde_json::Value::String(code.to_owned())).ok()
}

fn source<T>(field: &Option<Field<T>>) -> Option<types::FieldSource> {
    field.as_ref().map(|f| types::FieldSource {
        confidence: rounded(f.confidence),
        line: f.line.clone(),
        page: std::num::NonZeroU64::new(f.page as u64).unwrap_or(std::num::NonZeroU64::MIN),
    })
}

/// The key fields `parsed` lacks, in the contract's order.
fn missing(parsed: &Parsed) -> Vec<types::ParsedField> {
    [
        (types::ParsedField::Vendor, parsed.vendor.is_some()),
        (types::ParsedField::Date, parsed.date.is_some()),
        (types::ParsedField::Total, parsed.total.is_some()),
        (types::ParsedField::Currency, parsed.currency.is_some()),
        (types::ParsedField::Tax, parsed.tax.is_some()),
        (types::ParsedField::LineItems, !parsed.line_items.is_empty()),
    ]
    .into_iter()
    .filter(|(_, read)| !read)
    .map(|(field, _)| field)
    .collect()
}

/// The answer of `parse`; `declared` is the form's document type, answered as given.
pub fn document(parsed: &Parsed, declared: Option<types::DocType>) -> types::ParsedDocument {
    let confidences: Vec<f32> = [
        parsed.vendor.as_ref().map(|f| f.confidence),
        parsed.date.as_ref().map(|f| f.confidence),
        parsed.total.as_ref().map(|f| f.confidence),
        parsed.tax.as_ref().map(|f| f.confidence),
        parsed.currency.as_ref().map(|f| f.confidence),
    ]
    .into_iter()
    .flatten()
    .chain(parsed.line_items.iter().map(|i| i.confidence))
    .collect();
    let confidence = (!confidences.is_empty())
        .then(|| confidences.iter().sum::<f32>() / confidences.len() as f32);
    types::ParsedDocument {
        missing: missing(parsed),
        vendor: parsed.vendor.as_ref().map(|f| f.value.clone()),
        date: parsed.date.as_ref().and_then(|f| date(f.value)),
        total: parsed.total.as_ref().map(|f| money(f.value)),
        subtotal: parsed.subtotal.as_ref().map(|f| money(f.value)),
        tax: parsed.tax.as_ref().map(|f| money(f.value)),
        tax_rate: parsed.tax_rate.as_ref().map(|f| f.value),
        currency: parsed.currency.as_ref().map(|f| f.value.clone()),
        line_items: parsed
            .line_items
            .iter()
            .map(|item| types::LineItem {
                description: item.description.clone(),
                quantity: item.quantity,
                unit_price: money(item.unit_price),
                amount: item.amount.map(money),
                consistent: Some(item.consistent),
                confidence: Some(rounded(item.confidence)),
                line: Some(item.line.clone()),
            })
            .collect(),
        doc_type: Some(declared.unwrap_or_else(|| doc_type_out(parsed.doc_type))),
        language: language_out(&parsed.language),
        confidence: confidence.map(rounded),
        fields: Some(types::FieldSources {
            vendor: source(&parsed.vendor),
            date: source(&parsed.date),
            total: source(&parsed.total),
            subtotal: source(&parsed.subtotal),
            tax: source(&parsed.tax),
            tax_rate: source(&parsed.tax_rate),
            currency: source(&parsed.currency),
        }),
    }
}

/// What the fraud checks read of a parsed document: its fields, and the OCR confidence of
/// every amount-looking word on its pages.
pub fn facts(parsed: &Parsed, declared: Option<types::DocType>, pages: &[Vec<Word>]) -> Facts {
    let doc_type = match declared {
        Some(types::DocType::Receipt) => DocKind::Receipt,
        Some(types::DocType::Invoice) => DocKind::Invoice,
        Some(types::DocType::BankStatement) => DocKind::BankStatement,
        Some(types::DocType::ExpenseReport) => DocKind::ExpenseReport,
        None => match parsed.doc_type {
            parse::DocType::Receipt => DocKind::Receipt,
            parse::DocType::Invoice => DocKind::Invoice,
        },
    };
    let currency = parsed.currency.as_ref().map(|f| f.value.clone());
    Facts {
        items: parsed
            .line_items
            .iter()
            .map(|item| ItemFacts {
                description: item.description.clone(),
                quantity: Some(item.quantity),
                unit_price: Some(item.unit_price),
                amount: item.amount,
            })
            .collect(),
        subtotal: parsed.subtotal.as_ref().map(|f| f.value),
        tax: parsed.tax.as_ref().map(|f| f.value),
        tax_rate_percent: parsed.tax_rate.as_ref().map(|f| f.value),
        total: parsed.total.as_ref().map(|f| f.value),
        // The country the document names (its VAT number, its address), else the one its
        // currency and language suggest.
        country: parsed
            .country
            .clone()
            .or_else(|| fraud::country::of(currency.as_deref(), &parsed.language)),
        currency,
        date: parsed.date.as_ref().map(|f| f.value),
        date_text_invalid: parsed.impossible_date.as_ref().map(|f| f.value.clone()),
        vendor_present: parsed.vendor.is_some(),
        amount_confidences: pages
            .iter()
            .flatten()
            .filter(|w| fraud::pdf_fonts::amount_token(&w.text).is_some())
            .map(|w| w.confidence)
            .collect(),
        ..Facts::empty(doc_type)
    }
}

fn signal_type(kind: SignalKind) -> types::FraudSignalType {
    match kind {
        SignalKind::ArithmeticMismatch => types::FraudSignalType::ArithmeticMismatch,
        SignalKind::TaxMismatch => types::FraudSignalType::TaxMismatch,
        SignalKind::RoundAmounts => types::FraudSignalType::RoundAmounts,
        SignalKind::FutureDate => types::FraudSignalType::FutureDate,
        SignalKind::InvalidDate => types::FraudSignalType::InvalidDate,
        SignalKind::DuplicateLineItems => types::FraudSignalType::DuplicateLineItems,
        SignalKind::MissingRequiredFields => types::FraudSignalType::MissingRequiredFields,
        SignalKind::PdfEditedAfterCreation => types::FraudSignalType::PdfEditedAfterCreation,
        SignalKind::PdfIncrementalUpdate => types::FraudSignalType::PdfIncrementalUpdate,
        SignalKind::FontInconsistency => types::FraudSignalType::FontInconsistency,
        SignalKind::LowOcrConfidence => types::FraudSignalType::LowOcrConfidence,
        SignalKind::DuplicateSubmission => types::FraudSignalType::DuplicateSubmission,
    }
}

/// The answer of `fraud-check`.
pub fn fraud(
    assessment: &Assessment,
    parsed: &Parsed,
    declared: Option<types::DocType>,
) -> types::FraudCheckResult {
    let document = document(parsed, declared);
    types::FraudCheckResult {
        risk_score: i64::from(assessment.risk_score),
        risk_level: match assessment.risk_level {
            fraud::RiskLevel::Low => types::RiskLevel::Low,
            fraud::RiskLevel::Medium => types::RiskLevel::Medium,
            fraud::RiskLevel::High => types::RiskLevel::High,
            fraud::RiskLevel::Critical => types::RiskLevel::Critical,
        },
        signals: assessment
            .signals
            .iter()
            .map(|s| types::FraudSignal {
                signal: signal_type(s.kind),
                weight: f64::from(s.weight),
                detail: s.detail.clone(),
            })
            .collect(),
        doc_type: document.doc_type,
        document: Some(document),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_ocr_data() {
        let all = [
            FinanceLanguage::En,
            FinanceLanguage::Es,
            FinanceLanguage::Fr,
            FinanceLanguage::De,
            FinanceLanguage::It,
            FinanceLanguage::Pt,
            FinanceLanguage::Nl,
            FinanceLanguage::Pl,
            FinanceLanguage::Zh,
            FinanceLanguage::Ja,
            FinanceLanguage::Ko,
            FinanceLanguage::Ar,
        ];
        for language in &all[1..] {
            assert_ne!(tesseract_codes(Some(*language))[0], "eng", "{language:?}");
        }
        assert_eq!(tesseract_codes(None), ["eng"]);
        assert_eq!(tesseract_codes(Some(FinanceLanguage::Ja)), ["jpn", "eng"]);
    }
}
