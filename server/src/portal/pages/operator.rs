//! The operator's page behind the operator token: every account with its verification, plans,
//! keys (prefixes only) and this month's calls; the plan requests waiting, each granted with
//! one button; and invitation links made on the spot.

use chrono::DateTime;
use dropshot::{Body, HttpError, RequestContext, UntypedBody, endpoint};
use http::{Response, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::answer;
use super::reply::{Problem, Reply};
use super::visit::Visit;
use crate::Suite;
use crate::portal::store::attempts::{self, Throttle};
use crate::portal::store::sessions::{self, Holder};
use crate::portal::store::{accounts, overview};
use suite_platform::Api;
use suite_platform::clock::period_of;

/// Operator sessions are short: one hour.
const OPERATOR_SESSION_SECS: i64 = 3600;

#[endpoint { method = GET, path = "/portal/operator", unpublished = true }]
pub async fn operator_page(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        visit.operator()?;
        overview(suite, &visit, None, None).await
    })
    .await
}

async fn overview(
    suite: &Suite,
    visit: &Visit,
    alert: Option<&str>,
    invitation: Option<&crate::portal::Invitation>,
) -> Result<Reply, Problem> {
    let db = suite.platform.db();
    let period = period_of(suite.platform.now());
    let mut rows = Vec::new();
    let mut requests = Vec::new();
    for seen in overview::all(db, &period).await? {
        let account = &seen.account;
        let mut usage_parts = Vec::new();
        for standing in &seen.plans {
            let used = seen.used.get(&standing.api).copied().unwrap_or(0);
            usage_parts.push(format!("{} {used}", standing.api));
            if let Some(requested) = standing.requested {
                requests.push(json!({
                    "account": account.id,
                    "email": account.email,
                    "api": standing.api.name(),
                    "plan": standing.plan.map(|p| p.name()).unwrap_or("none"),
                    "requested": requested.name(),
                }));
            }
        }
        let keys: Vec<String> = seen
            .keys
            .iter()
            .map(|(name, prefix)| format!("{name} ({prefix}…)"))
            .collect();
        rows.push(json!({
            "id": account.id,
            "email": account.email,
            "verified": if account.verified { "yes" } else { "no" },
            "created": DateTime::from_timestamp(account.created_at, 0)
                .map(|t| t.format("%Y-%m-%d").to_string())
                .unwrap_or_default(),
            "plans": seen.plans.iter()
                .filter_map(|p| Some(format!("{} {}", p.api, p.plan?.name())))
                .collect::<Vec<_>>().join(", "),
            "keys": keys.join(", "),
            "usage": usage_parts.join(", "),
        }));
    }
    let data = json!({
        "csrf": visit.csrf(),
        "alert": alert,
        "accounts": rows,
        "requests": requests,
        "invite_url": invitation.map(|i| i.url.as_str()),
        "invite_email": invitation.map(|i| i.email.as_str()),
    });
    Reply::page(
        &suite.portal,
        StatusCode::OK,
        "operator",
        &data,
        &visit.frame("Accounts"),
    )
}

#[endpoint { method = GET, path = "/portal/operator/login", unpublished = true }]
pub async fn operator_login_page(
    rqctx: RequestContext<Suite>,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        operator_enabled(suite)?;
        login_form(suite, &visit, StatusCode::OK, None)
    })
    .await
}

fn login_form(
    suite: &Suite,
    visit: &Visit,
    status: StatusCode,
    alert: Option<&str>,
) -> Result<Reply, Problem> {
    let data: Value = json!({"csrf": visit.csrf(), "alert": alert});
    Reply::page(
        &suite.portal,
        status,
        "operator_login",
        &data,
        &visit.frame("Operator"),
    )
}

/// 404 while no operator token is configured, as for the admin API.
fn operator_enabled(suite: &Suite) -> Result<(), Problem> {
    if suite.platform.config().operator_token.is_empty() {
        Err(Problem::NotFound)
    } else {
        Ok(())
    }
}

#[endpoint { method = POST, path = "/portal/operator/login", unpublished = true }]
pub async fn operator_login(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        operator_enabled(suite)?;
        let form = visit.form(body)?;
        let platform = &suite.platform;
        let db = platform.db();
        let now = platform.now().timestamp();
        let subject = format!("operator:address:{}", visit.client);
        let throttle = Throttle {
            max: 10,
            window_secs: 15 * 60,
        };
        if let Some(wait) = attempts::wait_for(db, &subject, throttle, now).await? {
            return Err(Problem::Throttled(wait));
        }
        let token = &platform.config().operator_token;
        if Sha256::digest(form.get("token")) != Sha256::digest(token.as_bytes()) {
            attempts::record(db, &[subject], now).await?;
            return login_form(
                suite,
                &visit,
                StatusCode::UNAUTHORIZED,
                Some("That is not the operator token."),
            );
        }
        let session = sessions::open(db, &Holder::Operator, now, OPERATOR_SESSION_SECS).await?;
        Ok(Reply::see_other("/portal/operator")
            .cookies(vec![visit.session_cookie(&session, OPERATOR_SESSION_SECS)]))
    })
    .await
}

#[endpoint { method = POST, path = "/portal/operator/grant", unpublished = true }]
pub async fn grant(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        visit.operator()?;
        let form = visit.form(body)?;
        let api = Api::parse(form.get("api")).ok_or(Problem::NotFound)?;
        let db = suite.platform.db();
        if !accounts::grant_request(db, form.get("account"), api).await? {
            return Err(Problem::NotFound);
        }
        Ok(Reply::see_other("/portal/operator"))
    })
    .await
}

#[endpoint { method = POST, path = "/portal/operator/invite", unpublished = true }]
pub async fn invite(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        visit.operator()?;
        let form = visit.form(body)?;
        let Some(email) = crate::portal::normalize_email(form.get("email")) else {
            return overview(
                suite,
                &visit,
                Some("Enter the customer's email address."),
                None,
            )
            .await;
        };
        let now = suite.platform.now().timestamp();
        let invitation =
            crate::portal::invite(suite.platform.db(), &email, visit.base_url()?, now).await?;
        overview(suite, &visit, None, Some(&invitation)).await
    })
    .await
}
