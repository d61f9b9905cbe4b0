//! The service's answers to validated jobs: a lookup in canonical orientation in this server's
//! cache, then in the shared cache when one is set, else a search on the bounded pool under a
//! hard deadline (stored in both); the answer is mapped back to the request's orientation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{StreamExt, TryStreamExt};

use super::cache::{AnswerCache, Canonical};
use super::errors::ApiError;
use super::metrics::Metrics;
use super::parts::ResponseParts;
use super::pool::SearchPool;
use super::rendered::RenderedCache;
use super::shared_cache::SharedCache;
use super::tables::MasterTables;
use crate::engine::levels::analysis::Analysis;
use crate::engine::threats;
use crate::engine::{levels, Difficulty, Position, SearchRequest, Symmetry};

/// What a search may spend and report, after clamping to the server's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Level.
    pub difficulty: Difficulty,
    /// Time budget.
    pub time: Duration,
    /// Depth limit.
    pub depth: u32,
    /// Node limit.
    pub nodes: u64,
    /// Seed for variety; `None` plays deterministically.
    pub seed: Option<u64>,
    /// Ranked candidates wanted.
    pub candidates: usize,
}

/// A validated request: the position, the search parameters and what to include.
#[derive(Clone, Debug)]
pub struct Job {
    /// The position to play from.
    pub position: Position,
    /// How to search it.
    pub params: SearchParams,
    /// Optional response parts.
    pub include: ResponseParts,
}

/// A search's result in the request's orientation.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The analysis; `None` when the game is already over and nothing was searched.
    pub analysis: Option<Analysis>,
    /// Whether it came from the cache.
    pub cached: bool,
}

/// The engine's request for `params`, due at `deadline`, stopped by `stop`, with the
/// engine's default threads and memory.
fn search_request(
    params: &SearchParams,
    deadline: Instant,
    stop: Arc<AtomicBool>,
) -> SearchRequest {
    SearchRequest {
        max_depth: Some(params.depth),
        max_nodes: Some(params.nodes),
        candidates: params.candidates,
        seed: params.seed,
        stop: Some(stop),
        deadline,
        ..SearchRequest::new(params.difficulty, Duration::ZERO)
    }
}

/// Answers a job synchronously on the calling thread, without cache or pool (the CLI's path).
#[must_use]
pub fn answer_now(job: &Job) -> Answer {
    Answer {
        analysis: (!job.position.verdict().is_over()).then(|| {
            let deadline = Instant::now() + job.params.time;
            let request = search_request(&job.params, deadline, Arc::default());
            levels::analyze(&job.position, &request)
        }),
        cached: false,
    }
}

/// The service's answers: caches, pool, master tables and metrics together.
#[derive(Clone)]
pub struct Answers {
    cache: AnswerCache,
    /// The second level shared with other replicas, if any.
    shared: Option<SharedCache>,
    rendered: RenderedCache,
    pool: SearchPool,
    tables: MasterTables,
    metrics: Metrics,
    /// Threads each search uses.
    threads: usize,
    /// Most positions each table of a search's threat searches holds.
    threat_table_entries: usize,
}

impl Answers {
    /// Answers from the answer `cache`, the `rendered` bodies in front of it and `pool`,
    /// recording into `metrics`; master searches reuse one table per pool slot. One thread
    /// a search, the engine's default memory and no shared cache until `with_threads`,
    /// `with_memory` and `with_shared`.
    #[must_use]
    pub fn new(
        cache: AnswerCache,
        rendered: RenderedCache,
        pool: SearchPool,
        metrics: Metrics,
    ) -> Answers {
        Answers {
            cache,
            shared: None,
            rendered,
            tables: MasterTables::new(pool.capacity()),
            pool,
            metrics,
            threads: 1,
            threat_table_entries: threats::DEFAULT_TABLE_ENTRIES,
        }
    }

    /// Answers with `threads` threads for each search (at least one).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Answers {
        Answers {
            threads: threads.max(1),
            ..self
        }
    }

    /// Answers with threat searches whose tables hold at most `threat_table_entries`
    /// positions each (`SearchRequest::threat_table_entries`).
    #[must_use]
    pub fn with_memory(self, threat_table_entries: usize) -> Answers {
        Answers {
            threat_table_entries,
            ..self
        }
    }

    /// Answers that look in `shared` after a miss in their own cache and store what they
    /// search there too.
    #[must_use]
    pub fn with_shared(self, shared: SharedCache) -> Answers {
        Answers {
            shared: Some(shared),
            ..self
        }
    }

    /// Answers `job`, from a cache when an equivalent position was searched before. Identical
    /// concurrent misses wait on one lookup in the shared cache and at most one search.
    pub async fn answer(&self, job: &Job) -> Result<Answer, ApiError> {
        if job.position.verdict().is_over() {
            return Ok(Answer {
                analysis: None,
                cached: false,
            });
        }
        let board = job.position.board();
        let canonical = Canonical::of(board, &job.params);
        let symmetry = canonical.symmetry;
        let mut shared_hit = false;
        let entry = self
            .cache
            .entries()
            .entry(canonical.key.clone())
            .or_try_insert_with(self.look_up_or_search(job, &canonical, &mut shared_hit))
            .await
            // The error is shared with any request that waited on the same entry.
            .map_err(|e| ApiError::clone(&e))?;
        let local_hit = !entry.is_fresh();
        if local_hit {
            self.metrics.cache_hits.inc();
        } else {
            self.metrics.cache_misses.inc();
        }
        let cached = local_hit || shared_hit;
        Ok(Answer {
            analysis: Some(entry.value().transformed(symmetry.inverse(), board.size())),
            cached,
        })
    }

    /// Answers every job of `jobs`, in their order, as `answer` does: at most as many at once
    /// as the pool has slots, so that a long list never waits past the queue timeout behind its
    /// own searches. The first error ends it.
    pub async fn answer_all(&self, jobs: &[Job]) -> Result<Vec<Answer>, ApiError> {
        futures_util::stream::iter(jobs)
            .map(|job| self.answer(job))
            .buffered(self.pool.capacity())
            .try_collect()
            .await
    }

    /// The canonical answer from the shared cache (setting `shared_hit`), else searched and
    /// stored there.
    async fn look_up_or_search(
        &self,
        job: &Job,
        canonical: &Canonical,
        shared_hit: &mut bool,
    ) -> Result<Arc<Analysis>, ApiError> {
        let Some(shared) = &self.shared else {
            return self.search_canonical(job, canonical.symmetry).await;
        };
        if let Some(analysis) = shared
            .get(&canonical.key, job.position.board().size())
            .await
        {
            *shared_hit = true;
            return Ok(Arc::new(analysis));
        }
        let analysis = self.search_canonical(job, canonical.symmetry).await?;
        shared.put(&canonical.key, &analysis).await;
        Ok(analysis)
    }

    /// The shared cache, when one is set.
    #[must_use]
    pub fn shared(&self) -> Option<&SharedCache> {
        self.shared.as_ref()
    }

    /// Searches the position in its canonical orientation on the pool. The time budget counts
    /// from now: a wait for a pool slot is spent from it, not added to it.
    async fn search_canonical(
        &self,
        job: &Job,
        symmetry: Symmetry,
    ) -> Result<Arc<Analysis>, ApiError> {
        let position = Position::from_board(
            job.position.board().transformed(symmetry),
            job.position.verdict().clone(),
        );
        let params = job.params.clone();
        let budget = params.time;
        let deadline = Instant::now() + budget;
        let (tables, threads, entries) =
            (self.tables.clone(), self.threads, self.threat_table_entries);
        let analysis = self
            .pool
            .run(budget, move |stop| {
                let mut request = search_request(&params, deadline, stop);
                request.threads = threads;
                request.threat_table_entries = entries;
                tables.analyze(&position, &request)
            })
            .await?;
        let level = [job.params.difficulty.name()];
        let m = &self.metrics;
        m.search_duration
            .with_label_values(&level)
            .observe(analysis.stats.elapsed.as_secs_f64());
        m.search_depth
            .with_label_values(&level)
            .observe(f64::from(analysis.stats.depth));
        m.search_nodes
            .with_label_values(&level)
            .observe(analysis.stats.nodes as f64);
        Ok(Arc::new(analysis))
    }

    /// Entries in the answer cache now (after applying moka's pending bookkeeping).
    pub async fn cache_entries(&self) -> u64 {
        self.cache.entries().run_pending_tasks().await;
        self.cache.entries().entry_count()
    }

    /// The rendered bodies in front of the answer cache.
    #[must_use]
    pub fn rendered(&self) -> &RenderedCache {
        &self.rendered
    }

    /// The metrics it records into.
    #[must_use]
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The search pool.
    #[must_use]
    pub fn pool(&self) -> &SearchPool {
        &self.pool
    }

    /// Threads each search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }
}
