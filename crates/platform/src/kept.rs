//! Sources a key keeps with an API until it deletes them (document templates): a record with
//! the API's own metadata, the bytes in the blob store (so every replica reads them), visible
//! to their owner only (another key's item is 404, never 403), listed newest first a page at
//! a time.

use chrono::{DateTime, TimeZone, Utc};
use sqlx::Row;

use super::error::ApiError;
use super::pipeline::Caller;
use super::state::Platform;

/// A kept item's record.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptItem {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
    /// What the API calls the item's kind (a template's engine).
    pub kind: String,
    /// The API's own metadata (a template's fields).
    pub meta: serde_json::Value,
    pub size_bytes: i64,
    pub created_at: DateTime<Utc>,
}

/// An item about to be kept.
#[derive(Debug, Clone)]
pub struct NewKept<'a> {
    /// The id's readable prefix (`tpl`).
    pub prefix: &'a str,
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub kind: &'a str,
    pub meta: serde_json::Value,
    pub content_type: &'a str,
}

/// Where a page of an owner's items starts: after this item, in newest-first order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptCursor {
    pub created_at: i64,
    pub id: String,
}

impl KeptItem {
    /// The cursor of the page that follows this item.
    pub fn cursor(&self) -> KeptCursor {
        KeptCursor {
            created_at: self.created_at.timestamp(),
            id: self.id.clone(),
        }
    }
}

impl Platform {
    /// Keeps `bytes` and the record of `new` for the caller.
    pub async fn keep(
        &self,
        caller: &Caller,
        new: NewKept<'_>,
        bytes: &[u8],
    ) -> Result<KeptItem, ApiError> {
        let now = self.now();
        let blob = self
            .blobs()
            .keep(
                &caller.key_id,
                caller.api,
                new.prefix,
                new.content_type,
                bytes,
                now,
            )
            .await
            .map_err(ApiError::internal)?;
        let item = KeptItem {
            id: blob.id,
            name: new.name.to_owned(),
            description: new.description.map(str::to_owned),
            kind: new.kind.to_owned(),
            meta: new.meta,
            size_bytes: blob.size_bytes,
            created_at: Utc
                .timestamp_opt(now.timestamp(), 0)
                .single()
                .unwrap_or(now),
        };
        sqlx::query(
            "INSERT INTO kept_items (id, key_id, api, name, description, kind, meta, size_bytes, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&item.id)
        .bind(&caller.key_id)
        .bind(caller.api.name())
        .bind(&item.name)
        .bind(item.description.clone())
        .bind(&item.kind)
        .bind(item.meta.to_string())
        .bind(item.size_bytes)
        .bind(item.created_at.timestamp())
        .execute(&self.db().pool)
        .await
        .map_err(ApiError::internal)?;
        Ok(item)
    }

    /// The caller's item `id`, if it has one by that id.
    pub async fn kept(&self, caller: &Caller, id: &str) -> Result<Option<KeptItem>, ApiError> {
        let row = sqlx::query(
            "SELECT id, name, description, kind, meta, size_bytes, created_at FROM kept_items \
             WHERE id = $1 AND key_id = $2 AND api = $3",
        )
        .bind(id)
        .bind(&caller.key_id)
        .bind(caller.api.name())
        .fetch_optional(&self.db().pool)
        .await
        .map_err(ApiError::internal)?;
        row.as_ref().map(item).transpose()
    }

    /// The bytes of the caller's item `id`.
    pub async fn kept_bytes(&self, caller: &Caller, id: &str) -> Result<Vec<u8>, ApiError> {
        self.blobs()
            .kept_bytes(&caller.key_id, caller.api, id, self.now())
            .await
    }

    /// Up to `limit` of the caller's items, newest first, after `after`.
    pub async fn kept_page(
        &self,
        caller: &Caller,
        after: Option<&KeptCursor>,
        limit: usize,
    ) -> Result<Vec<KeptItem>, ApiError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = match after {
            None => sqlx::query(
                "SELECT id, name, description, kind, meta, size_bytes, created_at FROM kept_items \
                     WHERE key_id = $1 AND api = $2 ORDER BY created_at DESC, id DESC LIMIT $3",
            )
            .bind(&caller.key_id)
            .bind(caller.api.name())
            .bind(limit)
            .fetch_all(&self.db().pool)
            .await,
            Some(cursor) => sqlx::query(
                "SELECT id, name, description, kind, meta, size_bytes, created_at FROM kept_items \
                     WHERE key_id = $1 AND api = $2 \
                     AND (created_at < $3 OR (created_at = $3 AND id < $4)) \
                     ORDER BY created_at DESC, id DESC LIMIT $5",
            )
            .bind(&caller.key_id)
            .bind(caller.api.name())
            .bind(cursor.created_at)
            .bind(&cursor.id)
            .bind(limit)
            .fetch_all(&self.db().pool)
            .await,
        }
        .map_err(ApiError::internal)?;
        rows.iter().map(item).collect()
    }

    /// Deletes the caller's item `id` and its bytes: whether it had one by that id.
    pub async fn forget(&self, caller: &Caller, id: &str) -> Result<bool, ApiError> {
        let deleted = sqlx::query(
            "DELETE FROM kept_items WHERE id = $1 AND key_id = $2 AND api = $3 RETURNING id",
        )
        .bind(id)
        .bind(&caller.key_id)
        .bind(caller.api.name())
        .fetch_optional(&self.db().pool)
        .await
        .map_err(ApiError::internal)?;
        if deleted.is_some() {
            self.blobs().discard(id).await.map_err(ApiError::internal)?;
        }
        Ok(deleted.is_some())
    }
}

fn item(row: &sqlx::any::AnyRow) -> Result<KeptItem, ApiError> {
    let meta: String = row.try_get("meta").map_err(ApiError::internal)?;
    let created_at: i64 = row.try_get("created_at").map_err(ApiError::internal)?;
    Ok(KeptItem {
        id: row.try_get("id").map_err(ApiError::internal)?,
        name: row.try_get("name").map_err(ApiError::internal)?,
        description: row.try_get("description").map_err(ApiError::internal)?,
        kind: row.try_get("kind").map_err(ApiError::internal)?,
        meta: serde_json::from_str(&meta).map_err(ApiError::internal)?,
        size_bytes: row.try_get("size_bytes").map_err(ApiError::internal)?,
        created_at: Utc
            .timestamp_opt(created_at, 0)
            .single()
            .ok_or_else(|| ApiError::internal("a kept item's time is out of range"))?,
    })
}
