//! The usage figures the pages show, read from the quota's own counters: calls per month
//! (`usage`, what the quota admits against) and per day (`usage_daily`).

use anyhow::Result;
use chrono::NaiveDate;
use sqlx::Row;

use suite_platform::Api;
use suite_platform::db::Db;

/// Calls of `subject` on `api` in each of `periods` (`YYYY-MM`), in their order.
pub async fn monthly(db: &Db, subject: &str, api: Api, periods: &[String]) -> Result<Vec<i64>> {
    let rows = sqlx::query("SELECT period, used FROM usage WHERE key_id = $1 AND api = $2")
        .bind(subject)
        .bind(api.name())
        .fetch_all(&db.pool)
        .await?;
    let mut counts = vec![0; periods.len()];
    for row in rows {
        let period: String = row.try_get("period")?;
        if let Some(i) = periods.iter().position(|p| *p == period) {
            counts[i] = row.try_get("used")?;
        }
    }
    Ok(counts)
}

/// Every day on which `subject` made calls: (day, API, calls), oldest first.
pub async fn daily(db: &Db, subject: &str) -> Result<Vec<(NaiveDate, Api, i64)>> {
    let rows = sqlx::query(
        "SELECT day, api, used FROM usage_daily WHERE key_id = $1 AND used > 0 ORDER BY day, api",
    )
    .bind(subject)
    .fetch_all(&db.pool)
    .await?;
    let mut days = Vec::with_capacity(rows.len());
    for row in rows {
        let day: String = row.try_get("day")?;
        let api: String = row.try_get("api")?;
        if let (Ok(day), Some(api)) = (
            NaiveDate::parse_from_str(&day, "%Y-%m-%d"),
            Api::parse(&api),
        ) {
            days.push((day, api, row.try_get("used")?));
        }
    }
    Ok(days)
}
