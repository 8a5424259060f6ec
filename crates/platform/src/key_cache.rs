//! A short-lived cache of key lookups, so that authenticating a request costs no database round
//! trip. A change made through this process (admin API, tests) invalidates it at once; a change
//! made elsewhere (the CLI, another replica) is seen within the cache's lifetime, one second by
//! default, as DESIGN allows for revocation.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Result;

use super::api::Api;
use super::db::Db;
use super::keys::{self, KeyLookup};

/// How many keys' answers are kept at most; unknown keys are cached too, so a flood of
/// made-up keys must not grow the map without bound.
const MAX_ENTRIES: usize = 65_536;

pub struct KeyCache {
    ttl: Duration,
    max_keys: usize,
    /// By the secret's hash, then by API: looked up with a borrowed hash, no allocation.
    entries: Mutex<HashMap<String, HashMap<Api, Entry>>>,
}

struct Entry {
    looked_up_at: Instant,
    generation: u64,
    lookup: KeyLookup,
}

impl KeyCache {
    /// A cache whose answers are trusted for `ttl` (zero: always ask the database).
    pub fn new(ttl: Duration) -> KeyCache {
        KeyCache {
            ttl,
            max_keys: MAX_ENTRIES,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// What the database says, or said less than `ttl` ago, about `secret` for `api`.
    pub async fn lookup(&self, db: &Db, secret: &str, api: Api) -> Result<KeyLookup> {
        let hash = keys::hash_secret(secret);
        // Read before the query: a change racing with it leaves the entry already outdated.
        let generation = db.key_generation();
        if let Some(lookup) = self.fresh(&hash, api, generation) {
            return Ok(lookup);
        }
        let lookup = keys::lookup(db, &hash, api).await?;
        if !self.ttl.is_zero() {
            self.keep(hash, api, generation, lookup.clone());
        }
        Ok(lookup)
    }

    fn fresh(&self, hash: &str, api: Api, generation: u64) -> Option<KeyLookup> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get(hash)?.get(&api)?;
        (entry.generation == generation && entry.looked_up_at.elapsed() < self.ttl)
            .then(|| entry.lookup.clone())
    }

    fn keep(&self, hash: String, api: Api, generation: u64, lookup: KeyLookup) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.max_keys && !entries.contains_key(&hash) {
            entries.retain(|_, apis| {
                apis.retain(|_, e| {
                    e.generation == generation && e.looked_up_at.elapsed() < self.ttl
                });
                !apis.is_empty()
            });
            if entries.len() >= self.max_keys {
                entries.clear();
            }
        }
        entries.entry(hash).or_default().insert(
            api,
            Entry {
                looked_up_at: Instant::now(),
                generation,
                lookup,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Plan;
    use crate::keys::IssuedKey;

    /// A key on the free plan of the validate API.
    async fn issue(db: &Db) -> IssuedKey {
        keys::create(db, "k", &[(Api::Validate, Plan::Free)], 0)
            .await
            .unwrap()
    }

    async fn lookup(cache: &KeyCache, db: &Db, secret: &str, api: Api) -> KeyLookup {
        cache.lookup(db, secret, api).await.unwrap()
    }

    #[tokio::test]
    async fn a_change_made_here_is_seen_at_once() {
        let db = Db::in_memory().await;
        let cache = KeyCache::new(Duration::from_secs(3600));
        let issued = issue(&db).await;
        let active = lookup(&cache, &db, &issued.api_key, Api::Validate).await;
        assert!(matches!(
            active,
            KeyLookup::Active {
                plan: Some(Plan::Free),
                ..
            }
        ));
        keys::set_plan(&db, &issued.info.id, Api::Validate, Some(Plan::Pro))
            .await
            .unwrap();
        let replanned = lookup(&cache, &db, &issued.api_key, Api::Validate).await;
        assert!(matches!(
            replanned,
            KeyLookup::Active {
                plan: Some(Plan::Pro),
                ..
            }
        ));
        keys::revoke(&db, &issued.info.id, 1).await.unwrap();
        let revoked = lookup(&cache, &db, &issued.api_key, Api::Validate).await;
        assert_eq!(revoked, KeyLookup::Revoked);
    }

    #[tokio::test]
    async fn a_change_made_elsewhere_is_seen_once_the_entry_expires() {
        let db = Db::in_memory().await;
        let cache = KeyCache::new(Duration::from_millis(200));
        let issued = issue(&db).await;
        assert!(matches!(
            lookup(&cache, &db, &issued.api_key, Api::Validate).await,
            KeyLookup::Active { .. }
        ));
        // Another process revokes the key: this process's generation does not move.
        sqlx::query("UPDATE api_keys SET revoked_at = 1")
            .execute(&db.pool)
            .await
            .unwrap();
        assert!(
            matches!(
                lookup(&cache, &db, &issued.api_key, Api::Validate).await,
                KeyLookup::Active { .. }
            ),
            "served from the cache within its lifetime"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert_eq!(
            lookup(&cache, &db, &issued.api_key, Api::Validate).await,
            KeyLookup::Revoked
        );
    }

    #[tokio::test]
    async fn answers_are_per_api() {
        let db = Db::in_memory().await;
        let cache = KeyCache::new(Duration::from_secs(3600));
        let issued = issue(&db).await;
        lookup(&cache, &db, &issued.api_key, Api::Validate).await;
        assert!(matches!(
            lookup(&cache, &db, &issued.api_key, Api::Pii).await,
            KeyLookup::Active { plan: None, .. }
        ));
        assert_eq!(
            lookup(&cache, &db, "sk_live_unknown", Api::Validate).await,
            KeyLookup::Unknown
        );
    }

    #[tokio::test]
    async fn a_flood_of_made_up_keys_stays_bounded() {
        let db = Db::in_memory().await;
        let mut cache = KeyCache::new(Duration::from_secs(3600));
        cache.max_keys = 3;
        let issued = issue(&db).await;
        for i in 0..20 {
            let made_up = format!("sk_live_made_up_{i}");
            assert_eq!(
                lookup(&cache, &db, &made_up, Api::Validate).await,
                KeyLookup::Unknown
            );
            assert!(lock_len(&cache) <= 3);
        }
        assert!(matches!(
            lookup(&cache, &db, &issued.api_key, Api::Validate).await,
            KeyLookup::Active { .. }
        ));
        assert!(lock_len(&cache) <= 3);
    }

    fn lock_len(cache: &KeyCache) -> usize {
        cache.entries.lock().unwrap().len()
    }
}
