//! Monthly quotas: per key, per API, per calendar month (UTC). Every charge is one atomic
//! conditional statement, so counting is exact under any concurrency and across replicas;
//! concurrent charges are made in rounds by one writer task ([`rounds`]).

mod refusal;
mod rounds;

pub use refusal::Refusal;

use anyhow::{Context, Result, anyhow};
use chrono::{DateTime, Utc};
use sqlx::{AnyConnection, Row};
use tokio::sync::{mpsc, oneshot};

use super::api::{Api, Plan};
use super::clock::{next_period_start, period_of};
use super::db::Db;

/// A call admitted against the quota: what it cost and what is left.
#[derive(Debug, Clone)]
pub struct Admission {
    pub key_id: String,
    pub api: Api,
    pub period: String,
    /// The UTC day (`YYYY-MM-DD`) the call is counted on in the daily figures.
    pub day: String,
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

/// The quotas of every key, charged through one writer task per process.
#[derive(Clone)]
pub struct Quotas {
    db: Db,
    rounds: mpsc::Sender<rounds::Charge>,
}

impl Quotas {
    /// Starts the writer; needs a Tokio runtime.
    pub fn start(db: Db) -> Quotas {
        Quotas {
            rounds: rounds::start(db.clone()),
            db,
        }
    }

    /// Charges `cost` units to `key_id` on `api` for the month containing `now`, all or nothing.
    pub async fn admit(
        &self,
        key_id: &str,
        api: Api,
        plan: Plan,
        cost: i64,
        now: DateTime<Utc>,
    ) -> Result<Result<Admission, Refusal>> {
        let period = period_of(now);
        let day = now.format("%Y-%m-%d").to_string();
        let reset_at = next_period_start(now);
        let limit = plan.monthly_quota(api);
        let admission = |used| Admission {
            key_id: key_id.to_owned(),
            api,
            period: period.clone(),
            day: day.clone(),
            cost,
            limit,
            used,
            reset_at,
        };
        let refusal = |limit, used| Refusal {
            limit,
            used,
            cost,
            reset_at,
        };
        if cost == 0 {
            return Ok(Ok(admission(self.used(key_id, api, &period).await?)));
        }
        if let Some(limit) = limit
            && cost > limit
        {
            return Ok(Err(refusal(limit, self.used(key_id, api, &period).await?)));
        }
        let (reply, answer) = oneshot::channel();
        let charge = rounds::Charge {
            key_id: key_id.to_owned(),
            api,
            period: period.clone(),
            day: day.clone(),
            cost,
            limit: limit.unwrap_or(i64::MAX),
            reply,
        };
        self.rounds
            .send(charge)
            .await
            .map_err(|_| anyhow!("the quota writer has stopped"))?;
        let charged = answer
            .await
            .context("the quota writer has stopped")?
            .map_err(|e| e.context("charging the quota"))?;
        match charged {
            Some(used) => Ok(Ok(admission(used))),
            None => Ok(Err(refusal(
                limit.unwrap_or(i64::MAX),
                self.used(key_id, api, &period).await?,
            ))),
        }
    }

    /// Gives back what an admitted call cost (the call failed on our side).
    pub async fn refund(&self, admission: &Admission) -> Result<()> {
        if admission.cost == 0 {
            return Ok(());
        }
        sqlx::query("UPDATE usage SET used = used - $4 WHERE key_id = $1 AND api = $2 AND period = $3 AND used >= $4")
            .bind(&admission.key_id)
            .bind(admission.api.name())
            .bind(&admission.period)
            .bind(admission.cost)
            .execute(&self.db.pool)
            .await?;
        sqlx::query(
            "UPDATE usage_daily SET used = used - $4 WHERE key_id = $1 AND api = $2 AND day = $3 AND used >= $4",
        )
        .bind(&admission.key_id)
        .bind(admission.api.name())
        .bind(&admission.day)
        .bind(admission.cost)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Units used by `key_id` on `api` in `period`.
    pub async fn used(&self, key_id: &str, api: Api, period: &str) -> Result<i64> {
        let row =
            sqlx::query("SELECT used FROM usage WHERE key_id = $1 AND api = $2 AND period = $3")
                .bind(key_id)
                .bind(api.name())
                .bind(period)
                .fetch_optional(&self.db.pool)
                .await?;
        Ok(match row {
            Some(row) => row.try_get("used")?,
            None => 0,
        })
    }
}

/// Where a charge is counted: the quota subject, the API, the month and the day.
pub(super) struct Counted<'a> {
    pub key_id: &'a str,
    pub api: &'static str,
    pub period: &'a str,
    pub day: &'a str,
}

/// The one statement that charges: `cost` units more, unless that would pass `limit`. Answers
/// the units used after the charge, or `None` when it did not fit (nothing was charged). What
/// was charged is then added to the day's count, which only the usage pages read.
async fn charge(
    conn: &mut AnyConnection,
    counted: &Counted<'_>,
    cost: i64,
    limit: i64,
) -> Result<Option<i64>> {
    let Counted {
        key_id,
        api,
        period,
        day,
    } = *counted;
    // The statement's condition guards only the update: a month's first charge inserts.
    if cost > limit {
        return Ok(None);
    }
    let row = sqlx::query(
        "INSERT INTO usage (key_id, api, period, used) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key_id, api, period) DO UPDATE SET used = usage.used + excluded.used \
         WHERE usage.used + excluded.used <= $5 RETURNING used",
    )
    .bind(key_id)
    .bind(api)
    .bind(period)
    .bind(cost)
    .bind(limit)
    // Stepped to the end, not stopped after the row: SQLite runs its WAL hook, and with it the
    // automatic checkpoint, only when a statement finishes; a RETURNING statement cut short
    // still commits, but the WAL would then grow without bound.
    .fetch_all(&mut *conn)
    .await?;
    let Some(row) = row.first() else {
        return Ok(None);
    };
    let used = row.try_get("used")?;
    sqlx::query(
        "INSERT INTO usage_daily (key_id, api, day, used) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (key_id, api, day) DO UPDATE SET used = usage_daily.used + excluded.used",
    )
    .bind(key_id)
    .bind(api)
    .bind(day)
    .bind(cost)
    .execute(conn)
    .await?;
    Ok(Some(used))
}
