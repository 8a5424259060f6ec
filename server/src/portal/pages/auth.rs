//! Signing up, verifying the email, logging in and out, and resetting a password. Wrong
//! passwords and unknown emails get the same answer in the same time; failures are throttled
//! per account and per client address; links travel only by mail (or the operator's log).

use dropshot::{Body, HttpError, Query, RequestContext, UntypedBody, endpoint};
use http::{Response, StatusCode};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use super::answer;
use super::reply::{Problem, Reply};
use super::visit::{Form, Visit};
use crate::Suite;
use crate::portal::config::SignupMode;
use crate::portal::mail::Mail;
use crate::portal::store::accounts;
use crate::portal::store::attempts::{self, Throttle};
use crate::portal::store::links::{self, Purpose};
use crate::portal::store::sessions::{self, Holder};
use crate::portal::{normalize_email, password};

/// Failed logins per account.
const LOGIN_PER_ACCOUNT: Throttle = Throttle {
    max: 5,
    window_secs: 15 * 60,
};
/// Failed logins per client address.
const LOGIN_PER_ADDRESS: Throttle = Throttle {
    max: 20,
    window_secs: 15 * 60,
};
/// Reset requests per email.
const RESET_PER_ACCOUNT: Throttle = Throttle {
    max: 3,
    window_secs: 3600,
};
/// Sign-ups per client address (each sends a mail: a form must not become a mail cannon).
const SIGNUP_PER_ADDRESS: Throttle = Throttle {
    max: 10,
    window_secs: 3600,
};
/// Reset requests per client address.
const RESET_PER_ADDRESS: Throttle = Throttle {
    max: 10,
    window_secs: 3600,
};

const WRONG_LOGIN: &str = "Wrong email or password.";

#[derive(Debug, Deserialize, JsonSchema)]
pub struct TokenQuery {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct InviteQuery {
    #[serde(default)]
    pub invite: String,
}

/// `/portal`: the dashboard, or the way to log in.
#[endpoint { method = GET, path = "/portal", unpublished = true }]
pub async fn home(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        super::account::dashboard(suite, &visit, None, None, StatusCode::OK).await
    })
    .await
}

#[endpoint { method = GET, path = "/portal/login", unpublished = true }]
pub async fn login_page(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        if visit.account().is_ok() {
            return Ok(Reply::see_other("/portal"));
        }
        login_form(suite, &visit, StatusCode::OK, None, "")
    })
    .await
}

fn login_form(
    suite: &Suite,
    visit: &Visit,
    status: StatusCode,
    alert: Option<&str>,
    email: &str,
) -> Result<Reply, Problem> {
    let data = json!({"csrf": visit.csrf(), "alert": alert, "email": email});
    Reply::page(
        &suite.portal,
        status,
        "login",
        &data,
        &visit.frame("Log in"),
    )
}

#[endpoint { method = POST, path = "/portal/login", unpublished = true }]
pub async fn login(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let form = visit.form(body)?;
        let platform = &suite.platform;
        let db = platform.db();
        let now = platform.now().timestamp();
        let typed = form.get("email").trim().to_owned();
        let email = normalize_email(&typed).unwrap_or_else(|| typed.to_lowercase());
        let subjects = [
            format!("login:account:{email}"),
            format!("login:address:{}", visit.client),
        ];
        for (subject, throttle) in subjects.iter().zip([LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS]) {
            if let Some(wait) = attempts::wait_for(db, subject, throttle, now).await? {
                return Err(Problem::Throttled(wait));
            }
        }
        let account = accounts::by_email(db, &email).await?;
        let presented = form.get("password").to_owned();
        let stored = account.as_ref().map(|a| a.password_hash.clone());
        let right = tokio::task::spawn_blocking(move || match stored {
            Some(hash) => password::verify(&presented, &hash),
            None => {
                password::verify_unknown(&presented);
                false
            }
        })
        .await
        .map_err(|e| Problem::Internal(e.into()))?;
        let Some(account) = account.filter(|_| right) else {
            attempts::record(db, &subjects, now).await?;
            return login_form(
                suite,
                &visit,
                StatusCode::UNAUTHORIZED,
                Some(WRONG_LOGIN),
                &typed,
            );
        };
        if !account.verified {
            return Err(Problem::Forbidden(
                "Verify your email first: open the link we mailed you (or ask for a password \
                 reset link, which verifies it too)."
                    .to_owned(),
            ));
        }
        attempts::clear(db, &subjects[0]).await?;
        let lifetime =
            i64::try_from(suite.portal.config.session_hours.max(1) * 3600).unwrap_or(i64::MAX / 2);
        let token = sessions::open(db, &Holder::Account(account.id), now, lifetime).await?;
        Ok(Reply::see_other("/portal").cookies(vec![visit.session_cookie(&token, lifetime)]))
    })
    .await
}

#[endpoint { method = POST, path = "/portal/logout", unpublished = true }]
pub async fn logout(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let operator = visit.operator().is_ok();
        if visit.session.is_some() {
            visit.form(body)?;
        }
        if let Some(token) = visit.session_token() {
            sessions::close(suite.platform.db(), token).await?;
        }
        let to = if operator {
            "/portal/operator/login"
        } else {
            "/portal/login"
        };
        Ok(Reply::see_other(to).cookies(vec![visit.ended_session_cookie()]))
    })
    .await
}

#[endpoint { method = GET, path = "/portal/signup", unpublished = true }]
pub async fn signup_page(
    rqctx: RequestContext<Suite>,
    query: Query<InviteQuery>,
) -> Result<Response<Body>, HttpError> {
    let invite = query.into_inner().invite;
    answer(&rqctx, |suite, visit| async move {
        let email = signup_email(suite, &invite, None).await?;
        signup_form(suite, &visit, StatusCode::OK, None, &email, &invite)
    })
    .await
}

/// The email a sign-up is for: the invitation's in invite mode, the typed one in open mode.
async fn signup_email(suite: &Suite, invite: &str, typed: Option<&str>) -> Result<String, Problem> {
    let platform = &suite.platform;
    match suite.portal.config.signup {
        SignupMode::Closed => Err(Problem::Forbidden(
            "Sign-up is closed. Ask the operator for an account.".to_owned(),
        )),
        SignupMode::Invite if invite.is_empty() => Err(Problem::Forbidden(
            "Sign-up is by invitation: ask the operator for an invitation link.".to_owned(),
        )),
        SignupMode::Invite => links::peek(
            platform.db(),
            Purpose::Invite,
            invite,
            platform.now().timestamp(),
        )
        .await?
        .ok_or_else(|| {
            Problem::BadInput(
                "This invitation link was used already or has expired. Ask the operator for a new one."
                    .to_owned(),
            )
        }),
        SignupMode::Open => Ok(typed.unwrap_or_default().to_owned()),
    }
}

fn signup_form(
    suite: &Suite,
    visit: &Visit,
    status: StatusCode,
    alert: Option<&str>,
    email: &str,
    invite: &str,
) -> Result<Reply, Problem> {
    let data = json!({"csrf": visit.csrf(), "alert": alert, "email": email,
                      "invite": (!invite.is_empty()).then_some(invite)});
    Reply::page(
        &suite.portal,
        status,
        "signup",
        &data,
        &visit.frame("Create an account"),
    )
}

#[endpoint { method = POST, path = "/portal/signup", unpublished = true }]
pub async fn signup(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let form = visit.form(body)?;
        let base_url = visit.base_url()?.to_owned();
        let invite = form.get("invite").to_owned();
        let typed = signup_email(suite, &invite, Some(form.get("email"))).await?;
        let refuse = |alert: &str| {
            signup_form(
                suite,
                &visit,
                StatusCode::BAD_REQUEST,
                Some(alert),
                &typed,
                &invite,
            )
        };
        let Some(email) = normalize_email(&typed) else {
            return refuse("Enter an email address such as name@example.com.");
        };
        let hash = match new_password_hash(&form, &email).await? {
            Ok(hash) => hash,
            Err(alert) => return refuse(&alert),
        };
        let platform = &suite.platform;
        let db = platform.db();
        let now = platform.now().timestamp();
        let subject = [format!("signup:address:{}", visit.client)];
        if let Some(wait) = attempts::wait_for(db, &subject[0], SIGNUP_PER_ADDRESS, now).await? {
            return Err(Problem::Throttled(wait));
        }
        attempts::record(db, &subject, now).await?;
        if suite.portal.config.signup == SignupMode::Invite
            && links::take(db, Purpose::Invite, &invite, now)
                .await?
                .is_none()
        {
            return Err(Problem::BadInput(
                "This invitation link was used already or has expired.".to_owned(),
            ));
        }
        // An email already registered gets the same page and no mail: nobody learns from
        // the sign-up form which addresses have accounts.
        if accounts::create(db, &email, &hash, now).await?.is_some() {
            let token = links::make(db, Purpose::Verify, &email, now).await?;
            let link = format!("{base_url}/portal/verify?token={token}");
            send(
                suite,
                Mail {
                    to: email.clone(),
                    subject: "Verify your email for the Suite portal".to_owned(),
                    text: format!(
                        "Open this link to verify your email and finish signing up:\n\n{link}\n\n\
                         It works once, for 24 hours. If you did not sign up, ignore this mail.\n"
                    ),
                    link,
                },
            )
            .await?;
        }
        then_log_in(
            suite,
            &visit,
            "Check your email",
            &format!(
                "We sent a verification link to {email}. Open it within 24 hours, then log in."
            ),
        )
    })
    .await
}

/// A page saying what was done, with the way to log in.
fn then_log_in(suite: &Suite, visit: &Visit, heading: &str, text: &str) -> Result<Reply, Problem> {
    Reply::message(
        &suite.portal,
        StatusCode::OK,
        heading,
        None,
        text,
        Some(("/portal/login", "Log in")),
        &visit.frame(heading),
    )
}

/// The argon2id hash of the form's new password, or what is wrong with it.
async fn new_password_hash(form: &Form, email: &str) -> Result<Result<String, String>, Problem> {
    let password = form.get("password").to_owned();
    if password != form.get("confirm") {
        return Ok(Err("The two passwords differ.".to_owned()));
    }
    let email = email.to_owned();
    tokio::task::spawn_blocking(move || {
        let local = email.split('@').next().unwrap_or_default().to_owned();
        if let Err(weakness) = password::check_strength(&password, &[&email, &local]) {
            return Ok(Err(weakness.to_string()));
        }
        password::hash(&password).map(Ok).map_err(Problem::Internal)
    })
    .await
    .map_err(|e| Problem::Internal(e.into()))?
}

/// Sends `mail`; 503 when the mail server refuses it (the cause is logged).
async fn send(suite: &Suite, mail: Mail) -> Result<(), Problem> {
    suite.portal.mailer.send(mail).await.map_err(|error| {
        slog::warn!(suite.platform.log(), "the portal's mail was not sent"; "error" => format!("{error:#}"));
        Problem::MailUnavailable
    })
}

#[endpoint { method = GET, path = "/portal/verify", unpublished = true }]
pub async fn verify(
    rqctx: RequestContext<Suite>,
    query: Query<TokenQuery>,
) -> Result<Response<Body>, HttpError> {
    let token = query.into_inner().token;
    answer(&rqctx, |suite, visit| async move {
        let platform = &suite.platform;
        let now = platform.now().timestamp();
        let Some(email) = links::take(platform.db(), Purpose::Verify, &token, now).await? else {
            return Err(Problem::BadInput(
                "This verification link was used already or has expired. Log in to see \
                 whether your email is verified, or ask for a password reset link."
                    .to_owned(),
            ));
        };
        accounts::mark_verified(platform.db(), &email, now).await?;
        then_log_in(
            suite,
            &visit,
            "Email verified",
            "Your email is verified. You can log in now.",
        )
    })
    .await
}

#[endpoint { method = GET, path = "/portal/reset", unpublished = true }]
pub async fn reset_page(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let data = json!({"csrf": visit.csrf(), "alert": null});
        Reply::page(
            &suite.portal,
            StatusCode::OK,
            "reset",
            &data,
            &visit.frame("Reset your password"),
        )
    })
    .await
}

#[endpoint { method = POST, path = "/portal/reset", unpublished = true }]
pub async fn reset(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let form = visit.form(body)?;
        let base_url = visit.base_url()?.to_owned();
        let platform = &suite.platform;
        let db = platform.db();
        let now = platform.now().timestamp();
        let email = normalize_email(form.get("email"))
            .ok_or_else(|| Problem::BadInput("Enter the email of your account.".to_owned()))?;
        let subjects = [
            format!("reset:account:{email}"),
            format!("reset:address:{}", visit.client),
        ];
        for (subject, throttle) in subjects.iter().zip([RESET_PER_ACCOUNT, RESET_PER_ADDRESS]) {
            if let Some(wait) = attempts::wait_for(db, subject, throttle, now).await? {
                return Err(Problem::Throttled(wait));
            }
        }
        attempts::record(db, &subjects, now).await?;
        if accounts::by_email(db, &email).await?.is_some() {
            let token = links::make(db, Purpose::Reset, &email, now).await?;
            let link = format!("{base_url}/portal/reset/confirm?token={token}");
            send(
                suite,
                Mail {
                    to: email.clone(),
                    subject: "Reset your Suite portal password".to_owned(),
                    text: format!(
                        "Open this link to choose a new password:\n\n{link}\n\nIt works once, \
                         for one hour. If you did not ask for it, ignore this mail: your \
                         password stays as it is.\n"
                    ),
                    link,
                },
            )
            .await?;
        }
        then_log_in(
            suite,
            &visit,
            "Check your email",
            "If an account exists for that email, a reset link is on its way. It works for one \
             hour.",
        )
    })
    .await
}

#[endpoint { method = GET, path = "/portal/reset/confirm", unpublished = true }]
pub async fn reset_confirm_page(
    rqctx: RequestContext<Suite>,
    query: Query<TokenQuery>,
) -> Result<Response<Body>, HttpError> {
    let token = query.into_inner().token;
    answer(&rqctx, |suite, visit| async move {
        let platform = &suite.platform;
        let now = platform.now().timestamp();
        if links::peek(platform.db(), Purpose::Reset, &token, now)
            .await?
            .is_none()
        {
            return Err(expired_reset());
        }
        reset_confirm_form(suite, &visit, StatusCode::OK, None, &token)
    })
    .await
}

fn expired_reset() -> Problem {
    Problem::BadInput(
        "This reset link was used already or has expired. Ask for a new one.".to_owned(),
    )
}

fn reset_confirm_form(
    suite: &Suite,
    visit: &Visit,
    status: StatusCode,
    alert: Option<&str>,
    token: &str,
) -> Result<Reply, Problem> {
    let data = json!({"csrf": visit.csrf(), "alert": alert, "token": token});
    Reply::page(
        &suite.portal,
        status,
        "reset_confirm",
        &data,
        &visit.frame("Choose a new password"),
    )
}

#[endpoint { method = POST, path = "/portal/reset/confirm", unpublished = true }]
pub async fn reset_confirm(
    rqctx: RequestContext<Suite>,
    body: UntypedBody,
) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let form = visit.form(body)?;
        let token = form.get("token").to_owned();
        let platform = &suite.platform;
        let db = platform.db();
        let now = platform.now().timestamp();
        let Some(email) = links::peek(db, Purpose::Reset, &token, now).await? else {
            return Err(expired_reset());
        };
        let hash = match new_password_hash(&form, &email).await? {
            Ok(hash) => hash,
            Err(alert) => {
                return reset_confirm_form(
                    suite,
                    &visit,
                    StatusCode::BAD_REQUEST,
                    Some(&alert),
                    &token,
                );
            }
        };
        if links::take(db, Purpose::Reset, &token, now)
            .await?
            .is_none()
        {
            return Err(expired_reset());
        }
        if let Some(account_id) = accounts::set_password(db, &email, &hash).await? {
            // The link came by mail: the email is the holder's.
            accounts::mark_verified(db, &email, now).await?;
            sessions::close_all(db, &account_id).await?;
            attempts::clear(db, &format!("login:account:{email}")).await?;
        }
        then_log_in(
            suite,
            &visit,
            "Password changed",
            "Password changed. Every other session of your account has ended; log in with the \
             new password.",
        )
    })
    .await
}
