//! External mode's bookkeeping on a deployment (here an in-process one with an operator
//! token): the preflight catches a wrong token before any test; keys made through the admin API are named after their run and work; revoking a
//! run revokes its keys still in force and nothing else — not another run's, not keys the
//! operator made.

use conformance::TestServer;
use conformance::external::Deployment;
use suite_platform::{Api, Plan};

const TOKEN: &str = "external-mode-operator-token";

async fn keys_named(server: &TestServer) -> Vec<serde_json::Value> {
    server
        .raw()
        .get(server.url("/admin/keys"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .expect("listed")
        .json()
        .await
        .expect("a JSON list")
}

#[tokio::test]
async fn a_run_revokes_its_own_keys_and_nothing_else() {
    // Plain http whatever the pass: the deployment's trust is the process's (`SSL_CERT_FILE`),
    // which the https run of `cargo xtask test` exercises.
    let server =
        TestServer::start_http_with(|config| config.platform.operator_token = TOKEN.into()).await;
    let ours = Deployment::new(&server.base_url, TOKEN, "run-a").expect("a deployment");
    let theirs = Deployment::new(&server.base_url, TOKEN, "run-b").expect("a deployment");
    let operators = server.key(Plan::Free, &[Api::Validate]).await;
    ours.preflight().await.expect("the deployment is ready");
    let wrong = Deployment::new(&server.base_url, "not-the-token", "run-c").expect("a deployment");
    let refused = wrong
        .preflight()
        .await
        .expect_err("a wrong token is caught first");
    assert!(refused.to_string().contains("operator token"), "{refused}");

    let first = ours
        .create_key(Plan::Free, &[Api::Validate])
        .await
        .expect("made");
    let second = ours
        .create_key(Plan::Pro, &[Api::Validate, Api::Pii])
        .await
        .expect("made");
    let other_run = theirs
        .create_key(Plan::Free, &[Api::Validate])
        .await
        .expect("made");
    ours.revoke(&second.id)
        .await
        .expect("revoked by the test itself");
    server
        .client(&first)
        .validate_creditcard()
        .body_map(|b| b.number("4111111111111111"))
        .send()
        .await
        .expect("a key made through the admin API works");

    let listed = keys_named(&server).await;
    let name_of = |id: &str| {
        listed
            .iter()
            .find(|k| k["id"] == id)
            .and_then(|k| k["name"].as_str())
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        name_of(&first.id),
        "conformance run run-a: a_run_revokes_its_own_keys_and_nothing_else"
    );

    // `second` is already revoked: only `first` is left in force.
    assert_eq!(ours.revoke_run().await.expect("revoked"), 1);
    assert_eq!(ours.revoke_run().await.expect("nothing left"), 0);

    let client = |key| server.client(key);
    let refused = client(&first)
        .validate_creditcard()
        .body_map(|b| b.number("4111111111111111"))
        .send()
        .await;
    assert_eq!(conformance::status_of(refused), 401);
    for untouched in [&other_run, &operators] {
        let answer = client(untouched)
            .validate_creditcard()
            .body_map(|b| b.number("4111111111111111"))
            .send()
            .await;
        assert_eq!(conformance::status_of(answer), 200, "{untouched:?}");
    }
}
