//! Runs a validated job: cache lookup in canonical orientation, else a search on the bounded
//! pool under a hard deadline, then the answer mapped back to the request's orientation.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::cache::{self, AnswerCache, Canonical};
use super::errors::ApiError;
use super::metrics::Metrics;
use super::parts::ResponseParts;
use super::pool::SearchPool;
use super::rendered::RenderedCache;
use super::tables::MasterTables;
use crate::engine::levels::analysis::Analysis;
use crate::engine::threats;
use crate::engine::{levels, Difficulty, Position, SearchRequest};

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

/// The service's search front: cache, pool, master tables and metrics together.
#[derive(Clone)]
pub struct Searcher {
    cache: AnswerCache,
    rendered: RenderedCache,
    pool: SearchPool,
    tables: MasterTables,
    metrics: Metrics,
    /// Threads each search uses.
    threads: usize,
    /// Most positions each table of a search's threat searches holds.
    threat_table_entries: usize,
}

impl Searcher {
    /// A searcher over the answer `cache`, the `rendered` bodies in front of it and `pool`,
    /// recording into `metrics`; master searches reuse one table per pool slot. One thread
    /// a search and the engine's default memory until `with_threads` and `with_memory`.
    #[must_use]
    pub fn new(
        cache: AnswerCache,
        rendered: RenderedCache,
        pool: SearchPool,
        metrics: Metrics,
    ) -> Searcher {
        Searcher {
            cache,
            rendered,
            tables: MasterTables::new(pool.capacity()),
            pool,
            metrics,
            threads: 1,
            threat_table_entries: threats::DEFAULT_TABLE_ENTRIES,
        }
    }

    /// The searcher with `threads` threads for each search (at least one).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Searcher {
        Searcher {
            threads: threads.max(1),
            ..self
        }
    }

    /// The searcher with threat searches whose tables hold at most `threat_table_entries`
    /// positions each (`SearchRequest::threat_table_entries`).
    #[must_use]
    pub fn with_memory(self, threat_table_entries: usize) -> Searcher {
        Searcher {
            threat_table_entries,
            ..self
        }
    }

    /// Answers `job`, from the cache when an equivalent position was searched before.
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
        let entry = self
            .cache
            .entries()
            .entry(canonical.key)
            .or_try_insert_with(self.search_canonical(job, symmetry))
            .await
            // The error is shared with any request that waited on the same entry.
            .map_err(|e| ApiError::clone(&e))?;
        let cached = !entry.is_fresh();
        if cached {
            self.metrics.cache_hits.inc();
        } else {
            self.metrics.cache_misses.inc();
        }
        Ok(Answer {
            analysis: Some(cache::transform(
                entry.value(),
                symmetry.inverse(),
                board.size(),
            )),
            cached,
        })
    }

    /// Searches the position in its canonical orientation on the pool. The time budget counts
    /// from now: a wait for a pool slot is spent from it, not added to it.
    async fn search_canonical(
        &self,
        job: &Job,
        symmetry: crate::engine::Symmetry,
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
