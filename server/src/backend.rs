//! [`Suite`]: the hand-written implementation of the generated `Backend` trait. Each method
//! hands an already admitted call to the API crate that serves it. Every operation of the
//! contract is implemented (`IMPLEMENTED`); the trait's default, 501 `not_implemented`, only
//! answers an operation added to the contract before its API implements it.

use std::sync::Arc;

use crate::config::Config;
use crate::portal::Portal;
use suite_docgen::Docgen;
use suite_engines::browser::Chromium;
use suite_engines::browser::allow::AllowList;
use suite_engines::ocr::Ocr;
use suite_engines::office::Office;
use suite_engines::pages;
use suite_finance::Finance;
use suite_legal::Legal;
use suite_pii::Pii;
use suite_platform::generated::api::{
    Backend, DocgenConvertForm, DocgenCreateTemplateForm, DocgenListTemplatesQuery,
    FinanceAuditForm, FinanceFraudCheckForm, FinanceParseForm, LegalAnalyzeForm, LegalCompareForm,
    LegalReportForm, Operation, PiiBatchForm, PiiDetectForm, PiiRedactForm,
};
use suite_platform::generated::types;
use suite_platform::{ApiError, Caller, FileBody, Platform};
use suite_sanctions::Sanctions;
use suite_screenshot::Screenshot;
use suite_validate::Validate;

/// The operations this backend implements (all of the contract's; an operation left out would
/// answer 501 `not_implemented`); `suite operations` prints the list.
pub const IMPLEMENTED: &[Operation] = &[
    Operation::DocgenConvert,
    Operation::DocgenCreateTemplate,
    Operation::DocgenDeleteTemplate,
    Operation::DocgenDownload,
    Operation::DocgenGenerate,
    Operation::DocgenListTemplates,
    Operation::FinanceAudit,
    Operation::FinanceFraudCheck,
    Operation::FinanceParse,
    Operation::LegalAnalyze,
    Operation::LegalCompare,
    Operation::LegalReport,
    Operation::PiiBatch,
    Operation::PiiDetect,
    Operation::PiiDownload,
    Operation::PiiRedact,
    Operation::SanctionsBatch,
    Operation::SanctionsDeepAnalysis,
    Operation::SanctionsScreen,
    Operation::ScreenshotBatch,
    Operation::ScreenshotCapture,
    Operation::ScreenshotDownload,
    Operation::ScreenshotPdf,
    Operation::ValidateCreditcard,
    Operation::ValidateIban,
    Operation::ValidatePostalcode,
    Operation::ValidateVat,
    Operation::ValidateEmail,
    Operation::ValidatePhone,
    Operation::ValidateCrypto,
    Operation::ValidateDate,
    Operation::ValidatePassword,
];

/// The suite's backend: the platform plus every API's engines.
pub struct Suite {
    pub platform: Platform,
    /// The sanctions lists in force and the screening engine.
    pub sanctions: Sanctions,
    /// The data validation API.
    pub validate: Validate,
    /// The screenshot API, on the shared Chromium pool.
    pub screenshot: Screenshot,
    /// The document generation API, on the Chromium pool and the LibreOffice workers.
    pub docgen: Docgen,
    /// The PII API, on the shared OCR workers and poppler.
    pub pii: Pii,
    /// The finance API, on the same OCR workers and poppler.
    pub finance: Finance,
    /// The contract review API, on the same OCR workers and poppler.
    pub legal: Legal,
    /// The customer portal's pages, mail and settings.
    pub portal: Portal,
}

impl Suite {
    /// Builds the backend: loads the sanctions lists of the configured directory and starts
    /// the shared engines (the browser itself launches with its first job).
    pub async fn new(platform: Platform, config: &Config) -> anyhow::Result<Suite> {
        let validate = Validate::start(&config.validate)?;
        let chromium = Arc::new(Chromium::start(&config.browser).await?);
        let allow = AllowList::parse(&config.browser.allow_internal)
            .map_err(|e| anyhow::anyhow!("[browser] allow_internal: {e}"))?;
        let screenshot = Screenshot::start(chromium.clone(), allow);
        let office = Arc::new(Office::start(
            &config.office,
            suite_engines::office::worker_program(),
        ));
        let docgen = Docgen::start(
            &config.docgen,
            chromium,
            office,
            platform.limits().pdf_pages as usize,
        );
        let limits = platform.limits();
        let page_limits = pages::Limits {
            max_pages: limits.pdf_pages as usize,
            max_pixels: u64::from(limits.image_megapixels) * 1_000_000,
        };
        let ocr = Arc::new(Ocr::start(&config.ocr));
        let pii = Pii::start(ocr.clone(), page_limits);
        let finance = Finance::start(ocr.clone(), page_limits);
        let legal = Legal::start(ocr, page_limits);
        let sanctions = Sanctions::start(
            &config.sanctions,
            &platform.config().data_dir,
            platform.log(),
        );
        let portal = Portal::start(&config.portal, platform.log())?;
        Ok(Suite {
            platform,
            portal,
            sanctions,
            validate,
            screenshot,
            docgen,
            pii,
            finance,
            legal,
        })
    }
}

impl Backend for Suite {
    fn platform(&self) -> &Platform {
        &self.platform
    }

    async fn docgen_download(&self, caller: &Caller, id: String) -> Result<FileBody, ApiError> {
        self.platform.download(caller, &id).await
    }

    async fn docgen_generate_precheck(
        &self,
        caller: &Caller,
        body: &types::GenerateRequest,
    ) -> Result<(), ApiError> {
        self.docgen
            .check_generate(&self.platform, caller, body)
            .await
    }

    async fn docgen_generate(
        &self,
        caller: &Caller,
        body: types::GenerateRequest,
    ) -> Result<types::GeneratedDocument, ApiError> {
        self.docgen.generate(&self.platform, caller, body).await
    }

    async fn docgen_convert(
        &self,
        caller: &Caller,
        form: DocgenConvertForm,
    ) -> Result<types::GeneratedDocument, ApiError> {
        self.docgen.convert(&self.platform, caller, form).await
    }

    async fn docgen_create_template(
        &self,
        caller: &Caller,
        form: DocgenCreateTemplateForm,
    ) -> Result<types::Template, ApiError> {
        self.docgen
            .create_template(&self.platform, caller, form)
            .await
    }

    async fn docgen_list_templates(
        &self,
        caller: &Caller,
        query: DocgenListTemplatesQuery,
    ) -> Result<types::TemplateList, ApiError> {
        self.docgen
            .list_templates(&self.platform, caller, query)
            .await
    }

    async fn docgen_delete_template(&self, caller: &Caller, id: String) -> Result<(), ApiError> {
        self.docgen
            .delete_template(&self.platform, caller, &id)
            .await
    }

    async fn screenshot_capture_precheck(
        &self,
        _caller: &Caller,
        body: &types::ScreenshotRequest,
    ) -> Result<(), ApiError> {
        self.screenshot
            .check_capture(&self.platform, body, "")
            .await
    }

    async fn screenshot_capture(
        &self,
        caller: &Caller,
        body: types::ScreenshotRequest,
    ) -> Result<types::Screenshot, ApiError> {
        self.screenshot.capture(&self.platform, caller, &body).await
    }

    async fn screenshot_pdf_precheck(
        &self,
        _caller: &Caller,
        body: &types::PdfRequest,
    ) -> Result<(), ApiError> {
        self.screenshot.check_pdf(body).await
    }

    async fn screenshot_pdf(
        &self,
        caller: &Caller,
        body: types::PdfRequest,
    ) -> Result<types::GeneratedPdf, ApiError> {
        self.screenshot.pdf(&self.platform, caller, &body).await
    }

    async fn screenshot_batch_precheck(
        &self,
        _caller: &Caller,
        body: &types::ScreenshotBatchRequest,
    ) -> Result<(), ApiError> {
        self.screenshot.check_batch(&self.platform, body).await
    }

    async fn screenshot_batch(
        &self,
        caller: &Caller,
        body: types::ScreenshotBatchRequest,
    ) -> Result<types::ScreenshotBatchResult, ApiError> {
        self.screenshot.batch(&self.platform, caller, &body).await
    }

    async fn screenshot_download(&self, caller: &Caller, id: String) -> Result<FileBody, ApiError> {
        self.platform.download(caller, &id).await
    }

    async fn finance_parse_precheck(
        &self,
        _caller: &Caller,
        form: &FinanceParseForm,
    ) -> Result<(), ApiError> {
        self.finance.check_parse(form).await
    }

    async fn finance_parse(
        &self,
        _caller: &Caller,
        form: FinanceParseForm,
    ) -> Result<types::ParsedDocument, ApiError> {
        self.finance.parse(&self.platform, form).await
    }

    async fn finance_audit_precheck(
        &self,
        _caller: &Caller,
        form: &FinanceAuditForm,
    ) -> Result<(), ApiError> {
        self.finance.check_audit(form).await
    }

    async fn finance_audit(
        &self,
        _caller: &Caller,
        form: FinanceAuditForm,
    ) -> Result<types::AuditResult, ApiError> {
        self.finance.audit(form).await
    }

    async fn finance_fraud_check_precheck(
        &self,
        _caller: &Caller,
        form: &FinanceFraudCheckForm,
    ) -> Result<(), ApiError> {
        self.finance.check_fraud_check(form).await
    }

    async fn finance_fraud_check(
        &self,
        caller: &Caller,
        form: FinanceFraudCheckForm,
    ) -> Result<types::FraudCheckResult, ApiError> {
        self.finance.fraud_check(&self.platform, caller, form).await
    }

    async fn legal_analyze_precheck(
        &self,
        _caller: &Caller,
        form: &LegalAnalyzeForm,
    ) -> Result<(), ApiError> {
        self.legal.check_analyze(form).await
    }

    async fn legal_analyze(
        &self,
        _caller: &Caller,
        form: LegalAnalyzeForm,
    ) -> Result<types::AnalysisResult, ApiError> {
        self.legal.analyze(form).await
    }

    async fn legal_compare_precheck(
        &self,
        _caller: &Caller,
        form: &LegalCompareForm,
    ) -> Result<(), ApiError> {
        self.legal.check_compare(form).await
    }

    async fn legal_compare(
        &self,
        _caller: &Caller,
        form: LegalCompareForm,
    ) -> Result<types::ComparisonResult, ApiError> {
        self.legal.compare(form).await
    }

    async fn legal_report_precheck(
        &self,
        _caller: &Caller,
        form: &LegalReportForm,
    ) -> Result<(), ApiError> {
        self.legal.check_report(form).await
    }

    async fn legal_report(
        &self,
        _caller: &Caller,
        form: LegalReportForm,
    ) -> Result<FileBody, ApiError> {
        self.legal.report(&self.platform, form).await
    }

    async fn pii_detect_precheck(
        &self,
        _caller: &Caller,
        form: &PiiDetectForm,
    ) -> Result<(), ApiError> {
        self.pii.check_detect(form).await
    }

    async fn pii_detect(
        &self,
        _caller: &Caller,
        form: PiiDetectForm,
    ) -> Result<types::DetectionResult, ApiError> {
        self.pii.detect(form).await
    }

    async fn pii_redact_precheck(
        &self,
        _caller: &Caller,
        form: &PiiRedactForm,
    ) -> Result<(), ApiError> {
        self.pii.check_redact(form).await
    }

    async fn pii_redact(
        &self,
        _caller: &Caller,
        form: PiiRedactForm,
    ) -> Result<FileBody, ApiError> {
        self.pii.redact(form).await
    }

    async fn pii_batch_precheck(
        &self,
        _caller: &Caller,
        form: &PiiBatchForm,
    ) -> Result<(), ApiError> {
        self.pii.check_batch(form).await
    }

    async fn pii_batch(
        &self,
        caller: &Caller,
        form: PiiBatchForm,
    ) -> Result<types::PiiBatchResult, ApiError> {
        self.pii.batch(&self.platform, caller, form).await
    }

    async fn pii_download(&self, caller: &Caller, id: String) -> Result<FileBody, ApiError> {
        self.platform.download(caller, &id).await
    }

    async fn validate_creditcard(
        &self,
        _caller: &Caller,
        body: types::CreditCardValidateRequest,
    ) -> Result<types::CreditCardValidationResult, ApiError> {
        self.validate.creditcard(&body)
    }

    async fn validate_iban(
        &self,
        _caller: &Caller,
        body: types::IbanValidateRequest,
    ) -> Result<types::IbanValidationResult, ApiError> {
        self.validate.iban(&body)
    }

    async fn validate_vat(
        &self,
        _caller: &Caller,
        body: types::VatValidateRequest,
    ) -> Result<types::VatValidationResult, ApiError> {
        self.validate.vat(&body)
    }

    async fn validate_postalcode(
        &self,
        _caller: &Caller,
        body: types::PostalCodeValidateRequest,
    ) -> Result<types::PostalCodeValidationResult, ApiError> {
        self.validate.postalcode(&body)
    }

    async fn validate_phone(
        &self,
        _caller: &Caller,
        body: types::PhoneValidateRequest,
    ) -> Result<types::PhoneValidationResult, ApiError> {
        self.validate.phone(&body)
    }

    async fn validate_email(
        &self,
        _caller: &Caller,
        body: types::EmailValidateRequest,
    ) -> Result<types::EmailValidationResult, ApiError> {
        self.validate.email(&body).await
    }

    async fn validate_password(
        &self,
        _caller: &Caller,
        body: types::PasswordAnalyzeRequest,
    ) -> Result<types::PasswordAnalysisResult, ApiError> {
        self.validate.password(&body)
    }

    async fn validate_crypto(
        &self,
        _caller: &Caller,
        body: types::CryptoValidateRequest,
    ) -> Result<types::CryptoValidationResult, ApiError> {
        self.validate.crypto(&body)
    }

    async fn validate_date(
        &self,
        _caller: &Caller,
        body: types::DateConvertRequest,
    ) -> Result<types::DateConversionResult, ApiError> {
        self.validate.date(&body)
    }

    async fn sanctions_screen(
        &self,
        _caller: &Caller,
        body: types::ScreenRequest,
    ) -> Result<types::ScreenResult, ApiError> {
        self.sanctions.screen(&body, self.platform.now())
    }

    async fn sanctions_deep_analysis(
        &self,
        _caller: &Caller,
        body: types::DeepAnalysisRequest,
    ) -> Result<types::DeepAnalysisResult, ApiError> {
        self.sanctions.deep_analysis(&body, self.platform.now())
    }

    async fn sanctions_batch(
        &self,
        _caller: &Caller,
        body: types::SanctionsBatchRequest,
    ) -> Result<types::SanctionsBatchResult, ApiError> {
        self.sanctions.batch(body, self.platform.now()).await
    }
}
