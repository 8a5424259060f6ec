//! The admin API for keys (`/admin/keys...`), guarded by the operator token; the same
//! operations as `suite keys ...`. Unpublished: it is not part of the customer contract.

use std::collections::BTreeMap;
use std::future::Future;

use dropshot::{
    HttpError, HttpResponseCreated, HttpResponseOk, HttpResponseUpdatedNoContent, Path,
    RequestContext, TypedBody, endpoint,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::Suite;
use crate::portal::pages::visit::Origin;
use crate::portal::{self, Invitation, normalize_email};
use suite_platform::keys::{self, IssuedKey, KeyInfo};
use suite_platform::{Api, ApiError, Plan};

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateKey {
    pub name: String,
    /// API name → plan name (`free`, `basic`, `pro`, `unlimited`).
    pub subscriptions: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct KeyPath {
    pub id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanPath {
    pub id: String,
    pub api: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SetPlan {
    /// The new plan, or null to unsubscribe.
    pub plan: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct AdminKey {
    #[schemars(with = "serde_json::Value")]
    pub key: serde_json::Value,
}

/// Runs `work` for an operator: 404 while the admin API is disabled, 401 without the token.
/// Every failure is an `ApiError`, converted once here.
async fn as_operator<T>(
    rqctx: &RequestContext<Suite>,
    work: impl Future<Output = Result<T, ApiError>>,
) -> Result<T, HttpError> {
    authorize(rqctx)?;
    Ok(work.await?)
}

fn authorize(rqctx: &RequestContext<Suite>) -> Result<(), ApiError> {
    let token = &rqctx.context().platform.config().operator_token;
    if token.is_empty() {
        return Err(ApiError::NotFound(
            "the admin API is disabled (no operator token configured)".into(),
        ));
    }
    let presented = rqctx
        .request
        .headers()
        .get(http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    // Compare digests so the comparison time says nothing about the token.
    if Sha256::digest(presented.as_bytes()) == Sha256::digest(token.as_bytes()) {
        Ok(())
    } else {
        Err(ApiError::InvalidOperatorToken)
    }
}

fn parse_api(name: &str) -> Result<Api, ApiError> {
    Api::parse(name).ok_or_else(|| ApiError::InvalidInput(format!("unknown API {name:?}")))
}

fn parse_plan(name: &str) -> Result<Plan, ApiError> {
    Plan::parse(name).ok_or_else(|| ApiError::InvalidInput(format!("unknown plan {name:?}")))
}

#[endpoint { method = GET, path = "/admin/keys", unpublished = true }]
pub async fn list_keys(
    rqctx: RequestContext<Suite>,
) -> Result<HttpResponseOk<Vec<serde_json::Value>>, HttpError> {
    as_operator(&rqctx, async {
        let keys: Vec<KeyInfo> = keys::list(rqctx.context().platform.db())
            .await
            .map_err(ApiError::internal)?;
        Ok(HttpResponseOk(
            keys.iter()
                .filter_map(|k| serde_json::to_value(k).ok())
                .collect(),
        ))
    })
    .await
}

#[endpoint { method = POST, path = "/admin/keys", unpublished = true }]
pub async fn create_key(
    rqctx: RequestContext<Suite>,
    body: TypedBody<CreateKey>,
) -> Result<HttpResponseOk<serde_json::Value>, HttpError> {
    as_operator(&rqctx, async {
        let body = body.into_inner();
        let mut subscriptions = Vec::new();
        for (api, plan) in &body.subscriptions {
            subscriptions.push((parse_api(api)?, parse_plan(plan)?));
        }
        let platform = &rqctx.context().platform;
        let issued = keys::create(
            platform.db(),
            &body.name,
            &subscriptions,
            platform.now().timestamp(),
        )
        .await
        .map_err(ApiError::internal)?;
        issued_json(&issued)
    })
    .await
}

#[endpoint { method = POST, path = "/admin/keys/{id}/revoke", unpublished = true }]
pub async fn revoke_key(
    rqctx: RequestContext<Suite>,
    path: Path<KeyPath>,
) -> Result<HttpResponseUpdatedNoContent, HttpError> {
    as_operator(&rqctx, async {
        let platform = &rqctx.context().platform;
        let id = path.into_inner().id;
        if keys::revoke(platform.db(), &id, platform.now().timestamp())
            .await
            .map_err(ApiError::internal)?
        {
            Ok(HttpResponseUpdatedNoContent())
        } else {
            Err(ApiError::NotFound(format!("no key {id}")))
        }
    })
    .await
}

#[endpoint { method = POST, path = "/admin/keys/{id}/rotate", unpublished = true }]
pub async fn rotate_key(
    rqctx: RequestContext<Suite>,
    path: Path<KeyPath>,
) -> Result<HttpResponseOk<serde_json::Value>, HttpError> {
    as_operator(&rqctx, async {
        let id = path.into_inner().id;
        let issued = keys::rotate(rqctx.context().platform.db(), &id)
            .await
            .map_err(|_| ApiError::NotFound(format!("no active key {id}")))?;
        issued_json(&issued)
    })
    .await
}

#[endpoint { method = PUT, path = "/admin/keys/{id}/plans/{api}", unpublished = true }]
pub async fn set_plan(
    rqctx: RequestContext<Suite>,
    path: Path<PlanPath>,
    body: TypedBody<SetPlan>,
) -> Result<HttpResponseUpdatedNoContent, HttpError> {
    as_operator(&rqctx, async {
        let path = path.into_inner();
        let api = parse_api(&path.api)?;
        let plan = body
            .into_inner()
            .plan
            .as_deref()
            .map(parse_plan)
            .transpose()?;
        let db = rqctx.context().platform.db();
        if keys::get(db, &path.id)
            .await
            .map_err(ApiError::internal)?
            .is_none()
        {
            return Err(ApiError::NotFound(format!("no key {}", path.id)));
        }
        keys::set_plan(db, &path.id, api, plan)
            .await
            .map_err(ApiError::internal)?;
        Ok(HttpResponseUpdatedNoContent())
    })
    .await
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateInvitation {
    pub email: String,
}

/// A one-use link for a customer to sign up in the portal (the `invite` sign-up mode).
#[endpoint { method = POST, path = "/admin/portal/invitations", unpublished = true }]
pub async fn create_invitation(
    rqctx: RequestContext<Suite>,
    body: TypedBody<CreateInvitation>,
) -> Result<HttpResponseCreated<Invitation>, HttpError> {
    as_operator(&rqctx, async {
        let email = body.into_inner().email;
        if normalize_email(&email).is_none() {
            return Err(ApiError::InvalidInput(format!(
                "{email:?} is not an email address"
            )));
        }
        let platform = &rqctx.context().platform;
        let base_url = Origin::of(&rqctx).base_url.ok_or_else(|| {
            ApiError::InvalidInput(
                "this server has no public_url and the request's Host is not a loopback name: \
                 set public_url (SUITE_PUBLIC_URL) so invitation links name the right host"
                    .to_owned(),
            )
        })?;
        let invitation =
            portal::invite(platform.db(), &email, &base_url, platform.now().timestamp())
                .await
                .map_err(ApiError::internal)?;
        Ok(HttpResponseCreated(invitation))
    })
    .await
}

fn issued_json(issued: &IssuedKey) -> Result<HttpResponseOk<serde_json::Value>, ApiError> {
    serde_json::to_value(issued)
        .map(HttpResponseOk)
        .map_err(ApiError::internal)
}
