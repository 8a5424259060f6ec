//! Which failures are the storage failing — the database or the data directory cannot write
//! (disk full, read-only, quota), or cannot be reached (PostgreSQL gone) — as opposed to a bug:
//! those are 503 `storage_unavailable` with `Retry-After`, since the same call will work once
//! space or the database is back, and they must not read as the service's fault.

use std::io::ErrorKind;

/// A storage failure carried where the original error cannot go (one failed database round
/// answered to many callers as text): [`is_storage_fault`] still knows it.
#[derive(Debug, Clone)]
pub struct StorageFault(pub String);

impl std::fmt::Display for StorageFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StorageFault {}

/// Whether `error`, or anything in its chain of causes, is the storage failing.
pub fn is_storage_fault(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error.is::<StorageFault>() {
            return true;
        }
        if let Some(sqlx) = error.downcast_ref::<sqlx::Error>()
            && sqlx_fault(sqlx)
        {
            return true;
        }
        if let Some(io) = error.downcast_ref::<std::io::Error>()
            && io_fault(io)
        {
            return true;
        }
        cause = error.source();
    }
    false
}

fn sqlx_fault(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        // The connection to the database broke (PostgreSQL gone, a socket reset).
        sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| database_fault(&code)),
        _ => false,
    }
}

/// SQLite result codes (primary code in the low byte of the extended one) and PostgreSQL
/// SQLSTATEs that mean the database cannot write or cannot be reached.
fn database_fault(code: &str) -> bool {
    // A SQLSTATE is five characters; SQLite's extended codes have at most four digits.
    if code.len() < 5
        && let Ok(sqlite) = code.parse::<u32>()
    {
        // SQLITE_READONLY 8, SQLITE_IOERR 10, SQLITE_FULL 13, SQLITE_CANTOPEN 14.
        return matches!(sqlite & 0xff, 8 | 10 | 13 | 14);
    }
    // Class 08 connection exception, 53 insufficient resources (53100 disk_full),
    // 25006 read_only_sql_transaction, 57P01..57P03 shutdown / cannot connect now.
    code.starts_with("08")
        || code.starts_with("53")
        || code == "25006"
        || matches!(code, "57P01" | "57P02" | "57P03")
}

/// A file system that cannot take the write. Connection errors are not storage faults here:
/// the database's own come as `sqlx::Error` (above), and any other broken pipe is an engine's
/// (a browser, an office worker) and stays a 500.
fn io_fault(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::ReadOnlyFilesystem
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_and_read_only_file_systems_are_faults_wherever_they_sit_in_the_chain() {
        let full = std::io::Error::from(ErrorKind::StorageFull);
        let wrapped = anyhow::Error::new(full).context("writing blob b_1");
        assert!(is_storage_fault(wrapped.as_ref()));
        let read_only = std::io::Error::from(ErrorKind::ReadOnlyFilesystem);
        assert!(is_storage_fault(&read_only));
        assert!(!is_storage_fault(&std::io::Error::from(
            ErrorKind::InvalidData
        )));
        assert!(!is_storage_fault(&std::io::Error::from(
            ErrorKind::NotFound
        )));
        // An engine's pipe, not the storage.
        assert!(!is_storage_fault(&std::io::Error::from(
            ErrorKind::BrokenPipe
        )));
    }

    #[test]
    fn database_codes_that_mean_no_write_or_no_database() {
        for code in [
            "13", "8", "1032", "266", "14", "53100", "08006", "25006", "57P01",
        ] {
            assert!(database_fault(code), "{code}");
        }
        // Constraint violations, syntax errors, a corrupt file, busy: not the storage failing.
        for code in ["19", "2067", "1", "11", "5", "23505", "42601"] {
            assert!(!database_fault(code), "{code}");
        }
    }

    #[tokio::test]
    async fn a_full_sqlite_database_is_a_fault() {
        let db = crate::db::Db::in_memory().await;
        let mut conn = db.pool.acquire().await.expect("a connection");
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&mut *conn)
            .await
            .expect("page count");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "PRAGMA max_page_count = {pages}"
        )))
        .execute(&mut *conn)
        .await
        .expect("limit set");
        let mut failure = None;
        for i in 0..1000 {
            if let Err(e) = sqlx::query("INSERT INTO write_probe (id, at) VALUES ($1, 0)")
                .bind(i + 2)
                .execute(&mut *conn)
                .await
            {
                failure = Some(e);
                break;
            }
        }
        let failure = failure.expect("the page limit was reached");
        assert!(is_storage_fault(&failure), "{failure}");
    }
}
