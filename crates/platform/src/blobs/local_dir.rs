//! The bytes of generated files in a local directory, one file per blob: the embedded
//! default with SQLite (one host).

use std::path::PathBuf;

use anyhow::{Context, Result};
use async_trait::async_trait;
use bytes::Bytes;
use futures::StreamExt;
use tokio::io::AsyncReadExt;

use super::{BlobBytes, Chunks, NewBlob, claim, insert_record};
use crate::db::Db;

/// Bytes read from the file at a time while it is sent.
const READ_BYTES: usize = 256 * 1024;

/// Bytes in a local directory, one file per blob (SQLite: one server).
#[derive(Debug)]
pub(super) struct LocalDir {
    dir: PathBuf,
    db: Db,
}

impl LocalDir {
    pub(super) fn new(dir: PathBuf, db: Db) -> Result<LocalDir> {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(LocalDir { dir, db })
    }
}

#[async_trait]
impl BlobBytes for LocalDir {
    async fn put(&self, new: &NewBlob<'_>, bytes: &[u8]) -> Result<()> {
        let id = &new.blob.id;
        let partial = self.dir.join(format!("{id}.partial"));
        tokio::fs::write(&partial, bytes)
            .await
            .context("writing a blob")?;
        tokio::fs::rename(&partial, self.dir.join(id))
            .await
            .context("publishing a blob")?;
        insert_record(&self.db.pool, new).await
    }

    async fn open(&self, id: &str, _size: i64) -> Result<Chunks> {
        let file = tokio::fs::File::open(self.dir.join(id)).await?;
        let chunks = futures::stream::try_unfold(file, |mut file| async move {
            let mut chunk = vec![0u8; READ_BYTES];
            let read = file.read(&mut chunk).await?;
            if read == 0 {
                return Ok(None);
            }
            chunk.truncate(read);
            Ok(Some((Bytes::from(chunk), file)))
        });
        Ok(chunks.boxed())
    }

    async fn purge(&self, id: &str) -> Result<bool> {
        if !claim(&self.db.pool, id).await? {
            return Ok(false);
        }
        match tokio::fs::remove_file(self.dir.join(id)).await {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
            Err(e) => {
                // Leave it to the next sweep rather than lose track of the file.
                let _ = sqlx::query("UPDATE blobs SET purged = 0 WHERE id = $1")
                    .bind(id)
                    .execute(&self.db.pool)
                    .await;
                Err(e).with_context(|| format!("deleting blob {id}"))
            }
        }
    }

    async fn exists(&self, id: &str) -> Result<bool> {
        Ok(tokio::fs::try_exists(self.dir.join(id)).await?)
    }
}
