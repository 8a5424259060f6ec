//! Whole log lines collected in memory and written out in order, in batches: by a background
//! thread at least every 50 ms, or at once by the caller that fills the batch past 64 KiB.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use anyhow::{Context, Result};

/// The longest a line waits before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// Written at once when this much is waiting.
const FLUSH_AT: usize = 64 * 1024;

/// Lines waiting for `W`, shared by every thread that logs.
pub struct Batch<W: Write> {
    shared: Arc<Shared<W>>,
}

struct Shared<W> {
    pending: Mutex<Vec<u8>>,
    out: Mutex<W>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl<W: Write> Shared<W> {
    /// Writes what is pending. Taken while holding `out`, so batches keep their order.
    fn flush(&self) -> io::Result<()> {
        let mut out = lock(&self.out);
        let batch = std::mem::take(&mut *lock(&self.pending));
        if !batch.is_empty() {
            out.write_all(&batch)?;
            out.flush()?;
        }
        Ok(())
    }
}

impl<W: Write + Send + 'static> Batch<W> {
    /// Starts the thread that writes what is pending every [`FLUSH_EVERY`].
    pub fn start(out: W) -> Result<Batch<W>> {
        let shared = Arc::new(Shared {
            pending: Mutex::new(Vec::with_capacity(FLUSH_AT)),
            out: Mutex::new(out),
        });
        let weak = Arc::downgrade(&shared);
        std::thread::Builder::new()
            .name("suite-log-flush".to_owned())
            .spawn(move || {
                while let Some(shared) = weak.upgrade() {
                    let _ = shared.flush();
                    drop(shared);
                    std::thread::sleep(FLUSH_EVERY);
                }
            })
            .context("starting the log writer")?;
        Ok(Batch { shared })
    }
}

impl<W: Write> Batch<W> {
    /// Adds one whole line; writes the batch at once if it is large.
    pub fn push(&self, line: &[u8]) -> io::Result<()> {
        let full = {
            let mut pending = lock(&self.shared.pending);
            pending.extend_from_slice(line);
            pending.len() >= FLUSH_AT
        };
        if full {
            self.shared.flush()?;
        }
        Ok(())
    }
}

impl<W: Write> Drop for Batch<W> {
    fn drop(&mut self) {
        let _ = self.shared.flush();
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A writer whose bytes the test can read back.
    #[derive(Clone, Default)]
    pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

    impl Sink {
        pub fn text(&self) -> String {
            String::from_utf8(lock(&self.0).clone()).unwrap()
        }
    }

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            lock(&self.0).extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_are_written_in_order_by_the_background_thread() {
        let sink = Sink::default();
        let batch = Batch::start(sink.clone()).unwrap();
        for i in 0..1000 {
            batch.push(format!("line {i}\n").as_bytes()).unwrap();
        }
        // No batch grew large: the flushing thread alone must deliver every line.
        let expected: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while lock(&sink.0).len() < expected.len() && std::time::Instant::now() < deadline {
            std::thread::sleep(FLUSH_EVERY);
        }
        assert_eq!(sink.text(), expected);
        drop(batch);
    }

    #[test]
    fn a_large_burst_is_written_without_waiting_and_nothing_is_lost_on_drop() {
        let sink = Sink::default();
        let batch = Batch::start(sink.clone()).unwrap();
        let line = "x".repeat(1023) + "\n";
        for _ in 0..100 {
            batch.push(line.as_bytes()).unwrap();
        }
        assert!(
            lock(&sink.0).len() > 100 * 1024 - FLUSH_AT,
            "never 64 KiB or more waiting"
        );
        batch.push(b"last\n").unwrap();
        drop(batch);
        let written = lock(&sink.0).clone();
        assert_eq!(written.len(), 100 * 1024 + 5);
        assert!(written.ends_with(b"x\nlast\n"));
    }
}
