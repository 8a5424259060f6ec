//! The bytes of generated files in the database, in `blob_chunks` rows of about 1 MiB: with
//! PostgreSQL, so that every replica serves every download.

use anyhow::{Context, Result};
use async_trait::async_trait;
use bytes::Bytes;
use futures::StreamExt;
use sqlx::Row;

use super::{BlobBytes, CHUNK_BYTES, Chunks, NewBlob, claim, insert_record};
use crate::db::Db;

/// Bytes in the database, [`CHUNK_BYTES`] a row of `blob_chunks` (PostgreSQL: every replica).
#[derive(Debug)]
pub(super) struct InDatabase {
    pub(super) db: Db,
}

/// Chunk `seq` of `id`; a missing chunk is an error (the record names bytes that are gone).
async fn read_chunk(db: &Db, id: &str, seq: u64) -> Result<Bytes> {
    let row = sqlx::query("SELECT bytes FROM blob_chunks WHERE blob_id = $1 AND seq = $2")
        .bind(id)
        .bind(seq as i32)
        .fetch_optional(&db.pool)
        .await
        .with_context(|| format!("reading chunk {seq} of blob {id}"))?
        .with_context(|| format!("chunk {seq} of blob {id} is missing"))?;
    let bytes: Vec<u8> = row.try_get("bytes")?;
    Ok(Bytes::from(bytes))
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

    async fn open(&self, id: &str, size: i64) -> Result<Chunks> {
        let size = u64::try_from(size).unwrap_or(0);
        let chunks = size.div_ceil(CHUNK_BYTES as u64).max(1);
        // The first chunk is read now, so that missing bytes fail before the answer starts;
        // the others one at a time as the answer is sent.
        let first = read_chunk(&self.db, id, 0).await?;
        let rest = futures::stream::try_unfold(
            (self.db.clone(), id.to_owned(), 1u64),
            move |(db, id, seq)| async move {
                if seq >= chunks {
                    return Ok(None);
                }
                let chunk = read_chunk(&db, &id, seq)
                    .await
                    .map_err(|e| std::io::Error::other(format!("{e:#}")))?;
                Ok(Some((chunk, (db, id, seq + 1))))
            },
        );
        Ok(futures::stream::once(async { Ok(first) })
            .chain(rest)
            .boxed())
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
