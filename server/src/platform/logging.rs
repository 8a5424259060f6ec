//! The process's logger: one JSON line (bunyan format) per event on stderr. Events are
//! formatted by a background thread and their lines reach stderr in batches, at least every
//! 50 ms, so that logging every request costs the request threads almost nothing and the
//! process a handful of writes per second. Never given request bodies or keys.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use anyhow::{Context, Result};
use dropshot::ConfigLoggingLevel;
use slog::Drain;

/// Events waiting for the formatter beyond this are dropped, and the drop is reported.
const QUEUE: usize = 16_384;
/// The longest a formatted line waits before it is written.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// Written at once when this much is waiting.
const FLUSH_AT: usize = 64 * 1024;

pub fn logger(level: ConfigLoggingLevel) -> Result<slog::Logger> {
    let level = match level {
        ConfigLoggingLevel::Trace => slog::Level::Trace,
        ConfigLoggingLevel::Debug => slog::Level::Debug,
        ConfigLoggingLevel::Info => slog::Level::Info,
        ConfigLoggingLevel::Warn => slog::Level::Warning,
        ConfigLoggingLevel::Error => slog::Level::Error,
        ConfigLoggingLevel::Critical => slog::Level::Critical,
    };
    let output = BatchedOutput::start(io::stderr())?;
    // Flushed after every record: that is when a whole line moves to the batch.
    let json = slog_bunyan::with_name("suite", output)
        .set_flush(true)
        .build()
        .fuse();
    let drain = slog_async::Async::new(json.filter_level(level).fuse())
        .chan_size(QUEUE)
        .thread_name("suite-log".to_owned())
        .build()
        .fuse();
    Ok(slog::Logger::root(drain, slog::o!()))
}

/// Bytes collected in memory and written to `W` in order, in batches. A record is written in
/// many small pieces into `record`, which joins the batch whole when the record is flushed.
struct BatchedOutput<W: Write> {
    record: Vec<u8>,
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

impl<W: Write + Send + 'static> BatchedOutput<W> {
    /// Starts the thread that writes what is pending every [`FLUSH_EVERY`].
    fn start(out: W) -> Result<BatchedOutput<W>> {
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
        Ok(BatchedOutput {
            record: Vec::with_capacity(1024),
            shared,
        })
    }
}

impl<W: Write> Write for BatchedOutput<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.record.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// The end of a record: it joins the batch, which is written at once if it is large.
    fn flush(&mut self) -> io::Result<()> {
        let full = {
            let mut pending = lock(&self.shared.pending);
            pending.extend_from_slice(&self.record);
            pending.len() >= FLUSH_AT
        };
        self.record.clear();
        if full {
            self.shared.flush()?;
        }
        Ok(())
    }
}

impl<W: Write> Drop for BatchedOutput<W> {
    fn drop(&mut self) {
        let _ = self.flush();
        let _ = self.shared.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose bytes the test can read back.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

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
    fn lines_are_written_in_order_without_being_flushed() {
        let sink = Sink::default();
        let mut output = BatchedOutput::start(sink.clone()).unwrap();
        for i in 0..1000 {
            write!(output, "line ").unwrap();
            writeln!(output, "{i}").unwrap();
            output.flush().unwrap();
        }
        // No batch grew large: the flushing thread alone must deliver every line.
        let expected: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while lock(&sink.0).len() < expected.len() && std::time::Instant::now() < deadline {
            std::thread::sleep(FLUSH_EVERY);
        }
        let written = String::from_utf8(lock(&sink.0).clone()).unwrap();
        assert_eq!(written, expected);
        drop(output);
    }

    #[test]
    fn a_large_burst_is_written_without_waiting_and_nothing_is_lost_on_drop() {
        let sink = Sink::default();
        let mut output = BatchedOutput::start(sink.clone()).unwrap();
        let line = "x".repeat(1023) + "\n";
        for _ in 0..100 {
            output.write_all(line.as_bytes()).unwrap();
            output.flush().unwrap();
        }
        assert!(
            lock(&sink.0).len() > 100 * 1024 - FLUSH_AT,
            "never 64 KiB or more waiting"
        );
        output.write_all(b"last\n").unwrap();
        drop(output);
        let written = lock(&sink.0).clone();
        assert_eq!(written.len(), 100 * 1024 + 5);
        assert!(written.ends_with(b"x\nlast\n"));
    }
}
