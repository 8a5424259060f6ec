//! A resolver that remembers another's answers for a while, so repeated checks of one
//! domain cost one lookup.

use std::time::Duration;

use super::{Answer, Dns, DnsFuture, RecordType};

/// A [`Dns`] that remembers answers for `ttl` (failures are never remembered), so repeated
/// checks of one domain cost one lookup. At most `capacity` answers are kept; when full,
/// the memory is emptied and starts over.
pub struct CachedDns<D> {
    inner: D,
    ttl: Duration,
    capacity: usize,
    memory: std::sync::Mutex<
        std::collections::HashMap<(String, RecordType), (Answer, std::time::Instant)>,
    >,
}

impl<D: Dns> CachedDns<D> {
    pub fn new(inner: D, ttl: Duration, capacity: usize) -> CachedDns<D> {
        CachedDns {
            inner,
            ttl,
            capacity,
            memory: std::sync::Mutex::new(std::collections::HashMap::new()),
        }
    }

    fn recall(&self, key: &(String, RecordType)) -> Option<Answer> {
        let memory = self.memory.lock().ok()?;
        let (answer, at) = memory.get(key)?;
        (at.elapsed() < self.ttl).then(|| answer.clone())
    }

    fn remember(&self, key: (String, RecordType), answer: &Answer) {
        if *answer == Answer::Failed {
            return;
        }
        if let Ok(mut memory) = self.memory.lock() {
            if memory.len() >= self.capacity {
                memory.clear();
            }
            memory.insert(key, (answer.clone(), std::time::Instant::now()));
        }
    }
}

impl<D: Dns> Dns for CachedDns<D> {
    fn query<'a>(&'a self, name: &'a str, rtype: RecordType) -> DnsFuture<'a> {
        Box::pin(async move {
            let key = (name.to_ascii_lowercase(), rtype);
            if let Some(answer) = self.recall(&key) {
                return answer;
            }
            let answer = self.inner.query(name, rtype).await;
            self.remember(key, &answer);
            answer
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::mx;
    use super::*;

    /// Counts the questions that reach it.
    struct Counting(std::sync::atomic::AtomicUsize, Answer);

    impl Dns for Counting {
        fn query<'a>(&'a self, _: &'a str, _: RecordType) -> DnsFuture<'a> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let answer = self.1.clone();
            Box::pin(async move { answer })
        }
    }

    #[tokio::test]
    async fn answers_are_remembered_failures_are_not() {
        let cached = CachedDns::new(
            Counting(0.into(), mx(&[(10, "mx.e.com")])),
            Duration::from_secs(60),
            2,
        );
        for _ in 0..3 {
            cached.query("E.com", RecordType::Mx).await;
            cached.query("e.com", RecordType::Mx).await;
        }
        assert_eq!(cached.inner.0.load(std::sync::atomic::Ordering::SeqCst), 1);
        let failing = CachedDns::new(
            Counting(0.into(), Answer::Failed),
            Duration::from_secs(60),
            2,
        );
        failing.query("e.com", RecordType::Mx).await;
        failing.query("e.com", RecordType::Mx).await;
        assert_eq!(failing.inner.0.load(std::sync::atomic::Ordering::SeqCst), 2);
    }
}
