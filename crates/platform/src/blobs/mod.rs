//! Generated files (documents, screenshots, redactions): owned by the key that made them,
//! downloadable until `expires_at`, then swept away.
//!
//! Their records (`blobs`) are always in the database; where their bytes live is a
//! [`BlobBytes`] chosen from the database kind: the data directory with SQLite (the embedded
//! default, one server), PostgreSQL itself (`blob_chunks`, ~1 MiB a row) with PostgreSQL, so
//! that every replica on that database serves every download.
//!
//! The sweeper may run on every replica at once: a file is purged by whoever flips its record's
//! `purged` from 0 to 1 (one conditional `UPDATE ... RETURNING`), and only that one deletes the
//! bytes; the others see nothing to do, never an error.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use rand::RngCore;
use sqlx::Row;

mod in_database;
mod local_dir;

use self::in_database::InDatabase;
use self::local_dir::LocalDir;
use super::api::Api;
use super::db::{Db, DbKind};
use super::error::ApiError;

/// Bytes per `blob_chunks` row.
pub const CHUNK_BYTES: usize = 1 << 20;

/// The bytes of a stored file, chunk by chunk, as a [`BlobBytes`] reads them.
pub type Chunks = futures::stream::BoxStream<'static, std::io::Result<bytes::Bytes>>;

/// The bytes of a stored file as a download sends them: a task reads them at most one chunk
/// ahead of the connection (and stops when the client goes away).
pub struct ByteStream {
    rx: tokio::sync::mpsc::Receiver<std::io::Result<bytes::Bytes>>,
}

impl ByteStream {
    fn pump(mut chunks: Chunks) -> ByteStream {
        let (tx, rx) = tokio::sync::mpsc::channel(1);
        tokio::spawn(async move {
            while let Some(chunk) = futures::StreamExt::next(&mut chunks).await {
                let failed = chunk.is_err();
                if tx.send(chunk).await.is_err() || failed {
                    break;
                }
            }
        });
        ByteStream { rx }
    }
}

impl futures::Stream for ByteStream {
    type Item = std::io::Result<bytes::Bytes>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx)
    }
}

/// The blob store: records in the database, bytes where its [`BlobBytes`] keeps them.
#[derive(Debug, Clone)]
pub struct BlobStore {
    db: Db,
    bytes: Arc<dyn BlobBytes>,
    ttl_secs: i64,
}

/// Where a new file goes: its owner, scope, id prefix, type and lifetime.
struct Placement<'a> {
    key_id: &'a str,
    scope: &'a str,
    prefix: &'a str,
    content_type: &'a str,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

/// A stored file's record.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredBlob {
    /// 128 random bits, base58, with a readable prefix (`doc_`, `shot_`, ...).
    pub id: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub expires_at: DateTime<Utc>,
}

/// A record about to be written, with the key that owns it and its scope: the API's name for
/// a download, [`kept_scope`] for a source kept until deleted (never downloadable).
#[derive(Debug, Clone)]
pub struct NewBlob<'a> {
    pub blob: &'a StoredBlob,
    pub key_id: &'a str,
    pub scope: &'a str,
    pub created_at: DateTime<Utc>,
}

/// The scope of the sources `api` keeps for their owners (templates): apart from its
/// downloads, so that a download URL never serves one.
fn kept_scope(api: Api) -> String {
    format!("{}/kept", api.name())
}

/// When kept sources "expire": never, as far as the sweeper is concerned.
fn kept_until() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(9999, 12, 31, 0, 0, 0)
        .single()
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// Where the bytes of generated files live. Each implementation writes the record with the
/// bytes (so that a record never names bytes that are not there yet) and purges both the
/// record's `purged` flag and the bytes (so that exactly one sweeper deletes them).
#[async_trait]
pub trait BlobBytes: Send + Sync + std::fmt::Debug {
    /// Stores `bytes` and the record of `new`.
    async fn put(&self, new: &NewBlob<'_>, bytes: &[u8]) -> Result<()>;
    /// The bytes of `id`, `size` of them, read as they are sent: a file is never whole in
    /// memory. A file whose bytes are missing fails here, before anything is answered.
    async fn open(&self, id: &str, size: i64) -> Result<Chunks>;
    /// Marks `id` purged and deletes its bytes if no one else did: whether this call did.
    async fn purge(&self, id: &str) -> Result<bool>;
    /// Whether bytes of `id` are still kept.
    async fn exists(&self, id: &str) -> Result<bool>;
}

impl BlobStore {
    /// The store for `db`: bytes in `dir` with SQLite, in the database with PostgreSQL.
    pub fn new(dir: PathBuf, db: Db, ttl_secs: i64) -> Result<BlobStore> {
        let bytes: Arc<dyn BlobBytes> = match db.kind {
            DbKind::Sqlite => Arc::new(LocalDir::new(dir, db.clone())?),
            DbKind::Postgres => Arc::new(InDatabase { db: db.clone() }),
        };
        Ok(BlobStore {
            db,
            bytes,
            ttl_secs,
        })
    }

    /// Whether the bytes live in the database (shared by every replica on it).
    pub fn shared_by_replicas(&self) -> bool {
        self.db.kind == DbKind::Postgres
    }

    /// Stores `bytes` for `key_id` to download from `api` until the configured time to live
    /// has passed; the id starts with `prefix`.
    pub async fn put(
        &self,
        key_id: &str,
        api: Api,
        prefix: &str,
        content_type: &str,
        bytes: &[u8],
        now: DateTime<Utc>,
    ) -> Result<StoredBlob> {
        let expires_at = now + chrono::Duration::seconds(self.ttl_secs);
        let new = Placement {
            key_id,
            scope: api.name(),
            prefix,
            content_type,
            now,
            expires_at,
        };
        self.store(new, bytes).await
    }

    /// Keeps `bytes` for `key_id` with `api` until [`BlobStore::discard`]: read back with
    /// [`BlobStore::kept_bytes`], never served as a download, never swept.
    pub async fn keep(
        &self,
        key_id: &str,
        api: Api,
        prefix: &str,
        content_type: &str,
        bytes: &[u8],
        now: DateTime<Utc>,
    ) -> Result<StoredBlob> {
        let scope = kept_scope(api);
        let new = Placement {
            key_id,
            scope: &scope,
            prefix,
            content_type,
            now,
            expires_at: kept_until(),
        };
        self.store(new, bytes).await
    }

    async fn store(&self, at: Placement<'_>, bytes: &[u8]) -> Result<StoredBlob> {
        let mut raw = [0u8; 16];
        rand::rng().fill_bytes(&mut raw);
        let blob = StoredBlob {
            id: format!("{}_{}", at.prefix, bs58::encode(raw).into_string()),
            content_type: at.content_type.to_owned(),
            size_bytes: bytes.len() as i64,
            expires_at: at.expires_at,
        };
        let new = NewBlob {
            blob: &blob,
            key_id: at.key_id,
            scope: at.scope,
            created_at: at.now,
        };
        self.bytes.put(&new, bytes).await?;
        Ok(blob)
    }

    /// The whole bytes of a source `key_id` keeps with `api` (sources are small: they were
    /// one upload).
    pub async fn kept_bytes(
        &self,
        key_id: &str,
        api: Api,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<u8>, ApiError> {
        let (_, mut stream) = self.fetch_in(key_id, &kept_scope(api), id, now).await?;
        let mut bytes = Vec::new();
        while let Some(chunk) = futures::StreamExt::next(&mut stream).await {
            bytes.extend_from_slice(&chunk.map_err(ApiError::internal)?);
        }
        Ok(bytes)
    }

    /// Deletes a kept source's bytes (its record stays, marked purged): whether this call did.
    pub async fn discard(&self, id: &str) -> Result<bool> {
        self.bytes.purge(id).await
    }

    /// The file `id` of `api` if `key_id` owns it: another key's file is 404, never 403.
    pub async fn fetch(
        &self,
        key_id: &str,
        api: Api,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<(StoredBlob, ByteStream), ApiError> {
        self.fetch_in(key_id, api.name(), id, now).await
    }

    async fn fetch_in(
        &self,
        key_id: &str,
        scope: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<(StoredBlob, ByteStream), ApiError> {
        let not_found = || ApiError::NotFound(format!("no download with id {id:?}"));
        if id.is_empty()
            || id.len() > 64
            || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(not_found());
        }
        let row = sqlx::query(
            "SELECT content_type, size_bytes, expires_at FROM blobs WHERE id = $1 AND key_id = $2 AND api = $3",
        )
        .bind(id)
        .bind(key_id)
        .bind(scope)
        .fetch_optional(&self.db.pool)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(not_found)?;
        let expires_at: i64 = row.try_get("expires_at").map_err(ApiError::internal)?;
        let expires_at = Utc.timestamp_opt(expires_at, 0).single().unwrap_or(now);
        if now >= expires_at {
            return Err(ApiError::Expired(format!(
                "download {id} expired at {}",
                expires_at.to_rfc3339()
            )));
        }
        let blob = StoredBlob {
            id: id.to_owned(),
            content_type: row.try_get("content_type").map_err(ApiError::internal)?,
            size_bytes: row.try_get("size_bytes").map_err(ApiError::internal)?,
            expires_at,
        };
        let bytes = self
            .bytes
            .open(id, blob.size_bytes)
            .await
            .map_err(|e| ApiError::internal(format!("reading blob {id}: {e:#}")))?;
        Ok((blob, ByteStream::pump(bytes)))
    }

    /// Deletes the bytes of expired blobs (their records stay, so late downloads get 410):
    /// how many this call purged. Safe on several replicas at once: each file is purged by one.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<usize> {
        let rows = sqlx::query("SELECT id FROM blobs WHERE purged = 0 AND expires_at <= $1")
            .bind(now.timestamp())
            .fetch_all(&self.db.pool)
            .await?;
        let mut purged = 0;
        for row in &rows {
            let id: String = row.try_get("id")?;
            if self.bytes.purge(&id).await? {
                purged += 1;
            }
        }
        Ok(purged)
    }

    /// Whether the bytes of `id` are still kept (for tests of the sweeper).
    pub async fn bytes_exist(&self, id: &str) -> Result<bool> {
        self.bytes.exists(id).await
    }
}

/// Writes the record of `new` through `executor` (the pool, or a transaction).
pub(super) async fn insert_record<'e, E>(executor: E, new: &NewBlob<'_>) -> Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO blobs (id, key_id, api, content_type, size_bytes, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&new.blob.id)
    .bind(new.key_id)
    .bind(new.scope)
    .bind(&new.blob.content_type)
    .bind(new.blob.size_bytes)
    .bind(new.created_at.timestamp())
    .bind(new.blob.expires_at.timestamp())
    .execute(executor)
    .await
    .context("recording a blob")?;
    Ok(())
}

/// Flips `id`'s `purged` from 0 to 1 through `executor`: whether this call did.
pub(super) async fn claim<'e, E>(executor: E, id: &str) -> Result<bool>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let claimed =
        sqlx::query("UPDATE blobs SET purged = 1 WHERE id = $1 AND purged = 0 RETURNING id")
            .bind(id)
            .fetch_optional(executor)
            .await
            .with_context(|| format!("claiming blob {id} for the sweep"))?;
    Ok(claimed.is_some())
}
