//! Batch work: every item run on the caller's data (one index snapshot, so the same list
//! versions), spread over the machine's cores, results in request order; a panic in one item
//! fails only that item.

/// Runs `work` on every request in parallel; `None` for an item whose work panicked.
pub fn run_all<R: Sync, T: Send>(requests: &[R], work: impl Fn(&R) -> T + Sync) -> Vec<Option<T>> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(requests.len().max(1));
    let chunk = requests.len().div_ceil(workers).max(1);
    let work = &work;
    let mut results = Vec::with_capacity(requests.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = requests
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|request| {
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(request)))
                                .ok()
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
                    results.extend((start..end).map(|_| None));
                }
            }
        }
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_request_order_and_a_panic_fails_only_its_item() {
        let requests: Vec<u32> = (0..50).collect();
        let results = run_all(&requests, |n| {
            assert_ne!(*n, 7, "item 7 fails");
            n * 2
        });
        assert_eq!(results.len(), 50);
        assert_eq!(results[7], None);
        assert_eq!(results[6], Some(12));
        assert_eq!(results[49], Some(98));
    }

    #[test]
    fn an_empty_batch_answers_nothing() {
        assert!(run_all(&[] as &[u8], |b| *b).is_empty());
    }
}
