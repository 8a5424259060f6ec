//! Login sessions in the database, so a login holds on every replica: the cookie carries a
//! random token, the database only its SHA-256, with the session's CSRF token and expiry.

use anyhow::Result;
use sqlx::Row;

use suite_platform::db::Db;
use suite_platform::keys::{hash_secret, random_base58};

/// Who a session belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum Holder {
    Account(String),
    Operator,
}

#[derive(Debug, Clone)]
pub struct Session {
    pub holder: Holder,
    /// The token every form of the session must carry back.
    pub csrf: String,
}

/// A new session for `holder`; answers the cookie's token (never stored as such).
pub async fn open(db: &Db, holder: &Holder, now: i64, lifetime_secs: i64) -> Result<String> {
    let token = random_base58(32);
    let (account, operator) = match holder {
        Holder::Account(id) => (Some(id.as_str()), 0_i64),
        Holder::Operator => (None, 1),
    };
    sqlx::query(
        "INSERT INTO portal_sessions (token_hash, account_id, operator, csrf, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(hash_secret(&token))
    .bind(account)
    .bind(operator)
    .bind(random_base58(24))
    .bind(now)
    .bind(now + lifetime_secs)
    .execute(&db.pool)
    .await?;
    // Expired sessions go as new ones come.
    sqlx::query("DELETE FROM portal_sessions WHERE expires_at < $1")
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(token)
}

/// The session `token` names, if it has not expired.
pub async fn find(db: &Db, token: &str, now: i64) -> Result<Option<Session>> {
    let row = sqlx::query(
        "SELECT account_id, operator, csrf FROM portal_sessions \
         WHERE token_hash = $1 AND expires_at > $2",
    )
    .bind(hash_secret(token))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let holder = match row.try_get::<Option<String>, _>("account_id")? {
        Some(account) => Holder::Account(account),
        None if row.try_get::<i64, _>("operator")? == 1 => Holder::Operator,
        None => return Ok(None),
    };
    Ok(Some(Session {
        holder,
        csrf: row.try_get("csrf")?,
    }))
}

pub async fn close(db: &Db, token: &str) -> Result<()> {
    sqlx::query("DELETE FROM portal_sessions WHERE token_hash = $1")
        .bind(hash_secret(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of the account (its password changed).
pub async fn close_all(db: &Db, account_id: &str) -> Result<()> {
    sqlx::query("DELETE FROM portal_sessions WHERE account_id = $1")
        .bind(account_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_session_is_found_by_its_token_until_it_expires_or_closes() {
        let db = Db::in_memory().await;
        sqlx::query("INSERT INTO accounts (id, email, password_hash, created_at) VALUES ('acct_a', 'a@example.org', 'x', 0)")
            .execute(&db.pool)
            .await
            .unwrap();
        let holder = Holder::Account("acct_a".to_owned());
        let token = open(&db, &holder, 1_000, 60).await.unwrap();
        let session = find(&db, &token, 1_001)
            .await
            .unwrap()
            .expect("the session");
        assert_eq!(session.holder, holder);
        assert!(session.csrf.len() >= 24);
        assert!(find(&db, "made-up", 1_001).await.unwrap().is_none());
        assert!(find(&db, &token, 1_060).await.unwrap().is_none(), "expired");

        let operator = open(&db, &Holder::Operator, 2_000, 60).await.unwrap();
        assert_eq!(
            find(&db, &operator, 2_001).await.unwrap().unwrap().holder,
            Holder::Operator
        );
        let again = open(&db, &holder, 2_000, 60).await.unwrap();
        close_all(&db, "acct_a").await.unwrap();
        assert!(find(&db, &again, 2_001).await.unwrap().is_none());
        assert!(find(&db, &operator, 2_001).await.unwrap().is_some());
        close(&db, &operator).await.unwrap();
        assert!(find(&db, &operator, 2_001).await.unwrap().is_none());
    }
}
