//! The database: SQLite in the data directory by default, PostgreSQL through `DATABASE_URL`.
//! One schema, migrations for each, and only queries both dialects accept (`$n` parameters,
//! `ON CONFLICT`, `RETURNING`).

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
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if kind == DbKind::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;").await?;
                    }
                    Ok(())
                })
            });
        let pool = options
            .connect(url)
            .await
            .with_context(|| format!("connecting to the {kind:?} database"))?;
        Ok(Db { pool, kind })
    }

    /// Applies every pending migration.
    pub async fn migrate(&self) -> Result<()> {
        let migrator = match self.kind {
            DbKind::Sqlite => &SQLITE_MIGRATIONS,
            DbKind::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.context("running migrations")
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}
