//! Monthly quotas: per key, per API, per calendar month (UTC). Admission is one atomic
//! statement, so counting is exact under any concurrency and across replicas.

use anyhow::Result;
use chrono::{DateTime, Utc};
use sqlx::Row;

use super::api::{Api, Plan};
use super::clock::{next_period_start, period_of};
use super::db::Db;

/// A call admitted against the quota: what it cost and what is left.
#[derive(Debug, Clone)]
pub struct Admission {
    pub key_id: String,
    pub api: Api,
    pub period: String,
    pub cost: i64,
    /// The monthly limit; `None` on the unlimited plan.
    pub limit: Option<i64>,
    /// Used in this period, this call included.
    pub used: i64,
    pub reset_at: DateTime<Utc>,
}

impl Admission {
    pub fn remaining(&self) -> Option<i64> {
        self.limit.map(|limit| (limit - self.used).max(0))
    }
}

/// Why a call was not admitted.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub limit: i64,
    pub used: i64,
    pub cost: i64,
    pub reset_at: DateTime<Utc>,
}

/// Charges `cost` units to `key_id` on `api` for the month containing `now`, all or nothing.
pub async fn admit(
    db: &Db,
    key_id: &str,
    api: Api,
    plan: Plan,
    cost: i64,
    now: DateTime<Utc>,
) -> Result<Result<Admission, Refusal>> {
    let period = period_of(now);
    let reset_at = next_period_start(now);
    let limit = plan.monthly_quota(api);
    let admission = |used| Admission {
        key_id: key_id.to_owned(),
        api,
        period: period.clone(),
        cost,
        limit,
        used,
        reset_at,
    };
    if cost == 0 {
        return Ok(Ok(admission(used(db, key_id, api, &period).await?)));
    }
    if let Some(limit) = limit
        && cost > limit
    {
        return Ok(Err(Refusal {
            limit,
            used: used(db, key_id, api, &period).await?,
            cost,
            reset_at,
        }));
    }
    let row = sqlx::query(
        "INSERT INTO usage (key_id, api, period, used) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key_id, api, period) DO UPDATE SET used = usage.used + excluded.used \
         WHERE usage.used + excluded.used <= $5 RETURNING used",
    )
    .bind(key_id)
    .bind(api.name())
    .bind(&period)
    .bind(cost)
    .bind(limit.unwrap_or(i64::MAX))
    .fetch_optional(&db.pool)
    .await?;
    match row {
        Some(row) => Ok(Ok(admission(row.try_get("used")?))),
        None => Ok(Err(Refusal {
            limit: limit.unwrap_or(i64::MAX),
            used: used(db, key_id, api, &period).await?,
            cost,
            reset_at,
        })),
    }
}

/// Gives back what an admitted call cost (the call failed on our side).
pub async fn refund(db: &Db, admission: &Admission) -> Result<()> {
    if admission.cost == 0 {
        return Ok(());
    }
    sqlx::query("UPDATE usage SET used = used - $4 WHERE key_id = $1 AND api = $2 AND period = $3 AND used >= $4")
        .bind(&admission.key_id)
        .bind(admission.api.name())
        .bind(&admission.period)
        .bind(admission.cost)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Units used by `key_id` on `api` in `period`.
pub async fn used(db: &Db, key_id: &str, api: Api, period: &str) -> Result<i64> {
    let row = sqlx::query("SELECT used FROM usage WHERE key_id = $1 AND api = $2 AND period = $3")
        .bind(key_id)
        .bind(api.name())
        .bind(period)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(row) => row.try_get("used")?,
        None => 0,
    })
}
