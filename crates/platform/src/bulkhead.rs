//! A bounded work queue per API: at most `in_flight` calls run, at most `queue` wait, and the
//! rest are refused at once with 503 and `Retry-After` instead of piling up.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Semaphore, SemaphorePermit};

use super::error::ApiError;

#[derive(Debug)]
pub struct Bulkhead {
    running: Semaphore,
    waiting: AtomicUsize,
    queue: usize,
}

/// Holds one running slot until dropped.
pub struct Slot<'a> {
    _permit: SemaphorePermit<'a>,
}

impl Bulkhead {
    pub fn new(in_flight: usize, queue: usize) -> Arc<Bulkhead> {
        Arc::new(Bulkhead {
            running: Semaphore::new(in_flight.max(1)),
            waiting: AtomicUsize::new(0),
            queue,
        })
    }

    /// A running slot, after waiting in the queue if it has room; 503 when it has none.
    pub async fn enter(&self) -> Result<Slot<'_>, ApiError> {
        if let Ok(permit) = self.running.try_acquire() {
            return Ok(Slot { _permit: permit });
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(ApiError::Overloaded {
                retry_after_secs: 1,
            });
        }
        let permit = self.running.acquire().await;
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let permit = permit.map_err(|_| ApiError::Overloaded {
            retry_after_secs: 1,
        })?;
        Ok(Slot { _permit: permit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn refuses_beyond_the_queue() {
        let bulkhead = Bulkhead::new(1, 1);
        let first = bulkhead.enter().await.unwrap();
        let waiter = {
            let bulkhead = bulkhead.clone();
            tokio::spawn(async move { bulkhead.enter().await.map(|_| ()) })
        };
        while bulkhead.waiting.load(Ordering::Acquire) == 0 {
            tokio::task::yield_now().await;
        }
        let refused = bulkhead.enter().await.err().expect("queue is full");
        assert_eq!(refused.status(), 503);
        drop(first);
        waiter
            .await
            .unwrap()
            .expect("the waiter runs once the slot frees");
    }
}
