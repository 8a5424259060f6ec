//! Failed logins and reset requests, counted per subject (an account's email, a client
//! address) over a sliding window in the database, so the throttle holds across replicas.

use anyhow::Result;
use sqlx::Row;

use suite_platform::db::Db;

/// A throttle: at most `max` attempts per `window_secs` for one subject.
#[derive(Debug, Clone, Copy)]
pub struct Throttle {
    pub max: i64,
    pub window_secs: i64,
}

/// `Some(seconds)` to wait when `subject` has used up `throttle`, else `None`.
pub async fn wait_for(db: &Db, subject: &str, throttle: Throttle, now: i64) -> Result<Option<i64>> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM portal_attempts WHERE subject = $1 AND at > $2",
    )
    .bind(subject)
    .bind(now - throttle.window_secs)
    .fetch_one(&db.pool)
    .await?;
    let n: i64 = row.try_get("n")?;
    if n < throttle.max {
        return Ok(None);
    }
    let oldest: Option<i64> = row.try_get("oldest")?;
    let oldest = oldest.unwrap_or(now);
    Ok(Some((oldest + throttle.window_secs - now).max(1)))
}

/// Counts one attempt against each of `subjects`, and forgets attempts older than a day.
pub async fn record(db: &Db, subjects: &[String], now: i64) -> Result<()> {
    for subject in subjects {
        sqlx::query("INSERT INTO portal_attempts (subject, at) VALUES ($1, $2)")
            .bind(subject)
            .bind(now)
            .execute(&db.pool)
            .await?;
    }
    sqlx::query("DELETE FROM portal_attempts WHERE at < $1")
        .bind(now - 24 * 3600)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Forgets `subject`'s attempts (a successful login, a changed password).
pub async fn clear(db: &Db, subject: &str) -> Result<()> {
    sqlx::query("DELETE FROM portal_attempts WHERE subject = $1")
        .bind(subject)
        .execute(&db.pool)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const THREE_A_MINUTE: Throttle = Throttle {
        max: 3,
        window_secs: 60,
    };

    #[tokio::test]
    async fn a_subject_waits_until_its_oldest_attempt_leaves_the_window() {
        let db = Db::in_memory().await;
        let subject = vec!["login:account:ada@example.org".to_owned()];
        for at in [100, 110, 120] {
            assert_eq!(
                wait_for(&db, &subject[0], THREE_A_MINUTE, at)
                    .await
                    .unwrap(),
                None
            );
            record(&db, &subject, at).await.unwrap();
        }
        assert_eq!(
            wait_for(&db, &subject[0], THREE_A_MINUTE, 130)
                .await
                .unwrap(),
            Some(30),
            "the attempt at 100 leaves the window at 160"
        );
        assert_eq!(
            wait_for(&db, "login:account:bob@example.org", THREE_A_MINUTE, 130)
                .await
                .unwrap(),
            None,
            "another subject is not throttled"
        );
        assert_eq!(
            wait_for(&db, &subject[0], THREE_A_MINUTE, 161)
                .await
                .unwrap(),
            None
        );
        record(&db, &subject, 161).await.unwrap();
        clear(&db, &subject[0]).await.unwrap();
        for at in [162, 163, 164] {
            record(&db, &subject, at).await.unwrap();
        }
        assert!(
            wait_for(&db, &subject[0], THREE_A_MINUTE, 165)
                .await
                .unwrap()
                .is_some()
        );
    }
}
