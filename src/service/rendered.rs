//! Rendered answers: the JSON bodies already sent, keyed by the endpoint and the request as
//! parsed (defaults filled in, so spelling and field order do not matter).
//!
//! It sits in front of the answer cache: a repeated request skips position parsing, the
//! canonical-orientation lookup, the mapping back and serialisation, which are most of a
//! cached answer's cost. Mirrored and rotated positions still meet in the answer cache. Only
//! successful searched answers are kept, stored as every later request sees them
//! (`stats.cached` true), so the body served is the one the answer cache would give.

use std::time::Duration;

use actix_web::web::Bytes;
use moka::future::Cache;
use serde::Serialize;

/// An answer whose `stats.cached` flag can be set.
pub trait CachedFlag {
    /// Marks the answer as served from the cache.
    fn mark_cached(&mut self);
}

/// Response bodies by endpoint and request, bounded by weight and age.
#[derive(Clone)]
pub struct RenderedCache {
    bodies: Cache<Vec<u8>, Bytes>,
}

impl RenderedCache {
    /// A cache of about `megabytes` MiB whose bodies live `ttl`.
    #[must_use]
    pub fn new(megabytes: u64, ttl: Duration) -> RenderedCache {
        RenderedCache {
            bodies: Cache::builder()
                .max_capacity(megabytes.saturating_mul(1024 * 1024))
                .weigher(|key: &Vec<u8>, body: &Bytes| {
                    u32::try_from(key.len() + body.len()).unwrap_or(u32::MAX)
                })
                .time_to_live(ttl)
                .build(),
        }
    }

    /// The key of `request` sent to `endpoint`: the endpoint's name and the request
    /// re-serialised, which is exact (no hash stands in for it).
    #[must_use]
    pub fn key(endpoint: &str, request: &impl Serialize) -> Vec<u8> {
        let mut key = endpoint.as_bytes().to_vec();
        key.push(0);
        // Serialising plain request structs into a Vec cannot fail.
        serde_json::to_writer(&mut key, request).expect("request DTOs serialise");
        key
    }

    /// The body stored for `key`, if any.
    pub async fn get(&self, key: &[u8]) -> Option<Bytes> {
        self.bodies.get(key).await
    }

    /// Stores `answer`, marked as cached, as the body for `key`.
    pub async fn remember<A: CachedFlag + Serialize + Clone>(&self, key: Vec<u8>, answer: &A) {
        let mut cached = answer.clone();
        cached.mark_cached();
        if let Ok(body) = serde_json::to_vec(&cached) {
            self.bodies.insert(key, Bytes::from(body)).await;
        }
    }

    /// Bodies held now (after applying moka's pending bookkeeping).
    pub async fn entries(&self) -> u64 {
        self.bodies.run_pending_tasks().await;
        self.bodies.entry_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Serialize)]
    struct Answer {
        cached: bool,
    }

    impl CachedFlag for Answer {
        fn mark_cached(&mut self) {
            self.cached = true;
        }
    }

    #[actix_web::test]
    async fn stores_the_answer_as_cached_under_an_exact_key() {
        let cache = RenderedCache::new(1, Duration::from_secs(60));
        let key = RenderedCache::key("move", &("h8", 15));
        assert_ne!(key, RenderedCache::key("analyze", &("h8", 15)));
        assert_ne!(key, RenderedCache::key("move", &("h8", 16)));
        assert!(cache.get(&key).await.is_none());
        cache.remember(key.clone(), &Answer { cached: false }).await;
        assert_eq!(cache.get(&key).await.unwrap(), &b"{\"cached\":true}"[..]);
        assert_eq!(cache.entries().await, 1);
    }
}
