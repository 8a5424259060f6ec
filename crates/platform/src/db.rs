//! The database: SQLite in the data directory by default, PostgreSQL through `DATABASE_URL`.
//! One schema, migrations for each, and only queries both dialects accept (`$n` parameters,
//! `ON CONFLICT`, `RETURNING`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// A pool on either database.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub kind: DbKind,
    /// Bumped by every change to keys or subscriptions made through this process, so that
    /// caches of them are invalidated at once.
    key_changes: Arc<AtomicU64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

impl Db {
    /// Connects to `url` (`sqlite://...` or `postgres://...`).
    pub async fn connect(url: &str) -> Result<Db> {
        install_default_drivers();
        let kind = if url.starts_with("sqlite:") {
            DbKind::Sqlite
        } else {
            DbKind::Postgres
        };
        if kind == DbKind::Sqlite
            && let Some(path) = url
                .strip_prefix("sqlite://")
                .and_then(|rest| rest.split('?').next())
            && let Some(dir) = std::path::Path::new(path).parent()
        {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let options = AnyPoolOptions::new()
            .max_connections(if kind == DbKind::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(30))
            // A SQLite connection is a file handle: there is nothing to test before each use.
            .test_before_acquire(kind == DbKind::Postgres)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if kind == DbKind::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 67108864; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;").await?;
                    }
                    Ok(())
                })
            });
        let pool = options
            .connect(url)
            .await
            .with_context(|| format!("connecting to the {kind:?} database"))?;
        Ok(Db {
            pool,
            kind,
            key_changes: Arc::default(),
        })
    }

    /// Records that a key or a subscription changed.
    pub fn note_key_change(&self) {
        self.key_changes.fetch_add(1, Ordering::AcqRel);
    }

    /// How many key or subscription changes this process has made so far.
    pub fn key_generation(&self) -> u64 {
        self.key_changes.load(Ordering::Acquire)
    }

    /// Applies every pending migration.
    pub async fn migrate(&self) -> Result<()> {
        let migrator = match self.kind {
            DbKind::Sqlite => &SQLITE_MIGRATIONS,
            DbKind::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("running migrations")
    }

    /// Whether the database can write now: one row of `write_probe` rewritten with 64 KiB,
    /// more than any charge writes (reads keep working on a full disk or a read-only file
    /// system; charging a call does not). The bytes are random: SQLite skips rewriting
    /// overflow pages whose content did not change.
    pub async fn can_write(&self, now_unix: i64) -> bool {
        let mut pad = vec![0u8; 64 * 1024];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut pad);
        sqlx::query(
            "INSERT INTO write_probe (id, at, pad) VALUES (1, $1, $2) \
             ON CONFLICT (id) DO UPDATE SET at = excluded.at, pad = excluded.pad",
        )
        .bind(now_unix)
        .bind(pad)
        .execute(&self.pool)
        .await
        .is_ok()
    }
}

#[cfg(any(test, feature = "test-support"))]
impl Db {
    /// A fresh, migrated SQLite database in memory, shared by the pool's connections.
    pub async fn in_memory() -> Db {
        use std::sync::atomic::AtomicU32;
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "test{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let db = Db::connect(&format!("sqlite:file:{name}?mode=memory&cache=shared"))
            .await
            .expect("connecting to an in-memory database");
        db.migrate().await.expect("migrating");
        db
    }
}
