//! The bounded search pool: CPU-bound searches run on blocking threads, never on the async
//! HTTP workers, at most `slots` at once; a request waits for a slot up to the queue timeout.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::errors::ApiError;
use super::metrics::Metrics;

/// Slack past a search's deadline before the request gives up on it: the engine checks its
/// clock between nodes, so it normally returns well within this.
pub const DEADLINE_MARGIN: Duration = Duration::from_millis(250);

/// Runs searches with bounded concurrency.
#[derive(Clone)]
pub struct SearchPool {
    slots: Arc<Semaphore>,
    capacity: usize,
    queue_timeout: Duration,
    metrics: Metrics,
}

impl SearchPool {
    /// A pool of `capacity` slots (at least one).
    #[must_use]
    pub fn new(capacity: usize, queue_timeout: Duration, metrics: Metrics) -> SearchPool {
        let capacity = capacity.max(1);
        SearchPool {
            slots: Arc::new(Semaphore::new(capacity)),
            capacity,
            queue_timeout,
            metrics,
        }
    }

    /// Runs `search` once a slot is free; it must honour `stop` and a deadline `budget` from
    /// its start. Fails with 503 when no slot frees up in time or the search overruns.
    pub async fn run<T, F>(&self, budget: Duration, search: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    {
        let queued = Instant::now();
        let permit = tokio::time::timeout(self.queue_timeout, self.slots.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| {
                self.metrics.searches_rejected.inc();
                ApiError::Overloaded {
                    capacity: self.capacity,
                    waited_ms: queued.elapsed().as_millis(),
                    retry_after: Duration::from_secs(1),
                }
            })?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let in_flight = self.metrics.searches_in_flight.clone();
        // The permit moves into the task: an overrunning search keeps its slot until it ends.
        let task = tokio::task::spawn_blocking(move || {
            in_flight.inc();
            let answer = search(flag);
            in_flight.dec();
            drop(permit);
            answer
        });
        match tokio::time::timeout(budget + DEADLINE_MARGIN, task).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(join)) => Err(ApiError::Internal(format!("search task failed: {join}"))),
            Err(_) => {
                stop.store(true, Ordering::Relaxed);
                Err(ApiError::Overran {
                    budget_ms: budget.as_millis(),
                })
            }
        }
    }

    /// Searches allowed at once.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}
