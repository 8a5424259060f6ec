//! Fingerprints of the documents a key has submitted to an API, so the API can tell when the
//! same document comes back (an expense claimed twice). Only hashes are stored, never a
//! document or a field read from one.

use chrono::{DateTime, TimeZone, Utc};
use sqlx::Row;

use super::error::ApiError;
use super::pipeline::Caller;
use super::state::Platform;

/// An earlier submission of a fingerprint by the same key to the same API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sighting {
    pub first_seen: DateTime<Utc>,
    /// How many times it was submitted before this one.
    pub times_before: u64,
}

impl Platform {
    /// Records that the caller submitted a document with `fingerprint`, and answers the
    /// earlier submissions when there were any.
    pub async fn sight(
        &self,
        caller: &Caller,
        fingerprint: &str,
    ) -> Result<Option<Sighting>, ApiError> {
        let row = sqlx::query(
            "INSERT INTO seen_documents (key_id, api, fingerprint, first_seen, times_seen) \
             VALUES ($1, $2, $3, $4, 1) \
             ON CONFLICT (key_id, api, fingerprint) \
             DO UPDATE SET times_seen = seen_documents.times_seen + 1 \
             RETURNING first_seen, times_seen",
        )
        .bind(&caller.key_id)
        .bind(caller.api.name())
        .bind(fingerprint)
        .bind(self.now().timestamp())
        .fetch_one(&self.db().pool)
        .await
        .map_err(ApiError::internal)?;
        let first_seen: i64 = row.try_get("first_seen").map_err(ApiError::internal)?;
        let times_seen: i64 = row.try_get("times_seen").map_err(ApiError::internal)?;
        if times_seen <= 1 {
            return Ok(None);
        }
        Ok(Some(Sighting {
            first_seen: Utc
                .timestamp_opt(first_seen, 0)
                .single()
                .ok_or_else(|| ApiError::internal("a sighting's time is out of range"))?,
            times_before: u64::try_from(times_seen - 1).unwrap_or(0),
        }))
    }
}
