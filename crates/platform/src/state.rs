//! [`Platform`]: the state every API shares — configuration, database, keys, quotas, clock,
//! generated files, metrics, the per-API queues and the log. The request pipeline
//! (`pipeline.rs`) and the APIs borrow it; it holds no request logic of its own.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::api::Api;
use super::blobs::BlobStore;
use super::bulkhead::Bulkhead;
use super::client_address::RelayedPeers;
use super::clock::Clock;
use super::config::{Config, Limits};
use super::db::Db;
use super::key_cache::KeyCache;
use super::metrics::Metrics;
use super::quota::Quotas;

/// The platform's state, shared by every request; cheap to clone.
#[derive(Clone)]
pub struct Platform {
    inner: Arc<Inner>,
}

struct Inner {
    config: Config,
    db: Db,
    keys: KeyCache,
    quotas: Quotas,
    clock: Clock,
    blobs: BlobStore,
    metrics: Metrics,
    relayed: Arc<RelayedPeers>,
    bulkheads: HashMap<Api, Arc<Bulkhead>>,
    log: slog::Logger,
}

/// How long a key lookup is trusted when the key changes outside this process.
const KEY_CACHE_TTL: Duration = Duration::from_secs(1);

impl Platform {
    /// The platform's state; starts the quota writer, so it needs a Tokio runtime.
    pub fn new(
        config: Config,
        db: Db,
        clock: Clock,
        log: slog::Logger,
    ) -> anyhow::Result<Platform> {
        let blobs = BlobStore::new(config.blob_dir(), db.clone(), config.download_ttl_secs)?;
        let bulkheads = Api::ALL
            .into_iter()
            .map(|api| {
                (
                    api,
                    Bulkhead::new(config.limits.in_flight_per_api, config.limits.queue_per_api),
                )
            })
            .collect();
        Ok(Platform {
            inner: Arc::new(Inner {
                config,
                keys: KeyCache::new(KEY_CACHE_TTL),
                quotas: Quotas::start(db.clone()),
                db,
                clock,
                blobs,
                metrics: Metrics::default(),
                relayed: Arc::default(),
                bulkheads,
                log,
            }),
        })
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }
    pub fn limits(&self) -> &Limits {
        &self.inner.config.limits
    }
    pub fn db(&self) -> &Db {
        &self.inner.db
    }
    pub fn keys(&self) -> &KeyCache {
        &self.inner.keys
    }
    pub fn quotas(&self) -> &Quotas {
        &self.inner.quotas
    }
    pub fn clock(&self) -> &Clock {
        &self.inner.clock
    }
    pub fn now(&self) -> DateTime<Utc> {
        self.inner.clock.now()
    }
    pub fn blobs(&self) -> &BlobStore {
        &self.inner.blobs
    }
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }
    /// The connection guard's relays and the clients behind them.
    pub fn relayed(&self) -> &Arc<RelayedPeers> {
        &self.inner.relayed
    }
    pub fn log(&self) -> &slog::Logger {
        &self.inner.log
    }
    /// The bounded queue of `api`'s work.
    pub fn bulkhead(&self, api: Api) -> Option<&Bulkhead> {
        self.inner.bulkheads.get(&api).map(Arc::as_ref)
    }
}
