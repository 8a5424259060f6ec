//! [`Suite`]: the hand-written implementation of the generated `Backend` trait, which gathers
//! the platform and one implementation of each API's generated backend trait (each API crate
//! implements its own, so an operation an API leaves out does not compile).

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
use suite_platform::Platform;
use suite_platform::generated::api::Backend;
use suite_sanctions::Sanctions;
use suite_screenshot::Screenshot;
use suite_validate::Validate;

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
        let ocr = Arc::new(Ocr::start(&config.ocr).map_err(|e| anyhow::anyhow!("[ocr] {e}"))?);
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
    type Docgen = Docgen;
    type Screenshot = Screenshot;
    type Finance = Finance;
    type Sanctions = Sanctions;
    type Legal = Legal;
    type Pii = Pii;
    type Validate = Validate;

    fn platform(&self) -> &Platform {
        &self.platform
    }

    fn docgen(&self) -> &Docgen {
        &self.docgen
    }

    fn screenshot(&self) -> &Screenshot {
        &self.screenshot
    }

    fn finance(&self) -> &Finance {
        &self.finance
    }

    fn sanctions(&self) -> &Sanctions {
        &self.sanctions
    }

    fn legal(&self) -> &Legal {
        &self.legal
    }

    fn pii(&self) -> &Pii {
        &self.pii
    }

    fn validate(&self) -> &Validate {
        &self.validate
    }
}
