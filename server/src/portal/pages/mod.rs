//! The portal's HTTP side: dropshot endpoints (unpublished: not part of the customer
//! contract) that read a visit, do one thing through `store/`, and answer a page. Each
//! handler is `answer(&rqctx, |suite, visit| async move { … })`: the visit is read once and a
//! refusal becomes its page once, in `reply.rs`.

mod account;
mod assets;
mod auth;
mod operator;
pub mod reply;
mod usage;
pub mod visit;

use std::future::Future;

use dropshot::{ApiDescription, Body, HttpError, RequestContext};
use http::Response;

use crate::Suite;
use reply::{Problem, Reply, refusal};
use suite_platform::{Api, Plan};
use visit::Visit;

/// Adds every portal endpoint to `api`.
pub fn register(api: &mut ApiDescription<Suite>) -> anyhow::Result<()> {
    let outcomes = [
        api.register(auth::home),
        api.register(auth::login_page),
        api.register(auth::login),
        api.register(auth::logout),
        api.register(auth::signup_page),
        api.register(auth::signup),
        api.register(auth::verify),
        api.register(auth::reset_page),
        api.register(auth::reset),
        api.register(auth::reset_confirm_page),
        api.register(auth::reset_confirm),
        api.register(account::subscribe),
        api.register(account::create_key),
        api.register(account::rotate_key),
        api.register(account::revoke_key),
        api.register(usage::usage_page),
        api.register(usage::usage_download),
        api.register(operator::operator_page),
        api.register(operator::operator_login_page),
        api.register(operator::operator_login),
        api.register(operator::grant),
        api.register(operator::invite),
        api.register(assets::asset),
    ];
    for outcome in outcomes {
        outcome.map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(())
}

/// Reads the visit, runs `work`, and answers its reply or its refusal's page.
async fn answer<'a, Fut>(
    rqctx: &'a RequestContext<Suite>,
    work: impl FnOnce(&'a Suite, Visit) -> Fut,
) -> Result<Response<Body>, HttpError>
where
    Fut: Future<Output = Result<Reply, Problem>> + 'a,
{
    let suite = rqctx.context();
    let log = suite.platform.log();
    let visit = match Visit::of(rqctx).await {
        Ok(visit) => visit,
        Err(problem) => {
            let frame = crate::portal::view::Frame::default();
            return page_or_500(refusal(&suite.portal, problem, &frame, log));
        }
    };
    let frame = visit.frame("");
    let cookies = visit.cookies();
    let outcome = match work(suite, visit).await {
        Ok(reply) => Ok(reply),
        Err(problem) => refusal(&suite.portal, problem, &frame, log),
    };
    page_or_500(outcome.map(|reply| reply.cookies(cookies)))
}

fn page_or_500(outcome: Result<Reply, Problem>) -> Result<Response<Body>, HttpError> {
    match outcome {
        Ok(reply) => reply.into_response(),
        Err(_) => Err(HttpError::for_internal_error(
            "the portal could not render its page".to_owned(),
        )),
    }
}

/// The name customers read for each API.
pub fn api_title(api: Api) -> &'static str {
    match api {
        Api::Docgen => "Document generation",
        Api::Screenshot => "Screenshots",
        Api::Finance => "Financial document audit",
        Api::Sanctions => "Sanctions screening",
        Api::Legal => "Contract review",
        Api::Pii => "PII detection and redaction",
        Api::Validate => "Data validation",
    }
}

/// A plan's monthly calls on `api`, as the pages print it.
pub fn limit_text(plan: Option<Plan>, api: Api) -> String {
    match plan.map(|p| p.monthly_quota(api)) {
        Some(Some(limit)) => limit.to_string(),
        Some(None) => "unlimited".to_owned(),
        None => "—".to_owned(),
    }
}
