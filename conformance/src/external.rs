//! External mode: the suite run against a deployment someone else started
//! (`cargo xtask conformance --base-url URL`). Keys come from the deployment's admin API, each
//! named after its run and its test so the run can revoke exactly what it made; a test that
//! needs what only the in-process server gives is skipped with the reason.

use std::collections::BTreeMap;

use anyhow::{Context, Result, bail};
use suite_platform::{Api, Plan};

use crate::TestKey;

/// The deployment's base URL; setting it switches the harness to external mode.
pub const BASE_URL_VAR: &str = "SUITE_CONFORMANCE_BASE_URL";
/// The deployment's operator token (the admin API's bearer token): from the environment only.
pub const TOKEN_VAR: &str = "SUITE_OPERATOR_TOKEN";
/// The run's identifier, part of every key name, so `harness revoke-run` finds them.
pub const RUN_VAR: &str = "SUITE_CONFORMANCE_RUN";

/// What a test panics with when it needs the in-process server in external mode;
/// `cargo xtask conformance` reports such a test as skipped, with the rest of the line as
/// its reason.
pub const SKIP_MARKER: &str = "conformance-skip:";

/// The prefix of the names of the keys a run makes.
pub fn key_name_prefix(run: &str) -> String {
    format!("conformance run {run}: ")
}

/// Whether the suite runs against an external deployment.
pub fn is_external() -> bool {
    std::env::var_os(BASE_URL_VAR).is_some()
}

/// Stops the calling test in external mode with `why` (what it needs of the in-process
/// server); does nothing in process.
pub fn in_process_only(why: &str) {
    if is_external() {
        panic!("{SKIP_MARKER} needs {why}");
    }
}

/// The deployment under test and the admin API the harness makes its keys with.
pub struct Deployment {
    pub base_url: String,
    token: String,
    run: String,
    http: reqwest::Client,
}

impl Deployment {
    /// The deployment the environment names, if any.
    pub fn from_env() -> Result<Option<Deployment>> {
        let Ok(base_url) = std::env::var(BASE_URL_VAR) else {
            return Ok(None);
        };
        let token = std::env::var(TOKEN_VAR)
            .ok()
            .filter(|t| !t.is_empty())
            .with_context(|| format!("external mode needs the operator token in {TOKEN_VAR}"))?;
        let run = std::env::var(RUN_VAR).unwrap_or_else(|_| "manual".to_owned());
        Deployment::new(&base_url, &token, &run).map(Some)
    }

    /// The deployment at `base_url`, managed with `token`, for the run `run`.
    pub fn new(base_url: &str, token: &str, run: &str) -> Result<Deployment> {
        Ok(Deployment {
            base_url: base_url.trim_end_matches('/').to_owned(),
            token: token.to_owned(),
            run: run.to_owned(),
            // The platform's roots, `SSL_CERT_FILE` / `SSL_CERT_DIR` as for the client crate.
            http: reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(60))
                .build()?,
        })
    }

    fn admin(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, format!("{}{path}", self.base_url))
            .bearer_auth(&self.token)
    }

    /// A new key on `plan` for `apis`, named after this run and the calling test.
    pub async fn create_key(&self, plan: Plan, apis: &[Api]) -> Result<TestKey> {
        let test = std::thread::current()
            .name()
            .unwrap_or("unnamed test")
            .to_owned();
        let subscriptions: BTreeMap<&str, &str> =
            apis.iter().map(|api| (api.name(), plan.name())).collect();
        let body = serde_json::json!({
            "name": format!("{}{test}", key_name_prefix(&self.run)),
            "subscriptions": subscriptions,
        });
        let response = self
            .admin(reqwest::Method::POST, "/admin/keys")
            .json(&body)
            .send()
            .await
            .context("creating a key through the admin API")?;
        let status = response.status();
        if !status.is_success() {
            bail!(
                "the admin API answered {status} to a new key: {}",
                response.text().await.unwrap_or_default()
            );
        }
        let issued: serde_json::Value = response.json().await?;
        Ok(TestKey {
            id: issued["info"]["id"]
                .as_str()
                .context("the admin API's answer has no info.id")?
                .to_owned(),
            secret: issued["api_key"]
                .as_str()
                .context("the admin API's answer has no api_key")?
                .to_owned(),
        })
    }

    pub async fn revoke(&self, id: &str) -> Result<()> {
        let response = self
            .admin(reqwest::Method::POST, &format!("/admin/keys/{id}/revoke"))
            .send()
            .await?;
        if !response.status().is_success() {
            bail!(
                "the admin API answered {} to revoking {id}",
                response.status()
            );
        }
        Ok(())
    }

    /// Checks, before any test runs, that the deployment answers `/healthz` and accepts the
    /// operator token, so a wrong URL or token is one clear error instead of every test failing.
    pub async fn preflight(&self) -> Result<()> {
        let health = self
            .http
            .get(format!("{}/healthz", self.base_url))
            .send()
            .await
            .with_context(|| format!("reaching {}/healthz", self.base_url))?;
        if !health.status().is_success() {
            bail!("{}/healthz answered {}", self.base_url, health.status());
        }
        let admin = self
            .admin(reqwest::Method::GET, "/admin/keys")
            .send()
            .await?;
        match admin.status().as_u16() {
            200 => Ok(()),
            401 => bail!("the deployment refused the operator token in {TOKEN_VAR}"),
            404 => {
                bail!("the deployment's admin API is disabled: it has no operator token configured")
            }
            other => bail!("the admin API answered {other} to listing keys"),
        }
    }

    /// Revokes every key of this run still in force, and only those: what the run made.
    /// Returns how many it revoked.
    pub async fn revoke_run(&self) -> Result<usize> {
        let response = self
            .admin(reqwest::Method::GET, "/admin/keys")
            .send()
            .await
            .context("listing keys through the admin API")?;
        if !response.status().is_success() {
            bail!(
                "the admin API answered {} to listing keys",
                response.status()
            );
        }
        let keys: Vec<serde_json::Value> = response.json().await?;
        let prefix = key_name_prefix(&self.run);
        let mut revoked = 0;
        for key in keys {
            let ours = key["name"].as_str().is_some_and(|n| n.starts_with(&prefix));
            let in_force = key["revoked_at"].is_null();
            if let (true, true, Some(id)) = (ours, in_force, key["id"].as_str()) {
                self.revoke(id).await?;
                revoked += 1;
            }
        }
        Ok(revoked)
    }
}
