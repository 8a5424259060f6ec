//! Generated files (documents, screenshots, redactions): stored in a local directory, owned
//! by the key that made them, downloadable until `expires_at`, then swept away.

use std::path::PathBuf;

use anyhow::{Context, Result};
use chrono::{DateTime, TimeZone, Utc};
use rand::RngCore;
use sqlx::Row;

use super::api::Api;
use super::db::Db;
use super::error::ApiError;

/// The blob store: metadata in the database, bytes in `dir`.
#[derive(Debug, Clone)]
pub struct BlobStore {
    dir: PathBuf,
    db: Db,
    ttl_secs: i64,
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

impl BlobStore {
    pub fn new(dir: PathBuf, db: Db, ttl_secs: i64) -> Result<BlobStore> {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(BlobStore { dir, db, ttl_secs })
    }

    /// Stores `bytes` for `key_id` under `api`; the id starts with `prefix`.
    pub async fn put(
        &self,
        key_id: &str,
        api: Api,
        prefix: &str,
        content_type: &str,
        bytes: &[u8],
        now: DateTime<Utc>,
    ) -> Result<StoredBlob> {
        let mut raw = [0u8; 16];
        rand::rng().fill_bytes(&mut raw);
        let id = format!("{prefix}_{}", bs58::encode(raw).into_string());
        let path = self.dir.join(&id);
        let partial = self.dir.join(format!("{id}.partial"));
        tokio::fs::write(&partial, bytes)
            .await
            .context("writing a blob")?;
        tokio::fs::rename(&partial, &path)
            .await
            .context("publishing a blob")?;
        let expires_at = now + chrono::Duration::seconds(self.ttl_secs);
        sqlx::query(
            "INSERT INTO blobs (id, key_id, api, content_type, size_bytes, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(key_id)
        .bind(api.name())
        .bind(content_type)
        .bind(bytes.len() as i64)
        .bind(now.timestamp())
        .bind(expires_at.timestamp())
        .execute(&self.db.pool)
        .await
        .context("recording a blob")?;
        Ok(StoredBlob {
            id,
            content_type: content_type.to_owned(),
            size_bytes: bytes.len() as i64,
            expires_at,
        })
    }

    /// The file `id` of `api` if `key_id` owns it: another key's file is 404, never 403.
    pub async fn fetch(
        &self,
        key_id: &str,
        api: Api,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<(StoredBlob, Vec<u8>), ApiError> {
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
        .bind(api.name())
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
        let bytes = tokio::fs::read(self.dir.join(id))
            .await
            .map_err(|e| ApiError::internal(format!("reading blob {id}: {e}")))?;
        let blob = StoredBlob {
            id: id.to_owned(),
            content_type: row.try_get("content_type").map_err(ApiError::internal)?,
            size_bytes: row.try_get("size_bytes").map_err(ApiError::internal)?,
            expires_at,
        };
        Ok((blob, bytes))
    }

    /// Deletes the files of expired blobs (their records stay, so late downloads get 410).
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<usize> {
        let rows = sqlx::query("SELECT id FROM blobs WHERE purged = 0 AND expires_at <= $1")
            .bind(now.timestamp())
            .fetch_all(&self.db.pool)
            .await?;
        for row in &rows {
            let id: String = row.try_get("id")?;
            match tokio::fs::remove_file(self.dir.join(&id)).await {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e).with_context(|| format!("deleting blob {id}")),
            }
            sqlx::query("UPDATE blobs SET purged = 1 WHERE id = $1")
                .bind(&id)
                .execute(&self.db.pool)
                .await?;
        }
        Ok(rows.len())
    }

    /// Whether the file of `id` is still on disk (for tests of the sweeper).
    pub fn file_exists(&self, id: &str) -> bool {
        self.dir.join(id).exists()
    }
}
