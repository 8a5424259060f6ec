//! The sanctions API's HTTP glue on a small hand-made list: the contract's default
//! threshold, and a batch answered entity by entity, in order, on one snapshot.

use super::engine_tests::sample;
use super::http::{CheckedScreen, screen_batch};
use suite_platform::generated::types;

#[test]
fn the_default_screen_threshold_is_0_85() {
    let screen: types::ScreenRequest =
        serde_json::from_value(serde_json::json!({ "name": "x" })).expect("a request");
    assert_eq!(screen.threshold, 0.85);
    let batch: types::SanctionsBatchRequest =
        serde_json::from_value(serde_json::json!({ "entities": [{ "name": "x" }] }))
            .expect("a request");
    assert_eq!(batch.entities[0].threshold, 0.85);
}

#[test]
fn a_batch_answers_each_entity_in_order_on_one_snapshot() {
    let index = sample();
    let names = [
        "Ismail Haniya",
        "Nobody Atall",
        "John Adam Doe",
        "Haniya Bank",
    ];
    let requests: Vec<CheckedScreen> = names
        .iter()
        .map(|n| CheckedScreen {
            name: (*n).to_owned(),
            kind: None,
            country: None,
            threshold: 0.85,
        })
        .collect();
    let result = screen_batch(&index, &requests, 10, chrono::Utc::now());
    assert_eq!(result.succeeded, 4);
    let found: Vec<bool> = result
        .results
        .iter()
        .map(|r| r.result.as_ref().is_some_and(|r| r.match_found))
        .collect();
    assert_eq!(found, [true, false, true, true]);
    let positions: Vec<u64> = result.results.iter().map(|r| r.index).collect();
    assert_eq!(positions, [0, 1, 2, 3]);
}
