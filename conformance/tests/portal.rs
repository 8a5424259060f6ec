//! The customer portal's journeys (issue 21) as a person makes them, in Debian's Chromium,
//! against the page contract (URLs, labels, buttons, statuses): an invitation to a working
//! key, its usage and CSV, rotation, revocation and logging out; open sign-up with email
//! verification; CSRF refusals; login throttling with one wording for every wrong login;
//! one account's keys out of another's reach; password reset by mail. Mail is caught by the
//! SMTP sink; every page visited is kept as a screenshot in `<target>/artifacts/portal/`.
//!
//! The browser is blocking: each step runs in `spawn_blocking` while the test's runtime
//! serves the server, and the journeys take turns (one Chromium at a time on shared cores).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use conformance::browser::{Browser, Page};
use conformance::forms::urlencoded;
use conformance::smtp_sink::SmtpSink;
use conformance::{TestServer, status_of};
use suite_server::portal::config::SignupMode;

const OPERATOR_TOKEN: &str = "portal-operator-token";
/// A password any strength rule accepts.
const PASSWORD: &str = "Correct-horse-battery-staple-42";
const NEW_PASSWORD: &str = "Another-long-passphrase-for-77";
/// How long mail may take to arrive (a bound, not a measure).
const MAIL: Duration = Duration::from_secs(30);

/// The journeys take turns: each launches a Chromium, and the machine's cores are shared.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A server with the portal in `signup` mode, its mail going to a sink.
struct Portal {
    server: TestServer,
    sink: SmtpSink,
    browser: Arc<Browser>,
}

impl Portal {
    async fn start(signup: SignupMode) -> Portal {
        let sink = SmtpSink::start().await;
        let smtp = sink.config();
        // Plain http whatever SUITE_TEST_TLS says: the browser does not know the test CA.
        let server = TestServer::start_http_with(move |c| {
            c.platform.operator_token = OPERATOR_TOKEN.into();
            c.portal.signup = signup;
            c.portal.smtp = Some(smtp);
        })
        .await;
        let browser = blocking(Browser::launch).await;
        Portal {
            server,
            sink,
            browser: Arc::new(browser),
        }
    }

    /// A new tab of its own incognito context: cookies of its own.
    async fn page(&self) -> Tab {
        let browser = self.browser.clone();
        Tab(Arc::new(blocking(move || browser.page()).await))
    }

    fn url(&self, path: &str) -> String {
        self.server.url(path)
    }

    /// An invitation for `email` made through the admin API: its link.
    async fn invite(&self, email: &str) -> String {
        let response = self
            .server
            .raw()
            .post(self.url("/admin/portal/invitations"))
            .bearer_auth(OPERATOR_TOKEN)
            .json(&serde_json::json!({ "email": email }))
            .send()
            .await
            .expect("the admin API answers");
        assert_eq!(response.status().as_u16(), 201);
        let invitation: serde_json::Value = response.json().await.expect("JSON");
        assert_eq!(invitation["email"], email, "{invitation}");
        let expires_at = invitation["expires_at"].as_i64().expect("expires_at");
        let now = self.server.clock().now().timestamp();
        assert_eq!(expires_at - now, 7 * 24 * 3600, "valid for 7 days");
        let url = invitation["url"].as_str().expect("url").to_owned();
        assert!(
            url.starts_with(&self.url("/portal/signup?invite=")),
            "{url}"
        );
        url
    }

    /// The first link of the next mail to `email` whose path starts with `path`.
    async fn link(&self, email: &str, path: &str) -> String {
        let mail = self.sink.wait_for(email, MAIL).await;
        let wanted = self.url(path);
        mail.links()
            .into_iter()
            .find(|link| link.starts_with(&wanted))
            .unwrap_or_else(|| panic!("no {wanted} link in {:?}: {}", mail.subject(), mail.text()))
    }

    /// An account made by open sign-up, verified and logged in on `tab`.
    async fn open_account(&self, tab: &Tab, email: &str, shots: &str) {
        let (base, address, shot) = (self.url(""), email.to_owned(), shots.to_owned());
        let text = tab
            .run(move |p| {
                p.goto(&format!("{base}/portal/signup"))?;
                p.fill("Email", &address)?;
                p.fill("Password", PASSWORD)?;
                p.fill("Confirm password", PASSWORD)?;
                p.click_button("Create account")?;
                checked_shot(p, &format!("portal/{shot}-signed-up"))?;
                p.text()
            })
            .await;
        assert!(text.contains("Check your email"), "{text}");
        let verify = self.link(email, "/portal/verify?token=").await;
        let text = tab.run(move |p| goto_text(p, &verify)).await;
        assert!(text.contains("Email verified"), "{text}");
        let (url, status, _) = self.log_in(tab, email, PASSWORD, shots).await;
        assert_eq!((url.as_str(), status), (self.url("/portal").as_str(), 200));
    }

    /// Logs in on `tab` through the login page: where it ends, its status and its text (the
    /// page it ends on kept as `<shot>-login`).
    async fn log_in(
        &self,
        tab: &Tab,
        email: &str,
        password: &str,
        shot: &str,
    ) -> (String, u16, String) {
        let (login, email, password, shot) = (
            self.url("/portal/login"),
            email.to_owned(),
            password.to_owned(),
            shot.to_owned(),
        );
        tab.run(move |p| {
            p.goto(&login)?;
            p.fill("Email", &email)?;
            p.fill("Password", &password)?;
            p.click_button("Log in")?;
            checked_shot(p, &format!("portal/{shot}-login"))?;
            Ok((p.url()?, p.status()?, p.text()?))
        })
        .await
    }

    /// A client that keeps the answers' redirects to itself.
    fn http(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client builds")
    }

    /// POSTs the form `fields` to `path` with the session `cookie`: status and text.
    async fn post_form(&self, path: &str, cookie: &str, fields: &[(&str, &str)]) -> (u16, String) {
        let response = self
            .http()
            .post(self.url(path))
            .header("cookie", format!("suite_session={cookie}"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(urlencoded(fields))
            .send()
            .await
            .expect("the portal answers");
        let status = response.status().as_u16();
        (status, response.text().await.unwrap_or_default())
    }
}

/// A page shared between the test and the blocking steps it runs.
#[derive(Clone)]
struct Tab(Arc<Page>);

impl Tab {
    /// Runs `step` on the page in a blocking thread; panics with its error.
    async fn run<T: Send + 'static>(
        &self,
        step: impl FnOnce(&Page) -> Result<T> + Send + 'static,
    ) -> T {
        let page = self.0.clone();
        blocking(move || step(&page)).await
    }

    /// The session cookie's value.
    async fn session(&self) -> String {
        self.run(|p| p.cookie("suite_session"))
            .await
            .expect("a session cookie")
    }
}

/// Runs `work` in a blocking thread; panics with its error.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> Result<T> + Send + 'static) -> T {
    tokio::task::spawn_blocking(work)
        .await
        .expect("the browser thread")
        .unwrap_or_else(|error| panic!("in the browser: {error:#}"))
}

/// Keeps a screenshot of the page as `name`, after checking that every field is labelled and
/// that nothing on it comes from, links to or posts to another host.
fn checked_shot(page: &Page, name: &str) -> Result<()> {
    let faults = page.faults()?;
    anyhow::ensure!(faults.is_empty(), "{name}: {faults:?}");
    page.screenshot(name)?;
    Ok(())
}

/// Loads `url`: its text.
fn goto_text(page: &Page, url: &str) -> Result<String> {
    page.goto(url)?;
    page.text()
}

/// Calls the validation API with `secret`: the status.
async fn validate_with(server: &TestServer, secret: &str) -> u16 {
    status_of(
        server
            .client_with_secret(secret)
            .validate_creditcard()
            .body_map(|b| b.number("4111 1111 1111 1111"))
            .send()
            .await,
    )
}

/// Waits up to 1.5 s for `secret` to be refused with 401.
async fn refused_soon(server: &TestServer, secret: &str) {
    let give_up = Instant::now() + Duration::from_millis(1500);
    loop {
        let status = validate_with(server, secret).await;
        if status == 401 {
            return;
        }
        assert!(
            Instant::now() < give_up,
            "the old key still answers {status} after 1.5 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The text of the page's alert.
async fn alert(tab: &Tab) -> String {
    tab.run(|p| p.text_of("[role=\"alert\"]")).await
}

/// The key ids listed on the dashboard.
fn key_ids(page: &Page) -> Result<Vec<String>> {
    page.attr_all("tr[data-key-id]", "data-key-id")
}

/// Subscribes to free validation and creates a key named `name` from the dashboard: its id
/// and secret.
fn free_validation_key(
    page: &Page,
    base: &str,
    name: &str,
    shot: &str,
) -> Result<(String, String)> {
    page.goto(&format!("{base}/portal"))?;
    page.select("API", "validate")?;
    page.select("Plan", "free")?;
    page.click_button("Subscribe")?;
    anyhow::ensure!(page.status()? < 400, "subscribing: {}", page.text()?);
    checked_shot(page, &format!("portal/{shot}-subscribed"))?;
    let before = key_ids(page)?;
    page.fill("Key name", name)?;
    page.click_button("Create key")?;
    checked_shot(page, &format!("portal/{shot}-key-created"))?;
    let secret = page.value("#new-key")?;
    let ids = key_ids(page)?;
    let new: Vec<_> = ids.iter().filter(|id| !before.contains(id)).collect();
    anyhow::ensure!(new.len() == 1, "one new key row: {before:?} then {ids:?}");
    Ok((new[0].clone(), secret))
}

#[tokio::test]
async fn an_invited_user_signs_up_makes_a_key_sees_its_usage_rotates_it_and_logs_out() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Invite).await;
    let email = "ada@example.com";
    let invitation = portal.invite(email).await;
    let tab = portal.page().await;
    let base = portal.url("");

    // The invitation's sign-up form: the email prefilled and fixed.
    let address = email.to_owned();
    let text = tab
        .run(move |p| {
            p.goto(&invitation)?;
            checked_shot(p, "portal/invite-01-signup")?;
            let field = p.labelled("Email")?;
            anyhow::ensure!(
                field.value == address && field.read_only,
                "the invited email, read-only: {field:?}"
            );
            p.fill("Password", PASSWORD)?;
            p.fill("Confirm password", PASSWORD)?;
            p.click_button("Create account")?;
            checked_shot(p, "portal/invite-02-check-your-email")?;
            p.text()
        })
        .await;
    assert!(text.contains("Check your email"), "{text}");

    let verify = portal.link(email, "/portal/verify?token=").await;
    let text = tab
        .run(move |p| {
            p.goto(&verify)?;
            checked_shot(p, "portal/invite-03-verified")?;
            p.text()
        })
        .await;
    assert!(text.contains("Email verified"), "{text}");
    assert!(text.contains("Log in"), "{text}");

    let login = portal.url("/portal/login");
    let text = tab.run(move |p| goto_text(p, &login)).await;
    for link in ["Forgot your password?", "Create an account"] {
        assert!(text.contains(link), "{link} in {text}");
    }
    let (url, status, _) = portal.log_in(&tab, email, PASSWORD, "invite-04").await;
    assert_eq!(
        (url.as_str(), status),
        (portal.url("/portal").as_str(), 200)
    );
    let headings = tab.run(|p| p.texts("h2")).await;
    for heading in ["Subscriptions", "Keys", "Usage"] {
        assert!(
            headings.iter().any(|h| h.starts_with(heading)),
            "an <h2> {heading}: {headings:?}"
        );
    }

    // Free validation, a key named "ci", shown once.
    let home = base.clone();
    let (key_id, secret) = tab
        .run(move |p| free_validation_key(p, &home, "ci", "invite-05"))
        .await;
    assert!(secret.starts_with("sk_live_"), "{secret}");
    let (row, copy) = tab
        .run({
            let row = format!("tr[data-key-id=\"{key_id}\"]");
            move |p| Ok((p.text_of(&row)?, p.text()?.contains("Copy")))
        })
        .await;
    assert!(row.contains("ci"), "the key's row: {row}");
    assert!(!row.contains(&secret), "the row shows only a prefix: {row}");
    assert!(copy, "a Copy button beside the new key");
    let again = tab
        .run({
            let home = base.clone();
            move |p| {
                p.goto(&format!("{home}/portal"))?;
                p.html()
            }
        })
        .await;
    assert!(!again.contains(&secret), "the secret is shown once");

    assert_eq!(validate_with(&portal.server, &secret).await, 200);

    // Usage: the call counted, this month's limit, the next reset, a chart.
    let usage = portal.url("/portal/usage");
    let (section, charts) = tab
        .run(move |p| {
            p.goto(&usage)?;
            checked_shot(p, "portal/invite-06-usage")?;
            Ok((
                p.text_of("section[data-api=\"validate\"]")?,
                p.attr_all("section[data-api=\"validate\"] svg[role=\"img\"]", "role")?,
            ))
        })
        .await;
    assert!(section.contains("1 of 500 calls this month"), "{section}");
    assert!(section.contains("Resets on 2026-12-01"), "{section}");
    assert_eq!(charts.len(), 1, "one chart in the section");
    let csv_links = tab
        .run(|p| p.attr_all("a[href$=\"usage.csv\"]", "href"))
        .await;
    assert!(!csv_links.is_empty(), "a Download CSV link");

    let session = tab.session().await;
    let csv = portal
        .http()
        .get(portal.url("/portal/usage.csv"))
        .header("cookie", format!("suite_session={session}"))
        .send()
        .await
        .expect("the CSV answers");
    assert_eq!(csv.status().as_u16(), 200);
    let content_type = csv
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let csv = csv.text().await.expect("the CSV");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.first(), Some(&"date,api,calls"), "{csv}");
    let today = portal.server.clock().now().format("%Y-%m-%d").to_string();
    assert!(
        lines.contains(&format!("{today},validate,1").as_str()),
        "{csv}"
    );

    // Rotation: a new secret, the old one refused within the key cache's second.
    let rotate_row = format!("tr[data-key-id=\"{key_id}\"]");
    let rotated = tab
        .run({
            let home = base.clone();
            move |p| {
                p.goto(&format!("{home}/portal"))?;
                p.click_button_in_row(&rotate_row, "Rotate")?;
                checked_shot(p, "portal/invite-07-rotated")?;
                p.value("#new-key")
            }
        })
        .await;
    assert!(rotated.starts_with("sk_live_") && rotated != secret);
    refused_soon(&portal.server, &secret).await;
    assert_eq!(validate_with(&portal.server, &rotated).await, 200);

    // The dashboard on a phone.
    tab.run({
        let home = base.clone();
        move |p| {
            p.set_phone_viewport()?;
            p.goto(&format!("{home}/portal"))?;
            checked_shot(p, "portal/invite-08-dashboard-phone")?;
            Ok(())
        }
    })
    .await;

    // Revocation: the row goes, the secret is refused.
    let ids = tab.run(key_ids).await;
    assert_eq!(ids.len(), 1, "one key after rotation: {ids:?}");
    let revoke_row = format!("tr[data-key-id=\"{}\"]", ids[0]);
    let left = tab
        .run(move |p| {
            p.click_button_in_row(&revoke_row, "Revoke")?;
            checked_shot(p, "portal/invite-09-revoked")?;
            key_ids(p)
        })
        .await;
    assert!(left.is_empty(), "no key left: {left:?}");
    refused_soon(&portal.server, &rotated).await;

    // Logging out ends the session.
    let (after_logout, after_visit) = tab
        .run({
            let home = base.clone();
            move |p| {
                p.click_button("Log out")?;
                let after_logout = p.url()?;
                p.goto(&format!("{home}/portal"))?;
                checked_shot(p, "portal/invite-10-logged-out")?;
                Ok((after_logout, p.url()?))
            }
        })
        .await;
    assert_eq!(after_logout, portal.url("/portal/login"));
    assert_eq!(after_visit, portal.url("/portal/login"));
    let old_session = portal
        .http()
        .get(portal.url("/portal"))
        .header("cookie", format!("suite_session={session}"))
        .send()
        .await
        .expect("answers");
    assert_eq!(old_session.status().as_u16(), 303);
    assert_eq!(
        old_session
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok()),
        Some("/portal/login")
    );
}

#[tokio::test]
async fn open_sign_up_needs_the_emailed_verification_before_logging_in() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let email = "grace@example.com";
    let tab = portal.page().await;

    let (signup, address) = (portal.url("/portal/signup"), email.to_owned());
    let text = tab
        .run(move |p| {
            p.goto(&signup)?;
            checked_shot(p, "portal/open-01-signup")?;
            let field = p.labelled("Email")?;
            anyhow::ensure!(!field.read_only, "the email is the user's to type");
            p.fill("Email", &address)?;
            p.fill("Password", PASSWORD)?;
            p.fill("Confirm password", PASSWORD)?;
            p.click_button("Create account")?;
            checked_shot(p, "portal/open-02-check-your-email")?;
            p.text()
        })
        .await;
    assert!(text.contains("Check your email"), "{text}");
    let verify = portal.link(email, "/portal/verify?token=").await;

    let (url, status, text) = portal
        .log_in(&tab, email, PASSWORD, "open-03-unverified")
        .await;
    assert_eq!(status, 403, "{url}: {text}");
    assert!(text.contains("Verify your email first"), "{text}");
    let (_, status, text) = portal
        .log_in(&tab, email, "not-the-password-1", "open-04-wrong")
        .await;
    assert_eq!(status, 401, "a wrong password is wrong, verified or not");
    assert!(text.contains("Wrong email or password"), "{text}");

    let text = tab
        .run(move |p| {
            p.goto(&verify)?;
            checked_shot(p, "portal/open-05-verified")?;
            p.text()
        })
        .await;
    assert!(text.contains("Email verified"), "{text}");
    let (url, status, _) = portal.log_in(&tab, email, PASSWORD, "open-06").await;
    assert_eq!(
        (url.as_str(), status),
        (portal.url("/portal").as_str(), 200)
    );
}

#[tokio::test]
async fn a_form_without_its_csrf_field_is_refused_and_changes_nothing() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let tab = portal.page().await;
    portal
        .open_account(&tab, "csrf@example.com", "csrf-01")
        .await;
    let session = tab.session().await;
    let (csrf, name_field) = tab
        .run(|p| {
            Ok((
                p.value("input[name=\"csrf\"]")?,
                p.labelled("Key name")?.name,
            ))
        })
        .await;
    assert!(!csrf.is_empty());

    for fields in [
        vec![(name_field.as_str(), "forged")],
        vec![(name_field.as_str(), "forged"), ("csrf", "not-the-token")],
    ] {
        let (status, text) = portal.post_form("/portal/keys", &session, &fields).await;
        assert_eq!(status, 403, "{fields:?}: {text}");
        assert!(text.contains("The form expired"), "{text}");
    }
    let home = portal.url("/portal");
    let ids = tab
        .run(move |p| {
            p.goto(&home)?;
            checked_shot(p, "portal/csrf-02-no-key")?;
            key_ids(p)
        })
        .await;
    assert!(ids.is_empty(), "no key made: {ids:?}");

    // The same request with the right field is not refused: the field was the difference.
    let (status, text) = portal
        .post_form(
            "/portal/keys",
            &session,
            &[(name_field.as_str(), "real"), ("csrf", csrf.as_str())],
        )
        .await;
    assert!(status < 400, "{status}: {text}");
    let home = portal.url("/portal");
    let ids = tab
        .run(move |p| {
            p.goto(&home)?;
            key_ids(p)
        })
        .await;
    assert_eq!(ids.len(), 1, "{ids:?}");
}

#[tokio::test]
async fn wrong_logins_read_alike_and_the_sixth_attempt_is_throttled() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let tab = portal.page().await;
    let email = "throttle@example.com";
    portal.open_account(&tab, email, "throttle-01").await;
    tab.run(|p| p.click_button("Log out")).await;

    let (_, unknown_status, _) = portal
        .log_in(&tab, "nobody@example.com", PASSWORD, "throttle-02-unknown")
        .await;
    let unknown_alert = alert(&tab).await;
    assert_eq!(unknown_status, 401);
    assert!(
        unknown_alert.contains("Wrong email or password"),
        "{unknown_alert}"
    );

    for attempt in 1..=5 {
        let shot = format!("throttle-03-wrong-{attempt}");
        let (url, status, text) = portal
            .log_in(&tab, email, "Wrong-password-123", &shot)
            .await;
        assert_eq!(status, 401, "attempt {attempt} at {url}: {text}");
        assert_eq!(
            alert(&tab).await,
            unknown_alert,
            "a wrong password reads as an unknown email"
        );
    }
    let (url, status, text) = portal
        .log_in(&tab, email, PASSWORD, "throttle-04-throttled")
        .await;
    assert_eq!(status, 429, "{url}: {text}");
    assert!(text.contains("Too many attempts"), "{text}");
    let retry_after = tab
        .run(|p| p.response_header("Retry-After"))
        .await
        .expect("a Retry-After header");
    let seconds: u64 = retry_after.parse().expect("Retry-After in seconds");
    assert!((1..=15 * 60).contains(&seconds), "{seconds}");
}

#[tokio::test]
async fn an_account_cannot_see_rotate_or_revoke_another_accounts_key() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let first = portal.page().await;
    let second = portal.page().await;
    portal
        .open_account(&first, "first@example.com", "isolation-01-first")
        .await;
    portal
        .open_account(&second, "second@example.com", "isolation-02-second")
        .await;
    let base = portal.url("");
    let (key_id, secret) = first
        .run(move |p| free_validation_key(p, &base, "first's", "isolation-03"))
        .await;

    let home = portal.url("/portal");
    let (html, csrf) = second
        .run(move |p| {
            p.goto(&home)?;
            checked_shot(p, "portal/isolation-04-second-dashboard")?;
            Ok((p.html()?, p.value("input[name=\"csrf\"]")?))
        })
        .await;
    assert!(
        !html.contains(&key_id),
        "the first account's key is not shown"
    );
    let session = second.session().await;
    for action in ["rotate", "revoke"] {
        let path = format!("/portal/keys/{key_id}/{action}");
        let (status, text) = portal
            .post_form(&path, &session, &[("csrf", csrf.as_str())])
            .await;
        assert_eq!(status, 404, "{path}: {text}");
    }
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(validate_with(&portal.server, &secret).await, 200);
    let home = portal.url("/portal");
    let ids = first
        .run(move |p| {
            p.goto(&home)?;
            key_ids(p)
        })
        .await;
    assert_eq!(ids, [key_id], "the first account's key is still there");
}

#[tokio::test]
async fn a_forgotten_password_is_reset_through_the_emailed_link() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let tab = portal.page().await;
    let email = "reset@example.com";
    portal.open_account(&tab, email, "reset-01").await;
    tab.run(|p| p.click_button("Log out")).await;

    let answer = "If an account exists for that email, a reset link is on its way";
    for (who, shot) in [
        (email, "reset-02-requested"),
        ("nobody@example.com", "reset-03-unknown"),
    ] {
        let (reset, who, shot) = (portal.url("/portal/reset"), who.to_owned(), shot.to_owned());
        let text = tab
            .run(move |p| {
                p.goto(&reset)?;
                p.fill("Email", &who)?;
                p.click_button("Send reset link")?;
                checked_shot(p, &format!("portal/{shot}"))?;
                p.text()
            })
            .await;
        assert!(text.contains(answer), "{text}");
    }

    let link = portal.link(email, "/portal/reset/confirm?token=").await;
    let text = tab
        .run(move |p| {
            p.goto(&link)?;
            checked_shot(p, "portal/reset-04-form")?;
            p.fill("New password", NEW_PASSWORD)?;
            p.fill("Confirm password", NEW_PASSWORD)?;
            p.click_button("Set password")?;
            checked_shot(p, "portal/reset-05-changed")?;
            p.text()
        })
        .await;
    assert!(text.contains("Password changed"), "{text}");

    let (_, status, text) = portal.log_in(&tab, email, PASSWORD, "reset-06-old").await;
    assert_eq!(status, 401, "the old password: {text}");
    let (url, status, _) = portal
        .log_in(&tab, email, NEW_PASSWORD, "reset-07-new")
        .await;
    assert_eq!(
        (url.as_str(), status),
        (portal.url("/portal").as_str(), 200)
    );
}

/// `X-RateLimit-Limit` of a validation call made with `secret`.
async fn monthly_limit(server: &TestServer, secret: &str) -> String {
    let response = server.validate_a_card(secret).await;
    assert_eq!(response.status().as_u16(), 200);
    response
        .headers()
        .get("x-ratelimit-limit")
        .and_then(|v| v.to_str().ok())
        .expect("X-RateLimit-Limit")
        .to_owned()
}

#[tokio::test]
async fn an_accounts_keys_share_its_quota_and_the_operator_grants_the_plan_it_asked_for() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let portal = Portal::start(SignupMode::Open).await;
    let customer = portal.page().await;
    let email = "grant@example.com";
    portal.open_account(&customer, email, "operator-01").await;
    let base = portal.url("");
    let (_, first) = customer
        .run(move |p| free_validation_key(p, &base, "first", "operator-02"))
        .await;
    let second = customer
        .run(|p| {
            p.fill("Key name", "second")?;
            p.click_button("Create key")?;
            p.value("#new-key")
        })
        .await;
    assert_ne!(first, second);

    // Two keys, one quota: each call counts against the account's 500.
    assert_eq!(monthly_limit(&portal.server, &first).await, "500");
    assert_eq!(monthly_limit(&portal.server, &second).await, "500");
    let usage = portal.url("/portal/usage");
    let text = customer.run(move |p| goto_text(p, &usage)).await;
    assert!(text.contains("2 of 500 calls this month"), "{text}");

    // Basic is asked for, not given: the free plan stays in force until the operator grants.
    let home = portal.url("/portal");
    let text = customer
        .run(move |p| {
            p.goto(&home)?;
            p.select("API", "validate")?;
            p.select("Plan", "basic")?;
            p.click_button("Subscribe")?;
            checked_shot(p, "portal/operator-03-requested")?;
            p.text()
        })
        .await;
    assert!(text.contains("basic requested"), "{text}");
    assert_eq!(monthly_limit(&portal.server, &first).await, "500");

    let operator = portal.page().await;
    let (login, page) = (
        portal.url("/portal/operator/login"),
        portal.url("/portal/operator"),
    );
    let (landed, refused) = operator
        .run(move |p| {
            p.goto(&page)?;
            let landed = p.url()?;
            p.fill("Operator token", "not-the-token")?;
            p.click_button("Log in")?;
            let refused = (p.status()?, p.text_of("[role=\"alert\"]")?);
            Ok((landed, refused))
        })
        .await;
    assert_eq!(landed, login, "the operator page asks for the token first");
    assert_eq!(refused.0, 401, "{refused:?}");
    let text = operator
        .run(|p| {
            p.fill("Operator token", OPERATOR_TOKEN)?;
            p.click_button("Log in")?;
            checked_shot(p, "portal/operator-04-accounts")?;
            p.text()
        })
        .await;
    assert!(text.contains(email), "{text}");
    assert!(text.contains("validate 3"), "this month's calls: {text}");
    for key in [&first, &second] {
        let prefix: String = key.chars().take(12).collect();
        assert!(text.contains(&format!("({prefix}…)")), "{prefix}: {text}");
        assert!(!text.contains(key.as_str()), "never the whole key: {text}");
    }
    let text = operator
        .run(|p| {
            p.click_button("Grant")?;
            checked_shot(p, "portal/operator-05-granted")?;
            p.text()
        })
        .await;
    assert!(text.contains("No requests waiting"), "{text}");

    // Granted: both keys now run on basic (10,000 a month), still one quota.
    assert_eq!(monthly_limit(&portal.server, &first).await, "10000");
    assert_eq!(monthly_limit(&portal.server, &second).await, "10000");
    let usage = portal.url("/portal/usage");
    let text = customer.run(move |p| goto_text(p, &usage)).await;
    assert!(text.contains("5 of 10000 calls this month"), "{text}");
}

#[tokio::test]
async fn sign_ups_from_one_address_are_throttled_before_they_become_a_flood_of_mail() {
    let sink = SmtpSink::start().await;
    let smtp = sink.config();
    let server = TestServer::start_with(move |c| {
        c.portal.signup = SignupMode::Open;
        c.portal.smtp = Some(smtp);
    })
    .await;
    let mut visitor = conformance::forms::Visitor::new(&[&server]);
    let signup = server.url("/portal/signup");
    for i in 0..10 {
        let email = format!("flood{i}@example.com");
        let status = visitor
            .submit(
                &signup,
                &signup,
                &[
                    ("email", &email),
                    ("password", PASSWORD),
                    ("confirm", PASSWORD),
                ],
            )
            .await;
        assert_eq!(status, 200, "sign-up {i}");
        sink.wait_for(&email, MAIL).await;
    }
    let status = visitor
        .submit(
            &signup,
            &signup,
            &[
                ("email", "flood10@example.com"),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(status, 429, "the eleventh sign-up within the hour");
}
