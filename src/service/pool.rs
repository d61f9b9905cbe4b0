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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_refuses_after_the_queue_timeout_and_frees_its_slot_after() {
        let metrics = Metrics::new();
        let pool = SearchPool::new(1, Duration::from_millis(20), metrics.clone());
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let busy = pool.clone();
        let occupant = tokio::spawn(async move {
            busy.run(Duration::from_secs(30), move |_| hold.recv().is_ok())
                .await
        });
        while metrics.searches_in_flight.get() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let refused = pool.run(Duration::from_secs(1), |_| ()).await;
        assert!(matches!(
            refused,
            Err(ApiError::Overloaded { capacity: 1, .. })
        ));
        assert_eq!(metrics.searches_rejected.get(), 1);
        release.send(()).unwrap();
        assert!(occupant.await.unwrap().unwrap());
        assert_eq!(pool.run(Duration::from_secs(1), |_| 7).await.unwrap(), 7);
    }

    #[tokio::test]
    async fn an_overrunning_search_is_stopped_and_reported() {
        let pool = SearchPool::new(1, Duration::from_millis(20), Metrics::new());
        let answer = pool
            .run(Duration::from_millis(1), |stop| {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
            .await;
        assert!(matches!(answer, Err(ApiError::Overran { budget_ms: 1 })));
    }
}
