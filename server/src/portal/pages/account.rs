//! The dashboard and what a customer does there: subscribe to an API (free at once, basic and
//! pro requested of the operator), make a key (shown once), rotate it, revoke it. A key id of
//! another account is "not found" to this one.

use chrono::DateTime;
use dropshot::{Body, HttpError, Path, RequestContext, UntypedBody, endpoint};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use super::reply::{Problem, Reply};
use super::visit::Visit;
use super::{answer, api_title, limit_text};
use crate::Suite;
use crate::portal::store::accounts;
use suite_platform::keys::{self, IssuedKey};
use suite_platform::{Api, Plan};

/// Keys one account may hold at once.
const MAX_KEYS: usize = 20;

#[derive(Debug, Deserialize, JsonSchema)]
pub struct KeyPath {
    pub id: String,
}

/// The dashboard, with a key just made or rotated shown once.
pub async fn dashboard(
    suite: &Suite,
    visit: &Visit,
    issued: Option<&IssuedKey>,
    alert: Option<&str>,
    status: StatusCode,
) -> Result<Reply, Problem> {
    let account_id = visit.account()?;
    let db = suite.platform.db();
    let account = accounts::by_id(db, account_id)
        .await?
        .ok_or(Problem::LoginNeeded { operator: false })?;
    let plans: Vec<_> = accounts::plans(db, account_id)
        .await?
        .into_iter()
        .map(|p| {
            json!({
                "api": p.api.name(),
                "title": api_title(p.api),
                "plan": p.plan.map(Plan::name),
                "requested": p.requested.map(Plan::name),
                "limit": limit_text(p.plan, p.api),
            })
        })
        .collect();
    let apis: Vec<_> = Api::ALL
        .into_iter()
        .map(|api| json!({"name": api.name(), "title": api_title(api)}))
        .collect();
    let keys: Vec<_> = keys::of_account(db, account_id)
        .await?
        .into_iter()
        .map(|k| {
            json!({
                "id": k.id,
                "name": k.name,
                "prefix": k.prefix,
                "created": DateTime::from_timestamp(k.created_at, 0)
                    .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
                    .unwrap_or_default(),
            })
        })
        .collect();
    let data = json!({
        "csrf": visit.csrf(),
        "email": account.email,
        "alert": alert,
        "plans": plans,
        "apis": apis,
        "keys": keys,
        "new_key": issued.map(|k| k.api_key.as_str()),
        "new_key_name": issued.map(|k| k.info.name.as_str()),
    });
    Reply::page(
        &suite.portal,
        status,
        "dashboard",
        &data,
        &visit.frame("Your account"),
    )
}

#[endpoint { method = POST, path = "/portal/subscriptions", unpublished = true }]
pub async fn subscribe(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let account_id = visit.account()?.to_owned();
        let form = visit.form(body)?;
        let api = Api::parse(form.get("api"))
            .ok_or_else(|| Problem::BadInput("Choose one of the listed APIs.".to_owned()))?;
        let plan = match Plan::parse(form.get("plan")) {
            Some(plan @ (Plan::Free | Plan::Basic | Plan::Pro)) => plan,
            _ => {
                return Err(Problem::BadInput(
                    "Choose the free, basic or pro plan.".to_owned(),
                ));
            }
        };
        let db = suite.platform.db();
        let now = suite.platform.now().timestamp();
        if plan == Plan::Free {
            accounts::grant(db, &account_id, api, plan).await?;
        } else {
            accounts::request(db, &account_id, api, plan, now).await?;
        }
        Ok(Reply::see_other("/portal"))
    })
    .await
}

#[endpoint { method = POST, path = "/portal/keys", unpublished = true }]
pub async fn create_key(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let account_id = visit.account()?.to_owned();
        let form = visit.form(body)?;
        let name = form.get("name").trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(Problem::BadInput(
                "Give the key a name of 1 to 100 characters.".to_owned(),
            ));
        }
        let db = suite.platform.db();
        if keys::of_account(db, &account_id).await?.len() >= MAX_KEYS {
            return Err(Problem::BadInput(format!(
                "An account holds at most {MAX_KEYS} keys: revoke one first."
            )));
        }
        let now = suite.platform.now().timestamp();
        let issued = accounts::create_key(db, &account_id, name, now).await?;
        dashboard(suite, &visit, Some(&issued), None, StatusCode::CREATED).await
    })
    .await
}

/// Checks the form of an action on key `id` and that the account logged in owns it (any other
/// key, revoked or another's, is 404).
async fn own_key(suite: &Suite, visit: &Visit, body: UntypedBody, id: &str) -> Result<(), Problem> {
    let account_id = visit.account()?;
    visit.form(body)?;
    if accounts::owns_key(suite.platform.db(), account_id, id).await? {
        Ok(())
    } else {
        Err(Problem::NotFound)
    }
}

#[endpoint { method = POST, path = "/portal/keys/{id}/rotate", unpublished = true }]
pub async fn rotate_key(
    rqctx: RequestContext<Suite>,
    path: Path<KeyPath>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    let id = path.into_inner().id;
    answer(&rqctx, |suite, visit| async move {
        own_key(suite, &visit, body, &id).await?;
        let issued = keys::rotate(suite.platform.db(), &id).await?;
        dashboard(suite, &visit, Some(&issued), None, StatusCode::OK).await
    })
    .await
}

#[endpoint { method = POST, path = "/portal/keys/{id}/revoke", unpublished = true }]
pub async fn revoke_key(
    rqctx: RequestContext<Suite>,
    path: Path<KeyPath>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    let id = path.into_inner().id;
    answer(&rqctx, |suite, visit| async move {
        own_key(suite, &visit, body, &id).await?;
        keys::revoke(suite.platform.db(), &id, suite.platform.now().timestamp()).await?;
        Ok(Reply::see_other("/portal"))
    })
    .await
}
