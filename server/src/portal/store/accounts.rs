//! Accounts: an email, an argon2id hash, whether the email is verified, the plan in force per
//! API and the plan requested of the operator; and the keys an account owns.

use anyhow::{Context, Result};
use sqlx::Row;

use suite_platform::db::Db;
use suite_platform::keys::{self, IssuedKey, random_base58};
use suite_platform::{Api, Plan};

#[derive(Debug, Clone)]
pub struct Account {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub verified: bool,
    pub created_at: i64,
}

/// An account's standing with one API.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountPlan {
    pub api: Api,
    /// In force; `None` while only requested.
    pub plan: Option<Plan>,
    /// Asked of the operator and not yet granted.
    pub requested: Option<Plan>,
}

fn account(row: &sqlx::any::AnyRow) -> Result<Account> {
    Ok(Account {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        verified: row.try_get::<Option<i64>, _>("verified_at")?.is_some(),
        created_at: row.try_get("created_at")?,
    })
}

/// Creates an unverified account; `None` when the email is taken.
pub async fn create(db: &Db, email: &str, password_hash: &str, now: i64) -> Result<Option<String>> {
    let id = format!("acct_{}", random_base58(10));
    let done = sqlx::query(
        "INSERT INTO accounts (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (email) DO NOTHING",
    )
    .bind(&id)
    .bind(email)
    .bind(password_hash)
    .bind(now)
    .execute(&db.pool)
    .await
    .context("storing the account")?;
    Ok((done.rows_affected() == 1).then_some(id))
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<Account>> {
    let row = sqlx::query("SELECT * FROM accounts WHERE email = $1")
        .bind(email)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(account).transpose()
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Account>> {
    let row = sqlx::query("SELECT * FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(account).transpose()
}

pub async fn all(db: &Db) -> Result<Vec<Account>> {
    let rows = sqlx::query("SELECT * FROM accounts ORDER BY created_at, id")
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(account).collect()
}

pub async fn mark_verified(db: &Db, email: &str, now: i64) -> Result<bool> {
    let done =
        sqlx::query("UPDATE accounts SET verified_at = COALESCE(verified_at, $2) WHERE email = $1")
            .bind(email)
            .bind(now)
            .execute(&db.pool)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_password(db: &Db, email: &str, password_hash: &str) -> Result<Option<String>> {
    let row = sqlx::query("UPDATE accounts SET password_hash = $2 WHERE email = $1 RETURNING id")
        .bind(email)
        .bind(password_hash)
        .fetch_all(&db.pool)
        .await?;
    row.first().map(|r| Ok(r.try_get("id")?)).transpose()
}

/// The account's standing with every API it has a plan or a request for, in the suite's order.
pub async fn plans(db: &Db, account_id: &str) -> Result<Vec<AccountPlan>> {
    let rows = sqlx::query(
        "SELECT account_id, api, plan, requested_plan FROM account_plans WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_all(&db.pool)
    .await?;
    let mut plans: Vec<AccountPlan> = rows
        .iter()
        .filter_map(account_plan)
        .map(|(_, plan)| plan)
        .collect();
    plans.sort_by_key(|p| p.api);
    Ok(plans)
}

/// An `account_plans` row: the account's id and its standing with one API (`None` for an
/// API or plan this build does not know).
pub fn account_plan(row: &sqlx::any::AnyRow) -> Option<(String, AccountPlan)> {
    let api = Api::parse(&row.try_get::<String, _>("api").ok()?)?;
    let plan = |column| {
        row.try_get::<Option<String>, _>(column)
            .ok()
            .flatten()
            .and_then(|p| Plan::parse(&p))
    };
    Some((
        row.try_get("account_id").ok()?,
        AccountPlan {
            api,
            plan: plan("plan"),
            requested: plan("requested_plan"),
        },
    ))
}

/// Puts `plan` in force for `api` at once (the free plan, or the operator's grant), clearing
/// a request for it.
pub async fn grant(db: &Db, account_id: &str, api: Api, plan: Plan) -> Result<()> {
    sqlx::query(
        "INSERT INTO account_plans (account_id, api, plan) VALUES ($1, $2, $3) \
         ON CONFLICT (account_id, api) DO UPDATE SET plan = excluded.plan, \
         requested_plan = NULL, requested_at = NULL",
    )
    .bind(account_id)
    .bind(api.name())
    .bind(plan.name())
    .execute(&db.pool)
    .await?;
    db.note_key_change();
    Ok(())
}

/// Asks the operator for `plan` on `api`; the plan in force stays until granted.
pub async fn request(db: &Db, account_id: &str, api: Api, plan: Plan, now: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO account_plans (account_id, api, requested_plan, requested_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, api) DO UPDATE SET \
         requested_plan = excluded.requested_plan, requested_at = excluded.requested_at",
    )
    .bind(account_id)
    .bind(api.name())
    .bind(plan.name())
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Grants what the account requested for `api`; false when nothing was pending.
pub async fn grant_request(db: &Db, account_id: &str, api: Api) -> Result<bool> {
    let requested = plans(db, account_id)
        .await?
        .into_iter()
        .find(|p| p.api == api)
        .and_then(|p| p.requested);
    match requested {
        Some(plan) => grant(db, account_id, api, plan).await.map(|()| true),
        None => Ok(false),
    }
}

/// Makes a key owned by the account: it has no subscriptions of its own; the account's plans
/// apply and its calls count against the account's quota.
pub async fn create_key(db: &Db, account_id: &str, name: &str, now: i64) -> Result<IssuedKey> {
    keys::create_for_account(db, account_id, name, now).await
}

/// Whether `key_id` is an active key of `account_id` (anything else is "not found" to it).
pub async fn owns_key(db: &Db, account_id: &str, key_id: &str) -> Result<bool> {
    let row = sqlx::query(
        "SELECT 1 AS one FROM api_keys WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL",
    )
    .bind(key_id)
    .bind(account_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}
