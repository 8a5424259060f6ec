//! What an operator sees of the sanctions lists: `/readyz` names each list in force, its age,
//! and whether it is the snapshot shipped with the suite; `/metrics` gauges the same.

use conformance::TestServer;

#[tokio::test]
async fn readiness_and_metrics_say_which_lists_are_the_shipped_snapshot() {
    let dir = std::env::temp_dir().join(format!("suite-lists-status-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    suite_sanctions::lists::snapshot::import(&dir).expect("the snapshot imports");
    let lists = dir.clone();
    let server = TestServer::start_with(move |config| config.sanctions.list_dir = lists).await;

    let ready = server
        .raw()
        .get(server.url("/readyz"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(ready.status().as_u16(), 200);
    let body = ready.text().await.expect("text");
    for label in ["OFAC SDN", "OFAC Consolidated", "UN Consolidated"] {
        let line = body
            .lines()
            .find(|l| l.starts_with(&format!("sanctions list {label}:")))
            .unwrap_or_else(|| panic!("no line for {label}: {body}"));
        assert!(line.contains("SNAPSHOT shipped with the suite"), "{line}");
        assert!(line.contains("days old"), "{line}");
    }

    let metrics = server
        .raw()
        .get(server.url("/metrics"))
        .send()
        .await
        .expect("an answer");
    let text = metrics.text().await.expect("text");
    assert!(
        text.contains("suite_sanctions_list_entries{list=\"ofac-sdn\",snapshot=\"true\"} 8976"),
        "{text}"
    );
    assert!(
        text.contains("suite_sanctions_list_age_seconds{list=\"un\",snapshot=\"true\"}"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
