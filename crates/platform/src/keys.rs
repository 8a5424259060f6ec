//! API keys: created with 192 random bits, shown once, stored only as SHA-256 with a short
//! visible prefix; each key has one subscription (with a plan) per API it may call.

use std::collections::HashMap;

use anyhow::{Context, Result, bail};
use rand::RngCore;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;

use super::api::{Api, Plan};
use super::db::Db;

/// What an operator may see of a key: never the secret.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct KeyInfo {
    pub id: String,
    pub name: String,
    /// The first characters of the secret, to tell keys apart.
    pub prefix: String,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    pub subscriptions: Vec<Subscription>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Subscription {
    pub api: Api,
    pub plan: Plan,
}

/// A key as its holder receives it, once.
#[derive(Debug, Clone, Serialize)]
pub struct IssuedKey {
    pub info: KeyInfo,
    /// The secret, `sk_live_...`; only its hash is stored.
    pub api_key: String,
}

/// What authentication learns about a presented key for one API.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyLookup {
    Unknown,
    Revoked,
    Active {
        key_id: String,
        /// Whose monthly quota the key's calls count against: its account's, when a customer
        /// made it in the portal (all of an account's keys share one quota), else its own.
        quota_subject: String,
        plan: Option<Plan>,
    },
}

const SECRET_PREFIX: &str = "sk_live_";
const VISIBLE_PREFIX_LEN: usize = 12;

/// `bytes` random bytes in base58: ids, secrets and one-time tokens.
pub fn random_base58(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    bs58::encode(buf).into_string()
}

/// Hex SHA-256 of a secret: the only form in which keys are stored.
pub fn hash_secret(secret: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(64);
    for byte in Sha256::digest(secret.as_bytes()) {
        hex.push(HEX[usize::from(byte >> 4)] as char);
        hex.push(HEX[usize::from(byte & 0xf)] as char);
    }
    hex
}

fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", random_base58(24))
}

pub async fn create(
    db: &Db,
    name: &str,
    subscriptions: &[(Api, Plan)],
    now: i64,
) -> Result<IssuedKey> {
    insert(db, name, None, subscriptions, now).await
}

/// A key of a portal account: its plans and quota are the account's.
pub async fn create_for_account(
    db: &Db,
    account_id: &str,
    name: &str,
    now: i64,
) -> Result<IssuedKey> {
    insert(db, name, Some(account_id), &[], now).await
}

async fn insert(
    db: &Db,
    name: &str,
    account_id: Option<&str>,
    subscriptions: &[(Api, Plan)],
    now: i64,
) -> Result<IssuedKey> {
    let id = format!("key_{}", random_base58(10));
    let secret = new_secret();
    let prefix: String = secret.chars().take(VISIBLE_PREFIX_LEN).collect();
    sqlx::query(
        "INSERT INTO api_keys (id, name, prefix, hash, created_at, account_id) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(name)
    .bind(&prefix)
    .bind(hash_secret(&secret))
    .bind(now)
    .bind(account_id)
    .execute(&db.pool)
    .await
    .context("storing the key")?;
    for (api, plan) in subscriptions {
        set_plan(db, &id, *api, Some(*plan)).await?;
    }
    db.note_key_change();
    let info = get(db, &id).await?.context("key vanished after creation")?;
    Ok(IssuedKey {
        info,
        api_key: secret,
    })
}

pub async fn get(db: &Db, id: &str) -> Result<Option<KeyInfo>> {
    Ok(load(db, Which::Id(id)).await?.pop())
}

pub async fn list(db: &Db) -> Result<Vec<KeyInfo>> {
    load(db, Which::All).await
}

/// The keys a portal account owns and has not revoked, oldest first.
pub async fn of_account(db: &Db, account_id: &str) -> Result<Vec<KeyInfo>> {
    load(db, Which::ActiveOfAccount(account_id)).await
}

/// Which keys [`load`] reads.
enum Which<'a> {
    All,
    Id(&'a str),
    ActiveOfAccount(&'a str),
}

async fn load(db: &Db, which: Which<'_>) -> Result<Vec<KeyInfo>> {
    let (keys_query, subscriptions_query, bound) = match which {
        Which::All => (
            "SELECT id, name, prefix, created_at, revoked_at FROM api_keys \
             ORDER BY created_at, id",
            "SELECT key_id, api, plan FROM subscriptions ORDER BY key_id, api",
            None,
        ),
        Which::Id(id) => (
            "SELECT id, name, prefix, created_at, revoked_at FROM api_keys WHERE id = $1",
            "SELECT key_id, api, plan FROM subscriptions WHERE key_id = $1 ORDER BY api",
            Some(id),
        ),
        Which::ActiveOfAccount(account) => (
            "SELECT id, name, prefix, created_at, revoked_at FROM api_keys \
             WHERE account_id = $1 AND revoked_at IS NULL ORDER BY created_at, id",
            "SELECT s.key_id, s.api, s.plan FROM subscriptions s \
             JOIN api_keys k ON k.id = s.key_id \
             WHERE k.account_id = $1 AND k.revoked_at IS NULL ORDER BY s.key_id, s.api",
            Some(account),
        ),
    };
    let mut keys_query = sqlx::query(keys_query);
    let mut subscriptions_query = sqlx::query(subscriptions_query);
    if let Some(bound) = bound {
        keys_query = keys_query.bind(bound);
        subscriptions_query = subscriptions_query.bind(bound);
    }
    let rows = keys_query.fetch_all(&db.pool).await?;
    let mut subscriptions_of: HashMap<String, Vec<Subscription>> = HashMap::new();
    for row in subscriptions_query.fetch_all(&db.pool).await? {
        let key_id: String = row.try_get("key_id")?;
        let api = Api::parse(&row.try_get::<String, _>("api")?);
        let plan = Plan::parse(&row.try_get::<String, _>("plan")?);
        if let (Some(api), Some(plan)) = (api, plan) {
            subscriptions_of
                .entry(key_id)
                .or_default()
                .push(Subscription { api, plan });
        }
    }
    let mut keys = Vec::with_capacity(rows.len());
    for row in rows {
        let id: String = row.try_get("id")?;
        let subscriptions = subscriptions_of.remove(&id).unwrap_or_default();
        keys.push(KeyInfo {
            name: row.try_get("name")?,
            prefix: row.try_get("prefix")?,
            created_at: row.try_get("created_at")?,
            revoked_at: row.try_get("revoked_at")?,
            subscriptions,
            id,
        });
    }
    Ok(keys)
}

/// Revokes a key at once; false when there is no such key.
pub async fn revoke(db: &Db, id: &str, now: i64) -> Result<bool> {
    let done =
        sqlx::query("UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL")
            .bind(id)
            .bind(now)
            .execute(&db.pool)
            .await?;
    db.note_key_change();
    Ok(done.rows_affected() == 1 || get(db, id).await?.is_some())
}

/// Replaces a key's secret; the old secret stops working at once. Subscriptions and usage stay.
pub async fn rotate(db: &Db, id: &str) -> Result<IssuedKey> {
    let secret = new_secret();
    let prefix: String = secret.chars().take(VISIBLE_PREFIX_LEN).collect();
    let done = sqlx::query(
        "UPDATE api_keys SET hash = $2, prefix = $3 WHERE id = $1 AND revoked_at IS NULL",
    )
    .bind(id)
    .bind(hash_secret(&secret))
    .bind(&prefix)
    .execute(&db.pool)
    .await?;
    db.note_key_change();
    if done.rows_affected() != 1 {
        bail!("no active key {id}");
    }
    let info = get(db, id).await?.context("key vanished")?;
    Ok(IssuedKey {
        info,
        api_key: secret,
    })
}

/// Subscribes a key to `api` on `plan`, changes its plan, or (`None`) unsubscribes it.
pub async fn set_plan(db: &Db, id: &str, api: Api, plan: Option<Plan>) -> Result<()> {
    match plan {
        Some(plan) => {
            sqlx::query(
                "INSERT INTO subscriptions (key_id, api, plan) VALUES ($1, $2, $3) \
                 ON CONFLICT (key_id, api) DO UPDATE SET plan = excluded.plan",
            )
            .bind(id)
            .bind(api.name())
            .bind(plan.name())
            .execute(&db.pool)
            .await
            .with_context(|| format!("subscribing {id} to {api}"))?;
        }
        None => {
            sqlx::query("DELETE FROM subscriptions WHERE key_id = $1 AND api = $2")
                .bind(id)
                .bind(api.name())
                .execute(&db.pool)
                .await?;
        }
    }
    db.note_key_change();
    Ok(())
}

/// Finds the key whose secret hashes to `hash` and its plan for `api`, in one query: the
/// key's own subscription, or its account's plan for a key made in the portal.
pub async fn lookup(db: &Db, hash: &str, api: Api) -> Result<KeyLookup> {
    let row = sqlx::query(
        "SELECT k.id, k.account_id, k.revoked_at, COALESCE(s.plan, p.plan) AS plan \
         FROM api_keys k \
         LEFT JOIN subscriptions s ON s.key_id = k.id AND s.api = $2 \
         LEFT JOIN account_plans p ON p.account_id = k.account_id AND p.api = $2 \
         WHERE k.hash = $1",
    )
    .bind(hash)
    .bind(api.name())
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Ok(KeyLookup::Unknown);
    };
    if row.try_get::<Option<i64>, _>("revoked_at")?.is_some() {
        return Ok(KeyLookup::Revoked);
    }
    let plan = row
        .try_get::<Option<String>, _>("plan")?
        .and_then(|p| Plan::parse(&p));
    let key_id: String = row.try_get("id")?;
    let account: Option<String> = row.try_get("account_id")?;
    Ok(KeyLookup::Active {
        quota_subject: account.unwrap_or_else(|| key_id.clone()),
        key_id,
        plan,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_and_hashed() {
        let secret = new_secret();
        assert!(secret.starts_with("sk_live_"));
        assert!(secret.len() >= 8 + 32, "{secret}");
        assert_eq!(
            hash_secret("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(new_secret(), new_secret());
    }
}
