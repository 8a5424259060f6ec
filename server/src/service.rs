//! Operational endpoints outside the contract: liveness, readiness, Prometheus metrics, and
//! the contract itself at `/openapi.yaml`. Unauthenticated and unpublished.

use std::fmt::Write as _;

use chrono::{DateTime, Utc};
use dropshot::{Body, HttpError, RequestContext, endpoint};
use http::{Response, StatusCode};

use crate::Suite;
use suite_sanctions::ListStatus;
use suite_sanctions::model::Source;
use suite_sanctions::refresh::RefreshRecord;

/// The contract, served as written.
pub const CONTRACT: &str = include_str!("../../openapi/suite.yaml");

fn text(
    status: StatusCode,
    content_type: &str,
    body: impl Into<Body>,
) -> Result<Response<Body>, HttpError> {
    Response::builder()
        .status(status)
        .header(http::header::CONTENT_TYPE, content_type)
        .body(body.into())
        .map_err(|e| HttpError::for_internal_error(e.to_string()))
}

/// Liveness: the process answers.
#[endpoint { method = GET, path = "/healthz", unpublished = true }]
pub async fn healthz(_rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    text(StatusCode::OK, "text/plain; charset=utf-8", "ok\n")
}

/// Readiness: the database answers. The body also says which sanctions lists are in force,
/// how old they are, and which are the snapshot shipped with the suite.
#[endpoint { method = GET, path = "/readyz", unpublished = true }]
pub async fn readyz(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    let suite = rqctx.context();
    // Ready means able to charge a call: the database must write, not only answer.
    if suite.platform.db().can_write(Utc::now().timestamp()).await {
        let mut body = String::from("ready\n");
        body.push_str(&lists_report(&suite.sanctions.list_status(), Utc::now()));
        text(StatusCode::OK, "text/plain; charset=utf-8", body)
    } else {
        text(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain; charset=utf-8",
            "database unavailable: it cannot write (disk full, read-only, or unreachable)\n",
        )
    }
}

#[endpoint { method = GET, path = "/metrics", unpublished = true }]
pub async fn metrics(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    let suite = rqctx.context();
    let mut body = suite.platform.metrics().render();
    body.push_str(&lists_metrics(&suite.sanctions.list_status(), Utc::now()));
    body.push_str(&refresh_metrics(&suite.sanctions.refreshes.records()));
    text(StatusCode::OK, "text/plain; version=0.0.4", body)
}

/// One line per sanctions list for `/readyz`.
fn lists_report(lists: &[ListStatus], now: DateTime<Utc>) -> String {
    if lists.is_empty() {
        return "sanctions: no list loaded (screening answers 503 lists_unavailable)\n".to_owned();
    }
    let mut report = String::new();
    for list in lists {
        let age = list
            .published_at
            .map_or("published on an unknown date".to_owned(), |d| {
                format!(
                    "published {}, {} days old",
                    d.format("%Y-%m-%d"),
                    (now - d).num_days()
                )
            });
        let origin = if list.snapshot {
            "SNAPSHOT shipped with the suite: run `suite lists refresh`"
        } else {
            "official download or import"
        };
        let _ = writeln!(
            report,
            "sanctions list {}: {} entries, {age}, {origin}",
            list.label, list.entries
        );
    }
    report
}

/// Prometheus gauges of the sanctions lists: age, size, and whether each is the snapshot.
fn lists_metrics(lists: &[ListStatus], now: DateTime<Utc>) -> String {
    let mut out = String::from(
        "# HELP suite_sanctions_list_age_seconds Time since the list's publication.\n\
         # TYPE suite_sanctions_list_age_seconds gauge\n",
    );
    for list in lists {
        if let Some(published) = list.published_at {
            let _ = writeln!(
                out,
                "suite_sanctions_list_age_seconds{{list=\"{}\",snapshot=\"{}\"}} {}",
                list.slug,
                list.snapshot,
                (now - published).num_seconds()
            );
        }
    }
    out.push_str(
        "# HELP suite_sanctions_list_entries Entries of the list in force.\n\
         # TYPE suite_sanctions_list_entries gauge\n",
    );
    for list in lists {
        let _ = writeln!(
            out,
            "suite_sanctions_list_entries{{list=\"{}\",snapshot=\"{}\"}} {}",
            list.slug, list.snapshot, list.entries
        );
    }
    out
}

/// Prometheus metrics of the server's own refreshes of the lists from their official
/// addresses, by list: when the last one was tried and when one last succeeded, whether the
/// last succeeded, and how many failed. A list never tried yet has no line.
fn refresh_metrics(records: &[(Source, RefreshRecord)]) -> String {
    let mut out = String::new();
    let mut family =
        |name: &str, kind: &str, help: &str, value: &dyn Fn(&RefreshRecord) -> Option<String>| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for (source, record) in records {
                if let Some(v) = value(record) {
                    let _ = writeln!(out, "{name}{{list=\"{}\"}} {v}", source.slug());
                }
            }
        };
    let seconds = |t: Option<DateTime<Utc>>| t.map(|t| t.timestamp().to_string());
    family(
        "suite_sanctions_refresh_last_attempt_timestamp_seconds",
        "gauge",
        "When the server last tried to download the list (Unix time).",
        &|r| seconds(r.last_attempt),
    );
    family(
        "suite_sanctions_refresh_last_success_timestamp_seconds",
        "gauge",
        "When a download last replaced the list (Unix time).",
        &|r| seconds(r.last_success),
    );
    family(
        "suite_sanctions_refresh_last_success",
        "gauge",
        "1 when the last download replaced the list, 0 when it failed and the list in force was kept.",
        &|r| Some(u8::from(r.last_ok).to_string()),
    );
    family(
        "suite_sanctions_refresh_failures_total",
        "counter",
        "Downloads of the list that failed (unreachable, or not a list that parses) since start.",
        &|r| Some(r.failures.to_string()),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn lists() -> Vec<ListStatus> {
        vec![ListStatus {
            slug: "ofac-sdn",
            label: "OFAC SDN",
            published_at: Utc.with_ymd_and_hms(2021, 7, 1, 0, 0, 0).single(),
            entries: 8976,
            snapshot: true,
        }]
    }

    #[test]
    fn readiness_names_a_snapshot_and_its_age() {
        let now = Utc.with_ymd_and_hms(2021, 7, 11, 0, 0, 0).unwrap();
        let report = lists_report(&lists(), now);
        assert_eq!(
            report,
            "sanctions list OFAC SDN: 8976 entries, published 2021-07-01, 10 days old, SNAPSHOT shipped with the suite: run `suite lists refresh`\n"
        );
        assert!(lists_report(&[], now).contains("no list loaded"));
    }

    #[test]
    fn refresh_metrics_say_when_and_whether_each_list_was_refreshed() {
        let at = Utc.with_ymd_and_hms(2026, 3, 1, 6, 0, 0).unwrap();
        let records = [
            (
                Source::OfacSdn,
                RefreshRecord {
                    last_attempt: Some(at),
                    last_success: Some(at),
                    last_ok: true,
                    failures: 0,
                },
            ),
            (
                Source::UnConsolidated,
                RefreshRecord {
                    last_attempt: Some(at),
                    last_success: None,
                    last_ok: false,
                    failures: 2,
                },
            ),
        ];
        let text = refresh_metrics(&records);
        let t = at.timestamp();
        for line in [
            format!("suite_sanctions_refresh_last_attempt_timestamp_seconds{{list=\"un\"}} {t}\n"),
            format!(
                "suite_sanctions_refresh_last_success_timestamp_seconds{{list=\"ofac-sdn\"}} {t}\n"
            ),
            "suite_sanctions_refresh_last_success{list=\"ofac-sdn\"} 1\n".to_owned(),
            "suite_sanctions_refresh_last_success{list=\"un\"} 0\n".to_owned(),
            "suite_sanctions_refresh_failures_total{list=\"un\"} 2\n".to_owned(),
            "# TYPE suite_sanctions_refresh_failures_total counter\n".to_owned(),
        ] {
            assert!(text.contains(&line), "{line} in {text}");
        }
        assert!(
            !text.contains("last_success_timestamp_seconds{list=\"un\"}"),
            "{text}"
        );
    }

    #[test]
    fn metrics_gauge_each_list() {
        let now = Utc.with_ymd_and_hms(2021, 7, 1, 0, 1, 0).unwrap();
        let gauges = lists_metrics(&lists(), now);
        assert!(
            gauges.contains(
                "suite_sanctions_list_age_seconds{list=\"ofac-sdn\",snapshot=\"true\"} 60\n"
            ),
            "{gauges}"
        );
        assert!(
            gauges.contains(
                "suite_sanctions_list_entries{list=\"ofac-sdn\",snapshot=\"true\"} 8976\n"
            ),
            "{gauges}"
        );
    }
}

#[endpoint { method = GET, path = "/openapi.yaml", unpublished = true }]
pub async fn openapi(_rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    text(StatusCode::OK, "application/yaml", CONTRACT)
}
