//! Prometheus counters of the API: requests by operation and status, time spent, refunds,
//! and the connection guard's connections.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

#[derive(Debug, Default)]
pub struct Metrics {
    inner: Mutex<Counters>,
    pub connections: ConnectionCounters,
}

/// What the connection guard did with the connections it accepted.
#[derive(Debug, Default)]
pub struct ConnectionCounters {
    pub open: AtomicU64,
    pub refused_total_cap: AtomicU64,
    pub refused_client_cap: AtomicU64,
    pub closed_idle: AtomicU64,
}

#[derive(Debug, Default)]
struct Counters {
    requests: BTreeMap<(&'static str, u16), u64>,
    seconds: BTreeMap<&'static str, (f64, u64)>,
    refunds: u64,
}

impl Metrics {
    pub fn record(&self, operation: &'static str, status: u16, elapsed: Duration) {
        let mut c = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        *c.requests.entry((operation, status)).or_default() += 1;
        let entry = c.seconds.entry(operation).or_default();
        entry.0 += elapsed.as_secs_f64();
        entry.1 += 1;
    }

    pub fn record_refund(&self) {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).refunds += 1;
    }

    /// Every (operationId, status) answered so far.
    pub fn answered(&self) -> Vec<(&'static str, u16)> {
        self.inner
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .requests
            .keys()
            .copied()
            .collect()
    }

    /// The Prometheus text exposition format.
    pub fn render(&self) -> String {
        let c = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = String::new();
        out.push_str("# HELP suite_requests_total API requests by operation and status.\n# TYPE suite_requests_total counter\n");
        for ((op, status), n) in &c.requests {
            let _ = writeln!(
                out,
                "suite_requests_total{{operation=\"{op}\",status=\"{status}\"}} {n}"
            );
        }
        out.push_str("# HELP suite_request_duration_seconds Time spent answering API requests.\n# TYPE suite_request_duration_seconds summary\n");
        for (op, (sum, count)) in &c.seconds {
            let _ = writeln!(
                out,
                "suite_request_duration_seconds_sum{{operation=\"{op}\"}} {sum}"
            );
            let _ = writeln!(
                out,
                "suite_request_duration_seconds_count{{operation=\"{op}\"}} {count}"
            );
        }
        out.push_str("# HELP suite_quota_refunds_total Calls refunded after a server-side failure.\n# TYPE suite_quota_refunds_total counter\n");
        let _ = writeln!(out, "suite_quota_refunds_total {}", c.refunds);
        let n = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        let conns = &self.connections;
        out.push_str("# HELP suite_connections_open Client connections open now.\n# TYPE suite_connections_open gauge\n");
        let _ = writeln!(out, "suite_connections_open {}", n(&conns.open));
        out.push_str("# HELP suite_connections_refused_total Connections closed on accept, by the cap they exceeded.\n# TYPE suite_connections_refused_total counter\n");
        let _ = writeln!(
            out,
            "suite_connections_refused_total{{cap=\"total\"}} {}",
            n(&conns.refused_total_cap)
        );
        let _ = writeln!(
            out,
            "suite_connections_refused_total{{cap=\"per_client\"}} {}",
            n(&conns.refused_client_cap)
        );
        out.push_str("# HELP suite_connections_idle_closed_total Connections closed after waiting for their client too long.\n# TYPE suite_connections_idle_closed_total counter\n");
        let _ = writeln!(
            out,
            "suite_connections_idle_closed_total {}",
            n(&conns.closed_idle)
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_prometheus_text() {
        let m = Metrics::default();
        m.record("validate_creditcard", 200, Duration::from_millis(5));
        m.record("validate_creditcard", 200, Duration::from_millis(5));
        let text = m.render();
        assert!(
            text.contains(
                "suite_requests_total{operation=\"validate_creditcard\",status=\"200\"} 2"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "suite_request_duration_seconds_count{operation=\"validate_creditcard\"} 2"
            )
        );
    }
}
