//! The operator page's view of every account, read in four queries whatever the number of
//! accounts: the accounts, their plans, this period's calls, and their active keys.

use std::collections::HashMap;

use anyhow::Result;
use sqlx::Row;

use super::accounts::{self, Account, AccountPlan, account_plan};
use suite_platform::Api;
use suite_platform::db::Db;

/// One account as the operator sees it.
#[derive(Debug, Clone)]
pub struct AccountOverview {
    pub account: Account,
    /// In the suite's order of APIs.
    pub plans: Vec<AccountPlan>,
    /// Calls in the period, per API with any.
    pub used: HashMap<Api, i64>,
    /// Name and visible prefix of each active key, oldest first.
    pub keys: Vec<(String, String)>,
}

/// Every account, oldest first, with its calls in `period` (`2026-11`).
pub async fn all(db: &Db, period: &str) -> Result<Vec<AccountOverview>> {
    let accounts = accounts::all(db).await?;
    let mut plans: HashMap<String, Vec<AccountPlan>> = HashMap::new();
    for row in sqlx::query("SELECT account_id, api, plan, requested_plan FROM account_plans")
        .fetch_all(&db.pool)
        .await?
    {
        if let Some((account_id, plan)) = account_plan(&row) {
            plans.entry(account_id).or_default().push(plan);
        }
    }
    let mut used: HashMap<String, HashMap<Api, i64>> = HashMap::new();
    for row in sqlx::query("SELECT key_id, api, used FROM usage WHERE period = $1")
        .bind(period)
        .fetch_all(&db.pool)
        .await?
    {
        if let Some(api) = Api::parse(&row.try_get::<String, _>("api")?) {
            used.entry(row.try_get("key_id")?)
                .or_default()
                .insert(api, row.try_get("used")?);
        }
    }
    let mut keys: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for row in sqlx::query(
        "SELECT account_id, name, prefix FROM api_keys \
         WHERE account_id IS NOT NULL AND revoked_at IS NULL ORDER BY created_at, id",
    )
    .fetch_all(&db.pool)
    .await?
    {
        keys.entry(row.try_get("account_id")?)
            .or_default()
            .push((row.try_get("name")?, row.try_get("prefix")?));
    }
    Ok(accounts
        .into_iter()
        .map(|account| {
            let mut account_plans = plans.remove(&account.id).unwrap_or_default();
            account_plans.sort_by_key(|p| p.api);
            AccountOverview {
                plans: account_plans,
                used: used.remove(&account.id).unwrap_or_default(),
                keys: keys.remove(&account.id).unwrap_or_default(),
                account,
            }
        })
        .collect())
}
