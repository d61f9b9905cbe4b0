//! Service configuration: `gomoku-ai serve` flags, each with a `GOMOKU_*` environment fallback.
//!
//! The names are a contract with the deployment manifests; defaults suit a laptop.

use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::engine::levels::analysis::{available_cores, MAX_THREADS};
use crate::engine::search::{threat_searches_at_once, Table, DEFAULT_TT_MIB};
use crate::engine::threats;

use super::hardening::Hardening;

/// Default bind address (containers set `0.0.0.0:8080`).
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
/// Default wait for a free search slot before answering 503.
pub const DEFAULT_QUEUE_TIMEOUT_MS: u64 = 2_000;
/// Default search time when the request gives none.
pub const DEFAULT_TIME_MS: u64 = 1_000;
/// Search time of each position of a game review when the request gives none (the server's
/// `--default-time-ms` when that is lower): the 41 positions of a 40-move game take about 6 s on
/// two search slots.
pub const REVIEW_DEFAULT_TIME_MS: u64 = 300;
/// The wall time a review's searches are given together, shared over the search slots: a long
/// game's positions get less time each, so that no review asks for more than this.
pub const REVIEW_WALL_TIME_MS: u64 = 20_000;
/// Default ceiling on a request's `limits.time_ms`.
pub const DEFAULT_MAX_TIME_MS: u64 = 10_000;
/// Default ceiling on a request's `limits.depth`.
pub const DEFAULT_MAX_DEPTH: u32 = 64;
/// Default ceiling on a request's `limits.nodes`.
pub const DEFAULT_MAX_NODES: u64 = 100_000_000;
/// Default request body limit (64 KiB).
pub const DEFAULT_BODY_LIMIT_BYTES: usize = 65_536;
/// Default response cache capacity in MiB.
pub const DEFAULT_CACHE_MB: u64 = 64;
/// Default ceiling on one search's tables, in MiB: its transposition table and the full
/// tables of one threat search at the engine's default size (16 + 112).
pub const DEFAULT_SEARCH_MEMORY_MB: u64 = 128;
/// The least `search_memory_mb` accepted: the transposition table and small threat tables.
const MIN_SEARCH_MEMORY_MB: u64 = 24;
/// Default response cache time to live.
pub const DEFAULT_CACHE_TTL_SECS: u64 = 3_600;
/// Default limit on each shared cache (Redis) call, in milliseconds.
pub const DEFAULT_REDIS_TIMEOUT_MS: u64 = 5;
/// Default time to live of a shared cache entry: a day.
pub const DEFAULT_REDIS_TTL_SECS: u64 = 86_400;
/// Memory the server takes besides its caches and its searches' tables, in MiB: the binary,
/// the HTTP workers, the allocator's arenas and the fragmentation of a long run, as
/// `bench/soak` measures it (with margin).
pub const BASE_MEMORY_MB: u64 = 48;
/// Default grace period for in-flight requests on SIGTERM/SIGINT.
pub const DEFAULT_SHUTDOWN_GRACE_SECS: u64 = 20;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// Everything `gomoku-ai serve` can be told.
#[derive(Args, Clone, Debug)]
pub struct Settings {
    /// Address to listen on.
    #[arg(long, env = "GOMOKU_BIND", default_value = DEFAULT_BIND)]
    pub bind: String,
    /// HTTP worker threads [default: number of cores].
    #[arg(long, env = "GOMOKU_WORKERS", value_parser = clap::value_parser!(u16).range(1..))]
    pub workers: Option<u16>,
    /// Searches running at once [default: cores / threads per search, at least 1].
    #[arg(long, env = "GOMOKU_SEARCH_THREADS", value_parser = clap::value_parser!(u16).range(1..))]
    pub search_threads: Option<u16>,
    /// Threads each master search uses (they share its transposition table): stronger
    /// answers in the same time, fewer searches at once, and a node-limited answer no longer
    /// reproducible.
    #[arg(long, env = "GOMOKU_THREADS_PER_SEARCH", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads_per_search: u16,
    /// How long a request waits for a search slot before 503.
    #[arg(long, env = "GOMOKU_QUEUE_TIMEOUT_MS", default_value_t = DEFAULT_QUEUE_TIMEOUT_MS)]
    pub queue_timeout_ms: u64,
    /// Search time when a request sets no `limits.time_ms`.
    #[arg(long, env = "GOMOKU_DEFAULT_TIME_MS", default_value_t = DEFAULT_TIME_MS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub default_time_ms: u64,
    /// Ceiling on `limits.time_ms`.
    #[arg(long, env = "GOMOKU_MAX_TIME_MS", default_value_t = DEFAULT_MAX_TIME_MS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_time_ms: u64,
    /// Ceiling on `limits.depth`.
    #[arg(long, env = "GOMOKU_MAX_DEPTH", default_value_t = DEFAULT_MAX_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_depth: u32,
    /// Ceiling on `limits.nodes`.
    #[arg(long, env = "GOMOKU_MAX_NODES", default_value_t = DEFAULT_MAX_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: u64,
    /// Largest accepted request body.
    #[arg(long, env = "GOMOKU_BODY_LIMIT_BYTES", default_value_t = DEFAULT_BODY_LIMIT_BYTES)]
    pub body_limit_bytes: usize,
    /// Response cache capacity in MiB (0 disables caching).
    #[arg(long, env = "GOMOKU_CACHE_MB", default_value_t = DEFAULT_CACHE_MB)]
    pub cache_mb: u64,
    /// Most memory one search's tables may take, in MiB: its transposition table and the
    /// tables its threat searches fill on long searches (two of them with more than one
    /// thread a search). The server stays under searches at once × this + the cache + a few
    /// tens of MiB.
    #[arg(long, env = "GOMOKU_SEARCH_MEMORY_MB", default_value_t = DEFAULT_SEARCH_MEMORY_MB,
          value_parser = clap::value_parser!(u64).range(MIN_SEARCH_MEMORY_MB..=1 << 20))]
    pub search_memory_mb: u64,
    /// Seconds a cached response lives.
    #[arg(long, env = "GOMOKU_CACHE_TTL_SECS", default_value_t = DEFAULT_CACHE_TTL_SECS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub cache_ttl_secs: u64,
    /// A shared second-level answer cache in Redis (`redis://host:6379/0`), behind this
    /// server's own cache; empty or unset keeps answers in this server only.
    #[arg(long, env = "GOMOKU_REDIS_URL")]
    pub redis_url: Option<String>,
    /// Most time each shared cache call may take before the request goes on without it.
    #[arg(long, env = "GOMOKU_REDIS_TIMEOUT_MS", default_value_t = DEFAULT_REDIS_TIMEOUT_MS,
          value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub redis_timeout_ms: u64,
    /// Seconds a shared cache entry lives.
    #[arg(long, env = "GOMOKU_REDIS_TTL_SECS", default_value_t = DEFAULT_REDIS_TTL_SECS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub redis_ttl_secs: u64,
    /// Seconds in-flight requests get to finish after SIGTERM/SIGINT.
    #[arg(long, env = "GOMOKU_SHUTDOWN_GRACE_SECS", default_value_t = DEFAULT_SHUTDOWN_GRACE_SECS)]
    pub shutdown_grace_secs: u64,
    /// Log format.
    #[arg(long, env = "GOMOKU_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Log filter (`info`, `debug`, `gomoku_ai=debug,actix_web=warn`, ...).
    #[arg(long, env = "GOMOKU_LOG_LEVEL", default_value = "info")]
    pub log_level: String,
    /// Limits, timeouts, CORS and rate limiting against hostile clients.
    #[command(flatten)]
    pub hardening: Hardening,
}

impl Default for Settings {
    /// The documented defaults, ignoring the environment.
    fn default() -> Settings {
        Settings {
            bind: DEFAULT_BIND.to_string(),
            workers: None,
            search_threads: None,
            threads_per_search: 1,
            queue_timeout_ms: DEFAULT_QUEUE_TIMEOUT_MS,
            default_time_ms: DEFAULT_TIME_MS,
            max_time_ms: DEFAULT_MAX_TIME_MS,
            max_depth: DEFAULT_MAX_DEPTH,
            max_nodes: DEFAULT_MAX_NODES,
            body_limit_bytes: DEFAULT_BODY_LIMIT_BYTES,
            cache_mb: DEFAULT_CACHE_MB,
            search_memory_mb: DEFAULT_SEARCH_MEMORY_MB,
            cache_ttl_secs: DEFAULT_CACHE_TTL_SECS,
            redis_url: None,
            redis_timeout_ms: DEFAULT_REDIS_TIMEOUT_MS,
            redis_ttl_secs: DEFAULT_REDIS_TTL_SECS,
            shutdown_grace_secs: DEFAULT_SHUTDOWN_GRACE_SECS,
            log_format: LogFormat::Text,
            log_level: "info".to_string(),
            hardening: Hardening::default(),
        }
    }
}

impl Settings {
    /// HTTP worker threads.
    #[must_use]
    pub fn worker_count(&self) -> usize {
        self.workers.map_or_else(available_cores, usize::from)
    }

    /// Searches allowed at once: as told, else as many as the cores hold at
    /// `threads_per_search` each (at least one).
    #[must_use]
    pub fn search_slots(&self) -> usize {
        self.search_threads.map_or_else(
            || (available_cores() / self.search_thread_count()).max(1),
            usize::from,
        )
    }

    /// Threads each master search uses.
    #[must_use]
    pub fn search_thread_count(&self) -> usize {
        usize::from(self.threads_per_search)
    }

    /// Most positions each table of a search's threat searches may hold: what
    /// `search_memory_mb` leaves beside the transposition table, shared by the threat
    /// searches that run at once on `search_thread_count` threads.
    #[must_use]
    pub fn threat_table_entries(&self) -> usize {
        let table = Table::footprint(DEFAULT_TT_MIB) as u64;
        let bytes = (self.search_memory_mb << 20).saturating_sub(table);
        let searches = threat_searches_at_once(self.search_thread_count());
        threats::table_entries_within(bytes, searches)
    }

    /// The shared cache's URL, when one is set (an empty one is none).
    #[must_use]
    pub fn shared_cache_url(&self) -> Option<&str> {
        self.redis_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
    }

    /// The most memory the server takes, in MiB: its cache, each search slot's tables at
    /// `search_memory_mb` and the measured base. Container memory limits follow this sum.
    #[must_use]
    pub fn memory_bound_mb(&self) -> u64 {
        let slots = u64::try_from(self.search_slots()).unwrap_or(u64::MAX);
        self.cache_mb
            .saturating_add(slots.saturating_mul(self.search_memory_mb))
            .saturating_add(BASE_MEMORY_MB)
    }

    /// Whether the searches allowed at once, at their threads each, need more cores than the
    /// machine has: each search would then miss part of its time budget.
    #[must_use]
    pub fn oversubscribes(&self) -> bool {
        self.search_slots() * self.search_thread_count() > available_cores()
    }

    /// The per-request search limits this server enforces.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            default_time: Duration::from_millis(self.default_time_ms.min(self.max_time_ms)),
            max_time: Duration::from_millis(self.max_time_ms),
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
        }
    }
}

/// Server-side bounds on what a request may ask a search to spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time when the request gives none.
    pub default_time: Duration,
    /// Most time a request may ask for.
    pub max_time: Duration,
    /// Deepest depth a request may ask for (also the default).
    pub max_depth: u32,
    /// Most nodes a request may ask for (also the default).
    pub max_nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Settings::default().limits()
    }
}

impl Limits {
    /// The limits of each position's search in a review of `positions` positions on `slots`
    /// search slots: the default time is `REVIEW_DEFAULT_TIME_MS` (or this default when lower),
    /// and no position may take more than its share of `REVIEW_WALL_TIME_MS` over the slots
    /// (at least 1 ms).
    #[must_use]
    pub fn for_review(&self, positions: usize, slots: usize) -> Limits {
        let count = |n: usize| u32::try_from(n.max(1)).unwrap_or(u32::MAX);
        let share = Duration::from_millis(REVIEW_WALL_TIME_MS) * count(slots) / count(positions);
        let max_time = self.max_time.min(share).max(Duration::from_millis(1));
        Limits {
            default_time: self
                .default_time
                .min(Duration::from_millis(REVIEW_DEFAULT_TIME_MS))
                .min(max_time),
            max_time,
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::threats::{DEFAULT_TABLE_ENTRIES, TABLE_ENTRY_BYTES};

    fn settings(search_threads: Option<u16>, threads_per_search: u16) -> Settings {
        Settings {
            search_threads,
            threads_per_search,
            ..Settings::default()
        }
    }

    #[test]
    fn searches_at_once_default_to_the_cores_each_search_leaves() {
        let cores = available_cores();
        assert_eq!(settings(None, 1).search_slots(), cores);
        assert_eq!(settings(None, 2).search_slots(), (cores / 2).max(1));
        let greedy = u16::try_from(cores + 1).expect("cores fit u16");
        assert_eq!(settings(None, greedy).search_slots(), 1);
        assert_eq!(settings(Some(3), 2).search_slots(), 3);
    }

    #[test]
    fn only_told_counts_can_oversubscribe_the_available_cores() {
        let cores = u16::try_from(available_cores()).expect("cores fit u16");
        assert!(!settings(None, 1).oversubscribes());
        assert!(!settings(None, 2).oversubscribes() || cores < 2);
        assert!(settings(Some(cores), 2).oversubscribes());
        assert!(!settings(Some(1), cores).oversubscribes());
    }

    #[test]
    fn threads_per_search_is_bounded_by_the_engines_maximum() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            settings: Settings,
        }
        let parse = |n: &str| Cli::try_parse_from(["serve", "--threads-per-search", n]);
        assert_eq!(
            parse("4").map(|c| c.settings.threads_per_search).ok(),
            Some(4)
        );
        assert!(parse("0").is_err());
        assert!(parse(&(MAX_THREADS + 1).to_string()).is_err());
    }

    #[test]
    fn the_default_search_memory_keeps_the_engines_threat_tables_on_one_thread() {
        assert_eq!(
            settings(None, 1).threat_table_entries(),
            DEFAULT_TABLE_ENTRIES
        );
        // Two threads a search run two threat searches at once: they share the memory.
        let two = settings(None, 2).threat_table_entries();
        assert!(two < DEFAULT_TABLE_ENTRIES);
        assert!(2 * two * TABLE_ENTRY_BYTES <= (DEFAULT_SEARCH_MEMORY_MB as usize) << 20);
    }

    #[test]
    fn the_memory_bound_adds_the_cache_each_slots_tables_and_the_base() {
        let two = Settings {
            cache_mb: 32,
            ..settings(Some(2), 1)
        };
        assert_eq!(
            two.memory_bound_mb(),
            32 + 2 * DEFAULT_SEARCH_MEMORY_MB + BASE_MEMORY_MB
        );
        let three = settings(Some(3), 1);
        assert_eq!(
            three.memory_bound_mb() - two.memory_bound_mb(),
            DEFAULT_CACHE_MB - 32 + DEFAULT_SEARCH_MEMORY_MB
        );
    }

    #[test]
    fn a_review_defaults_to_its_own_time_and_shares_its_wall_time() {
        let limits = Limits::default();
        let short = limits.for_review(41, 2);
        assert_eq!(
            short.default_time,
            Duration::from_millis(REVIEW_DEFAULT_TIME_MS)
        );
        // Its 41 positions share 20 s on 2 slots: under 1 s each.
        assert_eq!(
            short.max_time,
            Duration::from_millis(REVIEW_WALL_TIME_MS) * 2 / 41
        );
        let few = limits.for_review(2, 2);
        assert_eq!(few.max_time, limits.max_time);
        assert_eq!(
            (short.max_depth, short.max_nodes),
            (limits.max_depth, limits.max_nodes)
        );
        // 1000 positions on 2 slots share 20 s: 40 ms each, the default cut to it too.
        let long = limits.for_review(1000, 2);
        assert_eq!(long.max_time, Duration::from_millis(40));
        assert_eq!(long.default_time, Duration::from_millis(40));
        let stingy = Limits {
            default_time: Duration::from_millis(100),
            ..limits
        };
        assert_eq!(
            stingy.for_review(41, 2).default_time,
            Duration::from_millis(100)
        );
        assert_eq!(
            limits.for_review(usize::MAX, 1).max_time,
            Duration::from_millis(1)
        );
        assert_eq!(limits.for_review(0, 0).max_time, limits.max_time);
    }

    #[test]
    fn an_empty_redis_url_leaves_the_shared_cache_off() {
        let with = |url: Option<&str>| Settings {
            redis_url: url.map(str::to_string),
            ..Settings::default()
        };
        assert_eq!(with(None).shared_cache_url(), None);
        assert_eq!(with(Some(" ")).shared_cache_url(), None);
        assert_eq!(
            with(Some("redis://r:6379/0")).shared_cache_url(),
            Some("redis://r:6379/0")
        );
    }

    #[test]
    fn a_search_memory_limit_bounds_the_threat_tables() {
        for (mib, threads) in [(24, 1), (64, 1), (64, 2), (100, 3), (1000, 1)] {
            let tight = Settings {
                search_memory_mb: mib,
                ..settings(None, threads)
            };
            let entries = tight.threat_table_entries();
            let searches = threat_searches_at_once(usize::from(threads)) as usize;
            let worst = Table::footprint(DEFAULT_TT_MIB) + searches * entries * TABLE_ENTRY_BYTES;
            let capped = entries == DEFAULT_TABLE_ENTRIES || entries == threats::MIN_TABLE_ENTRIES;
            assert!(
                worst <= (mib as usize) << 20 || capped,
                "{mib} MiB, {threads} threads"
            );
            assert!(
                entries >= threats::MIN_TABLE_ENTRIES,
                "{mib} MiB, {threads} threads"
            );
        }
    }
}
