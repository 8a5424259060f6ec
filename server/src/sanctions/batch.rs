//! Batch screening: every entity screened on the same index snapshot (so on the same list
//! versions), spread over the machine's cores, each with its own result; a fault in one
//! entity fails only that entity.

use chrono::{DateTime, Utc};

use super::index::Index;
use super::{CheckedScreen, screen_on};
use crate::generated::types;

/// Screens `requests` in parallel, results in request order.
pub fn screen_all(
    index: &Index,
    requests: &[CheckedScreen],
    max_matches: usize,
    now: DateTime<Utc>,
) -> types::SanctionsBatchResult {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(requests.len().max(1));
    let chunk = requests.len().div_ceil(workers).max(1);
    let mut results: Vec<types::SanctionsBatchItemResult> = Vec::with_capacity(requests.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = requests
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, request)| {
                            let position = c * chunk + i;
                            let outcome =
                                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                    screen_on(index, request, max_matches, now)
                                }));
                            item(position, outcome)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for (c, handle) in handles.into_iter().enumerate() {
            match handle.join() {
                Ok(items) => results.extend(items),
                Err(_) => {
                    let start = c * chunk;
                    let end = (start + chunk).min(requests.len());
                    results.extend((start..end).map(|p| item(p, Err(Box::new("worker failed")))));
                }
            }
        }
    });
    let succeeded = results
        .iter()
        .filter(|r| r.status == types::BatchItemStatus::Succeeded)
        .count() as u64;
    types::SanctionsBatchResult {
        failed: results.len() as u64 - succeeded,
        succeeded,
        results,
        screened_at: now,
    }
}

type Outcome =
    Result<Result<types::ScreenResult, crate::platform::ApiError>, Box<dyn std::any::Any + Send>>;

fn item(position: usize, outcome: Outcome) -> types::SanctionsBatchItemResult {
    match outcome {
        Ok(Ok(result)) => types::SanctionsBatchItemResult {
            index: position as u64,
            status: types::BatchItemStatus::Succeeded,
            result: Some(result),
            error: None,
        },
        Ok(Err(error)) => failed(position, error.error_code(), &error.message()),
        Err(_) => failed(position, "internal_error", "internal error"),
    }
}

fn failed(position: usize, code: &str, message: &str) -> types::SanctionsBatchItemResult {
    types::SanctionsBatchItemResult {
        index: position as u64,
        status: types::BatchItemStatus::Failed,
        result: None,
        error: Some(types::Error {
            error_code: code.to_owned(),
            message: message.to_owned(),
            request_id: String::new(),
        }),
    }
}
