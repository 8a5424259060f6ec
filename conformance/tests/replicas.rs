//! Replicas: two servers on one database, as an operator runs them behind a proxy.
//!
//! With PostgreSQL (the PostgreSQL pass of `cargo xtask test`, `SUITE_TEST_POSTGRES_URL`), the
//! bytes of generated files are in the database and each replica has a data directory of its
//! own; with SQLite both share one data directory, the database's and the files'. Either way
//! a file published through one replica is downloaded through the other, both ways, a file
//! of several chunks included. On both, the sweepers of two replicas racing
//! for the same expired files raise no error and purge each file once. A portal session and
//! a one-time link made on one replica hold on the other, and login throttling counts the
//! failures of both.

use chrono::Duration;
use conformance::TestServer;
use conformance::forms::Visitor;
use suite_platform::{Api, Plan};

async fn body_of(
    response: suite_client::ResponseValue<suite_client::ByteStream>,
) -> (Option<String>, Vec<u8>) {
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    (content_type, conformance::shots::body(response).await)
}

/// 2.5 chunks of bytes that differ from chunk to chunk.
fn large_file() -> Vec<u8> {
    let len = suite_platform::blobs::CHUNK_BYTES * 5 / 2;
    (0..len)
        .map(|i| (i % 251) as u8 ^ (i >> 20) as u8)
        .collect()
}

#[tokio::test]
async fn a_file_published_through_one_replica_downloads_through_the_other() {
    let first = TestServer::start().await;
    let second = first.start_replica().await;
    let key = first.key(Plan::Free, &[Api::Docgen, Api::Screenshot]).await;
    let now = first.clock().now();
    let large = large_file();
    let shot = first
        .platform()
        .blobs()
        .put(&key.id, Api::Screenshot, "shot", "image/png", &large, now)
        .await
        .expect("stored through the first");
    let stranger = second.key(Plan::Free, &[Api::Screenshot]).await;

    assert_eq!(
        first.platform().blobs().shared_by_replicas(),
        conformance::database_kind() == "postgres",
        "the bytes are in PostgreSQL when the records are"
    );
    assert!(
        second
            .platform()
            .blobs()
            .bytes_exist(&shot.id)
            .await
            .expect("looked up")
    );
    let (content_type, body) = body_of(
        second
            .client(&key)
            .screenshot_download()
            .id(&shot.id)
            .send()
            .await
            .expect("downloaded through the second"),
    )
    .await;
    assert_eq!(content_type.as_deref(), Some("image/png"));
    assert_eq!(body.len(), large.len());
    assert!(body == large, "the same bytes, in order");

    // And the other way round.
    let doc = second
        .platform()
        .blobs()
        .put(
            &key.id,
            Api::Docgen,
            "doc",
            "application/pdf",
            b"%PDF-1.7\n",
            now,
        )
        .await
        .expect("stored through the second");
    let (content_type, body) = body_of(
        first
            .client(&key)
            .docgen_download()
            .id(&doc.id)
            .send()
            .await
            .expect("downloaded through the first"),
    )
    .await;
    assert_eq!(content_type.as_deref(), Some("application/pdf"));
    assert_eq!(body, b"%PDF-1.7\n");

    // Ownership and expiry hold on every replica.
    assert_eq!(
        conformance::status_of(
            second
                .client(&stranger)
                .screenshot_download()
                .id(&shot.id)
                .send()
                .await
        ),
        404
    );
    first
        .clock()
        .set(now + Duration::hours(24) + Duration::seconds(1));
    assert_eq!(
        conformance::status_of(
            second
                .client(&key)
                .screenshot_download()
                .id(&shot.id)
                .send()
                .await
        ),
        410
    );
}

#[tokio::test]
async fn sweepers_of_two_replicas_racing_for_the_same_files_raise_no_error() {
    let first = TestServer::start().await;
    let second = first.start_replica().await;
    let key = first.key(Plan::Free, &[Api::Docgen]).await;
    let now = first.clock().now();
    let mut ids = Vec::new();
    for _ in 0..24 {
        let blob = first
            .platform()
            .blobs()
            .put(
                &key.id,
                Api::Docgen,
                "doc",
                "application/pdf",
                b"%PDF-1.7\n",
                now,
            )
            .await
            .expect("stored");
        ids.push(blob.id);
    }
    let later = now + Duration::hours(24) + Duration::seconds(1);
    first.clock().set(later);
    let (a, b) = tokio::join!(
        first.platform().blobs().sweep(later),
        second.platform().blobs().sweep(later)
    );
    let (a, b) = (a.expect("the first sweeps"), b.expect("the second sweeps"));
    assert_eq!(a + b, ids.len(), "each file purged once: {a} + {b}");
    for id in &ids {
        assert!(
            !first
                .platform()
                .blobs()
                .bytes_exist(id)
                .await
                .expect("looked up")
        );
        assert!(
            !second
                .platform()
                .blobs()
                .bytes_exist(id)
                .await
                .expect("looked up")
        );
        assert_eq!(
            conformance::status_of(second.client(&key).docgen_download().id(id).send().await),
            410
        );
    }
    // Nothing is left to sweep, on either.
    assert_eq!(
        first.platform().blobs().sweep(later).await.expect("sweeps"),
        0
    );
    assert_eq!(
        second
            .platform()
            .blobs()
            .sweep(later)
            .await
            .expect("sweeps"),
        0
    );
}

#[tokio::test]
async fn a_portal_login_holds_on_every_replica_and_its_throttle_counts_across_them() {
    let sink = conformance::smtp_sink::SmtpSink::start().await;
    let smtp = sink.config();
    let first = TestServer::start_with(move |c| {
        c.portal.signup = suite_server::portal::config::SignupMode::Open;
        c.portal.smtp = Some(smtp);
    })
    .await;
    let second = first.start_replica().await;
    let (email, password) = ("replicas@example.com", "Correct-horse-battery-staple-42");

    let mut visitor = Visitor::new(&[&first, &second]);
    let signed_up = visitor
        .submit(
            &first.url("/portal/signup"),
            &first.url("/portal/signup"),
            &[
                ("email", email),
                ("password", password),
                ("confirm", password),
            ],
        )
        .await;
    assert_eq!(signed_up, 200);
    let mail = sink
        .wait_for(email, std::time::Duration::from_secs(30))
        .await;
    let link = mail
        .links()
        .into_iter()
        .find(|l| l.contains("/portal/verify?token="))
        .expect("a verification link");
    // The link made by the first replica works on the second.
    let on_second = link.replace(&first.url(""), &second.url(""));
    let (status, text) = visitor.get(&on_second).await;
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("Email verified"), "{text}");

    let logged_in = visitor
        .submit(
            &second.url("/portal/login"),
            &second.url("/portal/login"),
            &[("email", email), ("password", password)],
        )
        .await;
    assert_eq!(logged_in, 303, "logged in on the second replica");
    let (status, text) = visitor.get(&first.url("/portal")).await;
    assert_eq!(status, 200, "the session holds on the first: {text}");
    assert!(text.contains(&format!("Signed in as {email}")), "{text}");

    // Five failures, spread over both replicas, use up the account's allowance everywhere.
    let mut stranger = Visitor::new(&[&first, &second]);
    for server in [&first, &second, &first, &second, &first] {
        let status = stranger
            .submit(
                &server.url("/portal/login"),
                &server.url("/portal/login"),
                &[("email", email), ("password", "Wrong-password-123")],
            )
            .await;
        assert_eq!(status, 401);
    }
    let throttled = stranger
        .submit(
            &second.url("/portal/login"),
            &second.url("/portal/login"),
            &[("email", email), ("password", password)],
        )
        .await;
    assert_eq!(throttled, 429);
}
