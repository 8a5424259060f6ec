//! The pipeline's order, proven step by step on a real (in-memory) platform: each refusal
//! happens before any later step runs, and only what was admitted is charged.

use std::sync::Mutex;

use chrono::{TimeZone, Utc};

use super::*;
use crate::clock::{Clock, period_of};
use crate::config::Config;
use crate::db::Db;
use crate::keys;

struct Fixture {
    platform: Platform,
    key: String,
    key_id: String,
}

async fn fixture(config: Config, subscriptions: &[(Api, Plan)]) -> Fixture {
    let db = Db::in_memory().await;
    let clock = Clock::manual(Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap());
    let log = slog::Logger::root(slog::Discard, slog::o!());
    let issued = keys::create(&db, "pipeline", subscriptions, clock.now().timestamp())
        .await
        .unwrap();
    Fixture {
        platform: Platform::new(config, db, clock, log).unwrap(),
        key: issued.api_key,
        key_id: issued.info.id,
    }
}

impl Fixture {
    fn head(&self) -> RequestHead {
        RequestHead {
            api_key: self.key.clone(),
            ..RequestHead::default()
        }
    }

    async fn used(&self, api: Api) -> i64 {
        let period = period_of(self.platform.now());
        self.platform
            .quotas()
            .used(&self.key_id, api, &period)
            .await
            .unwrap()
    }

    fn answered(&self, op: Operation) -> Vec<u16> {
        self.platform
            .metrics()
            .answered()
            .into_iter()
            .filter(|(id, _)| *id == op.id())
            .map(|(_, status)| status)
            .collect()
    }
}

/// The steps that ran, in order.
#[derive(Default)]
struct Trace(Mutex<Vec<&'static str>>);

impl Trace {
    fn push(&self, step: &'static str) {
        self.0.lock().unwrap().push(step);
    }
    fn steps(&self) -> Vec<&'static str> {
        self.0.lock().unwrap().clone()
    }
}

/// What a traced call answered: its headers, or the error.
type Answer = Result<HeaderMap, HttpError>;

impl Fixture {
    /// Runs `op` with `input` for `head` through the pipeline, tracing each step; the work
    /// answers `answer`.
    async fn call_as<T: Send>(
        &self,
        head: RequestHead,
        op: Operation,
        input: Result<Vec<u8>, ApiError>,
        answer: Result<T, ApiError>,
        trace: &Trace,
    ) -> Answer {
        handle(
            &self.platform,
            head,
            op,
            |_: &Caller| async {
                trace.push("read");
                input
            },
            |items: &Vec<u8>| {
                trace.push("price");
                Some(items.len())
            },
            |_caller, _input| async {
                trace.push("work");
                answer.map(|_| ())
            },
            created,
        )
        .await
        .map(|mut response| response.headers_mut().clone())
    }

    /// [`Fixture::call_as`] with the fixture's key.
    async fn call<T: Send>(
        &self,
        op: Operation,
        input: Result<Vec<u8>, ApiError>,
        answer: Result<T, ApiError>,
        trace: &Trace,
    ) -> Answer {
        self.call_as(self.head(), op, input, answer, trace).await
    }

    /// A sanctions batch of `items` that the work answers.
    async fn batch(&self, items: usize, trace: &Trace) -> Answer {
        self.call(Operation::SanctionsBatch, Ok(vec![0; items]), Ok(()), trace)
            .await
    }
}

#[tokio::test]
async fn a_missing_key_is_refused_before_the_body_is_read() {
    let f = fixture(Config::default(), &[(Api::Sanctions, Plan::Free)]).await;
    let trace = Trace::default();
    let refused = f
        .call_as(
            RequestHead::default(),
            Operation::SanctionsBatch,
            Ok(vec![1]),
            Ok(()),
            &trace,
        )
        .await
        .unwrap_err();
    assert_eq!(refused.status_code.as_u16(), 401);
    assert!(trace.steps().is_empty());
    assert_eq!(f.answered(Operation::SanctionsBatch), [401]);
}

#[tokio::test]
async fn a_key_without_the_api_is_refused_before_the_body_is_read() {
    let f = fixture(Config::default(), &[(Api::Validate, Plan::Free)]).await;
    let trace = Trace::default();
    let refused = f
        .call(Operation::SanctionsBatch, Ok(vec![1]), Ok(()), &trace)
        .await
        .unwrap_err();
    assert_eq!(refused.status_code.as_u16(), 403);
    assert!(trace.steps().is_empty());
}

#[tokio::test]
async fn bad_input_is_refused_before_pricing_and_charges_nothing() {
    let f = fixture(Config::default(), &[(Api::Sanctions, Plan::Free)]).await;
    let trace = Trace::default();
    let bad = Err(ApiError::InvalidInput("field `name`: missing".into()));
    let refused = f
        .call(Operation::SanctionsBatch, bad, Ok(()), &trace)
        .await
        .unwrap_err();
    assert_eq!(refused.status_code.as_u16(), 400);
    assert_eq!(trace.steps(), ["read"]);
    assert_eq!(f.used(Api::Sanctions).await, 0);
}

#[tokio::test]
async fn batches_outside_the_contract_bound_are_refused_before_admission() {
    let f = fixture(Config::default(), &[(Api::Sanctions, Plan::Free)]).await;
    let (_, max) = Operation::SanctionsBatch
        .batch()
        .expect("a batch operation");
    for (items, status) in [(0, 400), (max + 1, 413)] {
        let trace = Trace::default();
        let refused = f.batch(items, &trace).await.unwrap_err();
        assert_eq!(refused.status_code.as_u16(), status);
        assert_eq!(trace.steps(), ["read", "price"]);
    }
    assert_eq!(f.used(Api::Sanctions).await, 0);
}

#[tokio::test]
async fn a_batch_costs_its_items_and_a_spent_quota_stops_the_work() {
    let f = fixture(Config::default(), &[(Api::Sanctions, Plan::Free)]).await;
    let quota = Plan::Free.monthly_quota(Api::Sanctions).unwrap();
    let (_, max) = Operation::SanctionsBatch.batch().unwrap();
    let mut spent = 0;
    while spent + max as i64 <= quota {
        f.batch(max, &Trace::default()).await.unwrap();
        spent += max as i64;
    }
    assert_eq!(f.used(Api::Sanctions).await, spent);
    let trace = Trace::default();
    let too_many = (quota - spent + 1) as usize;
    let refused = f.batch(too_many, &trace).await.unwrap_err();
    assert_eq!(refused.status_code.as_u16(), 429);
    assert_eq!(trace.steps(), ["read", "price"]);
    assert_eq!(f.used(Api::Sanctions).await, spent);
}

#[tokio::test]
async fn a_server_failure_is_refunded_and_a_client_failure_is_not() {
    let f = fixture(Config::default(), &[(Api::Validate, Plan::Free)]).await;
    let trace = Trace::default();
    let failed = f
        .call::<()>(
            Operation::ValidateIban,
            Ok(vec![]),
            Err(ApiError::internal("boom")),
            &trace,
        )
        .await
        .unwrap_err();
    assert_eq!(failed.status_code.as_u16(), 500);
    assert_eq!(trace.steps(), ["read", "price", "work"]);
    assert_eq!(f.used(Api::Validate).await, 0);
    let remaining = failed
        .headers
        .as_ref()
        .and_then(|h| h.get("x-ratelimit-remaining"))
        .cloned();
    assert_eq!(remaining, Some(HeaderValue::from(500)));

    let unprocessable = Err(ApiError::Unprocessable("not a document".into()));
    f.call::<()>(Operation::ValidateIban, Ok(vec![]), unprocessable, &trace)
        .await
        .unwrap_err();
    assert_eq!(f.used(Api::Validate).await, 1);
}

#[tokio::test]
async fn a_limit_found_during_the_work_is_refunded() {
    let f = fixture(Config::default(), &[(Api::Validate, Plan::Free)]).await;
    let too_tall = Err(ApiError::PayloadTooLarge(
        "the page is 90 megapixels".into(),
    ));
    let refused = f
        .call::<()>(
            Operation::ValidateIban,
            Ok(vec![]),
            too_tall,
            &Trace::default(),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.status_code.as_u16(), 413);
    assert_eq!(f.used(Api::Validate).await, 0);
}

#[tokio::test]
async fn the_status_recorded_is_the_one_answered() {
    let f = fixture(Config::default(), &[(Api::Validate, Plan::Unlimited)]).await;
    let headers = f
        .call(
            Operation::ValidateIban,
            Ok(vec![]),
            Ok(()),
            &Trace::default(),
        )
        .await
        .unwrap();
    assert_eq!(
        headers.get("x-ratelimit-limit"),
        Some(&HeaderValue::from_static(UNLIMITED))
    );
    assert_eq!(f.answered(Operation::ValidateIban), [201]);
}

#[tokio::test]
async fn free_operations_cost_nothing() {
    let f = fixture(Config::default(), &[(Api::Pii, Plan::Free)]).await;
    f.call(
        Operation::PiiDownload,
        Ok(vec![]),
        Ok(()),
        &Trace::default(),
    )
    .await
    .unwrap();
    assert_eq!(f.used(Api::Pii).await, 0);
}
