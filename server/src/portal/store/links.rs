//! One-time links: invitations, email verification and password resets. The token travels in
//! the link only; the database keeps its SHA-256, what it is for, the email, and its expiry.
//! Using a link is one conditional update, so a link works once even across replicas.

use anyhow::Result;
use sqlx::Row;

use suite_platform::db::Db;
use suite_platform::keys::{hash_secret, random_base58};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Invite,
    Verify,
    Reset,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Purpose::Invite => "invite",
            Purpose::Verify => "verify",
            Purpose::Reset => "reset",
        }
    }

    /// How long a link stays good.
    pub fn lifetime_secs(self) -> i64 {
        match self {
            Purpose::Invite => 7 * 24 * 3600,
            Purpose::Verify => 24 * 3600,
            Purpose::Reset => 3600,
        }
    }
}

/// A new link's token for `email`.
pub async fn make(db: &Db, purpose: Purpose, email: &str, now: i64) -> Result<String> {
    let token = random_base58(24);
    sqlx::query(
        "INSERT INTO portal_links (token_hash, purpose, email, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_secret(&token))
    .bind(purpose.name())
    .bind(email)
    .bind(now)
    .bind(now + purpose.lifetime_secs())
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// The email of an unused, unexpired link, without using it.
pub async fn peek(db: &Db, purpose: Purpose, token: &str, now: i64) -> Result<Option<String>> {
    let row = sqlx::query(
        "SELECT email FROM portal_links WHERE token_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3",
    )
    .bind(hash_secret(token))
    .bind(purpose.name())
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| Ok(r.try_get("email")?)).transpose()
}

/// Uses the link once: its email, or `None` if it is unknown, used or expired.
pub async fn take(db: &Db, purpose: Purpose, token: &str, now: i64) -> Result<Option<String>> {
    let rows = sqlx::query(
        "UPDATE portal_links SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3 RETURNING email",
    )
    .bind(hash_secret(token))
    .bind(purpose.name())
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    rows.first().map(|r| Ok(r.try_get("email")?)).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_link_works_once_for_its_purpose_until_it_expires() {
        let db = Db::in_memory().await;
        let token = make(&db, Purpose::Reset, "ada@example.org", 1_000)
            .await
            .unwrap();
        assert_eq!(
            take(&db, Purpose::Verify, &token, 1_001).await.unwrap(),
            None
        );
        assert_eq!(
            peek(&db, Purpose::Reset, &token, 1_001)
                .await
                .unwrap()
                .as_deref(),
            Some("ada@example.org")
        );
        assert_eq!(
            take(&db, Purpose::Reset, &token, 1_002)
                .await
                .unwrap()
                .as_deref(),
            Some("ada@example.org")
        );
        assert_eq!(
            take(&db, Purpose::Reset, &token, 1_003).await.unwrap(),
            None
        );
        assert_eq!(
            peek(&db, Purpose::Reset, &token, 1_003).await.unwrap(),
            None
        );

        let late = make(&db, Purpose::Reset, "ada@example.org", 1_000)
            .await
            .unwrap();
        let expiry = 1_000 + Purpose::Reset.lifetime_secs();
        assert_eq!(
            take(&db, Purpose::Reset, &late, expiry).await.unwrap(),
            None
        );
        let stored: String = sqlx::query("SELECT token_hash FROM portal_links LIMIT 1")
            .fetch_one(&db.pool)
            .await
            .unwrap()
            .try_get("token_hash")
            .unwrap();
        assert!(stored != token && stored != late, "only hashes are stored");
    }
}
