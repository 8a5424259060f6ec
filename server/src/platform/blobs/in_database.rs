//! The bytes of generated files in the database, in `blob_chunks` rows of about 1 MiB: with
//! PostgreSQL, so that every replica serves every download.

use anyhow::{Context, Result, bail};
use async_trait::async_trait;
use futures::TryStreamExt;
use sqlx::Row;

use super::{BlobBytes, CHUNK_BYTES, NewBlob, claim, insert_record};
use crate::platform::db::Db;

/// Bytes in the database, [`CHUNK_BYTES`] a row of `blob_chunks` (PostgreSQL: every replica).
#[derive(Debug)]
pub(super) struct InDatabase {
    pub(super) db: Db,
}

#[async_trait]
impl BlobBytes for InDatabase {
    async fn put(&self, new: &NewBlob<'_>, bytes: &[u8]) -> Result<()> {
        // One transaction: no replica ever sees the record without all of its bytes.
        let mut tx = self.db.pool.begin().await.context("storing a blob")?;
        insert_record(&mut *tx, new).await?;
        // An empty file still has one (empty) chunk, so that its bytes exist.
        let empty: &[u8] = &[];
        let chunks = bytes
            .chunks(CHUNK_BYTES)
            .chain(bytes.is_empty().then_some(empty));
        for (seq, chunk) in chunks.enumerate() {
            sqlx::query("INSERT INTO blob_chunks (blob_id, seq, bytes) VALUES ($1, $2, $3)")
                .bind(&new.blob.id)
                .bind(seq as i32)
                .bind(chunk.to_vec())
                .execute(&mut *tx)
                .await
                .context("storing a blob's bytes")?;
        }
        tx.commit().await.context("storing a blob")?;
        Ok(())
    }

    async fn read(&self, id: &str, size: i64) -> Result<Vec<u8>> {
        // Rows arrive one at a time: the file is whole in memory once, plus one chunk.
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        let mut rows = sqlx::query("SELECT bytes FROM blob_chunks WHERE blob_id = $1 ORDER BY seq")
            .bind(id)
            .fetch(&self.db.pool);
        while let Some(row) = rows.try_next().await? {
            let chunk: Vec<u8> = row.try_get("bytes")?;
            bytes.extend_from_slice(&chunk);
        }
        if bytes.len() as i64 != size {
            bail!(
                "blob {id} holds {} bytes, its record says {size}",
                bytes.len()
            );
        }
        Ok(bytes)
    }

    async fn purge(&self, id: &str) -> Result<bool> {
        // A second sweeper's UPDATE waits for this transaction, then finds nothing to claim.
        let mut tx = self.db.pool.begin().await?;
        if !claim(&mut *tx, id).await? {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("DELETE FROM blob_chunks WHERE blob_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .with_context(|| format!("deleting blob {id}"))?;
        tx.commit().await?;
        Ok(true)
    }

    async fn exists(&self, id: &str) -> Result<bool> {
        let row = sqlx::query("SELECT 1 AS one FROM blob_chunks WHERE blob_id = $1 LIMIT 1")
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.is_some())
    }
}
