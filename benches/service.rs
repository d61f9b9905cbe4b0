//! Request handling without the network: a `/v1/move` body decoded and validated into a job,
//! the answer looked up in a warm cache (canonical key, symmetry mapped back), and the response
//! built and serialised; each step alone and the three together, as the handler runs them.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku_ai::service::cache::AnswerCache;
use gomoku_ai::service::config::Limits;
use gomoku_ai::service::dto::{MoveRequest, MoveResponse};
use gomoku_ai::service::extract::parse_json;
use gomoku_ai::service::metrics::Metrics;
use gomoku_ai::service::pool::SearchPool;
use gomoku_ai::service::search::{Job, Searcher};
use tokio::runtime::Runtime;

/// A medium-level request on a 15x15 midgame, heatmap and PV included (the default).
const BODY: &[u8] = br#"{"board": {"size": 15, "moves": ["h8", "i9", "g9", "i7", "h10", "j8",
    "f8", "h6", "i8", "g8", "j10", "k11"]}, "difficulty": "medium", "limits": {"time_ms": 500}}"#;

fn job(limits: &Limits) -> Job {
    parse_json::<MoveRequest>(BODY)
        .expect("valid JSON")
        .into_job(limits)
        .expect("valid request")
}

/// A searcher whose cache already holds the answer for [`BODY`].
fn warm_searcher(runtime: &Runtime, limits: &Limits) -> Searcher {
    let metrics = Metrics::new();
    let searcher = Searcher::new(
        AnswerCache::new(64, Duration::from_secs(3_600)),
        SearchPool::new(1, Duration::from_secs(10), metrics.clone()),
        metrics,
    );
    let answer = runtime
        .block_on(searcher.answer(&job(limits)))
        .expect("searched");
    assert!(!answer.cached, "the first answer is a search");
    searcher
}

fn request_handling(c: &mut Criterion) {
    let runtime = Runtime::new().expect("tokio runtime");
    let limits = Limits::default();
    let searcher = warm_searcher(&runtime, &limits);
    let job = job(&limits);
    let answer = runtime.block_on(searcher.answer(&job)).expect("cached");
    assert!(answer.cached, "the cache is warm");

    c.bench_function("request: decode + validate (/v1/move body)", |b| {
        b.iter(|| {
            parse_json::<MoveRequest>(black_box(BODY))
                .expect("valid JSON")
                .into_job(&limits)
                .expect("valid request")
        });
    });
    c.bench_function("request: cache hit (canonical key + symmetry back)", |b| {
        b.iter(|| {
            runtime
                .block_on(searcher.answer(black_box(&job)))
                .expect("cached")
        });
    });
    c.bench_function("request: build + serialise the response", |b| {
        b.iter(|| serde_json::to_vec(&MoveResponse::new(black_box(&job), &answer)).expect("JSON"));
    });
    c.bench_function("request: decode -> cache hit -> serialise", |b| {
        b.iter(|| {
            let job = parse_json::<MoveRequest>(black_box(BODY))
                .expect("valid JSON")
                .into_job(&limits)
                .expect("valid request");
            let answer = runtime.block_on(searcher.answer(&job)).expect("cached");
            serde_json::to_vec(&MoveResponse::new(&job, &answer)).expect("JSON")
        });
    });
}

criterion_group!(benches, request_handling);
criterion_main!(benches);
