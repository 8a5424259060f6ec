//! The usage page and its CSV: this month's calls against the plan's limit, the reset date,
//! the last six months as a chart drawn on the server, and the daily counts.

use chrono::{DateTime, Datelike, Months, Utc};
use dropshot::{Body, HttpError, RequestContext, endpoint};
use http::{Response, StatusCode, header};
use serde_json::json;

use super::answer;
use super::reply::Reply;
use super::{api_title, limit_text};
use crate::Suite;
use crate::portal::store::{accounts, usage};
use crate::portal::{chart, usage_csv};
use suite_platform::clock::{next_period_start, period_of};

/// The six months ending with `now`'s, oldest first: (period `YYYY-MM`, label `Jun 2026`).
fn last_six_months(now: DateTime<Utc>) -> Vec<(String, String)> {
    (0..6)
        .rev()
        .filter_map(|back| now.checked_sub_months(Months::new(back)))
        .map(|month| (period_of(month), month.format("%b %Y").to_string()))
        .collect()
}

#[endpoint { method = GET, path = "/portal/usage", unpublished = true }]
pub async fn usage_page(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let account_id = visit.account()?.to_owned();
        let db = suite.platform.db();
        let now = suite.platform.now();
        let months = last_six_months(now);
        let periods: Vec<String> = months.iter().map(|(p, _)| p.clone()).collect();
        let mut apis = Vec::new();
        for standing in accounts::plans(db, &account_id).await? {
            let api = standing.api;
            let counts = usage::monthly(db, &account_id, api, &periods).await?;
            let bars: Vec<(String, i64)> = months
                .iter()
                .map(|(_, label)| label.clone())
                .zip(counts.iter().copied())
                .collect();
            let limit = standing.plan.and_then(|p| p.monthly_quota(api));
            let title = format!("{}: calls per month, last six months", api_title(api));
            apis.push(json!({
                "name": api.name(),
                "title": api_title(api),
                "used": counts.last().copied().unwrap_or_default(),
                "limit": limit_text(standing.plan, api),
                "resets_on": next_period_start(now).format("%Y-%m-%d").to_string(),
                "chart": chart::monthly_bars(&bars, limit, &title),
            }));
        }
        let data = json!({"apis": apis});
        Reply::page(
            &suite.portal,
            StatusCode::OK,
            "usage",
            &data,
            &visit.frame("Usage"),
        )
    })
    .await
}

#[endpoint { method = GET, path = "/portal/usage.csv", unpublished = true }]
pub async fn usage_download(rqctx: RequestContext<Suite>) -> Result<Response<Body>, HttpError> {
    answer(&rqctx, |suite, visit| async move {
        let account_id = visit.account()?.to_owned();
        let days = usage::daily(suite.platform.db(), &account_id).await?;
        let rows: Vec<_> = days
            .iter()
            .map(|(day, api, calls)| (*day, api.name(), *calls))
            .collect();
        let today = suite.platform.now();
        Ok(Reply::bytes(
            StatusCode::OK,
            "text/csv; charset=utf-8",
            usage_csv::daily_csv(&rows).into_bytes(),
        )
        .header(
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"usage-{}-{:02}-{:02}.csv\"",
                today.year(),
                today.month(),
                today.day()
            ),
        ))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_months_end_with_this_one_across_a_year_boundary() {
        let now = DateTime::parse_from_rfc3339("2026-02-28T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let months = last_six_months(now);
        assert_eq!(months.len(), 6);
        assert_eq!(months[0], ("2025-09".to_owned(), "Sep 2025".to_owned()));
        assert_eq!(months[5], ("2026-02".to_owned(), "Feb 2026".to_owned()));
    }
}
