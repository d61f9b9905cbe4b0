//! The shared second-level answer cache in Redis, behind each replica's own (moka) cache.
//!
//! Replicas behind a round-robin balancer each see a share of the traffic; a shared level lets
//! a position searched by one be answered by all. Keys are the canonical position key under a
//! prefix naming the crate's and the engine's versions, so a new release never reads an older
//! engine's answers; values are the canonical analysis in postcard, checked against the board
//! when read. Redis can never fail or stall a request: every call has a short timeout, a
//! circuit breaker skips Redis while it fails, and any error or undecodable value is a miss.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::AsyncCommands;

use super::breaker::Breaker;
use super::cache::CacheKey;
use super::metrics::Metrics;
use crate::engine::levels::analysis::{Analysis, ENGINE_VERSION};
use crate::engine::{BoardSize, Point};

/// How long the breaker skips Redis after it failed, between probes.
const BREAKER_COOLDOWN: Duration = Duration::from_secs(1);
/// Each connection attempt's own limit (made in the background, never by a request).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// The prefix of every key this build reads and writes.
#[must_use]
pub fn key_prefix() -> String {
    format!("gomoku:{}:e{ENGINE_VERSION}:", env!("CARGO_PKG_VERSION"))
}

/// A connection to the shared cache with its timeout, breaker and metrics.
#[derive(Clone)]
pub struct SharedCache {
    connection: ConnectionManager,
    timeout: Duration,
    ttl_secs: u64,
    /// `key_prefix()`, made once: every call's key starts with it.
    prefix: Arc<[u8]>,
    breaker: Arc<Breaker>,
    metrics: Metrics,
}

impl SharedCache {
    /// A cache at `url` (`redis://host:port/db`) whose calls give up after `timeout` and whose
    /// entries live `ttl`. It connects on first use and reconnects by itself; it must be made
    /// inside a Tokio runtime.
    ///
    /// # Errors
    /// When `url` is not a Redis URL.
    pub fn new(
        url: &str,
        timeout: Duration,
        ttl: Duration,
        metrics: Metrics,
    ) -> redis::RedisResult<SharedCache> {
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(CONNECT_TIMEOUT))
            .set_response_timeout(Some(timeout))
            .set_number_of_retries(1);
        let connection =
            ConnectionManager::new_lazy_with_config(redis::Client::open(url)?, config)?;
        Ok(SharedCache {
            connection,
            timeout,
            ttl_secs: ttl.as_secs().max(1),
            prefix: key_prefix().into_bytes().into(),
            breaker: Arc::new(Breaker::new(BREAKER_COOLDOWN)),
            metrics,
        })
    }

    /// Whether Redis answers a PING within the connection's own limit (for the start-up log;
    /// it sets `gomoku_shared_cache_up` before the first request does).
    ///
    /// # Errors
    /// Redis's error, or a timeout.
    pub async fn ping(&self) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let command = redis::cmd("PING");
        let ping = command.query_async::<String>(&mut connection);
        let answer = match tokio::time::timeout(CONNECT_TIMEOUT, ping).await {
            Ok(answer) => answer.map(drop),
            Err(_) => Err(std::io::Error::from(std::io::ErrorKind::TimedOut).into()),
        };
        self.metrics.shared_cache_up.set(i64::from(answer.is_ok()));
        answer
    }

    /// The answer stored for `key` on a board of `size`, if Redis has a valid one in time.
    pub async fn get(&self, key: &CacheKey, size: BoardSize) -> Option<Analysis> {
        let mut connection = self.connection.clone();
        let key = self.redis_key(key);
        let bytes: Option<Vec<u8>> = self
            .call("get", async move { connection.get(key).await })
            .await
            .flatten();
        let m = &self.metrics;
        let Some(bytes) = bytes else {
            m.shared_cache_misses.inc();
            return None;
        };
        match postcard::from_bytes::<Analysis>(&bytes) {
            Ok(analysis) if fits(&analysis, size) => {
                m.shared_cache_hits.inc();
                Some(analysis)
            }
            _ => {
                // Another build's layout under the same versions, or a damaged value: a miss
                // that the search's answer will overwrite.
                m.shared_cache_errors.with_label_values(&["decode"]).inc();
                m.shared_cache_misses.inc();
                None
            }
        }
    }

    /// Stores `analysis` under `key` with the cache's time to live.
    pub async fn put(&self, key: &CacheKey, analysis: &Analysis) {
        let Ok(bytes) = postcard::to_stdvec(analysis) else {
            return;
        };
        let mut connection = self.connection.clone();
        let (key, ttl) = (self.redis_key(key), self.ttl_secs);
        self.call("set", async move {
            connection.set_ex::<_, _, ()>(key, bytes, ttl).await
        })
        .await;
    }

    /// The Redis key of `key`: this build's prefix, then the canonical position key.
    fn redis_key(&self, key: &CacheKey) -> Vec<u8> {
        [&self.prefix[..], &key.encode()].concat()
    }

    /// Runs one Redis call named `operation` under the breaker and the timeout, recording its
    /// latency and errors; `None` when it was skipped, failed or ran out of time.
    async fn call<T>(
        &self,
        operation: &str,
        call: impl Future<Output = redis::RedisResult<T>>,
    ) -> Option<T> {
        let m = &self.metrics;
        if !self.breaker.allows() {
            m.shared_cache_errors.with_label_values(&["skipped"]).inc();
            return None;
        }
        let started = Instant::now();
        let result = tokio::time::timeout(self.timeout, call).await;
        m.shared_cache_duration
            .with_label_values(&[operation])
            .observe(started.elapsed().as_secs_f64());
        let failure = match result {
            Ok(Ok(value)) => {
                self.breaker.succeeded();
                m.shared_cache_up.set(1);
                return Some(value);
            }
            Ok(Err(error)) => {
                tracing::debug!(%error, operation, "shared cache call failed");
                "error"
            }
            Err(_) => "timeout",
        };
        m.shared_cache_errors.with_label_values(&[failure]).inc();
        self.breaker.failed();
        m.shared_cache_up.set(i64::from(self.breaker.is_closed()));
        None
    }
}

/// Whether every point of `analysis` lies on a board of `size` and its heatmap covers it:
/// only then can it be mapped to the request's orientation.
fn fits(analysis: &Analysis, size: BoardSize) -> bool {
    let on_board = |p: &Point| p.col() < size.width() && p.row() < size.height();
    let candidates = analysis.candidates.iter();
    analysis.heatmap.values.len() == size.area()
        && analysis.best.iter().all(on_board)
        && analysis.pv.iter().all(on_board)
        && analysis.heatmap.forbidden.iter().all(|(p, _)| on_board(p))
        && candidates.clone().all(|c| on_board(&c.point))
        && candidates.flat_map(|c| &c.pv).all(on_board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::levels::analysis::{Candidate, Heatmap, Score, SearchStats};

    fn analysis(best: Point) -> Analysis {
        Analysis {
            best: Some(best),
            score: Score::win_in(3),
            pv: vec![best, Point::new(1, 1)],
            candidates: vec![Candidate {
                point: best,
                score: Score::estimate(12),
                pv: vec![best],
            }],
            heatmap: Heatmap {
                values: vec![Some(0.5); BoardSize::STANDARD.area()],
                forbidden: Vec::new(),
            },
            stats: SearchStats {
                depth: 4,
                seldepth: 9,
                nodes: 1234,
                elapsed: Duration::from_millis(17),
            },
        }
    }

    #[test]
    fn an_analysis_survives_the_encoding() {
        let original = analysis(Point::new(7, 7));
        let bytes = postcard::to_stdvec(&original).unwrap();
        assert_eq!(postcard::from_bytes::<Analysis>(&bytes).unwrap(), original);
    }

    #[test]
    fn only_analyses_that_fit_the_board_are_accepted() {
        let size = BoardSize::STANDARD;
        assert!(fits(&analysis(Point::new(14, 14)), size));
        assert!(!fits(&analysis(Point::new(15, 0)), size));
        let mut short = analysis(Point::new(0, 0));
        short.heatmap.values.pop();
        assert!(!fits(&short, size));
        let mut far = analysis(Point::new(0, 0));
        far.candidates[0].pv.push(Point::new(0, 20));
        assert!(!fits(&far, size));
    }

    #[test]
    fn the_prefix_names_both_versions() {
        let prefix = key_prefix();
        assert!(prefix.contains(env!("CARGO_PKG_VERSION")), "{prefix}");
        assert!(prefix.contains(&format!("e{ENGINE_VERSION}")), "{prefix}");
    }
}
